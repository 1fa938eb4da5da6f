/*
 * tests/test_fidelity.c — numbers of the papers (and of the independent
 * audit of them) that docs/fidelity.md states, each re-derived here from
 * the library.
 *
 * Reference values come from the papers or from the audit's own scipy code
 * (not from hertzfit's output); each tolerance says where its error comes
 * from.
 */
#include "hf_test.h"

#include <math.h>

#include "hertzfit/damping.h"
#include "hertzfit/impact.h"
#include "hertzfit/profile.h"
#include "hertzfit/profile_objective.h"

#define DATA HERTZFIT_SOURCE_DIR "/data"

/* The restitution error e_out − c (Safaeifar Eq. 60) of MODEL at C. */
static double error_at(hf_damping_id model, double c)
{
    double e;
    assert_int_equal(hf_impact_restitution_check(model, c, NULL, 0, &e, NULL), HF_OK);
    return e - c;
}

/* Figs. 5–6 claim the new model (h = 5(1−c)/(4c)) beats Flores' and Hu–Guo's
 * for c_r < 0.4.  The audit found the crossings at c_r = 0.453 (Flores) and
 * 0.365 (Hu–Guo); bisected, they are 0.45300 and 0.36483.  Asserted as
 * brackets: |error| of the new model below the other's on the left end,
 * above on the right.  The differences at the ends are >= 3e-5, the
 * simulation's error ~1e-11: the signs are certain. */
static void test_figs_5_6_crossings(void **state)
{
    (void)state;
    const hf_damping_id sf = HF_DAMPING_SAFAEIFAR_FARSHIDIANFAR;
    assert_true(fabs(error_at(sf, 0.36)) < fabs(error_at(HF_DAMPING_HU_GUO, 0.36)));
    assert_true(fabs(error_at(sf, 0.365)) > fabs(error_at(HF_DAMPING_HU_GUO, 0.365)));
    assert_true(fabs(error_at(sf, 0.4525)) < fabs(error_at(HF_DAMPING_FLORES, 0.4525)));
    assert_true(fabs(error_at(sf, 0.4535)) > fabs(error_at(HF_DAMPING_FLORES, 0.4535)));
    /* so the claim fails at c_r = 0.4 against Hu–Guo: +0.028 against −0.020
     * (the audit's values, to their printed 3 decimals) */
    HF_ASSERT_CLOSE(error_at(sf, 0.4), 0.028, 5e-4, 0.0);
    HF_ASSERT_CLOSE(error_at(HF_DAMPING_HU_GUO, 0.4), -0.020, 5e-4, 0.0);
}

/* The RMS the papers quote for other models, on the objective fitted to
 * Table 2 (it reproduces all 110 printed cells within 0.00049 %,
 * tests/test_profile_objective.c): the quoted values are the cells (2, 2)
 * (Flores, 29.438), (2.5, 2) (Hu–Guo, 22.566) and (1.5, 5.5) (ICACO's
 * "12.596" for h = 5(1−c)/(4c)); the models' own K0 give 29.31 (K0 = 8/5)
 * and 12.612 (K0 = 5/4), the audit's values.  Tolerance: the table
 * objective's 0.00049 % fit residual plus the 3-decimal rounding, 1e-3. */
static void test_quoted_rms(void **state)
{
    (void)state;
    hf_profile_objective *obj = NULL;
    assert_int_equal(hf_profile_objective_alloc_table(DATA "/safaeifar2020_table2.csv", &obj,
                                                      NULL),
                     HF_OK);
    HF_ASSERT_CLOSE(hf_profile_objective_rms(obj, 2.0, 2.0), 29.438, 1e-3, 0.0);
    HF_ASSERT_CLOSE(hf_profile_objective_rms(obj, 2.5, 2.0), 22.566, 1e-3, 0.0);
    HF_ASSERT_CLOSE(hf_profile_objective_rms(obj, 1.5, 5.5), 12.596, 1e-3, 0.0);
    HF_ASSERT_CLOSE(hf_profile_objective_rms_k0(obj, 1.6), 29.31, 1e-2, 0.0);
    HF_ASSERT_CLOSE(hf_profile_objective_rms_k0(obj, 1.25), 12.612, 1e-3, 0.0);
    /* Hu–Guo's 3/2 is the (2.5, 2) cell exactly (I = 4/15); Flores' 8/5 is
     * not the (2, 2) cell: 1.601795... */
    HF_ASSERT_CLOSE(hf_profile_objective_rms_k0(obj, 1.5),
                    hf_profile_objective_rms(obj, 2.5, 2.0), 1e-12, 0.0);
    assert_true(fabs(hf_profile_objective_rms_k0(obj, 1.6) -
                     hf_profile_objective_rms(obj, 2.0, 2.0)) > 0.1);
    hf_profile_objective_free(obj);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_figs_5_6_crossings),
        cmocka_unit_test(test_quoted_rms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
