/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_loss_factor_orders.c — the order in the small parameter of
 * the viscoelastic corrections, on the exact viscoelastic impact.
 *
 * Argatov's Discussion says that for the LINEAR Maxwell impact model the
 * loading time changes at first order in the loss factor, t_m = t_m⁰(1 +
 * O(ζ)), and the contact duration only at second, t_c = t_c⁰(1 + O(ζ²)).
 * For the Hertzian Maxwell impact hertzfit solves exactly (Lee–Radok
 * loading, Ting unloading; ε of Argatov's Eq. 23 plays the part of ζ), the
 * log–log slope of |q/q⁰ − 1| against ε over ε = 0.0025 … 0.04 is fitted
 * (gsl_fit_linear) for the time of the peak force, the contact duration
 * and the maximum approach.  All three come out first order: the O(ζ²) of
 * the contact duration does not carry over to the Hertzian contact.
 * Tolerance: with |q/q⁰ − 1| = a ε (1 + b ε), the fitted slope is 1 plus
 * about b ε at the range's middle; the exact table gives |b ε| ≤ 0.04 at
 * ε = 0.04 for t_c (−1.069e-3 at 0.01, −4.125e-3 at 0.04), so 1 ± 0.05;
 * a second-order quantity would give 2.
 */
#include "hf_test.h"

#include <math.h>

#include <gsl/gsl_fit.h>

#include "hertzfit/maxwell.h"
#include "hertzfit/viscoelastic.h"

enum { N = 5 };

static void corrections_are_first_order(void **state)
{
    (void)state;
    hf_argatov_constants k;
    assert_int_equal(hf_argatov_constants_compute(&k, NULL), HF_OK);
    const int which[3] = {HF_ARGATOV_MASTER_T_M, HF_ARGATOV_MASTER_T_C, HF_ARGATOV_MASTER_W_M};
    double x[N], y[3][N];
    for (int i = 0; i < N; ++i) {
        double eps = 0.0025 * pow(2.0, i);   /* 0.0025 … 0.04 */
        hf_viscoelastic_master_point pt;
        assert_int_equal(hf_viscoelastic_master_evaluate(&k, eps, 1.0, &pt, NULL), HF_OK);
        x[i] = log(eps);
        for (int q = 0; q < 3; ++q)
            y[q][i] = log(fabs(pt.exact[which[q]] - 1.0));
    }
    for (int q = 0; q < 3; ++q) {
        double c0, c1, cov00, cov01, cov11, sumsq;
        assert_int_equal(gsl_fit_linear(x, 1, y[q], 1, N, &c0, &c1, &cov00, &cov01, &cov11,
                                        &sumsq), 0);
        print_message("order of |%s - 1|: %.4f (coefficient %.4f)\n",
                      which[q] == HF_ARGATOV_MASTER_T_C   ? "t_c/t_c0"
                      : which[q] == HF_ARGATOV_MASTER_T_M ? "t_M/t_m0"
                                                          : "w_m/w_m0",
                      c1, exp(c0));
        HF_ASSERT_CLOSE(c1, 1.0, 0.05, 0.0);
    }
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corrections_are_first_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
