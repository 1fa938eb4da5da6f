# SPDX-License-Identifier: GPL-3.0-or-later
# tests/layer_check_rejects.cmake — the layer check must fail, naming the
# cause, on a copy of the tree with (1) an objective including optimizer.h,
# (2) the program including a private header of studies/ or of core/ (core's
# private headers serve the library folders only), (3) a public
# header including one of a layer above it, (4) a public header missing
# from the table of docs/architecture.md; and pass on the clean copy.
#   cmake -DSRC=<source tree> -DWORK=<scratch dir> -P tests/layer_check_rejects.cmake
cmake_minimum_required(VERSION 3.18)

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/docs" "${WORK}/include/hertzfit" "${WORK}/cmake"
     "${WORK}/objectives" "${WORK}/cli" "${WORK}/core" "${WORK}/models")
file(COPY "${SRC}/docs/architecture.md" DESTINATION "${WORK}/docs")
file(GLOB headers "${SRC}/include/hertzfit/*.h")
file(COPY ${headers} DESTINATION "${WORK}/include/hertzfit")
file(GLOB generated "${SRC}/cmake/*.h.in")
file(COPY ${generated} DESTINATION "${WORK}/cmake")

function(run_check expect_fail needle)
  execute_process(COMMAND ${CMAKE_COMMAND} -DSRC=${WORK} -P ${SRC}/cmake/layer_check.cmake
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REPLACE "\n" " " text "${out}${err}")
  string(REGEX REPLACE "  +" " " text "${text}")
  if(expect_fail AND rc EQUAL 0)
    message(FATAL_ERROR "the layer check passed although ${needle}")
  elseif(NOT expect_fail AND NOT rc EQUAL 0)
    message(FATAL_ERROR "the layer check failed on the clean copy: ${text}")
  elseif(expect_fail AND NOT text MATCHES "${needle}")
    message(FATAL_ERROR "the layer check failed without naming '${needle}': ${text}")
  endif()
endfunction()

run_check(FALSE "")

file(WRITE "${WORK}/objectives/bad.c" "#include \"hertzfit/optimizer.h\"\n")
run_check(TRUE "objectives/bad.c includes \"hertzfit/optimizer.h\" \\(layer optimizers\\)")
file(REMOVE "${WORK}/objectives/bad.c")

file(WRITE "${WORK}/cli/bad.c" "#include \"studies/study.h\"\n")
run_check(TRUE "cli/bad.c includes \"studies/study.h\", a private header of studies")
file(REMOVE "${WORK}/cli/bad.c")

# core's private headers serve every library folder, never the program
file(WRITE "${WORK}/objectives/good.c" "#include \"core/brent.h\"\n")
run_check(FALSE "")
file(REMOVE "${WORK}/objectives/good.c")
file(WRITE "${WORK}/cli/bad.c" "#include \"core/brent.h\"\n")
run_check(TRUE "cli/bad.c includes \"core/brent.h\", a private header of core: cli may include only public headers")
file(REMOVE "${WORK}/cli/bad.c")
file(WRITE "${WORK}/cli/good.c" "#include \"core/csv.h\"\n")
run_check(FALSE "")
file(REMOVE "${WORK}/cli/good.c")
file(WRITE "${WORK}/models/bad.c" "#include \"objectives/maxwell_internal.h\"\n")
run_check(TRUE "models/bad.c includes \"objectives/maxwell_internal.h\" \\(layer objectives\\)")
file(REMOVE "${WORK}/models/bad.c")
file(WRITE "${WORK}/core/bad.c" "#include \"models/impact_internal.h\"\n")
run_check(TRUE "core/bad.c includes \"models/impact_internal.h\" \\(layer models\\)")
file(REMOVE "${WORK}/core/bad.c")

# the worked systems stand above the models: a model may not use them
file(WRITE "${WORK}/models/bad.c" "#include \"hertzfit/examples.h\"\n")
run_check(TRUE "models/bad.c includes \"hertzfit/examples.h\" \\(layer systems\\): models")
file(REMOVE "${WORK}/models/bad.c")

file(APPEND "${WORK}/include/hertzfit/problem.h" "#include \"hertzfit/runs.h\"\n")
run_check(TRUE "include/hertzfit/problem.h includes \"hertzfit/runs.h\" \\(layer studies\\): core")
file(COPY "${SRC}/include/hertzfit/problem.h" DESTINATION "${WORK}/include/hertzfit")

file(WRITE "${WORK}/include/hertzfit/stray.h" "/* a header nobody mapped */\n")
run_check(TRUE "include/hertzfit/stray.h is a public header missing from the header table")
file(REMOVE "${WORK}/include/hertzfit/stray.h")

run_check(FALSE "")
file(REMOVE_RECURSE "${WORK}")
