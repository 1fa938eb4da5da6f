/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench/bench_icaco_campaign.c — times a 50-run ICACO campaign with the
 * paper's settings (ξ = 0.1, β = 2, γ = 0.3, 20 countries, 3 imperialists,
 * 50 iterations) on the profile objective, with 1 and 2 threads, and
 * compares the optimiser's own cost per evaluation with the objective's.
 *
 *   build/bench/bench_icaco_campaign [REPEATS [TABLE]]
 *       REPEATS default 20; TABLE default data/safaeifar2020_table2.csv
 *       (run from the repository root)
 *
 * For each objective (the default c_r sampling 0.01:0.01:0.99 and the
 * Table 2 quadratic) it prints: the bare objective cost (direct calls on
 * exactly the points one campaign evaluates, recorded beforehand; best of
 * REPEATS), the campaign wall time (best of REPEATS), evaluations per
 * second, and the overhead per evaluation = (1-thread campaign time /
 * evaluations) − bare cost.  Not run by ctest.
 */
#include <stdio.h>
#include <stdlib.h>

#include "hertzfit/optimizer.h"
#include "hertzfit/profile_objective.h"
#include "hertzfit/rng.h"
#include "hertzfit/runs.h"
#include "core/timing.h"

/* The points a campaign evaluates, recorded by a wrapping objective so
 * the bare cost is timed on exactly the arguments the optimiser used (the
 * objective's cost depends on (a, b) through the Beta function). */
typedef struct recorder {
    const hf_problem *inner;
    double *points; /* 2 per evaluation, owned */
    size_t count, capacity;
} recorder;

static double recording_objective(const double *x, void *ctx)
{
    recorder *r = ctx;
    if (r->count == r->capacity) {
        size_t cap = r->capacity ? 2 * r->capacity : 4096;
        double *grown = realloc(r->points, 2 * cap * sizeof *grown);
        if (grown == NULL)
            return r->inner->f(x, r->inner->ctx);
        r->points = grown;
        r->capacity = cap;
    }
    r->points[2 * r->count] = x[0];
    r->points[2 * r->count + 1] = x[1];
    r->count++;
    return r->inner->f(x, r->inner->ctx);
}

/* Best of `repeats` timings of the bare objective over the recorded
 * points, per evaluation. */
static double bare_cost(const hf_problem *p, const recorder *r, int repeats)
{
    double best = 1e300;
    volatile double sink = 0.0;
    for (int k = 0; k < repeats; ++k) {
        double t0 = hf_wall_seconds();
        for (size_t i = 0; i < r->count; ++i)
            sink += p->f(r->points + 2 * i, p->ctx);
        double t = hf_wall_seconds() - t0;
        if (t < best)
            best = t;
    }
    (void)sink;
    return best / (double)r->count;
}

/* Best wall time of `repeats` campaigns; *evals receives the evaluations
 * of one campaign. */
static double campaign(const hf_optimizer *opt, const hf_problem *p, int threads,
                       int repeats, size_t *evals)
{
    hf_runs_config cfg;
    hf_runs_config_init(&cfg);
    cfg.runs = 50;
    cfg.seed = 1;
    cfg.threads = threads;
    double best = 1e300;
    for (int r = 0; r < repeats; ++r) {
        hf_runs *runs = NULL;
        double t0 = hf_wall_seconds();
        if (hf_runs_execute(opt, p, &cfg, &runs, NULL) != HF_OK) {
            hf_runs_free(runs);
            return -1.0;
        }
        double t = hf_wall_seconds() - t0;
        if (t < best)
            best = t;
        *evals = 0;
        for (size_t i = 0; i < runs->count; ++i)
            *evals += runs->results[i]->evaluations;
        hf_runs_free(runs);
    }
    return best;
}

static int bench_objective(const char *label, hf_profile_objective *obj, int repeats)
{
    hf_problem p = *hf_profile_objective_problem(obj);   /* the default (a, b) box */
    hf_optimizer *opt = NULL;
    if (hf_optimizer_alloc("icaco", 2, &opt, NULL) != HF_OK)
        return 1;
    recorder rec = {&p, NULL, 0, 0};
    hf_problem recording = p;
    recording.f = recording_objective;
    recording.ctx = &rec;
    size_t evals = 0;
    if (campaign(opt, &recording, 1, 1, &evals) < 0 || rec.count != evals) {
        free(rec.points);
        hf_optimizer_free(opt);
        return 1;
    }
    double bare = bare_cost(&p, &rec, repeats);
    free(rec.points);
    double t1 = campaign(opt, &p, 1, repeats, &evals);
    double t2 = campaign(opt, &p, 2, repeats, &evals);
    hf_optimizer_free(opt);
    if (t1 < 0 || t2 < 0 || bare < 0)
        return 1;
    double per_eval = t1 / (double)evals;
    printf("objective %s\n", label);
    printf("  bare objective cost        %10.1f ns per evaluation\n", bare * 1e9);
    printf("  campaign, 1 thread         %10.3f ms  %10.3g evaluations/s  (%zu evaluations)\n",
           t1 * 1e3, (double)evals / t1, evals);
    printf("  campaign, 2 threads        %10.3f ms  %10.3g evaluations/s  (speed-up %.2f)\n",
           t2 * 1e3, (double)evals / t2, t1 / t2);
    printf("  optimiser overhead         %10.1f ns per evaluation  (%.2f x the objective)\n",
           (per_eval - bare) * 1e9, (per_eval - bare) / bare);
    return 0;
}

int main(int argc, char **argv)
{
    hf_library_init();
    int repeats = argc > 1 ? atoi(argv[1]) : 20;
    if (repeats < 1)
        repeats = 1;
    printf("ICACO, paper settings, 50 runs, seed 1; best wall time of %d repeats\n", repeats);
    double *c = NULL;
    size_t n = 0;
    hf_profile_objective *obj = NULL;
    if (hf_profile_sampling_grid(HF_SAMPLING_START, HF_SAMPLING_STEP, HF_SAMPLING_STOP, &c, &n,
                         NULL) != HF_OK ||
        hf_profile_objective_alloc(c, n, &obj, NULL) != HF_OK) {
        fprintf(stderr, "bench_icaco_campaign: cannot build the sampling objective\n");
        return 1;
    }
    free(c);
    int rc = bench_objective("sampling 0.01:0.01:0.99 (99 c_r)", obj, repeats);
    hf_profile_objective_free(obj);
    obj = NULL;
    const char *table = argc > 2 ? argv[2] : "data/safaeifar2020_table2.csv";
    hf_diag diag = {{0}};
    if (rc == 0 && hf_profile_objective_alloc_table(table, &obj, &diag) == HF_OK) {
        rc = bench_objective("table (quadratic in K0 fitted to Table 2)", obj, repeats);
        hf_profile_objective_free(obj);
    } else if (rc == 0) {
        fprintf(stderr, "bench_icaco_campaign: table objective skipped: %s\n", diag.text);
    }
    if (rc != 0)
        fprintf(stderr, "bench_icaco_campaign: a campaign failed\n");
    return rc;
}
