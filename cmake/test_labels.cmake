# SPDX-License-Identifier: GPL-3.0-or-later
# cmake/test_labels.cmake — a label on every ctest test, so a part of the
# suite can run alone (docs/README.md, "Running the tests"):
#
#   unit      the library's own tests (a tests/test_*.c that calls only the
#             library) and the checks of the code's shape (layers, API,
#             exports, fuzz replays): the edit loop, `ctest -L unit`
#   cli       runs the hertzfit program (a tests/test_*.c that runs it too)
#   docs      re-runs a documented example (docs:PAGE, header_example:*)
#   bindings  the Python package and the MATLAB/Octave gateway
#   slow      more than about 5 s on two busy cores; never also unit, so the
#             edit loop stays fast (its folder's label says what it checks)
#
# Included at the end of CMakeLists.txt, once every test exists.  A test no
# rule below names stops the configuration: a new test gets its label here.

set(HERTZFIT_SLOW_TESTS
    test_maxwell_fit test_maxwell_curve test_pins
    docs:docs/impact.md docs:docs/benchmarking.md docs:docs/maxwell.md
    docs:docs/optimisers.md test_viscoelastic_fit report_browser restitution_coverage specimens_cli
    test_maxwell_uncertainty test_viscoelastic_features docs:docs/viscoelastic.md)
# program tests that are not test_*.c programs
set(HERTZFIT_CLI_TESTS shards_parallel plugins ioh_format data:drop_traces install_check
    hardening feature_coverage report_check report_browser restitution_coverage specimens_cli
    flight_restitution)
# the shape checks
set(HERTZFIT_CHECK_TESTS layer_check layer_check_rejects api_check api_check:selftest
    exports_check exports_check:selftest public_users public_users:selftest)

get_property(hertzfit_tests DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR} PROPERTY TESTS)
foreach(t IN LISTS hertzfit_tests)
  set(labels "")
  if(t MATCHES "^test_")
    # a cmocka program that also runs the hertzfit program is a cli test
    file(STRINGS ${CMAKE_CURRENT_SOURCE_DIR}/tests/${t}.c calls
         REGEX "hf_test_cli|hf_test_expect_failure|HERTZFIT_EXE" LIMIT_COUNT 1)
    if(calls)
      list(APPEND labels cli)
    else()
      list(APPEND labels unit)
    endif()
  elseif(t MATCHES "^(docs:|header_example)")
    list(APPEND labels docs)
  elseif(t MATCHES "^matlab_")
    list(APPEND labels bindings)
  elseif(t MATCHES "^fuzz_replay:" OR t IN_LIST HERTZFIT_CHECK_TESTS)
    list(APPEND labels unit)
  elseif(t IN_LIST HERTZFIT_CLI_TESTS)
    list(APPEND labels cli)
  else()
    message(FATAL_ERROR "test '${t}' has no label: give it one in cmake/test_labels.cmake")
  endif()
  if(t IN_LIST HERTZFIT_SLOW_TESTS)
    list(REMOVE_ITEM labels unit)
    list(APPEND labels slow)
  endif()
  set_tests_properties(${t} PROPERTIES LABELS "${labels}")
endforeach()

# The Python package's tests (python/CMakeLists.txt) carry their labels
# there (bindings; python_pip_install also slow): CMake 3.25 sets a test's
# properties only in the folder that added it.
