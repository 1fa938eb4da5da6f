/*
 * models/maxwell.c — physical units around Hunter's dimensionless Maxwell
 * impact model and Argatov's asymptotics: input checks, the Hertz scales
 * (Argatov Eqs. 5, 23, 51–52, 56) and the conversion of τ, ε and forces
 * in units of m V0²/w_m⁰ back to seconds and newtons.
 */
#include "hertzfit/maxwell.h"

#include <math.h>

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

double hf_maxwell_compliance(double mu0, double nu)
{
    return pow(15.0 * (1.0 - nu) / (32.0 * mu0), 0.4);
}

double hf_maxwell_mu0_from_compliance(double C0, double nu)
{
    return 15.0 * (1.0 - nu) / 32.0 * pow(C0, -2.5);
}

double hf_maxwell_speed_parameter(const hf_maxwell_impact *imp)
{
    return pow(imp->R * imp->V0 / (imp->m * imp->m), 0.2);
}

/* w_m⁰/V0 of Eq. 51. */
static double time_scale(const hf_maxwell_material *mat, const hf_maxwell_impact *imp)
{
    return hf_maxwell_compliance(mat->mu0, mat->nu) / hf_maxwell_speed_parameter(imp);
}

static hf_status check_both(const hf_maxwell_material *mat, const hf_maxwell_impact *imp,
                            const void *out, hf_diag *diag)
{
    if (out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no output");
    hf_status st = hf_maxwell_material_check(mat, diag);
    return st != HF_OK ? st : hf_maxwell_impact_check(imp, diag);
}

/* Dimensionless (τ_M, F̂_M, τ_c, e) to physical units: t = τ·T and
 * F = F̂·m V0²/w_m⁰ = F̂·m V0/T with T = w_m⁰/V0. */
static void to_physical(const hf_maxwell_impact *imp, double T, double eps, double tau_M,
                        double force_M, double tau_c, double e, hf_maxwell_response *out)
{
    out->F_M = force_M * imp->m * imp->V0 / T;
    out->t_M = tau_M * T;
    out->t_c = tau_c * T;
    out->e = e;
    out->eps = eps;
}

hf_status hf_maxwell_simulate(const hf_maxwell_material *mat, const hf_maxwell_impact *imp,
                              const hf_hunter_options *options, hf_maxwell_response *out,
                              hf_diag *diag)
{
    hf_status st = check_both(mat, imp, out, diag);
    if (st != HF_OK)
        return st;
    double T = time_scale(mat, imp), eps = mat->eta * T;
    hf_hunter_result r;
    st = hf_hunter_simulate(eps, options, &r, diag);
    if (st != HF_OK)
        return st;
    to_physical(imp, T, eps, r.tau_M, r.force_M, r.tau_c, r.e, out);
    return HF_OK;
}

hf_status hf_maxwell_predict(const hf_maxwell_material *mat, const hf_maxwell_impact *imp,
                             const hf_argatov_constants *constants, hf_maxwell_response *out,
                             hf_diag *diag)
{
    hf_status st = check_both(mat, imp, out, diag);
    if (st != HF_OK)
        return st;
    double T = time_scale(mat, imp), eps = mat->eta * T;
    hf_argatov_asymptotic a;
    st = hf_argatov_predict(constants, eps, &a, diag);
    if (st != HF_OK)
        return st;
    to_physical(imp, T, eps, a.tau_M, a.force_M, a.tau_c, a.e, out);
    return HF_OK;
}
