/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_viscoelastic_features.c — the feature fit on the exact
 * viscoelastic impact (hf_viscoelastic_identify of a list without traces,
 * hertzfit/viscoelastic_fit.h): F_M, t_M, t_c and e of each drop fitted
 * with the exact impact of a Maxwell solid, a standard linear solid with α
 * free and a two-term Prony series.
 *
 * The synthetic lists: 12 drops (steel balls of radius 5, 10, 20 mm from
 * 0.05, 0.2, 0.5, 1 m, the lists of the curve-fit tests), the four
 * features of the exact impact (hf_viscoelastic_synthesize) each times
 * 1 + s·N(0,1), s = 0.5 %, and their standard uncertainties s·value.
 *
 * What is checked, and why the tolerances:
 *  - recovery: for each law and each of a few seeds, every parameter within
 *    2 of its standard errors of the truth, status ok.  With Gaussian noise
 *    of the stated size and a model linear within the noise, a parameter is
 *    outside 2 s.e. with probability 4.6 %; the check allows one miss over
 *    all parameters and seeds of a law (its chance of more than one is a few
 *    per cent for the SLS's 9 checks, and the seeds below are fixed, so the
 *    test is deterministic; a systematic error — a wrong Jacobian, wrong
 *    weights, a biased forward model — misses in nearly every seed);
 *  - misfitting data are not ok: Hunter's features (his approximate
 *    unloading, whose e and t_c differ from the exact ones by several noise
 *    standard deviations at these ε) fitted with the exact Maxwell solid,
 *    and SLS features fitted with the Maxwell solid, are model-inadequate;
 *  - relative errors (no uncertainties): the same fit without a goodness
 *    of fit (chi2_red NaN), the parameters still recovered;
 *  - bad input: a damped law refused for features.
 */
#include "hf_test.h"
#include "models/maxwell_model.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/maxwell_data.h"
#include "hertzfit/viscoelastic_fit.h"

static int setup(void **state)
{
    (void)state;
    hf_library_init();
    return 0;
}

#define DROPS 12
#define NU 0.5
#define MU0 2e6
#define NOISE 0.005

/* The 12 impacts, and the geometric means of w_m⁰/V0 (T) over them. */
static void drops(hf_maxwell_data *d, double *T)
{
    static const double R[3] = {0.005, 0.01, 0.02}, H[4] = {0.05, 0.2, 0.5, 1.0};
    double C0 = hf_maxwell_compliance(MU0, NU), lt = 0.0;
    for (size_t a = 0; a < 3; ++a)
        for (size_t b = 0; b < 4; ++b) {
            hf_maxwell_impact *p = &d->impact[4 * a + b];
            p->R = R[a];
            p->m = 7850.0 * 4.0 / 3.0 * 3.14159265358979323846 * R[a] * R[a] * R[a];
            p->V0 = sqrt(2.0 * 9.80665 * H[b]);
            lt += log(C0 / hf_maxwell_speed_parameter(p)) / DROPS;
        }
    *T = exp(lt);
}

/* The features of MATERIAL with noise from SEED (Hunter's when HUNTER,
 * for a Maxwell material of rate eta), with uncertainties when U. */
static hf_maxwell_data *make_features(const hf_viscoelastic_material *material, int hunter,
                                      uint64_t seed, int u)
{
    hf_maxwell_data *d = NULL;
    assert_int_equal(hf_maxwell_data_alloc(DROPS, 0xFu, &d, NULL), HF_OK);
    double T;
    drops(d, &T);
    hf_maxwell_response r[DROPS];
    if (hunter) {
        hf_maxwell_material m = {material->mu0, material->nu, material->relax.rate[0]};
        assert_int_equal(hf_maxwell_synthesize(&m, d, NOISE, seed, r, NULL), HF_OK);
    } else
        assert_int_equal(hf_viscoelastic_synthesize(material, d, NOISE, seed, r, NULL), HF_OK);
    for (size_t k = 0; k < HF_MAXWELL_NOBS && u; ++k) {
        d->uncertainty[k] = calloc(DROPS, sizeof(double)); /* freed with d */
        assert_non_null(d->uncertainty[k]);
    }
    for (size_t i = 0; i < DROPS; ++i) {
        double v[HF_MAXWELL_NOBS] = {r[i].F_M, r[i].t_M, r[i].t_c, r[i].e};
        for (size_t k = 0; k < HF_MAXWELL_NOBS; ++k) {
            d->value[k][i] = v[k];
            if (u)
                d->uncertainty[k][i] = NOISE * v[k];
        }
    }
    return d;
}

/* The time scale T of the lists (for rates in its units). */
static double list_T(void)
{
    hf_maxwell_data *d = NULL;
    assert_int_equal(hf_maxwell_data_alloc(DROPS, 0, &d, NULL), HF_OK);
    double T;
    drops(d, &T);
    hf_maxwell_data_free(d);
    return T;
}

/* LAW fitted to D: the one fit. */
static hf_viscoelastic_fit fit_law(const hf_maxwell_data *d, const char *law)
{
    hf_viscoelastic_identify_config cfg;
    hf_viscoelastic_identify_config_init(&cfg);
    cfg.nu = NU;
    assert_int_equal(hf_viscoelastic_law_parse(law, &cfg.law, NULL), HF_OK);
    hf_viscoelastic_selection sel;
    hf_diag diag = {{0}};
    hf_status st = hf_viscoelastic_identify(d, &cfg, &sel, &diag);
    if (st != HF_OK)
        fail_msg("%s: %s", law, diag.text);
    assert_int_equal(sel.n, 1);
    return sel.fit[0];
}

/* Parameters of FIT further than 2 s.e. from TRUTH. */
static int misses(const hf_viscoelastic_fit *fit, const double *truth)
{
    int miss = 0;
    for (size_t j = 0; j < fit->k; ++j) {
        double z = (fit->param[j] - truth[j]) / fit->param_se[j];
        miss += !(fabs(z) <= 2.0);
    }
    return miss;
}

#define SEEDS 3

/* LAW's parameters TRUTH (the law's order) recovered from the features of
 * MATERIAL over SEEDS seeds: ok, at most one parameter beyond 2 s.e. */
static void recovers(const char *law, const hf_viscoelastic_material *material,
                     const double *truth)
{
    int miss = 0;
    for (uint64_t seed = 1; seed <= SEEDS; ++seed) {
        hf_maxwell_data *d = make_features(material, 0, seed, 1);
        hf_viscoelastic_fit fit = fit_law(d, law);
        hf_maxwell_data_free(d);
        if (fit.status != HF_VISCOELASTIC_FIT_OK)
            fail_msg("%s seed %lu: %s: %s", law, (unsigned long)seed,
                     hf_viscoelastic_fit_status_name(fit.status), fit.reason);
        miss += misses(&fit, truth);
        /* the goodness of fit is measured: χ²_red near 1 (its sd √(2/46) = 0.21) */
        assert_true(fit.chi2_red > 0.3 && fit.chi2_red < 2.0);
    }
    assert_true(miss <= 1);
}

static void test_maxwell_recovered(void **state)
{
    (void)state;
    double eta = 0.3 / list_T();
    hf_viscoelastic_material m = {MU0, NU, {0.0, 0, {0}, {0}}};
    hf_prony_maxwell(eta, &m.relax);
    recovers("maxwell", &m, (double[]){MU0, eta});
}

static void test_sls_recovered(void **state)
{
    (void)state;
    double eta = 0.8 / list_T();
    hf_viscoelastic_material m = {MU0, NU, {0.0, 0, {0}, {0}}};
    hf_prony_sls(0.5, eta, &m.relax);
    recovers("sls", &m, (double[]){MU0, eta, 0.5});
}

static void test_prony_recovered(void **state)
{
    (void)state;
    double T = list_T();
    /* the features determine two terms about a decade apart within the
     * contact's time scale (0.1/T and 2/T leave the slow one's weight
     * poorly determined at this noise) */
    hf_viscoelastic_material m = {MU0, NU, {0.4, 2, {0.3, 0.3}, {0.3 / T, 3.0 / T}}};
    recovers("prony:2", &m, (double[]){MU0, 0.3, 0.3 / T, 0.3, 3.0 / T});
}

static void test_misfits_are_not_ok(void **state)
{
    (void)state;
    double T = list_T();
    hf_viscoelastic_material m = {MU0, NU, {0.0, 0, {0}, {0}}};
    /* Hunter's features at ε ≈ 0.3 (0.1 to 0.8) fitted with the exact Maxwell solid */
    hf_prony_maxwell(0.3 / T, &m.relax);
    hf_maxwell_data *d = make_features(&m, 1, 1, 1);
    hf_viscoelastic_fit fit = fit_law(d, "maxwell");
    hf_maxwell_data_free(d);
    assert_int_equal(fit.status, HF_VISCOELASTIC_FIT_MODEL_INADEQUATE);
    assert_non_null(strstr(fit.reason, "uncertainties"));
    /* a standard linear solid fitted with the Maxwell solid */
    hf_prony_sls(0.5, 0.8 / T, &m.relax);
    d = make_features(&m, 0, 1, 1);
    fit = fit_law(d, "maxwell");
    assert_int_equal(fit.status, HF_VISCOELASTIC_FIT_MODEL_INADEQUATE);
    /* and the SLS itself is ok on them, chosen by auto */
    hf_viscoelastic_identify_config cfg;
    hf_viscoelastic_identify_config_init(&cfg);
    cfg.nu = NU;
    cfg.automatic = 1;
    hf_viscoelastic_selection sel;
    assert_int_equal(hf_viscoelastic_identify(d, &cfg, &sel, NULL), HF_OK);
    hf_maxwell_data_free(d);
    assert_int_equal(sel.n, 3); /* the hereditary candidates only */
    assert_true(sel.chosen < sel.n);
    assert_int_equal(sel.fit[sel.chosen].law.kind, HF_VISCOELASTIC_LAW_SLS);
    assert_int_equal(sel.fit[sel.chosen].status, HF_VISCOELASTIC_FIT_OK);
}

static void test_relative_errors(void **state)
{
    (void)state;
    double eta = 0.3 / list_T();
    hf_viscoelastic_material m = {MU0, NU, {0.0, 0, {0}, {0}}};
    hf_prony_maxwell(eta, &m.relax);
    hf_maxwell_data *d = make_features(&m, 0, 2, 0);
    hf_viscoelastic_fit fit = fit_law(d, "maxwell");
    hf_maxwell_data_free(d);
    assert_true(isnan(fit.chi2_red));
    assert_int_equal(fit.status, HF_VISCOELASTIC_FIT_OK);
    assert_int_equal(misses(&fit, (double[]){MU0, eta}), 0);
}

static void test_damped_law_refused(void **state)
{
    (void)state;
    hf_viscoelastic_material m = {MU0, NU, {0.0, 0, {0}, {0}}};
    hf_prony_maxwell(100.0, &m.relax);
    hf_maxwell_data *d = make_features(&m, 0, 1, 1);
    hf_viscoelastic_identify_config cfg;
    hf_viscoelastic_identify_config_init(&cfg);
    assert_int_equal(hf_viscoelastic_law_parse("hunt-crossley", &cfg.law, NULL), HF_OK);
    hf_viscoelastic_selection sel;
    hf_diag diag = {{0}};
    assert_int_equal(hf_viscoelastic_identify(d, &cfg, &sel, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "maxwell, sls or prony:N"));
    hf_maxwell_data_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_maxwell_recovered),
        cmocka_unit_test(test_sls_recovered),
        cmocka_unit_test(test_prony_recovered),
        cmocka_unit_test(test_misfits_are_not_ok),
        cmocka_unit_test(test_relative_errors),
        cmocka_unit_test(test_damped_law_refused),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
