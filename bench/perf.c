/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench/perf.c — how fast the benchmark problems and the optimisers are,
 * measured on one thread (run by hand: build/bench/perf [SECONDS]):
 *
 *  1. ns per evaluation of each benchmark objective, over points drawn
 *     uniformly in its box (drawn before timing);
 *  2. optimiser overhead per evaluation for ICA, ICACO, random, two
 *     NLopt algorithms and three of pagmo's (through the C++ bridge) on
 *     profile (2-D), rastrigin:10 and BBOB's sphere f1 in 10-D (a cheap
 *     function, so the optimiser's own cost shows): (time of the
 *     runs − time to evaluate the same points again) / evaluations, and
 *     that overhead as a multiple of one profile evaluation (the target
 *     is <= 1: the optimiser must not cost more than the cheapest
 *     objective it is used on).  The points come from a first, untimed
 *     pass with a recording objective; the runs are deterministic, so the
 *     timed pass evaluates exactly those points.  (Subtracting the cost of uniform
 *     random points instead would be wrong: an objective's cost depends
 *     on where it is evaluated — near the optimum, for example.)
 *
 * Reads data/ from the current directory (run it from the repository root)
 * or from $HERTZFIT_DATA.  Prints evaluations per second and wall times;
 * never run by ctest.
 *
 * Every ns figure is this thread's CPU time (CLOCK_THREAD_CPUTIME_ID),
 * which leaves out the time the thread waits for a core; the runs' wall
 * time is printed beside it.  Both are noisy on a shared machine (caches
 * and frequency are shared too); instruction counts are not.
 * `perf --count OPTIMIZER [RUNS]` only runs OPTIMIZER RUNS times (default
 * 100) on profile with a budget of 1000, untimed, for
 *     valgrind --tool=callgrind build/bench/perf --count icaco
 *     callgrind_annotate --inclusive=yes callgrind.out.PID
 * where the overhead per evaluation is (instructions of hf_optimize −
 * instructions of problem_rms) / evaluations, and one profile evaluation
 * is problem_rms's instructions / evaluations (the evaluations are
 * printed).
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime, CLOCK_THREAD_CPUTIME_ID */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef HERTZFIT_HAVE_OPENMP
#include <omp.h>
#endif

#include "hertzfit/bench_problems.h"
#include "hertzfit/optimizer.h"
#include "hertzfit/rng.h"
#include "hertzfit/status.h"
#include "core/timing.h"
#include "core/rng_draw.h"


static const char *const problems[] = {
    "profile", "profile-table", "sphere:10", "ellipsoid:10", "rosenbrock:10", "rastrigin:10",
    "griewank:10", "ackley:10", "schwefel226:10", "levy:10", "styblinski-tang:10",
    "maxwell-full", "bbob:1:10:1"};
static const char *const optimizers[] = {"ica", "icaco", "random", "nlopt:GN_CRS2_LM",
                                         "nlopt:LN_BOBYQA", "pagmo:cmaes", "pagmo:sade",
                                         "pagmo:pso"};

#define NPOINTS 4096

/* This thread's CPU time in seconds. */
static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ns per evaluation of P over NPOINTS random points, repeated for about
 * SECONDS of wall time.  The sum of values is returned in *sink so the
 * calls cannot be optimised away. */
static double ns_per_eval(const hf_problem *p, double seconds, double *sink)
{
    double *x = malloc(sizeof *x * NPOINTS * p->dim); /* freed below */
    if (x == NULL)
        return -1.0;
    hf_rng rng;
    hf_rng_seed(&rng, 42u, 1u);
    for (size_t i = 0; i < NPOINTS; ++i)
        for (size_t j = 0; j < p->dim; ++j)
            x[i * p->dim + j] = hf_rng_uniform_range(&rng, p->lower[j], p->upper[j]);
    size_t evals = 0;
    double t0 = hf_wall_seconds(), t = t0, c0 = cpu_seconds(), s = 0.0;
    while (t - t0 < seconds) {
        for (size_t i = 0; i < NPOINTS; ++i)
            s += p->f(x + i * p->dim, p->ctx);
        evals += NPOINTS;
        t = hf_wall_seconds();
    }
    double cpu = cpu_seconds() - c0;
    *sink += s;
    free(x);
    return 1e9 * cpu / (double)evals;
}

/* An objective that stores every point it is asked for, then calls the
 * real one. */
typedef struct recorder {
    const hf_problem *inner;
    double *points;   /* owned by the caller of record_points */
    size_t count, cap;
} recorder;

static double recording_objective(const double *x, void *ctx)
{
    recorder *r = ctx;
    if (r->count < r->cap)
        for (size_t j = 0; j < r->inner->dim; ++j)
            r->points[r->count * r->inner->dim + j] = x[j];
    r->count++;
    return r->inner->f(x, r->inner->ctx);
}

/* CPU seconds to evaluate the N recorded points once more. */
static double replay_seconds(const hf_problem *p, const double *points, size_t n, double *sink)
{
    double s = 0.0, t0 = cpu_seconds();
    for (size_t i = 0; i < n; ++i)
        s += p->f(points + i * p->dim, p->ctx);
    *sink += s;
    return cpu_seconds() - t0;
}

/* Runs OPT on P RUNS times with BUDGET each on this thread; returns wall
 * seconds, the CPU seconds in *cpu and the total evaluation count in
 * *evals. */
static double time_runs(const char *name, const hf_problem *p, size_t runs, size_t budget,
                        double *cpu, size_t *evals)
{
    hf_optimizer *opt = NULL;
    hf_diag diag = {{0}};
    if (hf_optimizer_alloc(name, p->dim, &opt, &diag) != HF_OK) {
        fprintf(stderr, "perf: %s\n", diag.text);
        return -1.0;
    }
    hf_result *res = NULL;
    if (hf_result_alloc(p->dim, &res, NULL) != HF_OK) {
        hf_optimizer_free(opt);
        return -1.0;
    }
    *evals = 0;
    double t0 = hf_wall_seconds(), c0 = cpu_seconds();
    for (size_t r = 0; r < runs; ++r) {
        hf_run_config run;
        hf_run_config_init(&run);
        run.seed = 1;
        run.stream = r;
        run.max_evals = budget;
        if (hf_optimize(opt, p, &run, res, &diag) != HF_OK)
            fprintf(stderr, "perf: %s: %s\n", name, diag.text);
        *evals += res->evaluations;
    }
    double wall = hf_wall_seconds() - t0;
    *cpu = cpu_seconds() - c0;
    hf_result_free(res);
    hf_optimizer_free(opt);
    return wall;
}

/* perf --count: the runs alone, for instruction counting. */
static int count_runs(const char *data, const char *optimizer, size_t runs)
{
    hf_bench_problem *bp = NULL;
    hf_diag diag = {{0}};
    if (hf_bench_problem_alloc("profile", data, &bp, &diag) != HF_OK) {
        fprintf(stderr, "perf: %s\n", diag.text);
        return 1;
    }
    size_t evals = 0;
    double cpu = 0.0;
    double wall = time_runs(optimizer, hf_bench_problem_problem(bp), runs, 1000, &cpu, &evals);
    hf_bench_problem_free(bp);
    if (wall < 0.0)
        return 1;
    printf("%s on profile: %zu runs, %zu evaluations\n", optimizer, runs, evals);
    return 0;
}

int main(int argc, char **argv)
{
    hf_library_init();
#ifdef HERTZFIT_HAVE_OPENMP
    /* One thread, as printed: maxwell-full runs its 18 tests in an OpenMP
     * parallel region per evaluation, and on a loaded machine the wait at
     * that region's barrier (up to a scheduler time slice, ~4 ms here)
     * would be measured instead of the evaluation. */
    omp_set_num_threads(1);
#endif
    const char *data = getenv("HERTZFIT_DATA") ? getenv("HERTZFIT_DATA") : "data";
    if (argc > 2 && strcmp(argv[1], "--count") == 0)
        return count_runs(data, argv[2], argc > 3 ? (size_t)atol(argv[3]) : 100);
    double seconds = argc > 1 ? atof(argv[1]) : 0.3;
    if (!(seconds > 0.0))
        seconds = 0.3;
    size_t np = sizeof problems / sizeof problems[0];
    hf_bench_problem **bp = calloc(np, sizeof *bp); /* freed at the end */
    double *ns = calloc(np, sizeof *ns);            /* freed at the end */
    double sink = 0.0;
    if (bp == NULL || ns == NULL)
        return 1;
    printf("objective evaluation cost (one thread, CPU time, %.2f s per objective)\n", seconds);
    printf("%-20s %12s %16s\n", "problem", "ns/eval", "evals/s");
    for (size_t i = 0; i < np; ++i) {
        hf_diag diag = {{0}};
        /* bp[i] freed at the end */
        if (hf_bench_problem_alloc(problems[i], data, &bp[i], &diag) != HF_OK) {
            fprintf(stderr, "perf: %s\n", diag.text);
            return 1;
        }
        ns[i] = ns_per_eval(hf_bench_problem_problem(bp[i]), seconds, &sink);
        printf("%-20s %12.1f %16.0f\n", problems[i], ns[i], 1e9 / ns[i]);
    }
    /* profile (index 0), rastrigin:10 (index 5) and bbob:1:10:1 (index 12) */
    const size_t which[] = {0, 5, 12};
    const size_t budget[] = {1000, 10000, 10000}, runs[] = {1000, 100, 100};
    printf("\noptimiser overhead per evaluation = (CPU time - replay of the same points) / evals\n");
    printf("%-18s %-14s %6s %9s %9s %9s %13s %12s %15s\n", "optimizer", "problem", "runs",
           "evals", "wall s", "cpu s", "objective ns", "overhead ns", "x profile eval");
    for (size_t k = 0; k < sizeof which / sizeof which[0]; ++k) {
        const hf_problem *p = hf_bench_problem_problem(bp[which[k]]);
        for (size_t o = 0; o < sizeof optimizers / sizeof optimizers[0]; ++o) {
            size_t evals = 0;
            recorder rec = {p, NULL, 0, runs[k] * budget[k] + 1024};
            rec.points = malloc(sizeof *rec.points * rec.cap * p->dim); /* freed below */
            if (rec.points == NULL)
                return 1;
            hf_problem recorded = *p;
            recorded.f = recording_objective;
            recorded.ctx = &rec;
            double cpu = 0.0;
            time_runs(optimizers[o], &recorded, runs[k], budget[k], &cpu, &evals);
            double wall = time_runs(optimizers[o], p, runs[k], budget[k], &cpu, &evals);
            size_t n = rec.count < rec.cap ? rec.count : rec.cap;
            double replay = replay_seconds(p, rec.points, n, &sink);
            free(rec.points);
            if (wall < 0.0 || evals == 0 || n != evals)
                continue;
            double over = 1e9 * (cpu - replay) / (double)evals;
            printf("%-18s %-14s %6zu %9zu %9.4f %9.4f %13.1f %12.1f %15.2f\n", optimizers[o],
                   problems[which[k]], runs[k], evals, wall, cpu, 1e9 * replay / (double)evals,
                   over, over / ns[0]);
        }
    }
    printf("\n(checksum %g)\n", sink);
    for (size_t i = 0; i < np; ++i)
        hf_bench_problem_free(bp[i]);
    free(bp);
    free(ns);
    return 0;
}
