/*
 * hertzfit/argatov.h — the first-order asymptotic constants of Hunter's
 * Maxwell impact model (Argatov, "Viscoelastic Hertzian Impact", preprint
 * 2024, Sections 2 and 4) and the first-order predictions built from them.
 *
 * Every constant is an integral with an endpoint singularity; each is
 * computed by GSL quadrature (QAWS, whose weight (1−x)^β carries the
 * singularity, or QAGS after a substitution that removes it) to a relative
 * error estimate below 1e-10, never typed in.  Where the text of the paper
 * is inconsistent the constant was derived again (models/argatov.c says
 * how):
 *   - c_M^F is defined twice: Eq. 55 (force in units of m V0²/w_m⁰, used by
 *     the regression Eq. 57) and Eq. 46 (force relative to F_M⁰ = 5/4 of
 *     that unit).  Both are right in their own units: c_M^F(46) =
 *     (4/5)·c_M^F(55).  hertzfit keeps both, under different names.
 *   - c_c^t (Eqs. 61–62) is never defined; expanding τ_c = τ_m + (τ_c − τ_m)
 *     with Eqs. 30 and 38 gives c_c^t = c_m^τ − c_c^τ (consistent with
 *     Eq. 40).
 *   - After Eq. 40 the rebound velocity is expanded as (1 − ε(τ_c − τ_m))v_c;
 *     the exponential exp(−2ε(τ_c − τ_m)) of Eq. 21 expands to
 *     (1 − 2ε(τ_c − τ_m))v_c, and only the factor 2 reproduces Hunter's
 *     e ≈ 1 − (4/9)η t_c⁰ (Eq. 41); with the printed factor e would exceed 1.
 *
 * Dimensionless variables are those of Eq. 23: ω = a²/(R w_m⁰),
 * τ = V0 t / w_m⁰, ε = η w_m⁰ / V0; forces are in units of m V0² / w_m⁰.
 */
#ifndef HERTZFIT_ARGATOV_H
#define HERTZFIT_ARGATOV_H

#include <stddef.h>
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Identifiers of the constants, in the order hf_argatov_constants holds
 * them; names and equations come from one list. */
#define HF_ARGATOV_CONSTANT_LIST(X)                                                     \
    X(HF_ARGATOV_TAU_M0, "tau_m0", "Eq. 1 = Eq. 30: Hertz half duration, (2/5)B(2/5,1/2)") \
    X(HF_ARGATOV_C_M_OMEGA, "c_m_omega", "Eq. 32: omega_m = 1 + eps c_m_omega")            \
    X(HF_ARGATOV_C_M_TAU, "c_m_tau", "Eq. 31: tau_m = tau_m0 + eps c_m_tau")               \
    X(HF_ARGATOV_C_C_TAU, "c_c_tau", "Eq. 39: tau_c - tau_m = tau_m0 - eps c_c_tau")       \
    X(HF_ARGATOV_C_MF, "c_M_F", "Eq. 55: F_M w_m0/(m V0^2) = 5/4 - eps c_M_F")             \
    X(HF_ARGATOV_C_MF_REL, "c_M_F_rel", "Eq. 46: F_M/F_M0 = 1 - eps c_M_F_rel = (4/5)c_M_F") \
    X(HF_ARGATOV_C_MT, "c_M_t", "Eq. 55: tau_M = tau_m0 - eps c_M_t")                      \
    X(HF_ARGATOV_C_CT, "c_c_t", "Eqs. 61-62 (derived): tau_c = 2 tau_m0 + eps c_c_t")      \
    X(HF_ARGATOV_J_UNLOAD, "j_unload", "Eq. 37: integral of sqrt(1-xi^(5/2)), (2/5)B(2/5,3/2)") \
    X(HF_ARGATOV_C_V, "c_v", "Eq. 37: v_c = -1 + eps c_v")                                 \
    X(HF_ARGATOV_C_E, "c_e", "Eqs. 41/45: e = 1 - eps c_e, c_e = (8/9) tau_m0")

typedef enum hf_argatov_constant_id {
#define HF_ARGATOV_ENUM(id, name, doc) id,
    HF_ARGATOV_CONSTANT_LIST(HF_ARGATOV_ENUM)
#undef HF_ARGATOV_ENUM
    HF_ARGATOV_NCONSTANTS
} hf_argatov_constant_id;

typedef struct hf_argatov_constants {
    double value[HF_ARGATOV_NCONSTANTS];
    /* Absolute error estimate of each value: GSL's estimate for a single
     * quadrature, the propagated sum for combinations. */
    double abserr[HF_ARGATOV_NCONSTANTS];
} hf_argatov_constants;

/* Computes every constant by GSL quadrature.  HF_EGSL (diag names the
 * constant) when a quadrature fails to reach 1e-10 relative accuracy,
 * HF_ENOMEM when a workspace cannot be allocated. */
hf_status hf_argatov_constants_compute(hf_argatov_constants *constants, hf_diag *diag);

/* Name ("tau_m0") and one-line description (equation) of a constant. */
const char *hf_argatov_constant_name(hf_argatov_constant_id id);
const char *hf_argatov_constant_doc(hf_argatov_constant_id id);

/* The first-order predictions of Section 2 at a given ε (dimensionless). */
typedef struct hf_argatov_asymptotic {
    double omega_m;  /* Eq. 32 */
    double tau_m;    /* Eq. 30 */
    double tau_M;    /* Eq. 34: time of the peak force */
    double force_M;  /* Eq. 34: peak force in units of m V0²/w_m⁰ */
    double tau_c;    /* Eqs. 30 + 38 */
    double e;        /* Eq. 41 */
} hf_argatov_asymptotic;

/* HF_EDOM for ε negative or not finite. */
hf_status hf_argatov_predict(const hf_argatov_constants *constants, double eps,
                             hf_argatov_asymptotic *out, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
