# SPDX-License-Identifier: GPL-3.0-or-later
# Writes hertzfit/version.h at build time, so the git hash in --version and
# in campaign manifests is the commit actually built (with "-dirty" when the
# tree has uncommitted changes).  configure_file rewrites the header only
# when its text changes, so an unchanged hash recompiles nothing.
# Inputs: SRC (source dir), OUT (header path), PROJECT_VERSION.
execute_process(COMMAND git rev-parse --short=12 HEAD
                WORKING_DIRECTORY ${SRC}
                OUTPUT_VARIABLE HERTZFIT_GIT_HASH OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE not_git ERROR_QUIET)
if(not_git OR NOT HERTZFIT_GIT_HASH)
  set(HERTZFIT_GIT_HASH "unknown")
else()
  execute_process(COMMAND git diff --quiet HEAD --
                  WORKING_DIRECTORY ${SRC} RESULT_VARIABLE dirty ERROR_QUIET)
  if(dirty)
    string(APPEND HERTZFIT_GIT_HASH "-dirty")
  endif()
endif()
configure_file(${SRC}/cmake/version.h.in ${OUT} @ONLY)
