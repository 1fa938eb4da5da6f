/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench/bench_maxwell.c — timings of the Maxwell identification:
 * one Hunter simulation (target < 50 µs), the full-model fit on 18 tests
 * (target < 2 s), the three regressions, and the quadrature of Argatov's
 * constants; the standard linear solid's simulation and the 5 % limits of
 * the master curves beside them.  Run by hand: build/bench/bench_maxwell [REPEATS].
 *
 * The 18 tests are the synthetic grid of data/maxwell_synthetic_grid.csv
 * (3 steel balls × 6 speeds on μ0 = 10 MPa, ν = 0.5, η = 300 1/s), built in
 * memory with 1 % seeded noise so the fit has something to do.
 */
#include <stdio.h>
#include <stdlib.h>

#ifdef HERTZFIT_HAVE_OPENMP
#include <omp.h>
#endif

#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_fit.h"
#include "hertzfit/optimizer.h"
#include "hertzfit/rng.h"
#include "core/timing.h"
#include "objectives/maxwell_internal.h"
#include "core/rng_draw.h"

static hf_maxwell_data *grid_data(void)
{
    static const double m[3] = {0.00051, 0.00408, 0.03267}, R[3] = {0.0025, 0.005, 0.01};
    static const double V0[6] = {0.5, 0.8, 1.2, 1.8, 2.7, 4.0};
    const hf_maxwell_material mat = {1e7, 0.5, 300.0};
    hf_maxwell_data *d = NULL; /* caller frees (hf_maxwell_data_free) */
    if (hf_maxwell_data_alloc(18, 0xFu, &d, NULL) != HF_OK)
        return NULL;
    hf_rng rng;
    hf_rng_seed(&rng, 2024, 0);
    for (size_t i = 0; i < 18; ++i) {
        d->impact[i] = (hf_maxwell_impact){m[i / 6], R[i / 6], V0[i % 6]};
        hf_maxwell_response r;
        if (hf_maxwell_simulate(&mat, &d->impact[i], NULL, &r, NULL) != HF_OK) {
            hf_maxwell_data_free(d);
            return NULL;
        }
        for (int o = 0; o < HF_MAXWELL_NOBS; ++o)
            d->value[o][i] = hf_maxwell_response_get(&r, (hf_maxwell_observable)o) *
                             (1.0 + hf_rng_normal(&rng, 0.0, 0.01));
    }
    return d;
}

static void bench_constants(int repeats)
{
    hf_argatov_constants k;
    double t0 = hf_wall_seconds();
    for (int i = 0; i < repeats; ++i)
        hf_argatov_constants_compute(&k, NULL);
    double dt = (hf_wall_seconds() - t0) / repeats;
    printf("argatov constants (all, GSL quadrature): %10.1f us per computation\n", dt * 1e6);
}

static void bench_simulation(int repeats)
{
    hf_hunter_result r;
    double sink = 0.0;
    double t0 = hf_wall_seconds();
    for (int i = 0; i < repeats; ++i) {
        /* ε spread over the data's range so no two runs are identical */
        hf_hunter_simulate(0.03 + 0.17 * (i % 97) / 96.0, NULL, &r, NULL);
        sink += r.e;
    }
    double dt = (hf_wall_seconds() - t0) / repeats;
    printf("hunter simulation (eps 0.03..0.2, tol 1e-12): %8.2f us per run, %9.0f runs/s "
           "(checksum %.6f)\n", dt * 1e6, 1.0 / dt, sink / repeats);
}

/* The standard linear solid (hf_hunter_simulate_sls: four states in
 * loading, five in unloading) at α = 0.5 over the same ε. */
static void bench_simulation_sls(int repeats)
{
    hf_hunter_result r;
    double sink = 0.0;
    double t0 = hf_wall_seconds();
    for (int i = 0; i < repeats; ++i) {
        hf_hunter_simulate_sls(0.03 + 0.17 * (i % 97) / 96.0, 0.5, NULL, &r, NULL);
        sink += r.e;
    }
    double dt = (hf_wall_seconds() - t0) / repeats;
    printf("sls simulation (alpha 0.5, eps 0.03..0.2):    %8.2f us per run, %9.0f runs/s "
           "(checksum %.6f)\n", dt * 1e6, 1.0 / dt, sink / repeats);
}

/* The 5 % limits of the five master curves (Brent over Hunter's model). */
static void bench_master_limits(const hf_argatov_constants *k)
{
    hf_argatov_master_limit lim[HF_ARGATOV_MASTER_N];
    double t0 = hf_wall_seconds();
    hf_argatov_master_limits(k, 0.05, 1.0, lim, NULL);
    printf("master-curve 5 %% limits (5 quantities):        %8.1f ms\n",
           (hf_wall_seconds() - t0) * 1e3);
}

static void bench_regressions(const hf_maxwell_data *d, const hf_argatov_constants *k,
                              int repeats)
{
    hf_maxwell_estimate est;
    double t0 = hf_wall_seconds();
    for (int i = 0; i < repeats; ++i)
        for (int o = HF_MAXWELL_F_M; o <= HF_MAXWELL_T_C; ++o)
            hf_maxwell_regress(d, 0.5, (hf_maxwell_observable)o, HF_MAXWELL_WEIGHTS_NONE, k,
                               &est, NULL);
    double dt = (hf_wall_seconds() - t0) / repeats / 3.0;
    printf("regression fit (18 tests, one observable): %10.2f us per fit\n", dt * 1e6);
}

static int bench_full_fit(const hf_maxwell_data *d, const hf_argatov_constants *k, int threads)
{
#ifdef HERTZFIT_HAVE_OPENMP
    omp_set_num_threads(threads);
#else
    (void)threads;
#endif
    hf_maxwell_fit_config cfg;   /* the library's defaults: BOBYQA, xtol_rel 1e-9, seed 1 */
    hf_maxwell_fit_config_init(&cfg);
    hf_maxwell_fit_result fit;
    const hf_maxwell_estimate *est = &fit.estimate;
    double t0 = hf_wall_seconds();
    hf_status st = hf_maxwell_fit_full(d, k, &cfg, &fit, NULL, NULL);
    double dt = hf_wall_seconds() - t0;
    if (st != HF_OK)
        return 1;
    /* + 4 residual evaluations of the Jacobian and 1 at the optimum */
    size_t sims = (fit.evaluations + 5) * d->n;
    printf("full fit, 18 tests x 4 observables, LN_BOBYQA, %d thread(s): %.3f s, "
           "%zu evaluations (%.0f evaluations/s, %.0f simulations/s); mu0 = %.6g +- %.3g Pa, "
           "eta = %.5g +- %.3g 1/s\n", threads, dt, fit.evaluations,
           (double)fit.evaluations / dt, (double)sims / dt, est->mu0, est->mu0_se, est->eta,
           est->eta_se);
    return 0;
}

int main(int argc, char **argv)
{
    hf_library_init();
    int repeats = argc > 1 ? atoi(argv[1]) : 2000;
    if (repeats < 1)
        repeats = 1;
    hf_argatov_constants k;
    if (hf_argatov_constants_compute(&k, NULL) != HF_OK)
        return 1;
    hf_maxwell_data *d = grid_data();
    if (d == NULL)
        return 1;
    bench_constants(repeats / 20 + 1);
    bench_simulation(repeats);
    bench_simulation_sls(repeats);
    bench_master_limits(&k);
    bench_regressions(d, &k, repeats);
    int rc = bench_full_fit(d, &k, 1);
#ifdef HERTZFIT_HAVE_OPENMP
    if (rc == 0 && omp_get_num_procs() > 1)
        rc = bench_full_fit(d, &k, omp_get_num_procs());
#endif
    hf_maxwell_data_free(d);
    return rc;
}
