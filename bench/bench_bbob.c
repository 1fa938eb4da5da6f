/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench/bench_bbob.c — cost of one evaluation of each BBOB function
 * (hertzfit/bench_problems.h, instance 1) at D = 2, 10 and 40, next to the classic
 * test functions of hertzfit/bench_problems.h at the same dimensions (run
 * by hand, never by ctest):
 *
 *   ./build/bench/bench_bbob [seconds-per-measurement]
 *
 * Each figure is ns per evaluation over 1024 points drawn uniformly in the
 * problem's box (PCG32, drawn before timing).  The machine is shared, so
 * each figure is the best of three timed blocks of about the given length
 * (default 0.2 s): the least disturbed one.
 */
#include <stdio.h>
#include <stdlib.h>

#include "hertzfit/bench_problems.h"
#include "hertzfit/rng.h"
#include "core/timing.h"
#include "objectives/bench_internal.h"
#include "core/rng_draw.h"

#define NPOINTS 1024
#define BLOCKS 3

static const size_t dims[] = {2, 10, 40};
#define NDIMS (sizeof dims / sizeof dims[0])

/* The points, NPOINTS x dim, reused by every problem. */
static double points[NPOINTS * HF_BBOB_MAX_DIM];

/* One pass over the points; the sum keeps the calls from being dropped. */
static double pass(const hf_problem *p)
{
    double s = 0.0;
    for (size_t i = 0; i < NPOINTS; ++i)
        s += p->f(points + i * p->dim, p->ctx);
    return s;
}

/* ns per evaluation of P: the fastest of BLOCKS blocks of about SECONDS,
 * each a whole number of passes (the count estimated from one pass). */
static double ns_per_evaluation(const hf_problem *p, double seconds, double *sink)
{
    hf_rng rng;
    hf_rng_seed(&rng, 2009u, (uint64_t)p->dim);
    for (size_t k = 0; k < NPOINTS * p->dim; ++k) {
        size_t j = k % p->dim;
        points[k] = p->lower[j] + (p->upper[j] - p->lower[j]) * hf_rng_uniform(&rng);
    }
    double t0 = hf_wall_seconds();
    *sink += pass(p);
    double one = hf_wall_seconds() - t0;
    size_t passes = one > 0.0 ? (size_t)(seconds / one) + 1 : 1000;
    double best = -1.0;
    for (int b = 0; b < BLOCKS; ++b) {
        double start = hf_wall_seconds();
        for (size_t r = 0; r < passes; ++r)
            *sink += pass(p);
        double ns = 1e9 * (hf_wall_seconds() - start) / (double)(passes * NPOINTS);
        if (best < 0.0 || ns < best)
            best = ns;
    }
    return best;
}

/* A row of the table: row ROW of the BBOB functions (then of the test
 * functions) at every dimension.  Returns 0, or 1 with a message. */
static int print_row(size_t row, double seconds, double *sink)
{
    int f = (int)row + 1;
    char label[64];
    if (f <= HF_BBOB_FUNCTION_COUNT)
        snprintf(label, sizeof label, "f%-2d %s", f, hf_bbob_function_name(f));
    else
        snprintf(label, sizeof label, "%s",
                 hf_testfunction_at(row - HF_BBOB_FUNCTION_COUNT)->name);
    printf("%-32s", label);
    for (size_t k = 0; k < NDIMS; ++k) {
        hf_bbob *b = NULL;
        hf_testproblem *tp = NULL;
        hf_diag diag = {{0}};
        hf_status st = f <= HF_BBOB_FUNCTION_COUNT
                           ? hf_bbob_alloc(f, dims[k], 1, &b, &diag)
                           : hf_testproblem_alloc(label, dims[k], &tp, &diag);
        if (st != HF_OK) {
            fprintf(stderr, "bench_bbob: %s\n", diag.text);
            return 1;
        }
        const hf_problem *p = b != NULL ? hf_bbob_problem(b) : hf_testproblem_problem(tp);
        printf(" %12.1f", ns_per_evaluation(p, seconds, sink));
        fflush(stdout);
        hf_bbob_free(b);
        hf_testproblem_free(tp);
    }
    printf("\n");
    return 0;
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 0.2;
    if (!(seconds > 0.0))
        seconds = 0.2;
    double sink = 0.0;
    printf("%-32s %12s %12s %12s\n", "function (ns per evaluation)", "D = 2", "D = 10", "D = 40");
    size_t rows = HF_BBOB_FUNCTION_COUNT + hf_testfunction_count();
    for (size_t row = 0; row < rows; ++row)
        if (print_row(row, seconds, &sink) != 0)
            return 1;
    printf("(checksum %g)\n", sink);
    return 0;
}
