/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_optimizer.c — the optimiser API shared by every algorithm:
 * the registry and names, key/value parameters with ranges, the evaluation
 * wrapper (counting, failed evaluations never best, budgets, target,
 * trace), bad problems, and `random` search.
 */
#include "hf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/algorithm.h"
#include "hertzfit/optimizer.h"
#include "hertzfit/runs.h"
#include "optimizers/optimizer_internal.h"

static const double lower2[2] = {-1.5, -2.0};
static const double upper2[2] = {2.385, 1.25};

/* Shifted sphere, minimum 0 at (0.3, -0.7). */
static double sphere(const double *x, void *ctx)
{
    (void)ctx;
    return (x[0] - 0.3) * (x[0] - 0.3) + (x[1] + 0.7) * (x[1] + 0.7);
}

/* Sphere that fails (NaN) on the half plane x0 < 0.5 — which holds the
 * sphere's lower values — and returns inf on x1 > 1. */
static double sphere_with_holes(const double *x, void *ctx)
{
    if (x[0] < 0.5)
        return NAN;
    if (x[1] > 1.0)
        return INFINITY;
    return sphere(x, ctx);
}

static hf_problem make_problem(hf_objective_fn f)
{
    hf_problem p = {"sphere", 2, lower2, upper2, f, NULL, 1, 0.0};
    return p;
}

static void test_names_and_unknown_name(void **state)
{
    (void)state;
    size_t n = hf_optimizer_name_count();
    assert_true(n > 10);
    int seen_random = 0, seen_bobyqa = 0;
    for (size_t i = 0; i < n; ++i) {
        const char *name = hf_optimizer_name_at(i);
        assert_non_null(name);
        seen_random += strcmp(name, "random") == 0;
        seen_bobyqa += strcmp(name, "nlopt:LN_BOBYQA") == 0;
        hf_optimizer *opt = NULL;
        assert_int_equal(hf_optimizer_alloc(name, 2, &opt, NULL), HF_OK);
        assert_string_equal(hf_optimizer_name(opt), name);
        hf_optimizer_free(opt);
    }
    assert_int_equal(seen_random, 1);
    assert_int_equal(seen_bobyqa, 1);
    assert_null(hf_optimizer_name_at(n));

    hf_optimizer *opt = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_optimizer_alloc("simplex", 2, &opt, &diag), HF_ENOTFOUND);
    assert_null(opt);
    assert_non_null(strstr(diag.text, "'simplex'"));
    assert_non_null(strstr(diag.text, "icaco"));
    assert_int_equal(hf_optimizer_alloc("nlopt:GN_NOPE", 2, &opt, &diag), HF_ENOTFOUND);
    assert_non_null(strstr(diag.text, "GN_NOPE"));
    assert_int_equal(hf_optimizer_alloc("random", 0, &opt, &diag), HF_EINVAL);
}

static void test_parameters_keys_and_ranges(void **state)
{
    (void)state;
    hf_optimizer *opt = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_optimizer_alloc("random", 2, &opt, &diag), HF_OK);
    double v = 0;
    assert_int_equal(hf_optimizer_get(opt, "batch", &v, NULL), HF_OK);
    HF_ASSERT_CLOSE(v, 20.0, 0.0, 0.0);
    assert_int_equal(hf_optimizer_set(opt, "batch", 7, &diag), HF_OK);
    assert_int_equal(hf_optimizer_get(opt, "batch", &v, NULL), HF_OK);
    HF_ASSERT_CLOSE(v, 7.0, 0.0, 0.0);
    assert_int_equal(hf_optimizer_set(opt, "batch", 0, &diag), HF_ERANGE);
    assert_non_null(strstr(diag.text, "batch"));
    assert_int_equal(hf_optimizer_set(opt, "batch", 2.5, &diag), HF_ERANGE);
    assert_int_equal(hf_optimizer_set(opt, "batch", NAN, &diag), HF_ERANGE);
    assert_int_equal(hf_optimizer_set(opt, "countries", 20, &diag), HF_ENOTFOUND);
    assert_non_null(strstr(diag.text, "valid: batch"));
    assert_int_equal(hf_optimizer_get(opt, "countries", &v, &diag), HF_ENOTFOUND);
    assert_non_null(strstr(diag.text, "optimizer 'random' has no parameter 'countries' "
                                      "(valid: batch)"));
    assert_int_equal(hf_optimizer_param_count(opt), 1);
    const char *key = NULL, *doc = NULL;
    assert_int_equal(hf_optimizer_param(opt, 0, &key, &v, &doc, NULL), HF_OK);
    assert_string_equal(key, "batch");
    assert_non_null(doc);
    assert_int_equal(hf_optimizer_param(opt, 1, &key, &v, &doc, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "optimizer 'random' has 1 parameters, not 2"));
    hf_optimizer_free(opt);
}

/* Every value the objective returned, in call order, so that a trace
 * point can be checked against the evaluation it names. */
typedef struct call_log {
    double f[512];
    size_t n;
} call_log;

static double logged_sphere(const double *x, void *ctx)
{
    call_log *log = ctx;
    double f = sphere(x, NULL);
    if (log->n < 512)
        log->f[log->n++] = f;
    return f;
}

/* ica's two variants: setting "variant" sets every parameter not set
 * explicitly to that variant's default, in whatever order the calls come;
 * the defaults of both variants and their sources can be listed. */
static void test_ica_variants(void **state)
{
    (void)state;
    hf_diag diag = {{0}};
    hf_optimizer *a = NULL, *b = NULL;
    assert_int_equal(hf_optimizer_alloc("icaco", 2, &a, &diag), HF_OK);
    assert_int_equal(hf_optimizer_alloc("icaco", 2, &b, &diag), HF_OK);
    assert_int_equal(hf_optimizer_variant_count(a), 2);
    double v = -1;
    /* the default is the ICACO paper: no revolution, competition to the strongest */
    assert_int_equal(hf_optimizer_get(a, "variant", &v, NULL), HF_OK);
    assert_true(v == 2023);
    assert_int_equal(hf_optimizer_get(a, "revolution_rate", &v, NULL), HF_OK);
    assert_true(v == 0.0);
    assert_int_equal(hf_optimizer_get(a, "competition", &v, NULL), HF_OK);
    assert_true(v == 0.0);
    /* 2007 then an explicit value, and the reverse order: the same values */
    assert_int_equal(hf_optimizer_set(a, "variant", 2007, &diag), HF_OK);
    assert_int_equal(hf_optimizer_set(a, "countries", 30, &diag), HF_OK);
    assert_int_equal(hf_optimizer_set(b, "countries", 30, &diag), HF_OK);
    assert_int_equal(hf_optimizer_set(b, "variant", 2007, &diag), HF_OK);
    for (size_t j = 0; j < hf_optimizer_param_count(a); ++j) {
        double va, vb;
        const char *key;
        assert_int_equal(hf_optimizer_param(a, j, &key, &va, NULL, NULL), HF_OK);
        assert_int_equal(hf_optimizer_param(b, j, NULL, &vb, NULL, NULL), HF_OK);
        assert_true(va == vb);
        double def2007, def2023;
        const char *source = NULL;
        assert_int_equal(hf_optimizer_param_default(a, j, 1, &def2007, &source, NULL), HF_OK);
        assert_int_equal(hf_optimizer_param_default(a, j, 0, &def2023, NULL, NULL), HF_OK);
        assert_non_null(source);
        if (strcmp(key, "countries") == 0)
            assert_true(va == 30 && def2007 == 20);
        else
            assert_true(va == def2007);
        if (strcmp(key, "revolution_rate") == 0)
            assert_true(def2023 == 0.0 && def2007 == 0.3);
    }
    assert_int_equal(hf_optimizer_set(a, "variant", 2010, &diag), HF_ERANGE);
    assert_non_null(strstr(diag.text, "valid: 2023, 2007"));
    assert_int_equal(hf_optimizer_param_default(a, 0, 2, &v, NULL, &diag), HF_EINVAL);
    hf_optimizer_free(a);
    hf_optimizer_free(b);
    assert_int_equal(hf_optimizer_alloc("random", 2, &a, &diag), HF_OK);
    assert_int_equal(hf_optimizer_variant_count(a), 1);
    hf_optimizer_free(a);
}

typedef struct trace_log {
    size_t calls;
    size_t last_iter;
    size_t last_evals;
    double last_f;
    int monotone;     /* f strictly down, evaluations strictly up, iterations not down */
    int exact;        /* f is what the objective returned at call EVALUATIONS, and
                       * below every earlier value */
    const call_log *objective;
} trace_log;

static void trace_cb(size_t iter, size_t evals, double f, const double *x, void *user)
{
    trace_log *t = user;
    (void)x;
    if (t->calls > 0 && (!(f < t->last_f) || iter < t->last_iter || evals <= t->last_evals))
        t->monotone = 0;
    if (t->objective != NULL) {
        const call_log *o = t->objective;
        if (evals < 1 || evals > o->n || o->f[evals - 1] != f)
            t->exact = 0;
        for (size_t k = 0; k + 1 < evals && k < o->n; ++k)
            if (!(o->f[k] > f))
                t->exact = 0;
    }
    t->calls++;
    t->last_iter = iter;
    t->last_evals = evals;
    t->last_f = f;
}

static void run_random(hf_objective_fn f, hf_run_config *run, hf_result *res)
{
    hf_problem p = make_problem(f);
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc("random", 2, &opt, NULL), HF_OK);
    assert_int_equal(hf_optimize(opt, &p, run, res, NULL), HF_OK);
    hf_optimizer_free(opt);
}

static void test_random_budget_trace_and_repeatability(void **state)
{
    (void)state;
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = 2385;
    run.stream = 3;
    run.max_evals = 437; /* not a multiple of the batch: stops mid-iteration */
    static call_log calls; /* 437 values: off the stack */
    calls.n = 0;
    trace_log log = {0, 0, 0, 0.0, 1, 1, &calls};
    run.trace = trace_cb;
    run.trace_user = &log;
    hf_result *a = NULL, *b = NULL;
    assert_int_equal(hf_result_alloc(2, &a, NULL), HF_OK);
    assert_int_equal(hf_result_alloc(2, &b, NULL), HF_OK);
    hf_problem logged = make_problem(logged_sphere);
    logged.ctx = &calls;
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc("random", 2, &opt, NULL), HF_OK);
    assert_int_equal(hf_optimize(opt, &logged, &run, a, NULL), HF_OK);
    hf_optimizer_free(opt);
    assert_int_equal(a->evaluations, 437);
    assert_int_equal(calls.n, 437);
    assert_int_equal(a->failed_evaluations, 0);
    assert_int_equal(a->stop, HF_STOP_MAXEVAL);
    assert_int_equal(a->iterations, 22); /* 21 full batches of 20 + 1 partial */
    /* one call per improvement, at the evaluation that made it (the first
     * evaluation is always one), inside an iteration that ran */
    size_t improvements = 0;
    double best = HUGE_VAL;
    for (size_t k = 0; k < calls.n; ++k)
        if (calls.f[k] < best) {
            best = calls.f[k];
            ++improvements;
        }
    assert_true(improvements > 1);
    assert_int_equal(log.calls, improvements);
    assert_true(log.monotone);
    assert_true(log.exact);
    assert_true(log.last_iter >= 1 && log.last_iter <= a->iterations);
    assert_true(a->f == log.last_f);
    assert_true(a->f < 0.05); /* 437 uniform points in a 3.9 x 3.25 box */
    HF_ASSERT_CLOSE(sphere(a->x, NULL), a->f, 0.0, 0.0);
    run.trace = NULL;
    run_random(sphere, &run, b);
    assert_memory_equal(a->x, b->x, 2 * sizeof(double));
    assert_memory_equal(&a->f, &b->f, sizeof(double));
    run.stream = 4;
    run_random(sphere, &run, b);
    assert_true(a->f != b->f);
    hf_result_free(a);
    hf_result_free(b);
}

static void test_failed_evaluations_never_best(void **state)
{
    (void)state;
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = 11;
    run.max_evals = 2000;
    hf_result *r = NULL;
    assert_int_equal(hf_result_alloc(2, &r, NULL), HF_OK);
    run_random(sphere_with_holes, &run, r);
    assert_int_equal(r->evaluations, 2000);
    /* x0 < 0.5 is 2/3.885 of the box: about half the draws fail. */
    assert_true(r->failed_evaluations > 700 && r->failed_evaluations < 1400);
    assert_true(isfinite(r->f));
    assert_true(r->x[0] >= 0.5 && r->x[1] <= 1.0);
    HF_ASSERT_CLOSE(r->f, sphere(r->x, NULL), 0.0, 0.0);
    hf_result_free(r);
}

static double always_nan(const double *x, void *ctx)
{
    (void)x;
    (void)ctx;
    return NAN;
}

static void test_all_failed_gives_inf(void **state)
{
    (void)state;
    hf_run_config run;
    hf_run_config_init(&run);
    run.max_evals = 50;
    hf_result *r = NULL;
    assert_int_equal(hf_result_alloc(2, &r, NULL), HF_OK);
    run_random(always_nan, &run, r);
    assert_int_equal(r->failed_evaluations, 50);
    assert_true(isinf(r->f) && r->f > 0);
    assert_true(isnan(r->x[0]));
    hf_result_free(r);
}

/* A host's interrupt (hf_interrupt_set): pending from the 26th call on. */
static int counted_calls;

static double counted_sphere(const double *x, void *ctx)
{
    ++counted_calls;
    return sphere(x, ctx);
}

static int interrupted_after_25(void) { return counted_calls >= 25; }

static void test_interrupt_stops_runs(void **state)
{
    (void)state;
    hf_run_config run;
    hf_run_config_init(&run);
    run.max_evals = 1000;
    hf_result *r = NULL;
    assert_int_equal(hf_result_alloc(2, &r, NULL), HF_OK);
    counted_calls = 0;
    hf_interrupt_set(interrupted_after_25);
    run_random(counted_sphere, &run, r);
    /* the run ends before its 26th evaluation, "failure" (not its budget),
     * keeping the best of what it did evaluate */
    assert_int_equal(r->evaluations, 25);
    assert_int_equal(counted_calls, 25);
    assert_int_equal(r->stop, HF_STOP_FAILURE);
    assert_true(isfinite(r->f));
    /* a run started while the interrupt is pending does not start */
    run_random(counted_sphere, &run, r);
    assert_int_equal(r->evaluations, 0);
    assert_int_equal(r->stop, HF_STOP_FAILURE);
    hf_interrupt_set(NULL);
    run_random(counted_sphere, &run, r);
    assert_int_equal(r->evaluations, 1000);
    assert_int_equal(r->stop, HF_STOP_MAXEVAL);
    hf_result_free(r);
}

static void test_target_and_iteration_budget(void **state)
{
    (void)state;
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = 5;
    run.has_target = 1;
    run.target = 0.1;
    run.max_evals = 100000;
    hf_result *r = NULL;
    assert_int_equal(hf_result_alloc(2, &r, NULL), HF_OK);
    run_random(sphere, &run, r);
    assert_int_equal(r->stop, HF_STOP_TARGET);
    assert_true(r->f <= 0.1);
    assert_true(r->evaluations < 1000);
    hf_run_config_init(&run);
    run.max_iters = 7;
    run_random(sphere, &run, r);
    assert_int_equal(r->stop, HF_STOP_MAXITER);
    assert_int_equal(r->iterations, 7);
    assert_int_equal(r->evaluations, 140);
    /* no budget at all: the algorithm's default (50 iterations of 20) */
    hf_run_config_init(&run);
    run_random(sphere, &run, r);
    assert_int_equal(r->evaluations, 1000);
    hf_result_free(r);
}

static void test_bad_problems_refused(void **state)
{
    (void)state;
    double lo[3] = {1.0, 0.0, 0.0}, hi[3] = {1.0, 1.0, 1.0};
    hf_problem p = {"flat", 2, lo, hi, sphere, NULL, 0, 0.0};
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc("random", 2, &opt, NULL), HF_OK);
    hf_run_config run;
    hf_run_config_init(&run);
    hf_result *r = NULL;
    assert_int_equal(hf_result_alloc(2, &r, NULL), HF_OK);
    hf_diag diag = {{0}};
    assert_int_equal(hf_optimize(opt, &p, &run, r, &diag), HF_EBOUNDS);
    assert_non_null(strstr(diag.text, "variable 0"));
    lo[0] = NAN;
    assert_int_equal(hf_optimize(opt, &p, &run, r, &diag), HF_EDOM);
    lo[0] = 0.0;
    p.dim = 3;
    assert_int_equal(hf_optimize(opt, &p, &run, r, &diag), HF_EMISMATCH);
    p.dim = 2;
    p.f = NULL;
    assert_int_equal(hf_optimize(opt, &p, &run, r, &diag), HF_EINVAL);
    assert_int_equal(r->evaluations, 0);
    hf_result_free(r);
    hf_optimizer_free(opt);
}

static void test_stop_reason_names(void **state)
{
    (void)state;
    assert_string_equal(hf_stop_reason_name(HF_STOP_MAXEVAL), "maxeval");
    assert_string_equal(hf_stop_reason_name(HF_STOP_TARGET), "target");
    assert_string_equal(hf_stop_reason_name((hf_stop_reason)99), "unknown");
}

/* ---- the caller's pointer reaches a registered algorithm's every run ---- */

static _Atomic int user_seen, user_wrong;
static void *user_expected;

/* A registered algorithm that checks the run's algorithm_user: what a
 * binding uses to know whose call a run on a library thread belongs to. */
static hf_status user_probe_run(const hf_algo_run *ctx, hf_diag *diag)
{
    (void)diag;
    if (ctx->run->algorithm_user == user_expected)
        ++user_seen;
    else
        ++user_wrong;
    double x[2];
    hf_uniform_point(ctx->rng, ctx->problem, x);
    hf_evaluator_eval(ctx->ev, x);
    return HF_OK;
}

static void test_algorithm_user_reaches_every_run(void **state)
{
    (void)state;
    static const hf_algorithm probe = {.name = "user-probe", .summary = "checks algorithm_user",
                                       .default_max_evals = 1, .run = user_probe_run};
    hf_diag diag = {{0}};
    assert_int_equal(hf_optimizer_register(&probe, &diag), HF_OK);
    static int tag;
    user_expected = &tag;
    hf_problem p = make_problem(sphere);
    const char *names[] = {"user-probe", "restart:user-probe"};
    for (int k = 0; k < 2; ++k) {
        hf_optimizer *opt = NULL;
        assert_int_equal(hf_optimizer_alloc(names[k], 2, &opt, &diag), HF_OK);
        /* one run on the calling thread (for restart:, its inner run) */
        user_seen = user_wrong = 0;
        hf_result *res = NULL;
        assert_int_equal(hf_result_alloc(2, &res, &diag), HF_OK);
        hf_run_config run;
        hf_run_config_init(&run);
        assert_null(run.algorithm_user);
        run.algorithm_user = &tag;
        run.max_evals = 1;
        assert_int_equal(hf_optimize(opt, &p, &run, res, &diag), HF_OK);
        assert_int_equal(user_wrong, 0);
        assert_int_equal(user_seen, 1);
        hf_result_free(res);
        /* eight runs on two threads */
        user_seen = user_wrong = 0;
        hf_runs_config cfg;
        hf_runs_config_init(&cfg);
        cfg.runs = 8;
        cfg.threads = 2;
        cfg.max_evals = 1;
        cfg.algorithm_user = &tag;
        hf_runs *runs = NULL;
        assert_int_equal(hf_runs_execute(opt, &p, &cfg, &runs, &diag), HF_OK);
        assert_int_equal(user_wrong, 0);
        assert_int_equal(user_seen, 8);
        hf_runs_free(runs);
        hf_optimizer_free(opt);
    }
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ica_variants),
        cmocka_unit_test(test_names_and_unknown_name),
        cmocka_unit_test(test_parameters_keys_and_ranges),
        cmocka_unit_test(test_random_budget_trace_and_repeatability),
        cmocka_unit_test(test_failed_evaluations_never_best),
        cmocka_unit_test(test_all_failed_gives_inf),
        cmocka_unit_test(test_target_and_iteration_budget),
        cmocka_unit_test(test_interrupt_stops_runs),
        cmocka_unit_test(test_bad_problems_refused),
        cmocka_unit_test(test_stop_reason_names),
        cmocka_unit_test(test_algorithm_user_reaches_every_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
