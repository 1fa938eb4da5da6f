/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_bench_problems.c — the problem registry: canonical names,
 * dimensions, the calibration problems' f* equal to the closed-form
 * minimum of hertzfit/profile_objective.h and below every sampled value,
 * maxwell-full's misfit at the truth of its synthetic data, and the
 * refusals (unknown name with the list, bad dimension, missing file),
 * and the seeded shift (optimum moved to the drawn point, f* unchanged).
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#include <math.h>

#include "hertzfit/bench_problems.h"
#include "hertzfit/profile_objective.h"
#include "hertzfit/rng.h"
#include "core/problem_internal.h"
#include "objectives/bench_internal.h"
#include "core/rng_draw.h"

#define DATA HERTZFIT_SOURCE_DIR "/data"

static void test_names_and_dimensions(void **state)
{
    (void)state;
    hf_bench_problem *bp = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_bench_problem_alloc("ackley", DATA, &bp, &diag), HF_OK);
    assert_string_equal(hf_bench_problem_problem(bp)->name, "ackley:2");
    assert_string_equal(hf_bench_problem_family(bp), "ackley");
    hf_bench_problem_free(bp);
    assert_int_equal(hf_bench_problem_alloc("levy:7", DATA, &bp, &diag), HF_OK);
    assert_int_equal(hf_bench_problem_problem(bp)->dim, 7);
    hf_bench_problem_free(bp);
    assert_int_equal(hf_bench_problem_alloc("profile:2", DATA, &bp, &diag), HF_OK);
    assert_string_equal(hf_bench_problem_problem(bp)->name, "profile");
    hf_bench_problem_free(bp);
    assert_int_equal(hf_bench_problem_family_count(), 13);
    assert_string_equal(hf_bench_problem_family_at(10), "profile-table");
    assert_string_equal(hf_bench_problem_family_at(11), "maxwell-full");
    assert_string_equal(hf_bench_problem_family_at(12), "bbob");
    assert_null(hf_bench_problem_family_at(13));
}

/* f* of the calibration problems is the closed form, and no point of the
 * box does better (to rounding of the RMS evaluation, 1e-12 relative). */
static void test_calibration_optimum(void **state)
{
    (void)state;
    const char *names[] = {"profile", "profile-table"};
    hf_rng rng;
    hf_rng_seed(&rng, 2385u, 1u);
    for (int k = 0; k < 2; ++k) {
        hf_bench_problem *bp = NULL;
        hf_diag diag = {{0}};
        assert_int_equal(hf_bench_problem_alloc(names[k], DATA, &bp, &diag), HF_OK);
        const hf_problem *p = hf_bench_problem_problem(bp);
        assert_int_equal(p->dim, 2);
        assert_int_equal(p->has_optimum, 1);
        hf_profile_objective *obj = NULL;
        if (k == 0) {
            double *c = NULL;
            size_t n = 0;
            assert_int_equal(hf_profile_sampling_grid(HF_SAMPLING_START, HF_SAMPLING_STEP, HF_SAMPLING_STOP,
                                              &c, &n, &diag), HF_OK);
            assert_int_equal(hf_profile_objective_alloc(c, n, &obj, &diag), HF_OK);
            free(c);
        } else {
            assert_int_equal(hf_profile_objective_alloc_table(DATA "/safaeifar2020_table2.csv",
                                                             &obj, &diag), HF_OK);
        }
        double k0, integral, rms_min;
        hf_profile_objective_optimum(obj, &k0, &integral, &rms_min);
        HF_ASSERT_CLOSE(p->f_opt, rms_min, 0.0, 0.0);
        for (int s = 0; s < 500; ++s) {
            double x[2] = {hf_rng_uniform_range(&rng, p->lower[0], p->upper[0]),
                           hf_rng_uniform_range(&rng, p->lower[1], p->upper[1])};
            assert_true(p->f(x, p->ctx) >= p->f_opt * (1.0 - 1e-12));
        }
        hf_profile_objective_free(obj);
        hf_bench_problem_free(bp);
    }
}

/* maxwell-full: the clean synthetic data are the model's own output at
 * (mu0, eta) = (10 MPa, 300 1/s), i.e. x = (1e7/1.2e7, 300/250) in the
 * scaled variables, so the misfit there is 0 up to the ODE tolerance of
 * the simulations (per-step tolerance 1e-12; even a 1e-9 relative error
 * on each of the 72 observables would sum to < 1e-16, so 1e-14 is loose);
 * 10 % off the truth it is far from 0. */
static void test_maxwell_full(void **state)
{
    (void)state;
    hf_bench_problem *bp = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_bench_problem_alloc("maxwell-full", DATA, &bp, &diag), HF_OK);
    const hf_problem *p = hf_bench_problem_problem(bp);
    assert_string_equal(p->name, "maxwell-full");
    assert_int_equal(p->dim, 2);
    assert_int_equal(p->has_optimum, 1);
    assert_int_equal(hf_problem_check(p, &diag), HF_OK);
    const double truth[2] = {1e7 / 1.2e7, 300.0 / 250.0}, off[2] = {0.9, 1.1};
    HF_ASSERT_CLOSE(p->f(truth, p->ctx), 0.0, 1e-14, 0.0);
    assert_true(p->f(off, p->ctx) > 1e-3);
    hf_bench_problem_free(bp);
    assert_int_equal(hf_bench_problem_alloc("maxwell-full:3", DATA, &bp, &diag), HF_EINVAL);
    assert_int_equal(hf_bench_problem_alloc("maxwell-full", "/nonexistent", &bp, &diag), HF_EIO);
}

static void test_refusals(void **state)
{
    (void)state;
    hf_bench_problem *bp = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_bench_problem_alloc("zz:3", DATA, &bp, &diag), HF_ENOTFOUND);
    assert_non_null(strstr(diag.text, "griewank"));
    assert_int_equal(hf_bench_problem_alloc("sphere:0", DATA, &bp, &diag), HF_EINVAL);
    assert_int_equal(hf_bench_problem_alloc("sphere:x", DATA, &bp, &diag), HF_EINVAL);
    assert_int_equal(hf_bench_problem_alloc("sphere:-2", DATA, &bp, &diag), HF_EINVAL);
    assert_int_equal(hf_bench_problem_alloc("profile-table:5", DATA, &bp, &diag), HF_EINVAL);
    assert_int_equal(hf_bench_problem_alloc(":3", DATA, &bp, &diag), HF_ENOTFOUND);
    assert_int_equal(hf_bench_problem_alloc("profile-table", "/nonexistent", &bp, &diag), HF_EIO);
    assert_non_null(strstr(diag.text, "/nonexistent"));
    assert_null(bp);
}

static void shifted(const char *name, uint64_t seed, hf_bench_problem **bp)
{
    hf_diag diag = {{0}};
    assert_int_equal(hf_bench_problem_alloc(name, DATA, bp, &diag), HF_OK);
    assert_int_equal(hf_bench_problem_shift(*bp, seed, &diag), HF_OK);
}

/* The shift moves the minimiser to the PCG-drawn point, which is inside
 * the inner 80 % of the box, and keeps f* to the last bit: at the drawn
 * point f sees exactly the classic minimiser ((z - z) + x0 = x0 with no
 * rounding), so the comparisons are exact, not toleranced. */
static void test_shift(void **state)
{
    (void)state;
    static const char *const names[] = {"sphere:3", "rosenbrock:4", "rastrigin:2",
                                        "ackley:10", "styblinski-tang:3", "levy:5",
                                        "griewank:2", "ellipsoid:3", "sphere:80"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; ++k) {
        hf_bench_problem *a = NULL, *b = NULL, *other = NULL;
        shifted(names[k], 11, &a);
        shifted(names[k], 11, &b);
        shifted(names[k], 12, &other);
        const hf_problem *p = hf_bench_problem_problem(a);
        const double *z = hf_bench_problem_optimum_point(a);
        assert_non_null(z);
        double *x0 = malloc(sizeof *x0 * p->dim);
        assert_non_null(x0);
        double f_opt = 0.0;
        hf_diag diag = {{0}};
        assert_int_equal(hf_testfunction_optimum(hf_testfunction_find(hf_bench_problem_family(a)),
                                                 p->dim, x0, &f_opt, &diag), HF_OK);
        assert_true(p->f_opt == f_opt);           /* f* unchanged */
        assert_true(p->f(z, p->ctx) == p->f_opt); /* and reached at the drawn point */
        /* the classic minimiser is no longer optimal */
        assert_true(p->f(x0, p->ctx) > p->f_opt + 1e-3);
        int moved_by_seed = 0;
        for (size_t i = 0; i < p->dim; ++i) {
            double w = p->upper[i] - p->lower[i];
            assert_true(z[i] >= p->lower[i] + 0.1 * w && z[i] <= p->upper[i] - 0.1 * w);
            assert_true(z[i] == hf_bench_problem_optimum_point(b)[i]);   /* deterministic */
            moved_by_seed |= z[i] != hf_bench_problem_optimum_point(other)[i];
        }
        assert_true(moved_by_seed);
        free(x0);
        hf_bench_problem_free(a);
        hf_bench_problem_free(b);
        hf_bench_problem_free(other);
    }
    /* left classic: Schwefel 2.26 (unbounded below outside its box) and
     * the calibration problems */
    hf_bench_problem *bp = NULL;
    shifted("schwefel226:2", 11, &bp);
    assert_null(hf_bench_problem_optimum_point(bp));
    hf_bench_problem_free(bp);
    shifted("profile", 11, &bp);
    assert_null(hf_bench_problem_optimum_point(bp));
    hf_bench_problem_free(bp);
    /* the test-function API refuses what the registry skips */
    hf_testproblem *tp = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_testproblem_alloc("schwefel226", 2, &tp, &diag), HF_OK);
    const double z[2] = {1.0, 2.0};
    assert_int_equal(hf_testproblem_shift(tp, z, &diag), HF_EINVAL);
    hf_testproblem_free(tp);
    assert_int_equal(hf_testproblem_alloc("sphere", 2, &tp, &diag), HF_OK);
    const double outside[2] = {1.0, 6.0};
    assert_int_equal(hf_testproblem_shift(tp, outside, &diag), HF_EBOUNDS);
    assert_null(hf_testproblem_optimum_point(tp));
    hf_testproblem_free(tp);
}

/* "bbob:F:D:I" is COCO's bbob_fF_iI_dD.  The references are COCO's own
 * output, copied from tests/data/bbob/ (README.md there says how COCO
 * printed them): bbob_reference.csv rows (3,2,1,0), (3,2,2,0), (8,3,2,1)
 * and (20,5,15,2), bbob_fopt.csv rows f3 i1..i3, bbob_optima.csv rows
 * (3,2,2) and (8,2,1).  The registry calls the same code as
 * tests/test_bbob.c, which checks the whole tables to 1e-9 relative; the
 * same bound here (hertzfit reproduces them to the last bit on glibc). */
static void assert_bbob_value(const char *name, const double *x, double expected)
{
    hf_bench_problem *bp = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_bench_problem_alloc(name, NULL, &bp, &diag), HF_OK);
    const hf_problem *p = hf_bench_problem_problem(bp);
    double f = p->f(x, p->ctx);
    assert_true(fabs(f - expected) <= 1e-9 * fabs(expected));
    hf_bench_problem_free(bp);
}

static void test_bbob_problems(void **state)
{
    (void)state;
    const double origin[2] = {0.0, 0.0};
    assert_bbob_value("bbob:3:2:1", origin, -383.06427743867573);
    assert_bbob_value("bbob:03:02:02", origin, 119.6497698893256);
    const double x8[3] = {2.4375, 0.8515625, 3.8828125};
    assert_bbob_value("bbob:8:3:2", x8, 150687.12741080954);
    const double x20[5] = {1.9921875, -2.28125, 0.7890625, 3.6953125, -1.21875};
    assert_bbob_value("bbob:20:5:15", x20, 14782.946804229583);

    hf_bench_problem *bp = NULL;
    hf_diag diag = {{0}};
    /* canonical names without leading zeros; the box and f* are BBOB's */
    assert_int_equal(hf_bench_problem_alloc("bbob:03:02:02", NULL, &bp, &diag), HF_OK);
    const hf_problem *p = hf_bench_problem_problem(bp);
    assert_string_equal(p->name, "bbob:3:2:2");
    assert_string_equal(hf_bench_problem_family(bp), "bbob");
    assert_int_equal(p->dim, 2);
    assert_true(p->lower[0] == -5.0 && p->upper[1] == 5.0);
    assert_true(p->has_optimum && p->f_opt == 77.659999999999997);
    double x_opt[2];
    int x_known = 0;
    double f_opt = 0.0;
    assert_int_equal(hf_bench_problem_optimum(bp, x_opt, &x_known, &f_opt, &diag), HF_OK);
    assert_int_equal(x_known, 1);
    assert_true(f_opt == 77.659999999999997);
    assert_true(fabs(x_opt[0] - 2.3983999999999996) <= 1e-15 &&
                fabs(x_opt[1] + 0.85599999999999987) <= 1e-15);
    /* a fixed instance is the same problem in every run */
    assert_int_equal(hf_bench_problem_prepare_runs(bp, 3, &diag), HF_OK);
    assert_ptr_equal(hf_bench_problem_run(bp, 2), p);
    hf_bench_problem_free(bp);

    /* "bbob:F:D": run r is instance r + 1, as in a COCO experiment */
    assert_int_equal(hf_bench_problem_alloc("bbob:3:2", NULL, &bp, &diag), HF_OK);
    assert_string_equal(hf_bench_problem_problem(bp)->name, "bbob:3:2");
    assert_true(hf_bench_problem_problem(bp)->f_opt == -462.08999999999997);
    assert_null(hf_bench_problem_run(bp, 1));   /* not prepared yet */
    assert_int_equal(hf_bench_problem_prepare_runs(bp, 3, &diag), HF_OK);
    const double fopt[3] = {-462.08999999999997, 77.659999999999997, 115.68000000000001};
    for (size_t r = 0; r < 3; ++r) {
        const hf_problem *pr = hf_bench_problem_run(bp, r);
        assert_string_equal(pr->name, "bbob:3:2");
        assert_true(pr->f_opt == fopt[r]);
    }
    assert_true(fabs(hf_bench_problem_run(bp, 0)->f(origin, hf_bench_problem_run(bp, 0)->ctx) +
                     383.06427743867573) <= 1e-9 * 383.06427743867573);
    assert_true(fabs(hf_bench_problem_run(bp, 1)->f(origin, hf_bench_problem_run(bp, 1)->ctx) -
                     119.6497698893256) <= 1e-9 * 119.6497698893256);
    assert_null(hf_bench_problem_run(bp, 3));
    /* --shift leaves BBOB alone: its instances place the optimum */
    assert_int_equal(hf_bench_problem_shift(bp, 5, &diag), HF_OK);
    assert_null(hf_bench_problem_optimum_point(bp));
    hf_bench_problem_free(bp);

    /* refusals name the bad field and the range */
    const char *bad[] = {"bbob", "bbob:3", "bbob:0:2", "bbob:25:2", "bbob:3:1", "bbob:3:45",
                         "bbob:3:2:0", "bbob:3:2:x", "bbob:3:2:1:4", "bbob:3::1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        diag.text[0] = '\0';
        assert_int_equal(hf_bench_problem_alloc(bad[i], NULL, &bp, &diag), HF_EINVAL);
        assert_null(bp);
        assert_non_null(strstr(diag.text, bad[i]));
    }
}

/* Ids fixed by the name: BBOB's function numbers, hertzfit's from 101,
 * every family distinct, the same at any dimension or instance. */
static void test_problem_ids(void **state)
{
    (void)state;
    hf_diag diag = {{0}};
    unsigned id = 0;
    assert_int_equal(hf_bench_problem_id("bbob:7:3", &id, &diag), HF_OK);
    assert_int_equal(id, 7);
    assert_int_equal(hf_bench_problem_id("bbob:24:40:110", &id, &diag), HF_OK);
    assert_int_equal(id, 24);
    assert_int_equal(hf_bench_problem_id("sphere:10", &id, &diag), HF_OK);
    assert_int_equal(id, 101);
    assert_int_equal(hf_bench_problem_id("sphere", &id, &diag), HF_OK);
    assert_int_equal(id, 101);
    assert_int_equal(hf_bench_problem_id("maxwell-full", &id, &diag), HF_OK);
    assert_int_equal(id, 203);
    assert_int_equal(hf_bench_problem_id("spere:2", &id, &diag), HF_ENOTFOUND);
    assert_int_equal(hf_bench_problem_id("bbob:25:2", &id, &diag), HF_EINVAL);
    unsigned seen[64];
    size_t n = 0;
    for (size_t i = 0; i < hf_bench_problem_family_count(); ++i) {
        const char *family = hf_bench_problem_family_at(i);
        if (strcmp(family, "bbob") == 0)
            continue;
        assert_int_equal(hf_bench_problem_id(family, &id, &diag), HF_OK);
        assert_true(id > HF_BBOB_FUNCTION_COUNT);   /* never read as a BBOB function */
        for (size_t j = 0; j < n; ++j)
            assert_true(seen[j] != id);
        seen[n++] = id;
    }
}

/* The optimum as the registry reports it: the test functions' minimiser,
 * maxwell-full's truth, and no point for the profile valley. */
static void test_reported_optimum(void **state)
{
    (void)state;
    hf_bench_problem *bp = NULL;
    hf_diag diag = {{0}};
    double x[3] = {NAN, NAN, NAN}, f = NAN;
    int known = -1;
    assert_int_equal(hf_bench_problem_alloc("rosenbrock:3", DATA, &bp, &diag), HF_OK);
    assert_int_equal(hf_bench_problem_optimum(bp, x, &known, &f, &diag), HF_OK);
    assert_int_equal(known, 1);
    assert_true(x[0] == 1.0 && x[1] == 1.0 && x[2] == 1.0 && f == 0.0);
    hf_bench_problem_free(bp);
    assert_int_equal(hf_bench_problem_alloc("profile", DATA, &bp, &diag), HF_OK);
    assert_int_equal(hf_bench_problem_optimum(bp, x, &known, &f, &diag), HF_OK);
    assert_int_equal(known, 0);
    assert_true(f == hf_bench_problem_problem(bp)->f_opt);
    hf_bench_problem_free(bp);
    assert_int_equal(hf_bench_problem_alloc("maxwell-full", DATA, &bp, &diag), HF_OK);
    assert_int_equal(hf_bench_problem_optimum(bp, x, &known, &f, &diag), HF_OK);
    assert_int_equal(known, 1);
    const hf_problem *p = hf_bench_problem_problem(bp);
    assert_true(f == 0.0 && p->f(x, p->ctx) < 1e-12);   /* the misfit vanishes there */
    hf_bench_problem_free(bp);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_and_dimensions),
        cmocka_unit_test(test_calibration_optimum),
        cmocka_unit_test(test_maxwell_full),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_shift),
        cmocka_unit_test(test_bbob_problems),
        cmocka_unit_test(test_problem_ids),
        cmocka_unit_test(test_reported_optimum),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
