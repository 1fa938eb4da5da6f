/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_ica_empires.c — the empire dynamics of ica and icaco as the
 * ICACO paper (Sheikhi Azqandi & Safaeifar 2023) describes them, through
 * the library's population observer and the repeated-runs study:
 *  - the observer sees the initial population and one population per
 *    iteration, with consistent groups and leaders;
 *  - the number of empires per iteration and the snapshots of hf_runs, and
 *    the snapshot CSV;
 *  - the 50-run statistics of the paper's Table 2 under the paper's
 *    variant, and how many runs have a single empire by iterations 12 and
 *    50 (the paper's Fig. 8 remark), measured values with their tolerances.
 */
#include "hf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/csv.h"
#include "hertzfit/optimizer.h"
#include "hertzfit/profile_objective.h"
#include "hertzfit/runs.h"

#define TABLE2 HERTZFIT_SOURCE_DIR "/data/safaeifar2020_table2.csv"

typedef struct observed {
    size_t calls, last_iteration, bad;
} observed;

static void observe(const hf_population *p, void *user)
{
    observed *o = user;
    if (p->iteration != o->calls)
        o->bad++;
    size_t leaders = 0;
    for (size_t m = 0; m < p->size; ++m) {
        leaders += p->leader[m] != 0;
        if (p->group[m] >= p->groups_formed)
            o->bad++;
    }
    /* one leader per alive group */
    if (leaders != p->groups || p->groups < 1 || p->size != 20 || p->dim != 2)
        o->bad++;
    o->last_iteration = p->iteration;
    o->calls++;
}

static void test_observer_sees_every_iteration(void **state)
{
    (void)state;
    hf_profile_objective *obj = NULL;
    assert_int_equal(hf_profile_objective_alloc_table(TABLE2, &obj, NULL), HF_OK);
    const char *names[] = {"ica", "icaco"};
    for (int i = 0; i < 2; ++i) {
        hf_optimizer *opt = NULL;
        hf_result *r = NULL;
        assert_int_equal(hf_optimizer_alloc(names[i], 2, &opt, NULL), HF_OK);
        assert_int_equal(hf_result_alloc(2, &r, NULL), HF_OK);
        observed o = {0, 0, 0};
        hf_run_config run;
        hf_run_config_init(&run);
        run.seed = 3;
        run.population = observe;
        run.population_user = &o;
        assert_int_equal(hf_optimize(opt, hf_profile_objective_problem(obj), &run, r, NULL),
                         HF_OK);
        assert_int_equal(o.bad, 0);
        assert_int_equal(o.calls, 51); /* the initial population, then 50 iterations */
        assert_int_equal(o.last_iteration, 50);
        hf_result_free(r);
        hf_optimizer_free(opt);
    }
    hf_profile_objective_free(obj);
}

/* 50 runs of icaco with the paper's defaults on Table 2, seed 1 (the
 * headline command), keeping the empires per iteration and the
 * populations at iterations 0, 12 and 50. */
static hf_runs *table2_runs(hf_profile_objective *obj, int threads, double xi)
{
    static const size_t iters[3] = {0, 12, 50};
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc("icaco", 2, &opt, NULL), HF_OK);
    assert_int_equal(hf_optimizer_set(opt, "xi", xi, NULL), HF_OK);
    hf_runs_config cfg;
    hf_runs_config_init(&cfg);
    cfg.runs = 50;
    cfg.seed = 1;
    cfg.threads = threads;
    cfg.record_groups = 1;
    cfg.snapshot_iters = iters;
    cfg.n_snapshot_iters = 3;
    hf_runs *runs = NULL;
    assert_int_equal(hf_runs_execute(opt, hf_profile_objective_problem(obj), &cfg, &runs, NULL),
                     HF_OK);
    hf_optimizer_free(opt);
    return runs;
}

/* Runs with a single empire after 12 and after 50 iterations. */
static void count_single(const hf_runs *runs, size_t *by12, size_t *by50)
{
    *by12 = *by50 = 0;
    for (size_t i = 0; i < runs->count; ++i) {
        assert_int_equal(runs->n_groups[i], 51);
        assert_int_equal(runs->groups[i][0], 3);
        for (size_t k = 1; k <= 50; ++k) /* an empire never comes back */
            assert_true(runs->groups[i][k] <= runs->groups[i][k - 1]);
        *by12 += runs->groups[i][12] == 1;
        *by50 += runs->groups[i][50] == 1;
    }
}

/* Table 2 of the ICACO paper: best 12.5955, mean 12.5956, worst 12.6789,
 * std 2.7339e-7 over 50 runs; and Fig. 8: one empire by iteration 12. */
static void test_table2_statistics_and_single_empire(void **state)
{
    (void)state;
    hf_profile_objective *obj = NULL;
    assert_int_equal(hf_profile_objective_alloc_table(TABLE2, &obj, NULL), HF_OK);
    double rms_min = hf_profile_objective_problem(obj)->f_opt;
    hf_runs *runs = table2_runs(obj, 2, 0.1);
    hf_runs_summary s;
    assert_int_equal(hf_runs_summarize(runs, &s, NULL), HF_OK);
    /* Measured (seed 1, runs on stream 0..49): every run ends at
     * 12.595576635297325 %, std 0.  The tolerance is where the error can
     * come from: RMS is quadratic in K0 at its minimum, so a run whose K0 is
     * within 1e-5 of K0* sits within ~1e-10 of the closed-form minimum;
     * 1e-9 % still fails a run that stopped off the valley I(a, b) = I*
     * (the previous, revolution-based default ended within 1.5e-10). */
    HF_ASSERT_CLOSE(s.best, rms_min, 1e-9, 0.0);
    HF_ASSERT_CLOSE(s.worst, rms_min, 1e-9, 0.0);
    assert_true(s.sd <= 1e-9);
    /* The paper's 4-decimal figures: its best 12.5955 is our best truncated,
     * its mean 12.5956 our mean rounded (with a std of 2.7e-7 both cannot
     * be rounded values of one number).  Its worst 12.6789 is not
     * reproduced, and cannot go with its std: a worst 0.0833 above the
     * mean of 50 runs forces a sample std >= 0.0833·√50/49 = 0.012. */
    assert_true(s.best >= 12.5955 && s.best < 12.5956);
    HF_ASSERT_CLOSE(s.mean, 12.5956, 0.5e-4, 0.0);
    /* Measured: no run has a single empire, by iteration 12 or by 50.
     * With Eq. 21's mean colony cost, an empire that loses its dearest
     * colony lowers its own TC, so the weakest empire changes from one
     * iteration to the next and rarely runs out of colonies.  Exact
     * counts for this seed: they are measurements, so they move only if
     * the runs do (then this test and docs/optimisers.md say by how much). */
    size_t by12, by50;
    count_single(runs, &by12, &by50);
    assert_int_equal(by12, 0);
    assert_int_equal(by50, 0);
    for (size_t i = 0; i < runs->count; ++i) { /* the snapshots agree with the counts */
        assert_int_equal(runs->snapshots[i * 3].groups, 3);
        assert_int_equal(runs->snapshots[i * 3 + 1].groups, runs->groups[i][12]);
        assert_int_equal(runs->snapshots[i * 3 + 2].groups, runs->groups[i][50]);
    }
    hf_runs_free(runs);
    /* The same runs with xi = 0 (TC = the imperialist's cost only): the
     * weakest empire stays the weakest, and one empire remains in every run
     * by iteration 50 (measured: 11 of 50 by iteration 12). */
    runs = table2_runs(obj, 1, 0.0);
    count_single(runs, &by12, &by50);
    assert_int_equal(by12, 11);
    assert_int_equal(by50, 50);
    hf_runs_free(runs);
    hf_profile_objective_free(obj);
}

/* Snapshots repeat bit for bit on any thread count; the snapshot file:
 * header, one row per country, imperialists first. */
static void test_snapshot_file(void **state)
{
    (void)state;
    hf_profile_objective *obj = NULL;
    assert_int_equal(hf_profile_objective_alloc_table(TABLE2, &obj, NULL), HF_OK);
    hf_runs *runs = table2_runs(obj, 2, 0.1);
    /* the same populations and counts on one thread as on two */
    hf_runs *serial = table2_runs(obj, 1, 0.1);
    for (size_t s = 0; s < runs->count * runs->n_snapshots; ++s) {
        const hf_population *a = &runs->snapshots[s], *b = &serial->snapshots[s];
        assert_int_equal(a->size, b->size);
        assert_memory_equal(a->x, b->x, a->size * a->dim * sizeof *a->x);
        assert_memory_equal(a->f, b->f, a->size * sizeof *a->f);
        assert_memory_equal(a->group, b->group, a->size * sizeof *a->group);
    }
    for (size_t i = 0; i < runs->count; ++i)
        assert_memory_equal(runs->groups[i], serial->groups[i], 51 * sizeof(size_t));
    hf_runs_free(serial);
    const char *path = hf_test_tmp_path("snapshots.csv");
    assert_int_equal(hf_runs_snapshots_write(path, runs, NULL), HF_OK);
    hf_csv *csv = NULL;
    assert_int_equal(hf_csv_read(path, NULL, &csv, NULL), HF_OK);
    assert_int_equal(hf_csv_nrows(csv), 50 * 3 * 20);
    assert_int_equal(hf_csv_ncols(csv), 7);
    assert_string_equal(hf_csv_header(csv, 3), "role");
    assert_string_equal(hf_csv_header(csv, 5), "x1");
    assert_string_equal(hf_csv_cell(csv, 0, 3), "imperialist");
    hf_csv_free(csv);
    remove(path);
    hf_diag diag = {{0}};
    assert_int_equal(hf_runs_snapshots_write("/nonexistent-dir/s.csv", runs, &diag), HF_EIO);
    assert_non_null(strstr(diag.text, "/nonexistent-dir/s.csv"));
    hf_runs_free(runs);
    hf_profile_objective_free(obj);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_observer_sees_every_iteration),
        cmocka_unit_test(test_table2_statistics_and_single_empire),
        cmocka_unit_test(test_snapshot_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
