/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_restitution.c — the exact relation h_r(c_r) of Eq. 39
 * (Safaeifar & Farshidianfar 2020) and its inverse, to 1e-12 relative.
 *
 * Independent references:
 *  1. 80-digit decimal bisection at the exact binary value of each c
 *     (tests/reference/hr_reference.py; its output is pasted below).
 *  2. c → 1, ε = 1 − c: substituting h = Aε + Bε² + Cε³ + … into the
 *     divided relation Σ_{k≥2} [(−1)^k − c^k] h^{k−2}/k = 0 and matching
 *     powers of ε gives A = 3/2 (ε¹: 1 − 2A/3 = 0), B = 3/2
 *     (ε²: −1/2 − 2B/3 + A = 0), C = 27/20 (ε³: −2C/3 + B − A + A² − 2A³/5
 *     = 0), and D = 6/5 at ε⁴; tests/reference/hr_series.py repeats the
 *     matching in exact rational arithmetic and prints all four.
 *     Truncation error is O(ε⁵) relative to ε, i.e. < 1e-15 relative for
 *     ε ≤ 1e-4.
 *  3. c → 0: with h = 1/c − δ, Φ(h) = Φ(−ch) (Φ(x) = x − ln(1+x)) gives
 *     −1 − ln(cδ) ≈ 1/c − ln(1 + 1/c) to leading order, so
 *     h = (1/c)(1 − (1 + 1/c) e^{−1−1/c}); the neglected terms are of
 *     relative order (e^{−1/c}/c)² — below 1e-40 for c ≤ 0.02.
 * The tolerance 1e-12 is the accuracy the solver promises in
 * hertzfit/damping.h; the decimal values carry 21 digits, so reference
 * rounding does not enter.
 */
#include "hf_test.h"

#include <float.h>
#include <math.h>

#include "hertzfit/damping.h"

typedef struct { double c, h; } ref_pair;

/* Output of tests/reference/hr_reference.py. */
static const ref_pair references[] = {
    {1e-6, 1.00000000000000004525e+6},
    {1e-5, 9.99999999999999918197e+4},
    {1e-4, 9.99999999999999952078e+3},
    {1e-3, 9.99999999999999979183e+2},
    {0.01, 9.99999999999999979183e+1},
    {0.02, 4.99999999999999989590e+1},
    {0.05, 1.99999996815323592544e+1},
    {0.1, 9.99815939749566726192e+0},
    {0.2, 4.91916671579078621563e+0},
    {0.3, 3.08708198112962438051e+0},
    {0.4, 2.08249816414700680660e+0},
    {0.5, 1.43275053327137502805e+0},
    {0.6, 9.74871710813265373972e-1},
    {0.7, 6.34828281266416874161e-1},
    {0.74, 5.22311178293804930731e-1},
    {0.75, 4.95911318234487297597e-1},
    {0.76, 4.70155388767413115528e-1},
    {0.8, 3.73146203365053565270e-1},
    {0.9, 1.66481950685308063899e-1},
    {0.95, 7.89266052874153049728e-2},
    {0.99, 1.51513621094410187233e-2},
    {0.999, 1.50150135120108662446e-3},
    {0.9999, 1.50015001350103487421e-4},
    {0.999999, 1.50000150004448358424e-6},
    {0.999999999, 1.49999995907710272137e-9},
};

#define REL_TOL 1e-12

static void test_against_decimal_reference(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof references / sizeof references[0]; ++i) {
        double h = -1.0;
        assert_int_equal(hf_restitution_hr_exact(references[i].c, &h, NULL), HF_OK);
        HF_ASSERT_CLOSE(h, references[i].h, 0.0, REL_TOL);
    }
}

static void test_series_near_one(void **state)
{
    (void)state;
    const double cs[] = {1.0 - 1e-4, 1.0 - 3.7e-6, 1.0 - 1e-7, 1.0 - 2.385e-8, 1.0 - 1e-9};
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; ++i) {
        double eps = 1.0 - cs[i]; /* exact (Sterbenz) */
        double expected = eps * (1.5 + eps * (1.5 + eps * (1.35 + eps * 1.2)));
        double h;
        assert_int_equal(hf_restitution_hr_exact(cs[i], &h, NULL), HF_OK);
        HF_ASSERT_CLOSE(h, expected, 0.0, REL_TOL);
    }
}

static void test_asymptote_near_zero(void **state)
{
    (void)state;
    const double cs[] = {1e-6, 2.385e-5, 1e-3, 0.01, 0.02};
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; ++i) {
        double c = cs[i];
        double expected = (1.0 - (1.0 + 1.0 / c) * exp(-1.0 - 1.0 / c)) / c;
        double h;
        assert_int_equal(hf_restitution_hr_exact(c, &h, NULL), HF_OK);
        HF_ASSERT_CLOSE(h, expected, 0.0, REL_TOL);
    }
}

static void test_dense_sweep_satisfies_relation_and_inverts(void **state)
{
    (void)state;
    /* Sweep of c from 1e-6 to 0.79 (log c) then 0.80 to 1 − 1e-9 (log 1 − c): the
     * inverse must return c to 1e-12 relative, and h must decrease with c. */
    double previous = INFINITY;
    for (int i = 0; i <= 400; ++i) {
        double c = (i <= 200) ? pow(10.0, -6.0 + 6.0 * i / 200.0 * (5.9 / 6.0))
                              : 1.0 - pow(10.0, -0.7 - 8.3 * (i - 200) / 200.0);
        double h, back;
        assert_int_equal(hf_restitution_hr_exact(c, &h, NULL), HF_OK);
        assert_true(h < previous);
        previous = h;
        assert_int_equal(hf_restitution_cr_exact(h, &back, NULL), HF_OK);
        HF_ASSERT_CLOSE(back, c, 0.0, REL_TOL);
    }
}

static void test_inverse_against_reference(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof references / sizeof references[0]; ++i) {
        /* For c ≤ 0.01 the gap 1/c − h (< 1e-40 relative) is below double
         * resolution, so h does not determine c better than c itself does. */
        if (references[i].c <= 0.01)
            continue;
        double c;
        assert_int_equal(hf_restitution_cr_exact(references[i].h, &c, NULL), HF_OK);
        HF_ASSERT_CLOSE(c, references[i].c, 0.0, REL_TOL);
    }
}

static void test_endpoints_and_domain(void **state)
{
    (void)state;
    double h = 7.0, c = 7.0;
    assert_int_equal(hf_restitution_hr_exact(1.0, &h, NULL), HF_OK);
    assert_true(h == 0.0);
    assert_int_equal(hf_restitution_cr_exact(0.0, &c, NULL), HF_OK);
    assert_true(c == 1.0);
    assert_int_equal(hf_restitution_hr_exact(0.0, &h, NULL), HF_EDOM);
    assert_int_equal(hf_restitution_hr_exact(-0.5, &h, NULL), HF_EDOM);
    assert_int_equal(hf_restitution_hr_exact(1.0 + DBL_EPSILON, &h, NULL), HF_EDOM);
    assert_int_equal(hf_restitution_hr_exact(NAN, &h, NULL), HF_EDOM);
    assert_int_equal(hf_restitution_hr_exact(INFINITY, &h, NULL), HF_EDOM);
    assert_int_equal(hf_restitution_cr_exact(-1e-3, &c, NULL), HF_EDOM);
    assert_int_equal(hf_restitution_cr_exact(NAN, &c, NULL), HF_EDOM);
    assert_int_equal(hf_restitution_cr_exact(INFINITY, &c, NULL), HF_EDOM);
    /* Huge h: c ~ 1/h, still positive and finite. */
    assert_int_equal(hf_restitution_cr_exact(1e300, &c, NULL), HF_OK);
    HF_ASSERT_CLOSE(c, 1e-300, 0.0, 1e-12);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_decimal_reference),
        cmocka_unit_test(test_series_near_one),
        cmocka_unit_test(test_asymptote_near_zero),
        cmocka_unit_test(test_dense_sweep_satisfies_relation_and_inverts),
        cmocka_unit_test(test_inverse_against_reference),
        cmocka_unit_test(test_endpoints_and_domain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
