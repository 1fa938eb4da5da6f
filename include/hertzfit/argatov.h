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

/* ---- The master curves (Argatov Section 3.1, Figs. 2–4) -----------------
 *
 * Five impact quantities normalised by their Hertz (ε = 0) values, from
 * Hunter's numerical solution (hertzfit/hunter.h) and from the first-order
 * formulas above:
 *   w_m/w_m⁰ = ω_m                     ≈ 1 + ε c_m^ω        (Eqs. 32, 45)
 *   F_M/F_M⁰ = F̂_M/(5/4)               ≈ 1 − ε c_M^F(46)    (Eqs. 42, 45)
 *   t_M/t_m⁰ = τ_M/τ_m⁰                ≈ 1 − ε c_M^t/τ_m⁰   (Eq. 34)
 *   t_c/t_c⁰ = τ_c/(2τ_m⁰)             ≈ 1 + ε c_c^t/(2τ_m⁰) (Eq. 40)
 *   e                                  ≈ 1 − ε (8/9)τ_m⁰    (Eqs. 41, 45)
 * (w = a²/R in loading, Eq. 12, so the maximum approach is ω_m w_m⁰.)
 * The paper draws them against the scaled relaxation time
 * τ_R/t_m⁰ = 1/(ε τ_m⁰) (Eq. 44). */
#define HF_ARGATOV_MASTER_LIST(X)                                                  \
    X(HF_ARGATOV_MASTER_W_M, "w_m", "maximum approach w_m/w_m0 (Eqs. 32, 45)")      \
    X(HF_ARGATOV_MASTER_F_M, "F_M", "maximum force F_M/F_M0 (Eqs. 42, 45, 46)")     \
    X(HF_ARGATOV_MASTER_T_M, "t_M", "time of the maximum force t_M/t_m0 (Eq. 34)")  \
    X(HF_ARGATOV_MASTER_T_C, "t_c", "contact duration t_c/t_c0 (Eqs. 38, 40)")      \
    X(HF_ARGATOV_MASTER_E, "e", "coefficient of restitution (Eqs. 41, 45)")

typedef enum hf_argatov_master_id {
#define HF_ARGATOV_MASTER_ENUM(id, name, doc) id,
    HF_ARGATOV_MASTER_LIST(HF_ARGATOV_MASTER_ENUM)
#undef HF_ARGATOV_MASTER_ENUM
    HF_ARGATOV_MASTER_N
} hf_argatov_master_id;

/* Name ("w_m") and description of a master-curve quantity. */
const char *hf_argatov_master_name(hf_argatov_master_id id);
const char *hf_argatov_master_doc(hf_argatov_master_id id);

/* The master curves at one ε. */
typedef struct hf_argatov_master_point {
    double eps;
    double numeric[HF_ARGATOV_MASTER_N];     /* Hunter's model, solved numerically */
    double asymptotic[HF_ARGATOV_MASTER_N];  /* the first-order formulas */
} hf_argatov_master_point;

/* Both curves at ε in [0, HF_HUNTER_EPS_MAX] (hertzfit/hunter.h) for the
 * standard linear solid with relaxing fraction α in (0, 1] (Section 3.2,
 * Eq. 47; ε of Eq. 49; Fig. 4), α = 1 being the Maxwell solid (Figs. 2–3).
 * The first-order formulas are the Maxwell ones at that ε for every α
 * (Eqs. 48–49): how far they are from the numerical curve is the error of
 * Argatov's mapping.  HF_EDOM for ε or α outside their ranges or where
 * Hunter's unloading equation does not unload, other codes from the
 * solver. */
hf_status hf_argatov_master_evaluate(const hf_argatov_constants *constants, double eps,
                                     double alpha, hf_argatov_master_point *out,
                                     hf_diag *diag);

/* Where the first-order formula of one quantity stops being within a
 * relative tolerance of the numerical solution. */
typedef struct hf_argatov_master_limit {
    /* bounded = 1: the smallest ε > 0 at which |asymptotic/numeric − 1|
     * reaches the tolerance (located by Brent's method to 1e-10 inside
     * the first interval of a 0.005 scan that brackets it);
     * bounded = 0: within the tolerance on all of [0, eps], the largest ε
     * Hunter's model is solved for. */
    double eps;
    int bounded;
} hf_argatov_master_limit;

/* Largest ε that hf_argatov_master_limits scans. */
#define HF_ARGATOV_MASTER_EPS_SCAN 0.8

/* The limit of every quantity for the relative tolerance tol in (0, 1)
 * (Argatov: 5 %, tol = 0.05) and the material α of
 * hf_argatov_master_evaluate (1: Maxwell).  HF_EDOM for a tol outside
 * (0, 1), solver codes otherwise. */
hf_status hf_argatov_master_limits(const hf_argatov_constants *constants, double tol,
                                   double alpha,
                                   hf_argatov_master_limit out[HF_ARGATOV_MASTER_N],
                                   hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
