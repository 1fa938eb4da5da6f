/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench/bench_profile.c — speed of the calibration core (run by hand, not
 * by ctest): ns per evaluation of the profile objective on the default
 * sampling (99 samples) and of the table objective, and ns per call of the
 * exact h_r solver over c_r in (0, 1).
 *
 *   ./build/bench/bench_profile [seconds-per-measurement]
 */
#include <stdio.h>
#include <stdlib.h>

#include "hertzfit/profile_objective.h"
#include "hertzfit/damping.h"
#include "core/timing.h"

/* Repeats fn until at least `seconds` have passed; returns ns per call. */
static double time_calls(double (*fn)(size_t i, void *ctx), void *ctx, double seconds,
                         double *sink)
{
    size_t calls = 0, batch = 1000;
    double start = hf_wall_seconds(), elapsed;
    do {
        for (size_t i = 0; i < batch; ++i)
            *sink += fn(calls + i, ctx);
        calls += batch;
        elapsed = hf_wall_seconds() - start;
    } while (elapsed < seconds);
    return 1e9 * elapsed / (double)calls;
}

static double eval_objective(size_t i, void *ctx)
{
    /* Walk (a, b) over the Table 2 box so no result is cached by accident. */
    double a = 1.0 + 5.0 * (double)(i % 997) / 997.0;
    double b = 1.5 + 4.5 * (double)(i % 991) / 991.0;
    return hf_profile_objective_rms(ctx, a, b);
}

static double solve_hr(size_t i, void *ctx)
{
    (void)ctx;
    double c = ((double)(i % 9999) + 0.5) / 9999.0, h = 0.0;
    hf_restitution_hr_exact(c, &h, NULL);
    return h;
}

int main(int argc, char **argv)
{
    hf_library_init();
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    if (!(seconds > 0.0))
        seconds = 1.0;
    double *c = NULL, sink = 0.0;
    size_t n = 0;
    hf_profile_objective *samples = NULL, *table = NULL;
    if (hf_profile_sampling_grid(HF_SAMPLING_START, HF_SAMPLING_STEP, HF_SAMPLING_STOP,
                         &c, &n, NULL) != HF_OK ||
        hf_profile_objective_alloc(c, n, &samples, NULL) != HF_OK ||
        hf_profile_objective_alloc_table(HERTZFIT_BENCH_TABLE2, &table, NULL) != HF_OK) {
        fprintf(stderr, "bench_profile: cannot build the objectives\n");
        return 1;
    }
    double ns_eval = time_calls(eval_objective, samples, seconds, &sink);
    double ns_table = time_calls(eval_objective, table, seconds, &sink);
    double ns_hr = time_calls(solve_hr, NULL, seconds, &sink);
    printf("profile objective, %zu samples: %8.1f ns/eval  (%.3g evals/s)\n", n, ns_eval,
           1e9 / ns_eval);
    printf("table objective (quadratic):   %8.1f ns/eval  (%.3g evals/s)\n", ns_table,
           1e9 / ns_table);
    printf("exact h_r solver:              %8.1f ns/call  (%.3g calls/s)\n", ns_hr,
           1e9 / ns_hr);
    printf("(checksum %g)\n", sink);
    free(c);
    hf_profile_objective_free(samples);
    hf_profile_objective_free(table);
    return 0;
}
