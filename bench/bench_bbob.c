/*
 * bench/bench_bbob.c — cost of one evaluation of each BBOB function
 * (hertzfit/bbob.h, instance 1) at D = 2, 10 and 40, next to the classic
 * test functions of hertzfit/testfunctions.h at the same dimensions (run
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

#include "hertzfit/bbob.h"
#include "hertzfit/rng.h"
#include "hertzfit/testfunctions.h"
#include "hertzfit/timing.h"

#define NPOINTS 1024
#define BLOCKS 3

static const size_t dims[] = {2, 10, 40};
#define NDIMS (sizeof dims / sizeof dims[0])

/* One pass over the points; the sum keeps the calls from being dropped. */
static double pass(const hf_problem *p, const double *x)
{
    double s = 0.0;
    for (size_t i = 0; i < NPOINTS; ++i)
        s += p->f(x + i * p->dim, p->ctx);
    return s;
}

/* ns per evaluation of P: the fastest of BLOCKS blocks of about SECONDS,
 * each a whole number of passes (the count estimated from one pass). */
static double ns_per_evaluation(const hf_problem *p, double seconds, double *sink)
{
    double *x = malloc(sizeof *x * NPOINTS * p->dim); /* freed below */
    if (x == NULL)
        return -1.0;
    hf_rng rng;
    hf_rng_seed(&rng, 2009u, 1u);
    for (size_t k = 0; k < NPOINTS * p->dim; ++k)
        x[k] = hf_rng_uniform_range(&rng, p->lower[k % p->dim], p->upper[k % p->dim]);
    double t0 = hf_wall_seconds();
    *sink += pass(p, x);
    double one = hf_wall_seconds() - t0;
    size_t passes = one > 0.0 ? (size_t)(seconds / one) + 1 : 1000;
    double best = -1.0;
    for (int b = 0; b < BLOCKS; ++b) {
        double start = hf_wall_seconds();
        for (size_t r = 0; r < passes; ++r)
            *sink += pass(p, x);
        double ns = 1e9 * (hf_wall_seconds() - start) / (double)(passes * NPOINTS);
        if (best < 0.0 || ns < best)
            best = ns;
    }
    free(x);
    return best;
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 0.2;
    if (!(seconds > 0.0))
        seconds = 0.2;
    double sink = 0.0;
    hf_diag diag = {{0}};

    printf("%-32s %12s %12s %12s\n", "function (ns per evaluation)", "D = 2", "D = 10", "D = 40");
    for (int f = 1; f <= HF_BBOB_FUNCTION_COUNT; ++f) {
        char label[64];
        snprintf(label, sizeof label, "f%-2d %s", f, hf_bbob_function_name(f));
        printf("%-32s", label);
        for (size_t k = 0; k < NDIMS; ++k) {
            hf_bbob *b = NULL;
            if (hf_bbob_alloc(f, dims[k], 1, &b, &diag) != HF_OK) {
                fprintf(stderr, "bench_bbob: %s\n", diag.text);
                return 1;
            }
            printf(" %12.1f", ns_per_evaluation(hf_bbob_problem(b), seconds, &sink));
            fflush(stdout);
            hf_bbob_free(b);
        }
        printf("\n");
    }
    for (size_t t = 0; t < hf_testfunction_count(); ++t) {
        const char *name = hf_testfunction_at(t)->name;
        printf("%-32s", name);
        for (size_t k = 0; k < NDIMS; ++k) {
            hf_testproblem *tp = NULL;
            if (hf_testproblem_alloc(name, dims[k], &tp, &diag) != HF_OK) {
                fprintf(stderr, "bench_bbob: %s\n", diag.text);
                return 1;
            }
            printf(" %12.1f", ns_per_evaluation(hf_testproblem_problem(tp), seconds, &sink));
            fflush(stdout);
            hf_testproblem_free(tp);
        }
        printf("\n");
    }
    printf("(checksum %g)\n", sink);
    return 0;
}
