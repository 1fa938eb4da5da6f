/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_pins.c — pins of today's headline results, so that a change
 * of shape (moving code between folders, renaming options, rewriting a
 * mechanism) cannot move a number unnoticed.
 *
 * These are pins, not references: the expected values were taken from the
 * program's own output before the library was reorganised, and they guard
 * against change, not against error (the references of the papers' numbers
 * live in their own tests).  A change that moves results on purpose (a
 * faster objective that rounds differently, a literal operator of a paper)
 * updates the pin in the same commit and says which outputs moved.
 *
 *  - `fit profile --optimizer icaco --table Table 2 --csv`: every run row,
 *    all columns but the wall time, byte for byte
 *    (tests/pins/fit_profile_icaco_table2.csv);
 *  - `bench run --preset paper`: 64-bit FNV-1a digests of runs.csv without
 *    its seconds column and of trace.csv, and their row counts.
 *
 * Moved on purpose: the trace digest, when trace.csv gained its iteration
 * column (the one trace format of hertzfit/trace.h).  Every other cell of
 * every row was checked identical with tests/pins/trace_columns_match.py
 * on the files before and after.  Then again when improvements were dated
 * at the evaluation that made them instead of at the end of their
 * iteration: tests/pins/trace_stamps_exact.py on the files before and
 * after found the 1680 final bests identical, all 220,804 earlier points
 * present with the same best_f and iteration (143,549 at the same
 * evaluation, 77,255 earlier) and 89,770 points added (improvements inside
 * an iteration); runs.csv did not move.
 *
 * Moved on purpose: every pin, when the profile objectives began to
 * evaluate I(a, b) by three ln Γ (lgamma_r) instead of GSL's ln B and the
 * RMS by the quadratic centred at its minimiser instead of a pass over
 * the samples (objectives/profile_objective.c).  Compared cell by cell
 * before and after: only rows of the problems profile and profile-table
 * moved.  fit profile --table: rms_pct by at most 9.3e-15 relative; the
 * runs end at other points of the flat valley, so a, b moved by up to
 * 8e-6 relative in 9 of 50 rows and I, K0 by up to 1.7e-8.  runs.csv:
 * best_f of ICA, ICACO, random, DIRECT-L, ESCH and ISRES by at most 1e-14
 * relative; CRS2-LM and BOBYQA stop on the target, so their paths part
 * and best_f moved by up to 5.6e-9 relative (inside the target), the
 * evaluations of 33 runs moved, and 3 CRS2-LM runs swapped target and
 * maxeval stops.  trace.csv: only profile rows moved (220805 → 220811
 * rows); all other rows are byte-identical.  With improvements dated at
 * their evaluation on top (the two changes were made side by side):
 * trace_stamps_exact.py on the branch with the new objective alone against
 * both together again finds the final bests identical, all 220,810 points
 * kept with the same best_f and iteration (77,255 earlier) and 89,770
 * added: 310,580 points.
 *
 * Moved on purpose: the fit profile table and both bench digests, when ica
 * and icaco took the ICACO paper's eight steps as their default (no
 * revolution, the weakest colony to the most powerful empire, ants outside
 * the box discarded).  `--set variant=2007` reproduces the previous fit
 * profile pin byte for byte; the rows of other optimisers in runs.csv are
 * unchanged (only the ica and icaco rows moved).  Checked again after the
 * new objective and the exact stamps had landed beside it: variant=2007
 * reproduces the pin those left, and of the paper campaign's runs.csv
 * exactly the 420 ica and icaco rows moved.
 */
#include "hf_test.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PIN_FIT HERTZFIT_SOURCE_DIR "/tests/pins/fit_profile_icaco_table2.csv"

/* bench run --preset paper, 1680 tasks: runs.csv without seconds and
 * best_x, trace.csv */
#define PIN_RUNS_ROWS 1681u
#define PIN_RUNS_FNV UINT64_C(0xe5b1d9b48dcfd127)
#define PIN_TRACE_ROWS 333486u
#define PIN_TRACE_FNV UINT64_C(0x1955c750b45f590a)

static uint64_t fnv1a(uint64_t h, const char *p, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        h ^= (unsigned char)p[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

/* Digest of TEXT's non-empty lines, each with its last DROP
 * comma-separated fields dropped; *rows receives the line count. */
static uint64_t digest_lines(const char *text, int drop, size_t *rows)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    *rows = 0;
    for (const char *p = text; *p != '\0';) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len > 0) {
            size_t keep = len;
            for (int k = 0; k < drop; ++k) {
                while (keep > 0 && p[keep - 1] != ',')
                    --keep;
                if (keep > 0)
                    --keep; /* the comma itself */
            }
            h = fnv1a(h, p, keep);
            h = fnv1a(h, "\n", 1);
            ++*rows;
        }
        p += len + (end != NULL);
    }
    return h;
}

/* Drops '#' lines and the last field of every other line. */
static char *table_without_last_column(const char *text)
{
    char *out = malloc(strlen(text) + 1); /* caller frees */
    assert_non_null(out);
    size_t used = 0;
    for (const char *p = text; *p != '\0';) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len > 0 && p[0] != '#') {
            size_t keep = len;
            while (keep > 0 && p[keep - 1] != ',')
                --keep;
            memcpy(out + used, p, keep > 0 ? keep - 1 : 0);
            used += keep > 0 ? keep - 1 : 0;
            out[used++] = '\n';
        }
        p += len + (end != NULL);
    }
    out[used] = '\0';
    return out;
}

static void test_fit_profile_headline_is_pinned(void **state)
{
    (void)state;
    char *out = NULL;
    int rc = hf_test_cli("fit profile --optimizer icaco --table data/safaeifar2020_table2.csv "
                         "--csv --threads 2", &out, NULL);
    assert_int_equal(rc, 0);
    char *table = table_without_last_column(out);
    char *pin = hf_test_read_file(PIN_FIT);
    assert_non_null(pin);
    if (strcmp(table, pin) != 0)
        print_error("fit profile output moved from the pin %s:\n%s\n", PIN_FIT, table);
    assert_string_equal(table, pin);
    free(pin);
    free(table);
    free(out);
}

static void test_bench_paper_preset_is_pinned(void **state)
{
    (void)state;
    char dir[1024], args[1200], path[1100];
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("pins-paper"));
    snprintf(args, sizeof args, "bench run --preset paper --threads 2 --force -o '%s'", dir);
    assert_int_equal(hf_test_cli(args, NULL, NULL), 0);

    size_t rows = 0;
    snprintf(path, sizeof path, "%s/runs.csv", dir);
    char *runs = hf_test_read_file(path);
    assert_non_null(runs);
    /* without seconds (wall time) and best_x, the column added after the
     * pin was taken: the pin stays the check that no result moved (best_x
     * is checked against the best values by ioh_format) */
    uint64_t h = digest_lines(runs, 2, &rows);
    if (rows != PIN_RUNS_ROWS || h != PIN_RUNS_FNV)
        print_error("runs.csv moved: %zu rows, FNV-1a %016llx\n", rows, (unsigned long long)h);
    assert_int_equal(rows, PIN_RUNS_ROWS);
    assert_true(h == PIN_RUNS_FNV);
    free(runs);

    snprintf(path, sizeof path, "%s/trace.csv", dir);
    char *trace = hf_test_read_file(path);
    assert_non_null(trace);
    h = digest_lines(trace, 0, &rows);
    if (rows != PIN_TRACE_ROWS || h != PIN_TRACE_FNV)
        print_error("trace.csv moved: %zu rows, FNV-1a %016llx\n", rows, (unsigned long long)h);
    assert_int_equal(rows, PIN_TRACE_ROWS);
    assert_true(h == PIN_TRACE_FNV);
    free(trace);

    snprintf(args, sizeof args, "rm -rf '%s'", dir);
    assert_int_equal(system(args), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fit_profile_headline_is_pinned),
        cmocka_unit_test(test_bench_paper_preset_is_pinned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
