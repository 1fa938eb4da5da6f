# SPDX-License-Identifier: GPL-3.0-or-later
# cmake/layer_check.cmake — fails when the code disagrees with the map in
# docs/architecture.md: a folder including a header of a layer above it
# (private headers follow the same layers: a library folder may include the
# private headers of the folders its row lists; the program and the MEX
# gateway only public ones, and the program also the utility headers the
# utility-table lists), a public header including one of a layer above its
# own, or a public header missing from the header table.
#
# The two tables of docs/architecture.md are the source of truth; this
# script only reads them.  Run as
#   cmake -DSRC=<source tree> -P cmake/layer_check.cmake
# (CMakeLists.txt runs it at configure time, before the library builds, and
# as the ctest test layer_check).  Exits non-zero with one line per
# violation.

cmake_minimum_required(VERSION 3.18)   # IN_LIST, CONTINUE

if(NOT DEFINED SRC)
  get_filename_component(SRC "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
endif()
set(map "${SRC}/docs/architecture.md")
if(NOT EXISTS "${map}")
  message(FATAL_ERROR "layer check: ${map} is missing (the map the check reads)")
endif()

# The rows between "<!-- NAME" and "<!-- end NAME -->", as "a|b|c" strings.
function(read_table name out)
  file(STRINGS "${map}" lines ENCODING UTF-8)
  set(rows "")
  set(inside FALSE)
  foreach(line IN LISTS lines)
    if(line MATCHES "^<!-- end ${name}")
      set(inside FALSE)
    elseif(line MATCHES "^<!-- ${name}")
      set(inside TRUE)
    elseif(inside AND line MATCHES "^\\|")
      string(REGEX REPLACE "^\\|(.*)\\|[ \t]*$" "\\1" cells "${line}")
      string(REPLACE "|" ";" cells "${cells}")
      set(row "")
      foreach(cell IN LISTS cells)
        string(STRIP "${cell}" cell)
        list(APPEND row "${cell}")
      endforeach()
      list(GET row 0 first)
      if(NOT first MATCHES "^(folder|header|-+)$")   # header and rule rows
        string(REPLACE ";" "|" row "${row}")
        list(APPEND rows "${row}")
      endif()
    endif()
  endforeach()
  if(NOT rows)
    message(FATAL_ERROR "layer check: no '${name}' table in ${map}")
  endif()
  set(${out} "${rows}" PARENT_SCOPE)
endfunction()

read_table(layer-table layer_rows)
read_table(header-table header_rows)
read_table(utility-table utility_rows)

# the private headers of the utility library, which cli/ may include
set(utility_headers "")
foreach(row IN LISTS utility_rows)
  string(REPLACE "|" ";" row "${row}")
  list(GET row 0 header)
  list(APPEND utility_headers "${header}")
endforeach()

# allowed_<folder>: the folders whose headers it may include (itself too)
set(folders "")
foreach(row IN LISTS layer_rows)
  string(REPLACE "|" ";" row "${row}")
  list(GET row 0 folder)
  list(GET row 1 allowed)
  string(REPLACE "," ";" allowed "${allowed}")
  set(list_ "${folder}")
  foreach(a IN LISTS allowed)
    string(STRIP "${a}" a)
    if(NOT a STREQUAL "—" AND NOT a STREQUAL "-" AND NOT a STREQUAL "")
      list(APPEND list_ "${a}")
    endif()
  endforeach()
  set(allowed_${folder} "${list_}")
  list(APPEND folders "${folder}")
endforeach()

# layer_<header>: the layer of each public header
set(listed "")
foreach(row IN LISTS header_rows)
  string(REPLACE "|" ";" row "${row}")
  list(GET row 0 header)
  list(GET row 1 layer)
  if(NOT DEFINED allowed_${layer})
    message(FATAL_ERROR "layer check: ${header} is in layer '${layer}', which the folder "
                        "table of ${map} does not list")
  endif()
  string(MAKE_C_IDENTIFIER "${header}" key)
  set(layer_${key} "${layer}")
  list(APPEND listed "${header}")
endforeach()

set(errors "")

# Every installed header is in the table, and every table row exists.
file(GLOB installed RELATIVE "${SRC}/include" "${SRC}/include/hertzfit/*.h")
file(GLOB generated RELATIVE "${SRC}/cmake" "${SRC}/cmake/*.h.in")
foreach(g IN LISTS generated)
  string(REGEX REPLACE "\\.in$" "" g "${g}")
  list(APPEND installed "hertzfit/${g}")
endforeach()
foreach(h IN LISTS installed)
  if(NOT h IN_LIST listed)
    list(APPEND errors
         "include/${h} is a public header missing from the header table of docs/architecture.md")
  endif()
endforeach()
foreach(h IN LISTS listed)
  if(NOT h IN_LIST installed)
    list(APPEND errors "docs/architecture.md lists ${h}, which does not exist")
  endif()
endforeach()

# The layer an include names, as seen from folder FROM: a public header by
# the table, "folder/x.h" by its folder, "x.h" as FROM's own.
function(layer_of include from out private_out)
  set(${private_out} FALSE PARENT_SCOPE)
  string(MAKE_C_IDENTIFIER "${include}" key)
  if(include MATCHES "^hertzfit/")
    if(DEFINED layer_${key})
      set(${out} "${layer_${key}}" PARENT_SCOPE)
    else()
      set(${out} "?" PARENT_SCOPE)   # reported as missing from the table above
    endif()
  elseif(include MATCHES "^([a-z_]+)/")
    set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
    if(NOT CMAKE_MATCH_1 STREQUAL from)
      set(${private_out} TRUE PARENT_SCOPE)
    endif()
  else()
    set(${out} "${from}" PARENT_SCOPE)
  endif()
endfunction()

# Checks every #include "..." of FILE (shown as SHOWN) against folder
# FOLDER; appends one line per violation to the caller's `errors`.
function(check_file file shown folder)
  set(found "${errors}")
  file(STRINGS "${file}" incs ENCODING UTF-8 REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  foreach(line IN LISTS incs)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*" "\\1" inc "${line}")
    layer_of("${inc}" "${folder}" layer private)
    if(layer STREQUAL "?" OR NOT layer IN_LIST folders)
      continue()   # missing from the table (reported above), or no folder of ours
    endif()
    string(REPLACE ";" ", " may "${allowed_${folder}}")
    if(NOT layer IN_LIST allowed_${folder})
      list(APPEND found "${shown} includes \"${inc}\" (layer ${layer}): ${folder} may include only ${may} (docs/architecture.md)")
    elseif(private AND folder MATCHES "^(cli|matlab)$"
           AND NOT (folder STREQUAL "cli" AND inc IN_LIST utility_headers))
      # a library folder may include the private headers of the layers its
      # row lists (the map above); the program and the MEX gateway see the
      # library as a user does, the program also the utility library
      if(folder STREQUAL "cli")
        list(APPEND found "${shown} includes \"${inc}\", a private header of ${layer}: cli may include only public headers and the utility headers")
      else()
        list(APPEND found "${shown} includes \"${inc}\", a private header of ${layer}: ${folder} may include only public headers")
      endif()
    endif()
  endforeach()
  set(errors "${found}" PARENT_SCOPE)
endfunction()

foreach(folder IN LISTS folders)
  file(GLOB files RELATIVE "${SRC}" "${SRC}/${folder}/*.c" "${SRC}/${folder}/*.h")
  foreach(f IN LISTS files)
    check_file("${SRC}/${f}" "${f}" "${folder}")
  endforeach()
endforeach()

# A public header is checked as a file of its own layer.
foreach(h IN LISTS installed)
  string(MAKE_C_IDENTIFIER "${h}" key)
  if(DEFINED layer_${key} AND EXISTS "${SRC}/include/${h}")
    check_file("${SRC}/include/${h}" "include/${h}" "${layer_${key}}")
  endif()
endforeach()

if(errors)
  list(LENGTH errors n)
  string(REPLACE ";" "\n  " text "${errors}")
  message(FATAL_ERROR "layer check: ${n} violation(s) of docs/architecture.md:\n  ${text}")
endif()
