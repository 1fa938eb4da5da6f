/*
 * hertzfit/restitution.h — the exact hysteresis-damping relation.
 *
 * For the Hunt–Crossley-type force F = K δ^n (1 + h_r δ̇/δ̇⁻) the energy
 * balance gives (Safaeifar & Farshidianfar 2020, Eq. 39; Zhang & Sharf 2009)
 *
 *     h (1 + c) = ln((1 + h) / (1 − c h)),
 *
 * between the damping ratio h = h_r and the restitution coefficient c = c_r.
 * These functions return its nontrivial root to full double precision
 * (relative error ≤ 1e-12 for c in [1e-6, 1 − 1e-9]).
 *
 * Example (built and run by the test header_examples):
 * ```c
 * double h, c;
 * hf_diag diag = {{0}};
 * if (hf_restitution_hr_exact(0.5, &h, &diag) != HF_OK ||
 *     hf_restitution_cr_exact(h, &c, &diag) != HF_OK)
 *     return 1;
 * // h_r(0.5) = 1.43275...; the round trip returns c_r = 0.5 to a few ulp
 * return fabs(h - 1.43275) < 1e-5 && fabs(c - 0.5) < 1e-15 ? 0 : 1;
 * ```
 */
#ifndef HERTZFIT_RESTITUTION_H
#define HERTZFIT_RESTITUTION_H

#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* h_r(c_r) for c_r in (0, 1]; h_r(1) = 0.  HF_EDOM outside (0, 1] or NaN;
 * HF_ERANGE for c_r < 1/DBL_MAX (~5.6e-309), where h_r ~ 1/c_r overflows;
 * the diag names the value. */
hf_status hf_restitution_hr_exact(double c_r, double *h_r, hf_diag *diag);

/* The inverse c_r(h_r) for h_r >= 0; c_r(0) = 1.  HF_EDOM for h_r < 0, NaN
 * or inf.  For h_r so large that c_r underflows, c_r is the smallest
 * positive double the relation yields (it is then ~ 1/h_r). */
hf_status hf_restitution_cr_exact(double h_r, double *c_r, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
