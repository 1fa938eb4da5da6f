/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_batch_eval.c — batch evaluation (hf_evaluator_eval_batch):
 * ica, icaco (both variants) and random evaluate their populations as
 * batches (pagmo's methods their initial population) on run.threads
 * OpenMP threads, and a run is bit-identical for 1,
 * 2 and 3 threads (x and f with memcmp, the counters, the stop reason and
 * every trace point with its x); the evaluation budget is never exceeded,
 * not even by values computed and thrown away; a run that reaches its
 * target part-way through a batch counts the evaluations up to that point
 * only, as a one-by-one run would; every trace point is dated at the
 * evaluation that made it (checked against the serial run's call log).
 */
#include "hf_test.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/optimizer.h"

enum { MAX_CALLS = 4000, MAX_TRACE = 400 };

static const double lower2[2] = {-5.12, -5.12};
static const double upper2[2] = {5.12, 5.12};

/* What the objective saw: how many calls (atomically, any thread) and,
 * for a serial run, the value of each call in order. */
typedef struct call_log {
    atomic_long calls;
    int ordered;          /* 1: record values (serial runs only) */
    double value[MAX_CALLS];
} call_log;

/* Rastrigin in 2-D with a hole (NaN) where x0 > 4: failed evaluations in
 * the batches too. */
static double rastrigin_holed(const double *x, void *ctx)
{
    call_log *log = ctx;
    long k = atomic_fetch_add(&log->calls, 1);
    const double pi = 3.14159265358979323846;
    double s = 20.0;
    for (int i = 0; i < 2; ++i)
        s += x[i] * x[i] - 10.0 * cos(2.0 * pi * x[i]);
    if (x[0] > 4.0)
        s = NAN;
    if (log->ordered && k < MAX_CALLS)
        log->value[k] = s;
    return s;
}

typedef struct trace_point {
    size_t iteration, evaluations;
    double f, x[2];
} trace_point;

typedef struct trace_log {
    size_t n;
    trace_point p[MAX_TRACE];
} trace_log;

static void on_trace(size_t iteration, size_t evaluations, double best_f, const double *best_x,
                     void *user)
{
    trace_log *t = user;
    if (t->n < MAX_TRACE)
        t->p[t->n++] = (trace_point){iteration, evaluations, best_f, {best_x[0], best_x[1]}};
}

typedef struct outcome {
    hf_result *result;
    trace_log trace;
    call_log calls;
} outcome;

/* One run of NAME (VARIANT 0: default) on THREADS threads. */
static outcome *run_once(const char *name, double variant, int threads, size_t max_evals,
                         int has_target, double target)
{
    outcome *o = calloc(1, sizeof *o); /* freed by outcome_free */
    assert_non_null(o);
    o->calls.ordered = threads == 1;
    hf_problem p = {"rastrigin-holed", 2, lower2, upper2, rastrigin_holed, &o->calls, 0, 0.0};
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc(name, 2, &opt, NULL), HF_OK);
    if (variant != 0)
        assert_int_equal(hf_optimizer_set(opt, "variant", variant, NULL), HF_OK);
    assert_int_equal(hf_result_alloc(2, &o->result, NULL), HF_OK);
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = 2385;
    run.stream = 7;
    run.threads = threads;
    run.max_evals = max_evals;
    run.has_target = has_target;
    run.target = target;
    run.trace = on_trace;
    run.trace_user = &o->trace;
    assert_int_equal(hf_optimize(opt, &p, &run, o->result, NULL), HF_OK);
    hf_optimizer_free(opt);
    return o;
}

static void outcome_free(outcome *o)
{
    hf_result_free(o->result);
    free(o);
}

static void assert_same(const outcome *a, const outcome *b)
{
    assert_memory_equal(a->result->x, b->result->x, 2 * sizeof(double));
    assert_memory_equal(&a->result->f, &b->result->f, sizeof(double));
    assert_int_equal(a->result->evaluations, b->result->evaluations);
    assert_int_equal(a->result->failed_evaluations, b->result->failed_evaluations);
    assert_int_equal(a->result->iterations, b->result->iterations);
    assert_int_equal(a->result->stop, b->result->stop);
    assert_int_equal(a->trace.n, b->trace.n);
    assert_memory_equal(a->trace.p, b->trace.p, a->trace.n * sizeof a->trace.p[0]);
}

/* The serial run's trace against its call log: point k is dated at the
 * evaluation whose value it is, and that value is the best so far. */
static void assert_trace_dated(const outcome *serial)
{
    const call_log *log = &serial->calls;
    assert_true(serial->trace.n > 2);
    double best = HUGE_VAL;
    size_t next = 0;
    for (long e = 0; e < atomic_load(&log->calls) && e < MAX_CALLS; ++e) {
        double v = log->value[e];
        if (isfinite(v) && v < best) {
            best = v;
            assert_true(next < serial->trace.n);
            assert_int_equal(serial->trace.p[next].evaluations, (size_t)e + 1);
            assert_memory_equal(&serial->trace.p[next].f, &v, sizeof v);
            next++;
        }
    }
    assert_int_equal(next, serial->trace.n);
}

static void check_optimizer(const char *name, double variant)
{
    /* 437 is not a multiple of any population: the budget ends inside a
     * batch */
    outcome *one = run_once(name, variant, 1, 437, 0, 0.0);
    assert_int_equal(one->result->evaluations, 437);
    assert_int_equal(atomic_load(&one->calls.calls), 437);
    assert_int_equal(one->result->stop, HF_STOP_MAXEVAL);
    assert_true(one->result->failed_evaluations > 0);
    assert_trace_dated(one);
    for (int threads = 2; threads <= 3; ++threads) {
        outcome *many = run_once(name, variant, threads, 437, 0, 0.0);
        assert_same(one, many);
        /* never beyond the budget, not even thrown away */
        assert_int_equal(atomic_load(&many->calls.calls), 437);
        outcome_free(many);
    }
    outcome_free(one);
}

static void test_ica_bit_identical(void **state)
{
    (void)state;
    check_optimizer("ica", 0);
    check_optimizer("ica", 2007);
}

static void test_icaco_bit_identical(void **state)
{
    (void)state;
    check_optimizer("icaco", 0);
    check_optimizer("icaco", 2007);
}

static void test_random_bit_identical(void **state)
{
    (void)state;
    check_optimizer("random", 0);
}

/* pagmo's methods: the initial population is a batch, the generations
 * pagmo's own one-by-one evaluations */
static void test_pagmo_bit_identical(void **state)
{
    (void)state;
    check_optimizer("pagmo:sade", 0);
    check_optimizer("pagmo:cmaes", 0);
    check_optimizer("pagmo:pso", 0);
}

/* A target reached inside a batch: the run counts up to the point that
 * reached it, for any thread count (values computed past it on other
 * threads are not counted), and never calls the objective beyond the
 * budget. */
static void test_target_inside_a_batch(void **state)
{
    (void)state;
    const char *names[] = {"random", "icaco"};
    for (size_t n = 0; n < 2; ++n) {
        outcome *one = run_once(names[n], 0, 1, 3000, 1, 2.0);
        assert_int_equal(one->result->stop, HF_STOP_TARGET);
        assert_true(one->result->f <= 2.0);
        /* the last counted evaluation is the one that reached the target */
        long last = (long)one->result->evaluations - 1;
        assert_memory_equal(&one->calls.value[last], &one->result->f, sizeof(double));
        assert_int_equal(atomic_load(&one->calls.calls), (long)one->result->evaluations);
        for (int threads = 2; threads <= 3; ++threads) {
            outcome *many = run_once(names[n], 0, threads, 3000, 1, 2.0);
            assert_same(one, many);
            assert_true(atomic_load(&many->calls.calls) >= (long)many->result->evaluations);
            assert_true(atomic_load(&many->calls.calls) <= 3000);
            outcome_free(many);
        }
        outcome_free(one);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ica_bit_identical),
        cmocka_unit_test(test_icaco_bit_identical),
        cmocka_unit_test(test_random_bit_identical),
        cmocka_unit_test(test_pagmo_bit_identical),
        cmocka_unit_test(test_target_inside_a_batch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
