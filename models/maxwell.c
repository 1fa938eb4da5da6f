/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/maxwell.c — physical units around Hunter's dimensionless Maxwell
 * impact model and Argatov's asymptotics: input checks, the Hertz scales
 * (Argatov Eqs. 5, 23, 51–52, 56) and the conversion of τ, ε and forces
 * in units of m V0²/w_m⁰ back to seconds and newtons.
 */
#include "hertzfit/maxwell.h"

#include <math.h>
#include <stdlib.h>
#include "models/maxwell_model.h"

hf_status hf_maxwell_material_check(const hf_maxwell_material *mat, hf_diag *diag)
{
    if (mat == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no material");
    if (!isfinite(mat->mu0) || !(mat->mu0 > 0.0))
        return hf_diag_set(diag, HF_EDOM, "mu0 = %g Pa must be finite and > 0", mat->mu0);
    if (!isfinite(mat->nu) || mat->nu < 0.0 || mat->nu > 0.5)
        return hf_diag_set(diag, HF_EDOM, "nu = %g is outside [0, 0.5]", mat->nu);
    if (!isfinite(mat->eta) || mat->eta < 0.0)
        return hf_diag_set(diag, HF_EDOM, "eta = %g 1/s must be finite and >= 0", mat->eta);
    return HF_OK;
}

hf_status hf_maxwell_impact_check(const hf_maxwell_impact *imp, hf_diag *diag)
{
    if (imp == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no impact");
    if (!isfinite(imp->m) || !(imp->m > 0.0))
        return hf_diag_set(diag, HF_EDOM, "m = %g kg must be finite and > 0", imp->m);
    if (!isfinite(imp->R) || !(imp->R > 0.0))
        return hf_diag_set(diag, HF_EDOM, "R = %g m must be finite and > 0", imp->R);
    if (!isfinite(imp->V0) || !(imp->V0 > 0.0))
        return hf_diag_set(diag, HF_EDOM, "V0 = %g m/s must be finite and > 0", imp->V0);
    return HF_OK;
}

/* x^p for x > 0: pow() while x is a normal double (bit-identical to the
 * plain formula, which the shipped synthetic data were made with), through
 * logs when x itself overflowed to inf or underflowed (R V0/m² is inf for
 * m = 1e-200 although its fifth root is representable).  The callers pass
 * the logarithm of x computed term by term. */
static double safe_power(double x, double log_x, double p)
{
    return isnormal(x) ? pow(x, p) : exp(p * log_x);
}

double hf_maxwell_compliance(double mu0, double nu)
{
    double q = 15.0 * (1.0 - nu) / (32.0 * mu0);
    return safe_power(q, log(15.0 * (1.0 - nu) / 32.0) - log(mu0), 0.4);
}

double hf_maxwell_mu0_from_compliance(double C0, double nu)
{
    return 15.0 * (1.0 - nu) / 32.0 * pow(C0, -2.5);
}

double hf_maxwell_speed_parameter(const hf_maxwell_impact *imp)
{
    double q = imp->R * imp->V0 / (imp->m * imp->m);
    return safe_power(q, log(imp->R) + log(imp->V0) - 2.0 * log(imp->m), 0.2);
}

/* HF_ERANGE naming every input when a value that must be a finite positive
 * double is not (overflow to inf, underflow to 0, or NaN). */
static hf_status check_scale(const char *what, double value, const hf_maxwell_material *mat,
                             const hf_maxwell_impact *imp, hf_diag *diag)
{
    if (isfinite(value) && value > 0.0)
        return HF_OK;
    return hf_diag_set(diag, HF_ERANGE,
                       "%s = %g is not a finite positive number for mu0 = %g Pa, nu = %g, "
                       "eta = %g 1/s, m = %g kg, R = %g m, V0 = %g m/s (out of double range)",
                       what, value, mat->mu0, mat->nu, mat->eta, imp->m, imp->R, imp->V0);
}

/* T = w_m⁰/V0 = C0/𝒱 and ε = η T (Eqs. 23, 51), both checked: C0/𝒱 can
 * overflow or underflow even when each is representable. */
static hf_status scales(const hf_maxwell_material *mat, const hf_maxwell_impact *imp, double *T,
                        double *eps, hf_diag *diag)
{
    *T = hf_maxwell_compliance(mat->mu0, mat->nu) / hf_maxwell_speed_parameter(imp);
    *eps = mat->eta * *T;
    hf_status st = check_scale("time scale w_m0/V0", *T, mat, imp, diag);
    if (st == HF_OK && !isfinite(*eps))
        st = check_scale("eps", *eps, mat, imp, diag);
    return st;
}

/* alpha = 1 is the Maxwell solid; a standard linear solid has alpha in
 * (0, 1) (Eq. 47). */
static hf_status check_both(const hf_maxwell_material *mat, double alpha,
                            const hf_maxwell_impact *imp, const void *out, hf_diag *diag)
{
    if (out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no output");
    if (!isfinite(alpha) || !(alpha > 0.0) || alpha > 1.0)
        return hf_diag_set(diag, HF_EDOM, "alpha = %g is outside (0, 1]", alpha);
    hf_status st = hf_maxwell_material_check(mat, diag);
    return st != HF_OK ? st : hf_maxwell_impact_check(imp, diag);
}

/* Dimensionless (ω_m, τ_M, F̂_M, τ_c, e) to physical units: w = ω·T·V0, t = τ·T and
 * F = F̂·m V0²/w_m⁰ = F̂·m V0/T with T = w_m⁰/V0, the force again in logs
 * when the plain product leaves the normal range (m V0 alone can overflow).  Every output must be a finite positive double;
 * e finite and >= 0 (it is 0 only in the limit of total absorption). */
static hf_status to_physical(const hf_maxwell_material *mat, const hf_maxwell_impact *imp,
                             double T, double eps, double omega_m, double tau_M,
                             double force_M, double tau_c, double e, hf_maxwell_response *out,
                             hf_diag *diag)
{
    out->F_M = force_M * imp->m * imp->V0 / T;
    if (!isnormal(out->F_M) && force_M > 0.0) /* m V0 overflowed, or a factor underflowed */
        out->F_M = exp(log(force_M) + log(imp->m) + log(imp->V0) - log(T));
    out->t_M = tau_M * T;
    out->t_c = tau_c * T;
    out->e = e;
    out->eps = eps;
    out->w_m = omega_m * T * imp->V0;  /* w_m⁰ = T V0 */
    hf_status st = check_scale("F_M [N]", out->F_M, mat, imp, diag);
    if (st == HF_OK)
        st = check_scale("t_M [s]", out->t_M, mat, imp, diag);
    if (st == HF_OK)
        st = check_scale("t_c [s]", out->t_c, mat, imp, diag);
    if (st == HF_OK)
        st = check_scale("w_m [m]", out->w_m, mat, imp, diag);
    if (st == HF_OK && isfinite(e) && e < 0.0) /* the first-order e of Eq. 25 beyond its ε */
        st = hf_diag_set(diag, HF_EDOM, "e = %g is negative at eps = %g: the first-order "
                         "restitution is outside its range there", e, eps);
    if (st == HF_OK && !(isfinite(e) && e >= 0.0))
        st = check_scale("e", e, mat, imp, diag);
    return st;
}

hf_status hf_maxwell_simulate(const hf_maxwell_material *mat, const hf_maxwell_impact *imp,
                              const hf_hunter_options *options, hf_maxwell_response *out,
                              hf_diag *diag)
{
    return hf_maxwell_simulate_sls(mat, 1.0, imp, options, out, diag);
}

hf_status hf_maxwell_predict(const hf_maxwell_material *mat, const hf_maxwell_impact *imp,
                             const hf_argatov_constants *constants, hf_maxwell_response *out,
                             hf_diag *diag)
{
    return hf_maxwell_predict_sls(mat, 1.0, imp, constants, out, diag);
}

hf_status hf_maxwell_simulate_sls(const hf_maxwell_material *mat, double alpha,
                                  const hf_maxwell_impact *imp,
                                  const hf_hunter_options *options, hf_maxwell_response *out,
                                  hf_diag *diag)
{
    hf_status st = check_both(mat, alpha, imp, out, diag);
    if (st != HF_OK)
        return st;
    double T, eps;
    if ((st = scales(mat, imp, &T, &eps, diag)) != HF_OK)
        return st;
    /* Eq. 49; the Maxwell solid keeps Hunter's own two-state equations */
    hf_hunter_result r;
    st = alpha == 1.0 ? hf_hunter_simulate(eps, options, &r, diag)
                      : hf_hunter_simulate_sls(alpha * eps, alpha, options, &r, diag);
    if (st != HF_OK)
        return st;
    return to_physical(mat, imp, T, r.eps, r.omega_m, r.tau_M, r.force_M, r.tau_c, r.e, out,
                       diag);
}

hf_status hf_maxwell_predict_sls(const hf_maxwell_material *mat, double alpha,
                                 const hf_maxwell_impact *imp,
                                 const hf_argatov_constants *constants, hf_maxwell_response *out,
                                 hf_diag *diag)
{
    hf_status st = check_both(mat, alpha, imp, out, diag);
    if (st != HF_OK)
        return st;
    double T, eps;
    if ((st = scales(mat, imp, &T, &eps, diag)) != HF_OK)
        return st;
    if (alpha != 1.0)
        eps *= alpha; /* Eq. 49 */
    hf_argatov_asymptotic a;
    st = hf_argatov_predict(constants, eps, &a, diag);
    if (st != HF_OK)
        return st;
    return to_physical(mat, imp, T, eps, a.omega_m, a.tau_M, a.force_M, a.tau_c, a.e, out, diag);
}

/* The sample times of a force history: no NaN, nondecreasing.  Checked in
 * seconds, so that the message speaks the caller's units; t/T keeps the
 * order, so hf_hunter_force_history agrees. */
static hf_status check_sample_times(size_t n, const double *t, hf_diag *diag)
{
    for (size_t i = 0; i < n; ++i) {
        if (isnan(t[i]))
            return hf_diag_set(diag, HF_EINVAL, "force history: t[%zu] is NaN", i);
        if (i > 0 && t[i] < t[i - 1])
            return hf_diag_set(diag, HF_EINVAL, "force history: t[%zu] = %.17g s is before "
                               "t[%zu] = %.17g s; times must be nondecreasing", i, t[i], i - 1,
                               t[i - 1]);
    }
    return HF_OK;
}

hf_status hf_maxwell_force_history(const hf_maxwell_material *mat, const hf_maxwell_impact *imp,
                                   const hf_hunter_options *options, size_t n, const double *t,
                                   double *F, hf_diag *diag)
{
    if (n > 0 && (t == NULL || F == NULL))
        return hf_diag_set(diag, HF_EINVAL, "no sample times or forces for the force history");
    hf_status st = hf_maxwell_material_check(mat, diag);
    if (st == HF_OK)
        st = hf_maxwell_impact_check(imp, diag);
    if (st != HF_OK)
        return st;
    if ((st = check_sample_times(n, t, diag)) != HF_OK)
        return st;
    double T, eps;
    if ((st = scales(mat, imp, &T, &eps, diag)) != HF_OK)
        return st;
    /* F = F̂·m V0/T (see to_physical), the scale through logs when the
     * plain product leaves the normal range. */
    double force_scale = imp->m * imp->V0 / T;
    if (!isnormal(force_scale))
        force_scale = exp(log(imp->m) + log(imp->V0) - log(T));
    if ((st = check_scale("force scale m V0^2/w_m0 [N]", force_scale, mat, imp, diag)) != HF_OK)
        return st;
    double *tau = malloc(sizeof(double) * (n > 0 ? n : 1)); /* freed below */
    if (tau == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for %zu sample times", n);
    for (size_t i = 0; i < n; ++i)
        tau[i] = t[i] / T;
    st = hf_hunter_force_history(eps, options, n, tau, F, diag);
    free(tau);
    if (st != HF_OK)
        return st;
    for (size_t i = 0; i < n; ++i)
        F[i] *= force_scale;
    return HF_OK;
}
