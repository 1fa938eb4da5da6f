/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/hf_test.h — what every hertzfit test includes: cmocka, a closeness
 * check for doubles, and a runner for the hertzfit program.
 *
 * Debian's cmocka 1.1.5 has no assert_double_equal and its
 * assert_float_equal truncates to float, so HF_ASSERT_CLOSE is ours: it
 * passes when |actual − expected| <= abs_tol + rel_tol·|expected| and prints
 * both values and both tolerances when it fails.
 */
#ifndef HERTZFIT_TEST_H
#define HERTZFIT_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>

#define HF_ASSERT_CLOSE(actual, expected, abs_tol, rel_tol)                        \
    do {                                                                           \
        double hf_a_ = (actual), hf_e_ = (expected);                               \
        double hf_tol_ = (abs_tol) + (rel_tol) * fabs(hf_e_);                      \
        if (!(fabs(hf_a_ - hf_e_) <= hf_tol_)) {                                   \
            print_error("%s = %.17g, expected %s = %.17g; |diff| = %.3g > "        \
                        "abs %.3g + rel %.3g (tolerance %.3g)\n",                  \
                        #actual, hf_a_, #expected, hf_e_, fabs(hf_a_ - hf_e_),     \
                        (double)(abs_tol), (double)(rel_tol), hf_tol_);            \
            fail();                                                                \
        }                                                                          \
    } while (0)

/* Runs `hertzfit ARGS` through the shell (ARGS is shell text, quote it
 * yourself).  Stores malloc'ed stdout and stderr in *out and *err (either
 * may be NULL to discard; caller frees) and returns the exit status, or -1
 * when the program could not be run or was killed by a signal. */
int hf_test_cli(const char *args, char **out, char **err);

/* hf_test_cli with the '#' lines of stdout (a table's provenance) left out
 * of *out: the table alone. */
int hf_test_cli_table(const char *args, char **out, char **err);

/* Runs `hertzfit ARGS` and asserts exit status 0, printing the command,
 * the status and stderr when it fails. */
void hf_test_cli_ok(const char *args);

/* hf_test_cli with the program's file-size limit set to BLOCKS blocks of
 * 512 bytes (ulimit -f; SIGXFSZ ignored): its writes past the limit fail
 * as on a full disk.  The captured stdout and stderr count against the
 * limit too. */
int hf_test_cli_with_file_limit(unsigned blocks, const char *args, char **out, char **err);

/* Runs `hertzfit ARGS` and asserts the bad-input contract: exit status
 * EXPECTED_RC (2 for bad input), NEEDLE found in stderr, stderr exactly one
 * line, nothing on stdout.  Prints everything when it fails. */
void hf_test_expect_failure(const char *args, int expected_rc, const char *needle);

/* Runs `hertzfit ARGS > STDOUT_PATH` (a special file such as /dev/full)
 * and asserts the write-failure contract: exit 1, stderr exactly one line
 * containing NEEDLE. */
void hf_test_expect_stdout_failure(const char *args, const char *stdout_path,
                                   const char *needle);

/* The whole file PATH, malloc'ed (caller frees); NULL if unreadable. */
char *hf_test_read_file(const char *path);

/* Asserts that the file PATH holds exactly EXPECTED. */
void hf_test_assert_file_is(const char *path, const char *expected);

/* Asserts that PATH starts with the PNG signature. */
void hf_test_assert_png(const char *path);

/* 1 when gnuplot is on the PATH (plot tests skip without it). */
int hf_test_have_gnuplot(void);

/* Runs `hertzfit PLOT_ARGS -o TMP/NAME-PID` and asserts exit 0 and a PNG,
 * then removes it.  Skips the calling test when gnuplot is missing. */
void hf_test_plot_to_png(const char *plot_args, const char *name);

/* Number of lines in TEXT (a final line without newline counts). */
size_t hf_test_count_lines(const char *text);

/* A path for a scratch file unique to this process: DIR/NAME-PID.  Returns
 * a static buffer (one at a time). */
const char *hf_test_tmp_path(const char *name);

/* Writes TEXT to PATH; fails the test on error. */
void hf_test_write_file(const char *path, const char *text);

/* Runs BODY(ARG) in a child process whose file-size limit is BYTES
 * (setrlimit RLIMIT_FSIZE, SIGXFSZ ignored), so that its writes past the
 * limit fail with EFBIG as on a full disk; asserts that BODY returned 0
 * (it checks what it expects itself and returns non-zero otherwise).
 * Only for code that runs no OpenMP region: a forked child of a process
 * whose OpenMP threads exist can hang in the runtime (use
 * hf_test_cli_with_file_limit there). */
void hf_test_with_file_limit(size_t bytes, int (*body)(const void *arg), const void *arg);

/* How many entries of folder DIR have NEEDLE in their name. */
int hf_test_count_entries(const char *dir, const char *needle);

#endif
