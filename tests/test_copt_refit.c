/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_copt_refit.c — the refit of α(n), β(n) (hertzfit/copt_refit.h)
 * on a small grid: bit-identical for 1 and 2 threads, at least as good a
 * fit of the simulated c_opt as the paper's Eqs. 46–47; bad grids refused
 * before any work, a failure during the work named by its n.
 */
#include "hf_test.h"

#include <math.h>
#include <string.h>

#include "hertzfit/copt_refit.h"
#include "hertzfit/runs.h"

/* The contact (n, m, k, v) of the tests' tables (hertzfit/contact.h). */
#define HERTZ(n, m, k, v) \
    (&(const hf_contact){.mass = (m), .stiffness = (k), .exponent = (n), .approach_speed = (v)})

/* A small refit (the full 600 × 100 grid is bench/bench_impact): bit-
 * identical with 1 and 2 threads, and the least-squares α, β fit the
 * simulated c_opt at least as well as the paper's Eqs. 46–47 do. */
static void test_refit_small_grid(void **state)
{
    (void)state;
    enum { NN = 4, NE = 40 };
    double n[NN] = {1.0, 1.3, 1.6, 2.0}, e[NE];
    for (int j = 0; j < NE; ++j)
        e[j] = 0.45 + 0.55 * j / (NE - 1.0);
    double a1[NN], b1[NN], r1[NN], a2[NN], b2[NN], r2[NN];
    hf_copt_refit_config cfg;
    hf_copt_refit_config_init(&cfg);
    cfg.n_grid = n;
    cfg.n_count = NN;
    cfg.e_grid = e;
    cfg.e_count = NE;
    cfg.threads = 1;
    assert_int_equal(hf_copt_refit(&cfg, a1, b1, r1, NULL), HF_OK);
    cfg.threads = 2;
    assert_int_equal(hf_copt_refit(&cfg, a2, b2, r2, NULL), HF_OK);
    assert_memory_equal(a1, a2, sizeof a1);
    assert_memory_equal(b1, b2, sizeof b1);
    assert_memory_equal(r1, r2, sizeof r1);
    for (int i = 0; i < NN; ++i) {
        double paper = 0.0;
        for (int j = 0; j < NE; ++j) {
            double c, cf;
            assert_int_equal(hf_copt_solve(HERTZ(n[i], 1.0, 1.0, 1.0), e[j], NULL, &c, NULL), HF_OK);
            assert_int_equal(hf_copt_closed_form(HERTZ(n[i], 1.0, 1.0, 1.0), e[j],
                                                 hf_copt_alpha_paper(n[i]),
                                                 hf_copt_beta_paper(n[i]), &cf, NULL), HF_OK);
            paper += (cf - c) * (cf - c);
        }
        paper = sqrt(paper / NE);
        if (!(r1[i] <= paper))
            fail_msg("n = %g: refit rms %g above the paper's %g", n[i], r1[i], paper);
        /* The shape of Eq. 45 fits c_opt to ~1e-3 of its size over [0.45, 1]. */
        assert_true(r1[i] < 1e-3);
        assert_true(a1[i] > 1.0 && a1[i] < 3.5 && b1[i] < -0.1 && b1[i] > -0.6);
    }
}

/* Inputs are checked before any job starts; progress counts every n. */
static void count_progress(size_t done, size_t total, void *user)
{
    size_t *calls = user;
    assert_true(done >= 1 && done <= total);
    ++*calls;
}

static void test_refit_inputs_and_progress(void **state)
{
    (void)state;
    double n_bad[1] = {3.0}, n_ok[2] = {1.0, 1.5}, e_grid[3] = {0.5, 0.7, 1.0};
    double e_bad[3] = {0.5, 1.2, 1.0}, a[2], b[2], r[2];
    hf_diag diag = {{0}};
    hf_copt_refit_config cfg;
    hf_copt_refit_config_init(&cfg);
    cfg.n_grid = n_bad;
    cfg.n_count = 1;
    cfg.e_grid = e_grid;
    cfg.e_count = 3;
    assert_int_equal(hf_copt_refit(&cfg, a, b, r, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "n = 3"));
    cfg.n_grid = n_ok;
    cfg.n_count = 2;
    cfg.e_grid = e_bad;
    assert_int_equal(hf_copt_refit(&cfg, a, b, r, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "e[1] = 1.2"));
    cfg.e_grid = e_grid;
    cfg.e_count = 2;
    assert_int_equal(hf_copt_refit(&cfg, a, b, r, &diag), HF_EINVAL);
    cfg.e_count = 3;
    cfg.threads = -1;
    assert_int_equal(hf_copt_refit(&cfg, a, b, r, &diag), HF_EINVAL);
    cfg.threads = HF_THREADS_MAX + 1;
    assert_int_equal(hf_copt_refit(&cfg, a, b, r, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "threads"));
    assert_int_equal(hf_copt_refit(NULL, a, b, r, &diag), HF_EINVAL);
    /* c_max too small for any e < 1: every n fails, the lowest is named */
    size_t calls = 0;
    cfg.threads = 2;
    cfg.copt.c_max = 1e-6;
    cfg.progress = count_progress;
    cfg.progress_user = &calls;
    assert_int_equal(hf_copt_refit(&cfg, a, b, r, &diag), HF_EBRACKET);
    assert_true(strncmp(diag.text, "n = 1: ", 7) == 0);
    assert_int_equal(calls, 2);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refit_small_grid),
        cmocka_unit_test(test_refit_inputs_and_progress),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
