/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_damping.c — the damping-model catalogue: stable names, the
 * formulas of Table 1 (Safaeifar & Farshidianfar 2020) at hand-computed
 * points, and the domain checks.
 */
#include "hf_test.h"

#include <math.h>
#include <string.h>

#include "hertzfit/damping.h"

static double hr_of(const char *name, double c)
{
    hf_damping_id id;
    assert_int_equal(hf_damping_lookup(name, &id, NULL), HF_OK);
    double h = NAN;
    assert_int_equal(hf_damping_hr(id, c, NULL, &h, NULL), HF_OK);
    return h;
}

static void test_names_are_stable(void **state)
{
    (void)state;
    const char *names[] = {"hunt-crossley", "lankarani-nikravesh", "flores",
                           "gharib-hurmuzlu", "hu-guo", "safaeifar-farshidianfar",
                           "icaco", "exact", "profile", "poursina-residual"};
    assert_int_equal(HF_DAMPING_COUNT, 10);
    for (size_t i = 0; i < 10; ++i) {
        const hf_damping_model *m = hf_damping_at((hf_damping_id)i);
        assert_int_equal(m->id, i);   /* the catalogue is in the order of the enum */
        assert_string_equal(m->name, names[i]);
        assert_true(strlen(m->formula) > 0);
        assert_true(strlen(m->reference) > 0);
        hf_damping_id id = HF_DAMPING_COUNT;
        assert_int_equal(hf_damping_lookup(names[i], &id, NULL), HF_OK);
        assert_int_equal(id, i);
    }
    assert_int_equal(HF_DAMPING_PROFILE, 8);
    assert_true(hf_damping_at(HF_DAMPING_PROFILE)->needs_profile);
    assert_null(hf_damping_at(HF_DAMPING_COUNT));
    hf_damping_id id = HF_DAMPING_EXACT;
    assert_int_equal(hf_damping_lookup("hunt_crossley", &id, NULL), HF_ENOTFOUND);
    assert_int_equal(id, HF_DAMPING_EXACT);   /* untouched */
}

static void test_formulas_at_hand_computed_points(void **state)
{
    (void)state;
    /* c = 0.4: 1 − c = 0.6, 1 − c² = 0.84; exact fractions, so 1e-15. */
    HF_ASSERT_CLOSE(hr_of("hunt-crossley", 0.4), 0.9, 0.0, 1e-15);
    HF_ASSERT_CLOSE(hr_of("lankarani-nikravesh", 0.4), 0.63, 0.0, 1e-15);
    HF_ASSERT_CLOSE(hr_of("flores", 0.4), 2.4, 0.0, 1e-15);
    HF_ASSERT_CLOSE(hr_of("gharib-hurmuzlu", 0.4), 2.5, 0.0, 1e-15);
    HF_ASSERT_CLOSE(hr_of("hu-guo", 0.4), 2.25, 0.0, 1e-15);
    HF_ASSERT_CLOSE(hr_of("safaeifar-farshidianfar", 0.4), 1.875, 0.0, 1e-15);
    HF_ASSERT_CLOSE(hr_of("icaco", 0.4), 200.0 * 0.6 / (159.0 * 0.4), 0.0, 1e-15);
    double exact;
    assert_int_equal(hf_restitution_hr_exact(0.4, &exact, NULL), HF_OK);
    HF_ASSERT_CLOSE(hr_of("exact", 0.4), exact, 0.0, 0.0);
    /* profile (2.5, 2) is Hu-Guo: K0 = 3/2 exactly (I = 4/15). */
    const double ab[2] = {2.5, 2.0};
    double h;
    assert_int_equal(hf_damping_hr(HF_DAMPING_PROFILE, 0.4, ab, &h, NULL), HF_OK);
    HF_ASSERT_CLOSE(h, 2.25, 0.0, 1e-14);
}

static void test_domain_checks(void **state)
{
    (void)state;
    double h;
    hf_diag diag = {{0}};
    assert_int_equal(hf_damping_hr(HF_DAMPING_FLORES, 0.0, NULL, &h, &diag), HF_EDOM);
    assert_string_equal(diag.text, "model 'flores': c_r = 0 is outside (0, 1]");
    assert_int_equal(hf_damping_hr(HF_DAMPING_FLORES, 1.5, NULL, &h, NULL), HF_EDOM);
    assert_int_equal(hf_damping_hr(HF_DAMPING_FLORES, NAN, NULL, &h, NULL), HF_EDOM);
    assert_int_equal(hf_damping_hr(HF_DAMPING_PROFILE, 0.5, NULL, &h, &diag), HF_EINVAL);
    assert_string_equal(diag.text, "model 'profile' needs the profile exponents (a, b)");
    const double bad_ab[2] = {-1.0, 2.0};
    assert_int_equal(hf_damping_hr(HF_DAMPING_PROFILE, 0.5, bad_ab, &h, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "model 'profile' at c_r = 0.5"));
    assert_int_equal(hf_damping_hr(HF_DAMPING_COUNT, 0.5, NULL, &h, &diag), HF_EINVAL);
    assert_int_equal(hf_damping_hr((hf_damping_id)-1, 0.5, NULL, &h, NULL), HF_EINVAL);
    /* c_r near the smallest double: 1/c overflows */
    assert_int_equal(hf_damping_hr(HF_DAMPING_GHARIB_HURMUZLU, 1e-310, NULL, &h, &diag),
                     HF_ERANGE);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_are_stable),
        cmocka_unit_test(test_formulas_at_hand_computed_points),
        cmocka_unit_test(test_domain_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
