/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench/bench_viscoelastic.c — cost of one exact viscoelastic impact
 * (hf_viscoelastic_solve: Lee–Radok loading, Ting unloading, Prony states)
 * beside Hunter's ODE (hf_hunter_simulate), at ODE tolerances 1e-6 (the
 * target: <= 5 ms per impact on one core) and 1e-12 (the default), for the
 * Maxwell solid, a standard linear solid and a 10-term generalised Maxwell
 * solid.  Run by hand: build/bench/bench_viscoelastic [REPEATS].
 * Both wall and CPU time per impact are printed: on a shared machine the
 * wall time counts the other processes' time slices, the CPU time does not.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "hertzfit/maxwell.h"
#include "core/timing.h"
#include "hertzfit/viscoelastic.h"

/* CPU seconds of this process (POSIX). */
static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Rates half a decade apart, 10^-2.25 .. 10^2.25 before scaling. */
static double pow10_rate(size_t k)
{
    return pow(10.0, 0.5 * ((double)k - 4.5));
}

/* ε spread over 0.03..0.4 so no two runs are identical. */
static double spread(int i)
{
    return 0.03 + 0.37 * (i % 97) / 96.0;
}

static void bench_exact(const char *name, int kind, double tol, int repeats)
{
    hf_viscoelastic_options o = {tol, tol};
    hf_viscoelastic_result r;
    double sink = 0.0;
    size_t steps = 0;
    double t0 = hf_wall_seconds(), c0 = cpu_seconds();
    for (int i = 0; i < repeats; ++i) {
        hf_prony p;
        double eps = spread(i);
        if (kind == 0) {
            hf_prony_maxwell(eps, &p);
        } else if (kind == 1) {
            hf_prony_sls(0.5, eps / 0.5, &p);
        } else {
            /* 10 terms, rates half a decade apart, weights summing to
             * 0.8, scaled to the ε above */
            p.g_inf = 0.2;
            p.n = 10;
            double sum = 0.0;
            for (size_t k = 0; k < 10; ++k) {
                p.g[k] = 0.08;
                p.rate[k] = pow10_rate(k);
                sum += p.g[k] * p.rate[k];
            }
            for (size_t k = 0; k < 10; ++k)
                p.rate[k] *= eps / sum;
        }
        if (hf_viscoelastic_solve(&p, &o, &r, NULL) != HF_OK) {
            fprintf(stderr, "bench_viscoelastic: %s failed at eps %g\n", name, eps);
            exit(1);
        }
        sink += r.e;
        steps += r.steps;
    }
    double dt = (hf_wall_seconds() - t0) / repeats, dc = (cpu_seconds() - c0) / repeats;
    printf("exact %-22s tol %.0e: %9.1f us wall, %9.1f us cpu per impact, %6.1f steps "
           "(checksum %.6f)\n", name, tol, dt * 1e6, dc * 1e6, (double)steps / repeats,
           sink / repeats);
}

/* The whole-curve fit's unit of cost: one force history of 500 samples,
 * a quarter of them before the contact, half in it, a quarter after (as
 * bench_viscoelastic_select's synthetic drops), at the fit's tolerance. */
static void bench_history(const char *name, int kind, double tol, int repeats)
{
    enum { SAMPLES = 500 };
    hf_viscoelastic_options o = {tol, tol};
    double tau[SAMPLES], force[SAMPLES], sink = 0.0;
    double t0 = hf_wall_seconds(), c0 = cpu_seconds();
    for (int i = 0; i < repeats; ++i) {
        hf_prony p;
        double eps = spread(i);
        if (kind == 0)
            hf_prony_maxwell(eps, &p);
        else
            hf_prony_sls(0.5, eps / 0.5, &p);
        for (size_t j = 0; j < SAMPLES; ++j)
            tau[j] = -1.6 + 6.4 * (double)j / (SAMPLES - 1);
        if (hf_viscoelastic_history(&p, &o, SAMPLES, tau, force, NULL, NULL) != HF_OK) {
            fprintf(stderr, "bench_viscoelastic: %s history failed at eps %g\n", name, eps);
            exit(1);
        }
        sink += force[SAMPLES / 2];
    }
    double dt = (hf_wall_seconds() - t0) / repeats, dc = (cpu_seconds() - c0) / repeats;
    printf("history %-20s tol %.0e: %9.1f us wall, %9.1f us cpu per 500 samples "
           "(checksum %.6f)\n", name, tol, dt * 1e6, dc * 1e6, sink / repeats);
}

static void bench_hunter(double tol, int repeats)
{
    hf_hunter_options o = {tol, tol};
    hf_hunter_result r;
    double sink = 0.0;
    double t0 = hf_wall_seconds(), c0 = cpu_seconds();
    for (int i = 0; i < repeats; ++i) {
        hf_hunter_simulate(spread(i), &o, &r, NULL);
        sink += r.e;
    }
    double dt = (hf_wall_seconds() - t0) / repeats, dc = (cpu_seconds() - c0) / repeats;
    printf("hunter maxwell ODE             tol %.0e: %9.1f us wall, %9.1f us cpu per impact "
           "(checksum %.6f)\n", tol, dt * 1e6, dc * 1e6, sink / repeats);
}

int main(int argc, char **argv)
{
    int repeats = argc > 1 ? atoi(argv[1]) : 200;
    if (repeats < 1)
        repeats = 1;
    hf_library_init();
    const double tols[2] = {1e-6, 1e-12};
    for (int t = 0; t < 2; ++t) {
        bench_hunter(tols[t], repeats);
        bench_exact("maxwell", 0, tols[t], repeats);
        bench_exact("sls alpha 0.5", 1, tols[t], repeats);
        bench_exact("generalised, 10 terms", 2, tols[t], repeats);
    }
    bench_history("maxwell", 0, 1e-9, repeats);
    bench_history("sls alpha 0.5", 1, 1e-9, repeats);
    return 0;
}
