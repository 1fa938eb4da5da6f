/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench/bench_maxwell_curve.c — the whole-curve fit of a Maxwell material
 * (hf_maxwell_fit_curve): the time of one fit of 12 drops of 500 samples
 * each (target under 1 s on one core), and the cost of one evaluation of
 * its objective (every drop's force history at the samples,
 * hf_maxwell_curve_residuals) over the whole search box of the full fit.
 * Run by hand:
 *
 *   build/bench/bench_maxwell_curve [GRID]       fit time, then the cost on
 *                                                a GRID x GRID grid (default 15)
 *   build/bench/bench_maxwell_curve --point MU0_FACTOR ETA_FACTOR [REPEATS]
 *                                                REPEATS evaluations at one point
 *                                                of the box (for callgrind)
 *   build/bench/bench_maxwell_curve --batch [EVALS [REPEATS]]
 *                                                batch evaluation: one ICACO run
 *                                                (20 countries, EVALS evaluations,
 *                                                default 200) on the curve objective
 *                                                (sum of squared residuals) on 1 and
 *                                                2 threads; wall and process CPU
 *                                                time, best of REPEATS (default 3),
 *                                                with the load average; then where
 *                                                the CPU time went: inside the
 *                                                objective per thread, and the rest
 *                                                (the serial part: the optimiser,
 *                                                the evaluator's accounting), with
 *                                                Amdahl's bound from the 1-thread
 *                                                split and the bound the batch
 *                                                sizes set (a batch of m points on 2
 *                                                threads takes ceil(m/2) of them)
 *
 * Times are CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID), so
 * other processes on a shared machine stretch them only through caches;
 * everything runs on one thread.  The drops: 3 steel balls × 4 speeds on
 * μ0 = 10 MPa, ν = 0.5, η = 300 1/s (ε 0.03 to 0.2), the contact over
 * 60 % of each trace, 0.5 % additive noise of the peak (PCG32 seed 2024).
 * The box: μ0 in 10 MPa·[0.5, 1.5], η in 300 1/s·[0.05, 1.95] — the full
 * fit's default box around the truth (hf_maxwell_objective_options_init);
 * contact starts at their true values.
 */
#define _DEFAULT_SOURCE /* getloadavg */
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_fit.h"
#include "hertzfit/optimizer.h"
#include "hertzfit/rng.h"
#include "core/timing.h"
#include "core/rng_draw.h"

#define NDROPS 12
#define SAMPLES 500
#define MU0 1e7
#define ETA 300.0

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The 12 traces; t0 receives the true contact starts. */
static hf_maxwell_data *traces(double *t0)
{
    static const double m[3] = {0.00051, 0.00408, 0.03267}, R[3] = {0.0025, 0.005, 0.01};
    static const double V0[4] = {0.5, 1.2, 2.7, 4.0};
    const hf_maxwell_material mat = {MU0, 0.5, ETA};
    hf_maxwell_data *d = NULL; /* caller frees (hf_maxwell_data_free) */
    if (hf_maxwell_data_alloc(NDROPS, 0, &d, NULL) != HF_OK)
        return NULL;
    d->trace = calloc(NDROPS, sizeof *d->trace);
    double since[SAMPLES];
    for (size_t i = 0; d->trace != NULL && i < NDROPS; ++i) {
        d->impact[i] = (hf_maxwell_impact){m[i / 4], R[i / 4], V0[i % 4]};
        hf_maxwell_response r;
        hf_maxwell_trace *tr = &d->trace[i];
        tr->t = malloc(SAMPLES * sizeof *tr->t);
        tr->F = malloc(SAMPLES * sizeof *tr->F);
        if (tr->t == NULL || tr->F == NULL ||
            hf_maxwell_simulate(&mat, &d->impact[i], NULL, &r, NULL) != HF_OK)
            break;
        tr->n = SAMPLES;
        double dt = r.t_c / (0.6 * SAMPLES);
        t0[i] = 2e-3 + 0.3 * dt;
        for (size_t j = 0; j < SAMPLES; ++j) {
            tr->t[j] = 2e-3 + ((double)j - 0.2 * SAMPLES) * dt;
            since[j] = tr->t[j] - t0[i];
        }
        if (hf_maxwell_force_history(&mat, &d->impact[i], NULL, SAMPLES, since, tr->F, NULL) !=
            HF_OK)
            break;
        hf_rng rng;
        hf_rng_seed(&rng, 2024, i);
        for (size_t j = 0; j < SAMPLES; ++j)
            tr->F[j] += hf_rng_normal(&rng, 0.0, 0.005 * r.F_M);
    }
    if (d->trace == NULL || d->trace[NDROPS - 1].n != SAMPLES) {
        hf_maxwell_data_free(d);
        return NULL;
    }
    return d;
}

static int bench_fit(const hf_maxwell_data *d)
{
    hf_maxwell_curve_config cfg;
    hf_maxwell_curve_config_init(&cfg);
    hf_maxwell_fit_result fit;
    hf_diag diag = {{0}};
    double w0 = hf_wall_seconds(), c0 = cpu_seconds();
    hf_status st = hf_maxwell_fit_curve(d, &cfg, &fit, NULL, NULL, NULL, &diag);
    double cpu = cpu_seconds() - c0, wall = hf_wall_seconds() - w0;
    if (st != HF_OK) {
        fprintf(stderr, "bench_maxwell_curve: %s\n", diag.text);
        return 1;
    }
    char status[64];
    printf("curve fit, %d drops x %d samples, 1 thread: %.3f s CPU (%.3f s wall), "
           "%zu residual vectors + Jacobians; mu0 = %.6g +- %.3g Pa, eta = %.5g +- %.3g 1/s, "
           "%s\n", NDROPS, SAMPLES, cpu, wall, fit.evaluations, fit.estimate.mu0,
           fit.estimate.mu0_se, fit.estimate.eta, fit.estimate.eta_se,
           hf_maxwell_fit_status(&fit, status, sizeof status));
    return 0;
}

/* CPU seconds of one evaluation at (μ0, η) (the least of 3: the point's
 * own cost, not the machine's interruptions). */
static double evaluation_cost(const hf_maxwell_data *d, const hf_maxwell_curve_config *cfg,
                              double mu0, double eta, const double *t0, double *r)
{
    double best = 1e300;
    for (int k = 0; k < 3; ++k) {
        double c0 = cpu_seconds();
        if (hf_maxwell_curve_residuals(d, cfg, mu0, eta, t0, NULL, r, NULL) != HF_OK)
            return -1.0;
        double c = cpu_seconds() - c0;
        best = c < best ? c : best;
    }
    return best;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int bench_box(const hf_maxwell_data *d, const double *t0, int grid)
{
    hf_maxwell_curve_config cfg;
    hf_maxwell_curve_config_init(&cfg);
    double *r = malloc(hf_maxwell_curve_nresiduals(d) * sizeof *r);
    double *cost = malloc((size_t)grid * (size_t)grid * sizeof *cost);
    if (r == NULL || cost == NULL)
        return 1;
    double centre = evaluation_cost(d, &cfg, MU0, ETA, t0, r), worst = -1.0, sum = 0.0;
    double worst_at[2] = {0.0, 0.0};
    size_t n = 0, failed = 0;
    for (int a = 0; a < grid; ++a)
        for (int b = 0; b < grid; ++b) {
            double fm = 0.5 + (double)a / (grid - 1), fe = 0.05 + 1.9 * (double)b / (grid - 1);
            double c = evaluation_cost(d, &cfg, MU0 * fm, ETA * fe, t0, r);
            if (c < 0.0) {
                ++failed;
                continue;
            }
            if (c > worst) {
                worst = c;
                worst_at[0] = fm;
                worst_at[1] = fe;
            }
            cost[n++] = c;
            sum += c;
        }
    if (n == 0)
        return 1;
    qsort(cost, n, sizeof *cost, by_value);
    printf("curve objective over the box (%dx%d grid, %zu points, %zu failed; %d drops x %d "
           "samples; CPU ms per evaluation, 1 thread):\n", grid, grid, n, failed, NDROPS,
           SAMPLES);
    printf("  centre %.3f  mean %.3f  p50 %.3f  p90 %.3f  p99 %.3f  max %.3f "
           "(max/centre %.2f, at mu0 x %.3f, eta x %.3f)\n", 1e3 * centre,
           1e3 * sum / (double)n, 1e3 * cost[n / 2], 1e3 * cost[(size_t)(0.9 * (double)(n - 1))],
           1e3 * cost[(size_t)(0.99 * (double)(n - 1))], 1e3 * cost[n - 1],
           cost[n - 1] / centre, worst_at[0], worst_at[1]);
    free(cost);
    free(r);
    return 0;
}

/* The curve fit's objective as an hf_problem: x = (μ0/MU0, η/ETA), the
 * sum of the squared residuals (NaN when the model fails). */
typedef struct curve_problem {
    const hf_maxwell_data *data;
    hf_maxwell_curve_config cfg;
    const double *t0;
    size_t nres;
} curve_problem;

/* CPU time spent inside the objective, per thread (a slot each, taken at
 * a thread's first evaluation), in ns; and the evaluations. */
#define CPU_SLOTS 16
static _Atomic long long objective_ns[CPU_SLOTS];
static _Atomic long long objective_calls;
static _Atomic int slots_taken;
static _Thread_local int my_slot = -1;

static void objective_cpu_reset(void)
{
    for (int i = 0; i < CPU_SLOTS; ++i)
        atomic_store(&objective_ns[i], 0);
    atomic_store(&objective_calls, 0);
}

static double curve_sum_squares_timed(const double *x, void *ctx);

static double curve_sum_squares(const double *x, void *ctx)
{
    if (my_slot < 0)
        my_slot = atomic_fetch_add(&slots_taken, 1) % CPU_SLOTS;
    double c0 = cpu_seconds();
    double f = curve_sum_squares_timed(x, ctx);
    atomic_fetch_add(&objective_ns[my_slot], (long long)(1e9 * (cpu_seconds() - c0)));
    atomic_fetch_add(&objective_calls, 1);
    return f;
}

static double curve_sum_squares_timed(const double *x, void *ctx)
{
    const curve_problem *c = ctx;
    double *r = malloc(c->nres * sizeof *r); /* freed below */
    double s = NAN;
    if (r != NULL && hf_maxwell_curve_residuals(c->data, &c->cfg, MU0 * x[0], ETA * x[1], c->t0,
                                                NULL, r, NULL) == HF_OK) {
        s = 0.0;
        for (size_t i = 0; i < c->nres; ++i)
            s += r[i] * r[i];
    }
    free(r);
    return s;
}

static double process_cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* One ICACO run of EVALS evaluations on THREADS threads: the best wall
 * time of REPEATS, and its CPU time; the results of every run must agree
 * bit for bit with REF (filled by the first call). */
static int time_batch(const hf_problem *p, const hf_optimizer *opt, size_t evals, int threads,
                      int repeats, hf_result *res, double *ref_f, double *wall, double *cpu)
{
    *wall = 1e300;
    for (int k = 0; k < repeats; ++k) {
        hf_run_config run;
        hf_run_config_init(&run);
        run.seed = 1;
        run.max_evals = evals;
        run.threads = threads;
        double w0 = hf_wall_seconds(), c0 = process_cpu_seconds();
        if (hf_optimize(opt, p, &run, res, NULL) != HF_OK)
            return 1;
        double w = hf_wall_seconds() - w0, c = process_cpu_seconds() - c0;
        if (isnan(*ref_f))
            *ref_f = res->f;
        if (memcmp(ref_f, &res->f, sizeof res->f) != 0) {
            fprintf(stderr, "bench_maxwell_curve: %d threads gave another result\n", threads);
            return 1;
        }
        if (w < *wall) {
            *wall = w;
            *cpu = c;
        }
    }
    return 0;
}

/* The objective's CPU seconds per thread slot since the last reset,
 * divided by REPEATS; *busiest the largest, returns the sum. */
static double objective_cpu(int repeats, double *per_slot, int *slots)
{
    double sum = 0.0;
    *slots = 0;
    for (int i = 0; i < CPU_SLOTS; ++i) {
        double v = 1e-9 * (double)atomic_load(&objective_ns[i]) / repeats;
        if (v > 0.0)
            per_slot[(*slots)++] = v;
        sum += v;
    }
    return sum;
}

/* The same run driven by ask/tell, which hands out the very batches
 * hf_optimize evaluates (the same points, grouped the same way): each
 * point's objective CPU time on this thread, summed (*one), and each
 * batch's time on 2 threads as OpenMP's dynamic schedule shares it (each
 * point to the first thread free), summed (*two).  *batches, *smallest,
 * *largest: their count and sizes. */
static int batch_bounds(const hf_problem *p, const hf_optimizer *opt, size_t evals, double *one,
                        double *two, size_t *batches, size_t *smallest, size_t *largest)
{
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = 1;
    run.max_evals = evals;
    hf_asktell *at = NULL; /* freed below */
    if (hf_asktell_alloc(opt, p->lower, p->upper, &run, &at, NULL) != HF_OK)
        return 1;
    const double *x = NULL;
    size_t n = 0;
    double f[64];
    *one = *two = 0.0;
    *batches = *largest = 0;
    *smallest = SIZE_MAX;
    int rc = 0;
    while (rc == 0 && hf_asktell_ask(at, &x, &n, NULL) == HF_OK && n > 0) {
        double busy[2] = {0.0, 0.0};
        for (size_t i = 0; i < n && n <= 64; ++i) {
            double c0 = cpu_seconds();
            f[i] = p->f(x + i * p->dim, p->ctx);
            double t = cpu_seconds() - c0;
            *one += t;
            busy[busy[0] <= busy[1] ? 0 : 1] += t;
        }
        *two += fmax(busy[0], busy[1]);
        ++*batches;
        *smallest = n < *smallest ? n : *smallest;
        *largest = n > *largest ? n : *largest;
        rc = n > 64 || hf_asktell_tell(at, x, f, n, NULL) != HF_OK;
    }
    hf_asktell_free(at);
    return rc;
}

/* Where the 1-thread CPU time goes, and the speed-ups it allows on 2
 * idle cores. */
static void print_bounds(const hf_problem *p, const hf_optimizer *opt, size_t evals,
                         double process_cpu, int repeats)
{
    double slot[CPU_SLOTS], one = 0.0, two = 0.0;
    int slots = 0;
    double inside = objective_cpu(repeats, slot, &slots);
    size_t batches = 0, smallest = 0, largest = 0;
    if (batch_bounds(p, opt, evals, &one, &two, &batches, &smallest, &largest) != 0)
        return;
    double serial = fmax(process_cpu - inside, 0.0), s = serial / process_cpu;
    printf("1 thread: %.3f s CPU, %.3f s of it in the objective, %.4f s outside it "
           "(serial fraction %.4f): Amdahl's bound on 2 threads %.2f\n", process_cpu, inside,
           serial, s, 1.0 / (s + (1.0 - s) / 2.0));
    printf("%zu batches of %zu to %zu points: shared on 2 threads as the dynamic schedule "
           "shares them, the objective takes %.3f s of %.3f s: with the serial part, a bound "
           "of %.2f on 2 idle cores\n", batches, smallest, largest, two, one,
           (serial + one) / (serial + two));
}

static int bench_batch(const hf_maxwell_data *d, const double *t0, size_t evals, int repeats)
{
    static const double lower[2] = {0.5, 0.05}, upper[2] = {1.5, 1.95};
    curve_problem c;
    c.data = d;
    hf_maxwell_curve_config_init(&c.cfg);
    c.t0 = t0;
    c.nres = hf_maxwell_curve_nresiduals(d);
    hf_problem p = {"maxwell-curve", 2, lower, upper, curve_sum_squares, &c, 0, 0.0};
    hf_optimizer *opt = NULL; /* freed below */
    hf_result *res = NULL;    /* freed below */
    int rc = hf_optimizer_alloc("icaco", 2, &opt, NULL) != HF_OK ||
             hf_result_alloc(2, &res, NULL) != HF_OK;
    double ref = NAN, wall[2] = {0, 0}, cpu[2] = {0, 0}, load[3] = {0, 0, 0};
    double slot[CPU_SLOTS];
    int slots = 0;
    objective_cpu_reset();
    if (rc == 0)
        rc = time_batch(&p, opt, evals, 1, repeats, res, &ref, &wall[0], &cpu[0]);
    if (rc == 0)
        print_bounds(&p, opt, evals, cpu[0], repeats);
    objective_cpu_reset();
    if (rc == 0)
        rc = time_batch(&p, opt, evals, 2, repeats, res, &ref, &wall[1], &cpu[1]);
    if (rc == 0) {
        double inside = objective_cpu(repeats, slot, &slots);
        printf("2 threads: the objective's CPU time per thread");
        for (int i = 0; i < slots; ++i)
            printf(" %.3f s", slot[i]);
        printf(" (%.3f s in all; each thread's share of it is the balance)\n", inside);
    }
    if (rc == 0 && getloadavg(load, 3) == 3)
        printf("load average %.2f %.2f %.2f (%ld cores online)\n", load[0], load[1], load[2],
               sysconf(_SC_NPROCESSORS_ONLN));
    if (rc == 0)
        printf("ICACO, 20 countries, %zu evaluations of the curve objective (%d drops x %d "
               "samples), best wall time of %d:\n"
               "  1 thread   %.3f s wall  %.3f s CPU\n"
               "  2 threads  %.3f s wall  %.3f s CPU  speed-up %.2f (same result: f = %.17g)\n",
               res->evaluations, NDROPS, SAMPLES, repeats, wall[0], cpu[0], wall[1], cpu[1],
               wall[0] / wall[1], ref);
    hf_result_free(res);
    hf_optimizer_free(opt);
    return rc;
}

int main(int argc, char **argv)
{
    hf_library_init();
    double t0[NDROPS];
    hf_maxwell_data *d = traces(t0);
    if (d == NULL) {
        fprintf(stderr, "bench_maxwell_curve: could not make the traces\n");
        return 1;
    }
    int rc = 0;
    if (argc >= 2 && strcmp(argv[1], "--batch") == 0) {
        long evals = argc > 2 ? atol(argv[2]) : 200, repeats = argc > 3 ? atol(argv[3]) : 3;
        rc = bench_batch(d, t0, evals > 0 ? (size_t)evals : 200,
                         repeats > 0 ? (int)repeats : 3);
    } else if (argc >= 4 && strcmp(argv[1], "--point") == 0) {
        hf_maxwell_curve_config cfg;
        hf_maxwell_curve_config_init(&cfg);
        double *r = malloc(hf_maxwell_curve_nresiduals(d) * sizeof *r);
        int repeats = argc > 4 ? atoi(argv[4]) : 1;
        for (int k = 0; r != NULL && k < repeats && rc == 0; ++k)
            rc = hf_maxwell_curve_residuals(d, &cfg, MU0 * atof(argv[2]), ETA * atof(argv[3]),
                                            t0, NULL, r, NULL) == HF_OK ? 0 : 1;
        free(r);
    } else {
        int grid = argc > 1 ? atoi(argv[1]) : 15;
        rc = bench_fit(d);
        if (rc == 0)
            rc = bench_box(d, t0, grid < 3 ? 3 : grid);
    }
    hf_maxwell_data_free(d);
    return rc;
}
