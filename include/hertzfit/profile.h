/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/profile.h — the parametric deformation–velocity profile of
 * Safaeifar & Farshidianfar 2020 (Eq. 42),
 *
 *     δ̇/δ̇⁻ = (1 − (δ/δ_max)^a)^(1/b),
 *
 * its integral I(a,b) = ∫₀¹ y^{3/2} (1 − y^a)^{1/b} dy (Eq. 44) and the
 * damping ratio it implies, h_r = K0 (1 − c_r)/c_r with K0 = 2/(5 I) (Eq. 55).
 *
 * Example (built and run by the test header_examples):
 * ```c
 * hf_diag diag = {{0}};
 * double i_closed, i_quad, err, a;
 * if (hf_profile_integral(2.939, 3.409, &i_closed, &diag) != HF_OK ||
 *     hf_profile_integral_quadrature(2.939, 3.409, &i_quad, &err, &diag) != HF_OK ||
 *     hf_profile_valley_a(3.409, i_closed, &a, &diag) != HF_OK)   // back to a
 *     return 1;
 * return fabs(i_closed - i_quad) < 1e-12 && fabs(a - 2.939) < 1e-9 ? 0 : 1;
 * ```
 */
#ifndef HERTZFIT_PROFILE_H
#define HERTZFIT_PROFILE_H

#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Closed form I(a,b) = B(5/(2a), 1 + 1/b) / a (substitute u = y^a).
 * HF_EDOM unless a > 0 and b > 0 are finite; HF_ERANGE when I under- or
 * overflows (a or b near the smallest doubles); the diag names (a, b). */
hf_status hf_profile_integral(double a, double b, double *integral, hf_diag *diag);

/* The same integral by GSL adaptive quadrature (QAWS, which handles the
 * (1 − y)^{1/b} endpoint behaviour), for cross-checks.  abserr may be NULL. */
hf_status hf_profile_integral_quadrature(double a, double b, double *integral,
                                         double *abserr, hf_diag *diag);

/* K0 = 2/(5 I): the coefficient in h_r = K0 (1 − c_r)/c_r.  Pure numeric. */
double hf_profile_k0_from_integral(double integral);

/* The valley: the a for which I(a, b) = target, for given b.  I increases
 * from 0 (a → 0) to 2/5 (a → ∞) at fixed b, so a root exists for target in
 * (0, 2/5).  HF_EDOM otherwise (the diag says why); GSL Brent to 1e-13 in
 * ln a. */
hf_status hf_profile_valley_a(double b, double target_integral, double *a, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
