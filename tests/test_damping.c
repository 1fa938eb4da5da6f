/*
 * tests/test_damping.c — the damping-model catalogue: stable names, the
 * formulas of Table 1 (Safaeifar & Farshidianfar 2020) at hand-computed
 * points, and the domain checks.
 */
#include "hf_test.h"

#include <math.h>
#include <string.h>

#include "hertzfit/damping.h"
#include "hertzfit/restitution.h"

static double hr_of(const char *name, double c)
{
    const hf_damping_model *m = hf_damping_find(name);
    assert_non_null(m);
    double h = NAN;
    assert_int_equal(hf_damping_hr(m, c, NULL, &h), HF_OK);
    return h;
}

static void test_names_are_stable(void **state)
{
    (void)state;
    const char *names[] = {"hunt-crossley", "lankarani-nikravesh", "flores",
                           "gharib-hurmuzlu", "hu-guo", "safaeifar-farshidianfar",
                           "icaco", "exact", "profile"};
    assert_int_equal(hf_damping_count(), 9);
    for (size_t i = 0; i < 9; ++i) {
        assert_string_equal(hf_damping_at(i)->name, names[i]);
        assert_true(strlen(hf_damping_at(i)->formula) > 0);
        assert_true(strlen(hf_damping_at(i)->reference) > 0);
    }
    assert_null(hf_damping_at(9));
    assert_null(hf_damping_find("hunt_crossley"));
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
    assert_int_equal(hf_restitution_hr_exact(0.4, &exact), HF_OK);
    HF_ASSERT_CLOSE(hr_of("exact", 0.4), exact, 0.0, 0.0);
    /* profile (2.5, 2) is Hu-Guo: K0 = 3/2 exactly (I = 4/15). */
    const double ab[2] = {2.5, 2.0};
    double h;
    assert_int_equal(hf_damping_hr(hf_damping_find("profile"), 0.4, ab, &h), HF_OK);
    HF_ASSERT_CLOSE(h, 2.25, 0.0, 1e-14);
}

static void test_domain_checks(void **state)
{
    (void)state;
    const hf_damping_model *m = hf_damping_find("flores");
    double h;
    assert_int_equal(hf_damping_hr(m, 0.0, NULL, &h), HF_EDOM);
    assert_int_equal(hf_damping_hr(m, 1.5, NULL, &h), HF_EDOM);
    assert_int_equal(hf_damping_hr(m, NAN, NULL, &h), HF_EDOM);
    const hf_damping_model *p = hf_damping_find("profile");
    assert_int_equal(hf_damping_hr(p, 0.5, NULL, &h), HF_EINVAL);
    const double bad_ab[2] = {-1.0, 2.0};
    assert_int_equal(hf_damping_hr(p, 0.5, bad_ab, &h), HF_EDOM);
    hf_damping_model fake = *m;
    assert_int_equal(hf_damping_hr(&fake, 0.5, NULL, &h), HF_EINVAL);
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
