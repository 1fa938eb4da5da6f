/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_status.c — which statuses are bad input is said once, in
 * HF_STATUS_LIST, and answered by hf_status_is_bad_input; the program's
 * exit code derives from it.  The expected split below is written out by
 * hand from what each status means (not read back from the list), so a
 * status that moves between the two groups fails here first:
 *
 *  - bad input: something the caller gave that the call cannot work with —
 *    a value outside its domain or range, a malformed or unreadable file,
 *    an unknown name, bounds in the wrong order, inputs that disagree, a
 *    missing value, an output path that already holds something else
 *    (HF_EEXIST), a root the caller's interval does not bracket
 *    (HF_EBRACKET), data whose design matrix is singular (HF_ESINGULAR:
 *    every drop at the same x, a profile table with too few distinct K0);
 *  - not bad input: success, and failures of the computation or the
 *    machine — no memory, no convergence, a GSL or NLopt failure, an
 *    output that could not be written (a full disk is not the user's input),
 *    a call the host interrupted (HF_EINTERRUPTED: Ctrl-C is no input).
 *
 * The program side runs hertzfit on inputs that fail with a known status
 * and checks exit 2 exactly for bad input; the MEX gateway's identifier
 * and Python's exception class are checked against the same function in
 * tests/matlab_check.py and python/tests/test_status.py.
 */
#include "hf_test.h"

#include <string.h>

#include "hertzfit/status.h"

static int expected_bad_input(hf_status st)
{
    switch (st) {
    case HF_EDOM: case HF_EINVAL: case HF_EIO: case HF_EPARSE: case HF_ENOTFOUND:
    case HF_EBRACKET: case HF_ESINGULAR: case HF_EBOUNDS: case HF_ERANGE: case HF_EMISMATCH:
    case HF_EEXIST: case HF_EMISSING:
        return 1;
    default:
        return 0;
    }
}

static void test_every_status_classified(void **state)
{
    (void)state;
    size_t count = 0;
#define CHECK_STATUS(id, value, text, bad_input)                                     \
    assert_int_equal(hf_status_is_bad_input(id), expected_bad_input(id));            \
    assert_int_equal(bad_input, expected_bad_input(id));                             \
    ++count;
    HF_STATUS_LIST(CHECK_STATUS)
#undef CHECK_STATUS
    assert_int_equal(count, 19);
    /* values outside the list are no claim of bad input */
    assert_int_equal(hf_status_is_bad_input((hf_status)-999), 0);
    assert_int_equal(hf_status_is_bad_input((hf_status)1), 0);
}

/* Runs ARGS, expecting exit 2 when ST is bad input and 1 otherwise, with
 * NEEDLE (text of the diagnostic) on stderr. */
static void expect_program_exit(hf_status st, const char *args, const char *needle)
{
    hf_test_expect_failure(args, hf_status_is_bad_input(st) ? 2 : 1, needle);
}

static void test_program_exit_follows(void **state)
{
    (void)state;
    /* HF_EIO: a file that is not there */
    expect_program_exit(HF_EIO, "maxwell fit --data '" HERTZFIT_SOURCE_DIR
                        "/data/no_such_file.csv' --nu 0.5", "no_such_file.csv");
    /* HF_ESINGULAR: every drop at the same speed, so Eq. 57's x has no spread */
    const char *path = hf_test_tmp_path("status_singular.csv");
    hf_test_write_file(path, "m_kg,R_m,V0_mps,F_M_N\n0.00051,0.0025,1,3\n"
                             "0.00051,0.0025,1,3.1\n0.00051,0.0025,1,2.9\n");
    char args[1024];
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 --method regression", path);
    expect_program_exit(HF_ESINGULAR, args, "singular");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_status_classified),
        cmocka_unit_test(test_program_exit_follows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
