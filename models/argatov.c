/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/argatov.c — the asymptotic constants of Hunter's Maxwell impact
 * model (Argatov 2024, Eqs. 1, 29–39, 46, 55, 61–62) by GSL quadrature.
 *
 * Each integral has an algebraic endpoint singularity.  The singular factor
 * is written as a QAWS weight (1−x)^β (or s^α after a substitution), so the
 * function GSL integrates is smooth; where a nested integral vanishes at the
 * endpoint like a power, that power is taken out analytically (substitution
 * ξ = 1 − (1−v)s) and cancelled against the outer singularity before GSL
 * sees it.  The quantity 1 − ξ^{5/2}, which loses all its digits near ξ = 1
 * when computed directly, is always evaluated as u·q(u) with u = 1 − ξ and
 * q(u) = −expm1(5/2·log1p(−u))/u.
 *
 * Derivations checked again (the text is inconsistent in three places, see
 * hertzfit/maxwell.h):
 *   Eq. 31: differentiating ω1 of Eq. 29 and inserting it in Eq. 27 gives
 *     exactly the two integrals printed; each converges separately.
 *   Eq. 34/55: F = 5/4 ω^{3/2} + ε(v − 1) (Eq. 33) is maximal at
 *     v* = (2/3)ε + O(ε²) > 0, i.e. before τ_m, so F_M = 5/4 + ε(15/8 ω1(0) − 1)
 *     with ω1(0) = c_m^ω: c_M^F = 1 − (15/8)c_m^ω in units m V0²/w_m⁰ (Eq. 55).
 *     Relative to F_M⁰ = 5/4 of that unit (Eq. 45) it is (4/5)c_M^F, which
 *     is Eq. 46.  The peak is reached v* / (5/4) = (8/15)ε before τ_m, hence
 *     c_M^t = 8/15 − c_m^τ.
 *   Eq. 37: integrating v dv/dω of Eq. 35 from ω to ω_m gives v1 of Eq. 36
 *     and v_c = −ω_m^{5/4} + ε v1(0) = −1 + ε(1 − (5/4)c_m^ω − 3J).
 *   Eq. 39: −∫dω/v with 1/v ≈ 1/v0 − ε v1/v0² gives ω_m^{−1/4}τ_m⁰ plus the
 *     printed double integral; the expansion stays uniform at ω → ω_m since
 *     v1/v0 is bounded there.
 *   Eq. 61: never defined in the text; τ_c = τ_m + (τ_c − τ_m) =
 *     2τ_m⁰ + ε(c_m^τ − c_c^τ), so c_c^t = c_m^τ − c_c^τ (as in Eq. 40).
 *   After Eq. 40: V_c/V0 = exp(−2ε(τ_c − τ_m)) v_c ≈ (1 − 2ε τ_m⁰) v_c, so
 *     e ≈ 1 − ε(2τ_m⁰ + c_v).  With J = (5/9)τ_m⁰ and c_m^ω = 4/5 − (4/9)τ_m⁰
 *     (both Beta-function identities) this is 1 − (8/9)τ_m⁰ ε = Eq. 41.  The
 *     printed factor (1 − ε(τ_c − τ_m)) would give e ≈ 1 + (1/9)τ_m⁰ ε > 1.
 */
#include "hertzfit/maxwell.h"

#include <math.h>
#include <stddef.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include "models/maxwell_model.h"

/* Subintervals per quadrature: far more than any integrand here needs. */
#define QUAD_LIMIT 512
/* Requested relative accuracy: outer integrals, and the inner integrals of
 * the nested ones (tighter, so their error does not dominate the outer). */
#define OUTER_EPSREL 1e-12
#define INNER_EPSREL 1e-13
/* What hertzfit promises for every constant. */
#define PROMISED_EPSREL 1e-10

static const struct {
    const char *name;
    const char *doc;
} constant_info[HF_ARGATOV_NCONSTANTS] = {
#define HF_ARGATOV_INFO(id, name, doc) {name, doc},
    HF_ARGATOV_CONSTANT_LIST(HF_ARGATOV_INFO)
#undef HF_ARGATOV_INFO
};

const char *hf_argatov_constant_name(hf_argatov_constant_id id)
{
    return (unsigned)id < HF_ARGATOV_NCONSTANTS ? constant_info[id].name : "?";
}

const char *hf_argatov_constant_doc(hf_argatov_constant_id id)
{
    return (unsigned)id < HF_ARGATOV_NCONSTANTS ? constant_info[id].doc : "?";
}

/* q(u) = (1 − (1−u)^{5/2})/u, so that 1 − ξ^{5/2} = u q(u) with u = 1 − ξ
 * keeps full relative precision as ξ → 1 (q(0) = 5/2). */
static double q_of_u(double u)
{
    if (u == 0.0)
        return 2.5;
    return -expm1(2.5 * log1p(-u)) / u;
}

/* One QAWS integral ∫_a^b f(x) (x−a)^α (b−x)^β dx with its own workspace
 * (allocated and freed here, so nested calls never share one). */
static hf_status qaws(double (*f)(double, void *), void *params, double a, double b,
                      double alpha, double beta, double epsrel, double *value,
                      double *abserr)
{
    /* w and t are freed at the end of this function */
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(QUAD_LIMIT);
    gsl_integration_qaws_table *t = gsl_integration_qaws_table_alloc(alpha, beta, 0, 0);
    hf_status st = HF_ENOMEM;
    if (w != NULL && t != NULL) {
        gsl_function F = {f, params};
        int rc = gsl_integration_qaws(&F, a, b, t, 0.0, epsrel, QUAD_LIMIT, w, value, abserr);
        st = (rc == GSL_SUCCESS && isfinite(*value)) ? HF_OK : HF_EGSL;
    }
    if (t != NULL)
        gsl_integration_qaws_table_free(t);
    if (w != NULL)
        gsl_integration_workspace_free(w);
    return st;
}

/* QAGS on [a, b] for integrands that are bounded but not analytic at an
 * end (terms in ξ^{5/2}); the extrapolation handles those. */
static hf_status qags(double (*f)(double, void *), void *params, double a, double b,
                      double epsrel, double *value, double *abserr)
{
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(QUAD_LIMIT); /* freed below */
    if (w == NULL)
        return HF_ENOMEM;
    gsl_function F = {f, params};
    int rc = gsl_integration_qags(&F, a, b, 0.0, epsrel, QUAD_LIMIT, w, value, abserr);
    gsl_integration_workspace_free(w);
    return (rc == GSL_SUCCESS && isfinite(*value)) ? HF_OK : HF_EGSL;
}

/* State of a nested integral: the outer variable and whether an inner
 * quadrature failed (the outer integrand then returns NaN, and the failure
 * is reported rather than hidden in a number). */
typedef struct nested {
    double outer;
    int failed;
} nested;

/* ---- τ_m⁰ (Eq. 30): (4/5)∫₀¹ (1+ξ)^{−3/5} (1−ξ)^{−3/5} dξ ------------ */
static double tau_m0_f(double xi, void *p)
{
    (void)p;
    return pow(1.0 + xi, -0.6);
}

/* ---- c_m^ω (Eq. 32): (16/25)∫₀¹ ξ(1+ξ)^{−3/5} (1−ξ)^{2/5} dξ ----------- */
static double c_m_omega_f(double xi, void *p)
{
    (void)p;
    return xi * pow(1.0 + xi, -0.6);
}

/* ---- c_m^τ (Eq. 31) ----------------------------------------------------
 * First term: (16/25)∫₀¹ (1+ξ)^{−6/5} (1−ξ)^{−1/5} dξ.
 * Second term: (96/125)∫₀¹ (1−v²)^{−8/5} I(v) dv with
 * I(v) = ∫_v¹ ξ(1−ξ)(1−ξ²)^{−3/5} dξ.  Substituting ξ = 1 − (1−v)s gives
 * I(v) = (1−v)^{7/5} h(v), h(v) = ∫₀¹ (1−(1−v)s)(2−(1−v)s)^{−3/5} s^{2/5} ds,
 * so the outer integrand is (1+v)^{−8/5} h(v) (1−v)^{−1/5}: QAWS twice. */
static double c_m_tau_first_f(double xi, void *p)
{
    (void)p;
    return pow(1.0 + xi, -1.2);
}

static double h_inner_f(double s, void *p)
{
    double d = (1.0 - *(const double *)p) * s;
    return (1.0 - d) * pow(2.0 - d, -0.6);
}

static double c_m_tau_second_f(double v, void *p)
{
    nested *n = p;
    double h, err;
    if (qaws(h_inner_f, &v, 0.0, 1.0, 0.4, 0.0, INNER_EPSREL, &h, &err) != HF_OK) {
        n->failed = 1;
        return NAN;
    }
    return pow(1.0 + v, -1.6) * h;
}

/* ---- c_c^τ (Eq. 39) ----------------------------------------------------
 * c_c^τ = τ_m⁰ c_m^ω / 4 + ∫₀¹ (1−ξ^{5/2})^{−3/2} K(ξ) dξ with
 * K(ξ) = 3A(ξ) − (1−ξ), A(ξ) = ∫_ξ¹ (1−ζ^{5/2})^{1/2} dζ.  Split:
 *   P1 = 3∫₀¹ A(ξ)(1−ξ^{5/2})^{−3/2} dξ.  With ζ = 1 − (1−ξ)s,
 *        A = (1−ξ)^{3/2} a(ξ), a(ξ) = ∫₀¹ s^{1/2} q((1−ξ)s)^{1/2} ds, and
 *        (1−ξ^{5/2})^{3/2} = (1−ξ)^{3/2} q(1−ξ)^{3/2}: the integrand
 *        3 a(ξ) q(1−ξ)^{−3/2} is bounded (QAGS outside, QAWS inside).
 *   P2 = ∫₀¹ (1−ξ)(1−ξ^{5/2})^{−3/2} dξ = ∫₀¹ q(1−ξ)^{−3/2} (1−ξ)^{−1/2} dξ
 *        (QAWS, β = −1/2).  Each part converges on its own. */
static double a_inner_f(double s, void *p)
{
    double u = (1.0 - *(const double *)p) * s;
    return sqrt(q_of_u(u));
}

static double c_c_tau_p1_f(double xi, void *p)
{
    nested *n = p;
    double a, err;
    if (qaws(a_inner_f, &xi, 0.0, 1.0, 0.5, 0.0, INNER_EPSREL, &a, &err) != HF_OK) {
        n->failed = 1;
        return NAN;
    }
    return 3.0 * a * pow(q_of_u(1.0 - xi), -1.5);
}

static double c_c_tau_p2_f(double xi, void *p)
{
    (void)p;
    return pow(q_of_u(1.0 - xi), -1.5);
}

/* ---- J (Eq. 37): ∫₀¹ (1−ξ^{5/2})^{1/2} dξ = ∫₀¹ q(1−ξ)^{1/2} (1−ξ)^{1/2} dξ */
static double j_unload_f(double xi, void *p)
{
    (void)p;
    return sqrt(q_of_u(1.0 - xi));
}

/* HF_OK when a quadrature succeeded within the promised 1e-10. */
static hf_status checked(hf_status st, const char *what, double value, double abserr,
                         hf_diag *diag)
{
    if (st == HF_ENOMEM)
        return hf_diag_set(diag, st, "out of memory computing %s", what);
    if (st != HF_OK)
        return hf_diag_set(diag, st, "GSL quadrature of %s failed", what);
    if (!(abserr <= PROMISED_EPSREL * fabs(value)))
        return hf_diag_set(diag, HF_EGSL,
                           "quadrature of %s: error estimate %.3g exceeds 1e-10 relative",
                           what, abserr);
    return HF_OK;
}

/* The raw integrals, before the constant factors and combinations. */
enum {
    I_TAU_M0,        /* ∫(1+ξ)^{−3/5}(1−ξ)^{−3/5} */
    I_C_M_OMEGA,     /* ∫ξ(1+ξ)^{−3/5}(1−ξ)^{2/5} */
    I_M_TAU_FIRST,   /* ∫(1+ξ)^{−6/5}(1−ξ)^{−1/5} */
    I_M_TAU_SECOND,  /* ∫(1−v²)^{−8/5} I(v) */
    I_C_TAU_P1,      /* 3∫A(ξ)(1−ξ^{5/2})^{−3/2} */
    I_C_TAU_P2,      /* ∫(1−ξ)(1−ξ^{5/2})^{−3/2} */
    I_J_UNLOAD,      /* ∫(1−ξ^{5/2})^{1/2} */
    N_INTEGRALS
};

typedef struct integral_spec {
    const char *what;
    double (*f)(double, void *);
    int nested;      /* the integrand runs an inner quadrature */
    int use_qags;    /* bounded integrand: QAGS instead of QAWS */
    double beta;     /* QAWS weight (1−x)^β */
} integral_spec;

static const integral_spec integrals[N_INTEGRALS] = {
    [I_TAU_M0] = {"tau_m0", tau_m0_f, 0, 0, -0.6},
    [I_C_M_OMEGA] = {"c_m_omega", c_m_omega_f, 0, 0, 0.4},
    [I_M_TAU_FIRST] = {"c_m_tau (first integral)", c_m_tau_first_f, 0, 0, -0.2},
    [I_M_TAU_SECOND] = {"c_m_tau (double integral)", c_m_tau_second_f, 1, 0, -0.2},
    [I_C_TAU_P1] = {"c_c_tau (double integral)", c_c_tau_p1_f, 1, 1, 0.0},
    [I_C_TAU_P2] = {"c_c_tau (single integral)", c_c_tau_p2_f, 0, 0, -0.5},
    [I_J_UNLOAD] = {"j_unload", j_unload_f, 0, 0, 0.5},
};

static hf_status compute_integrals(double value[N_INTEGRALS], double abserr[N_INTEGRALS],
                                   hf_diag *diag)
{
    for (int i = 0; i < N_INTEGRALS; ++i) {
        const integral_spec *s = &integrals[i];
        nested n = {0.0, 0};
        void *params = s->nested ? &n : NULL;
        hf_status st = s->use_qags
                           ? qags(s->f, params, 0.0, 1.0, OUTER_EPSREL, &value[i], &abserr[i])
                           : qaws(s->f, params, 0.0, 1.0, 0.0, s->beta, OUTER_EPSREL, &value[i],
                                  &abserr[i]);
        if (n.failed)
            st = HF_EGSL;
        if ((st = checked(st, s->what, value[i], abserr[i], diag)) != HF_OK)
            return st;
    }
    return HF_OK;
}

hf_status hf_argatov_constants_compute(hf_argatov_constants *c, hf_diag *diag)
{
    if (c == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no output for the Argatov constants");
    double I[N_INTEGRALS], E[N_INTEGRALS];
    hf_status st = compute_integrals(I, E, diag);
    if (st != HF_OK)
        return st;
    double *v = c->value, *e = c->abserr;
    /* Eq. 30 and Eq. 32: factors 4/5 and 2⁴/5². */
    v[HF_ARGATOV_TAU_M0] = 0.8 * I[I_TAU_M0];
    e[HF_ARGATOV_TAU_M0] = 0.8 * E[I_TAU_M0];
    v[HF_ARGATOV_C_M_OMEGA] = 0.64 * I[I_C_M_OMEGA];
    e[HF_ARGATOV_C_M_OMEGA] = 0.64 * E[I_C_M_OMEGA];
    v[HF_ARGATOV_J_UNLOAD] = I[I_J_UNLOAD];
    e[HF_ARGATOV_J_UNLOAD] = E[I_J_UNLOAD];
    double tau0 = v[HF_ARGATOV_TAU_M0], tau0e = e[HF_ARGATOV_TAU_M0];
    double com = v[HF_ARGATOV_C_M_OMEGA], come = e[HF_ARGATOV_C_M_OMEGA];
    /* Eq. 31: 2⁴/5² and 2⁵·3/5³. */
    v[HF_ARGATOV_C_M_TAU] = 0.64 * I[I_M_TAU_FIRST] - 0.768 * I[I_M_TAU_SECOND];
    e[HF_ARGATOV_C_M_TAU] = 0.64 * E[I_M_TAU_FIRST] + 0.768 * E[I_M_TAU_SECOND];
    /* Eq. 39. */
    v[HF_ARGATOV_C_C_TAU] = 0.25 * tau0 * com + I[I_C_TAU_P1] - I[I_C_TAU_P2];
    e[HF_ARGATOV_C_C_TAU] = 0.25 * (tau0e * com + tau0 * come) + E[I_C_TAU_P1] + E[I_C_TAU_P2];
    /* Eq. 55 and Eq. 46 (see the header comment of this file). */
    v[HF_ARGATOV_C_MF] = 1.0 - 1.875 * com;
    e[HF_ARGATOV_C_MF] = 1.875 * come;
    v[HF_ARGATOV_C_MF_REL] = 0.8 * v[HF_ARGATOV_C_MF];
    e[HF_ARGATOV_C_MF_REL] = 0.8 * e[HF_ARGATOV_C_MF];
    v[HF_ARGATOV_C_MT] = 8.0 / 15.0 - v[HF_ARGATOV_C_M_TAU];
    e[HF_ARGATOV_C_MT] = e[HF_ARGATOV_C_M_TAU];
    /* Eqs. 61–62: c_c^t = c_m^τ − c_c^τ (derived, not in the text). */
    v[HF_ARGATOV_C_CT] = v[HF_ARGATOV_C_M_TAU] - v[HF_ARGATOV_C_C_TAU];
    e[HF_ARGATOV_C_CT] = e[HF_ARGATOV_C_M_TAU] + e[HF_ARGATOV_C_C_TAU];
    /* Eq. 37 and the corrected rebound factor exp(−2ε(τ_c − τ_m)). */
    v[HF_ARGATOV_C_V] = 1.0 - 1.25 * com - 3.0 * v[HF_ARGATOV_J_UNLOAD];
    e[HF_ARGATOV_C_V] = 1.25 * come + 3.0 * e[HF_ARGATOV_J_UNLOAD];
    v[HF_ARGATOV_C_E] = 2.0 * tau0 + v[HF_ARGATOV_C_V];
    e[HF_ARGATOV_C_E] = 2.0 * tau0e + e[HF_ARGATOV_C_V];
    return HF_OK;
}

hf_status hf_argatov_predict(const hf_argatov_constants *c, double eps,
                             hf_argatov_asymptotic *out, hf_diag *diag)
{
    if (c == NULL || out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no constants or no output");
    if (!isfinite(eps) || eps < 0.0)
        return hf_diag_set(diag, HF_EDOM, "eps = %g must be finite and >= 0", eps);
    const double *v = c->value;
    double tau0 = v[HF_ARGATOV_TAU_M0];
    out->omega_m = 1.0 + eps * v[HF_ARGATOV_C_M_OMEGA];
    out->tau_m = tau0 + eps * v[HF_ARGATOV_C_M_TAU];
    out->tau_M = tau0 - eps * v[HF_ARGATOV_C_MT];
    out->force_M = 1.25 - eps * v[HF_ARGATOV_C_MF];
    out->tau_c = 2.0 * tau0 + eps * v[HF_ARGATOV_C_CT];
    out->e = 1.0 - eps * v[HF_ARGATOV_C_E];
    return HF_OK;
}
