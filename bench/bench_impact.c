/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench/bench_impact.c — timings of the impact numerics, run by hand
 * (build/bench/bench_impact [threads]):
 *   1. one impact simulation (Hunt–Crossley with the exact h_r, full
 *      result with located force peaks; and e_out only);
 *   1b. the bouncing ball brought to rest by heavy damping (e = 1e-4, 1e-6);
 *   2. one c_opt solve (Poursina & Nikravesh, n = 3/2, e = 0.5: Brent on
 *      e_out(c) to 1e-10 relative, cold bracket from Eq. 33);
 *   3. the full α/β refit, 600 e in [0.45, 1] × 100 n in [1, 2] (the grid
 *      of the paper) on 1 thread and on T threads (default 2), checking
 *      that both give bit-identical α, β, and printing the refit next to
 *      Eqs. 46–47.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/damping.h"
#include "hertzfit/copt_refit.h"
#include "hertzfit/impact.h"
#include "core/timing.h"
#include "models/impact_internal.h"

static void bench_simulation(void)
{
    hf_impact_params p;
    hf_impact_params_init(&p);
    if (hf_restitution_hr_exact(0.5, &p.damping, NULL) != HF_OK)
        exit(1);
    const int reps = 5000;
    hf_impact_result r;
    double sum = 0.0, t0 = hf_wall_seconds();
    for (int i = 0; i < reps; ++i) {
        if (hf_impact_simulate(&p, &r, NULL, NULL, NULL) != HF_OK)
            exit(1);
        sum += r.e_out;
    }
    double t1 = hf_wall_seconds();
    printf("impact simulation (full result): %d runs in %.3f s = %.1f us/run, %.0f runs/s "
           "(%zu steps, e_out = %.12f)\n", reps, t1 - t0, 1e6 * (t1 - t0) / reps,
           reps / (t1 - t0), r.steps, sum / reps);
    t0 = hf_wall_seconds();
    for (int i = 0; i < reps; ++i) {
        double e;
        if (hf_impact_e_out(&p, &e, NULL) != HF_OK)
            exit(1);
        sum += e;
    }
    t1 = hf_wall_seconds();
    printf("impact simulation (e_out only):  %d runs in %.3f s = %.1f us/run, %.0f runs/s\n",
           reps, t1 - t0, 1e6 * (t1 - t0) / reps, reps / (t1 - t0));
}

/* The heavily damped ball that used to hang: one simulation to rest for
 * each model at e = 1e-4 and at e = 1e-6 (the bottom of the domain). */
static void bench_ball_at_rest(void)
{
    static const hf_impact_model models[] = {
        {HF_IMPACT_HUNT_CROSSLEY, HF_DAMPING_FLORES},
        {HF_IMPACT_HUNT_CROSSLEY, HF_DAMPING_GHARIB_HURMUZLU},
        {HF_IMPACT_HUNT_CROSSLEY, HF_DAMPING_EXACT},
        {HF_IMPACT_LINEAR_DAMPER, HF_DAMPING_COUNT}};
    static const double es[] = {1e-4, 1e-6};
    for (size_t j = 0; j < 2; ++j)
        for (size_t i = 0; i < 4; ++i) {
            hf_impact_params p;
            hf_impact_result r;
            if (hf_impact_ball_params(models[i], es[j], NULL, 0, &p, NULL) != HF_OK)
                exit(1);
            double t0 = hf_wall_seconds();
            if (hf_impact_simulate(&p, &r, NULL, NULL, NULL) != HF_OK)
                exit(1);
            double t1 = hf_wall_seconds();
            printf("ball to rest, %-18s e = %g: %.4f s (%zu steps, %s)\n",
                   hf_impact_model_name(models[i]), es[j],
                   t1 - t0, r.steps, r.end == HF_IMPACT_END_REST ? "rests" : "separates");
        }
}

static void bench_copt_solve(void)
{
    const int reps = 500;
    const hf_contact ball = {.mass = 1.0, .stiffness = 1.4e8, .exponent = 1.5,
                             .approach_speed = 4.2};
    double c = 0.0, t0 = hf_wall_seconds();
    for (int i = 0; i < reps; ++i)
        if (hf_copt_solve(&ball, 0.5, NULL, &c, NULL) != HF_OK)
            exit(1);
    double t1 = hf_wall_seconds();
    printf("c_opt solve (n = 1.5, e = 0.5, cold bracket): %d solves in %.3f s = %.1f us/solve, "
           "%.0f solves/s (c_opt = %.10g N s/m)\n", reps, t1 - t0, 1e6 * (t1 - t0) / reps,
           reps / (t1 - t0), c);
}

enum { NN = 100, NE = 600 };

static double run_refit(int threads, double *alpha, double *beta, double *rms,
                        const double *ns, const double *es)
{
    hf_diag diag = {{0}};
    double t0 = hf_wall_seconds();
    hf_copt_refit_config cfg;
    hf_copt_refit_config_init(&cfg);
    cfg.n_grid = ns;
    cfg.n_count = NN;
    cfg.e_grid = es;
    cfg.e_count = NE;
    cfg.threads = threads;
    hf_status st = hf_copt_refit(&cfg, alpha, beta, rms, &diag);
    double t1 = hf_wall_seconds();
    if (st != HF_OK) {
        fprintf(stderr, "refit failed: %s\n", diag.text);
        exit(1);
    }
    printf("alpha/beta refit %d x %d on %d thread(s): %.2f s, %.0f c_opt solves/s\n", NE, NN,
           threads, t1 - t0, NN * NE / (t1 - t0));
    return t1 - t0;
}

static void bench_refit(int threads)
{
    static double ns[NN], es[NE], a1[NN], b1[NN], r1[NN], a2[NN], b2[NN], r2[NN];
    for (int i = 0; i < NN; ++i)
        ns[i] = 1.0 + i / (NN - 1.0);
    for (int j = 0; j < NE; ++j)
        es[j] = 0.45 + 0.55 * j / (NE - 1.0);
    es[NE - 1] = 1.0;
    double s1 = run_refit(1, a1, b1, r1, ns, es);
    double s2 = run_refit(threads, a2, b2, r2, ns, es);
    int same = memcmp(a1, a2, sizeof a1) == 0 && memcmp(b1, b2, sizeof b1) == 0 &&
               memcmp(r1, r2, sizeof r1) == 0;
    printf("speed-up %.2f; results bit-identical: %s\n\n", s1 / s2, same ? "yes" : "NO");
    printf("%8s %10s %10s %12s %12s %12s\n", "n", "alpha", "beta", "rms", "alpha_eq46",
           "beta_eq47");
    for (int i = 0; i < NN; ++i)
        if (i % 11 == 0 || i == NN - 1)
            printf("%8.4f %10.5f %10.5f %12.3e %12.5f %12.5f\n", ns[i], a1[i], b1[i], r1[i],
                   hf_copt_alpha_paper(ns[i]), hf_copt_beta_paper(ns[i]));
    if (!same)
        exit(1);
}

int main(int argc, char **argv)
{
    hf_library_init();
    int threads = argc > 1 ? atoi(argv[1]) : 2;
    if (threads < 1)
        threads = 2;
    bench_simulation();
    bench_ball_at_rest();
    bench_copt_solve();
    bench_refit(threads);
    return 0;
}
