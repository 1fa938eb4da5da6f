/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/contact.h — the Hertz contact of a direct central impact,
 * described once: the effective mass m, the stiffness K and exponent n of
 * the elastic force K δ^n, and the approach speed v⁻ = δ̇(0).  Every input
 * of a model that simulates or scales such a contact is this struct with
 * these field names: the impact simulation (hertzfit/impact.h), the
 * optimal damping c_opt (hertzfit/damping.h) and the bouncing ball.
 *
 * Its natural scales (Poursina & Nikravesh 2020, Eq. 27): the undamped
 * maximum deformation δ_H = ((n+1) m v⁻²/(2K))^{1/(n+1)}, the time δ_H/v⁻
 * and the force K δ_H^n.  A contact whose scales leave
 * [HF_CONTACT_SCALE_MIN, HF_CONTACT_SCALE_MAX] is refused, so that no
 * product in an equation of motion (at most three of them) overflows or
 * underflows a double.
 *
 * Example (built and run by the test header_examples):
 * ```c
 * hf_contact steel;                 // a 1 kg ball at 4.2 m/s on steel
 * hf_contact_init(&steel);
 * steel.mass = 1.0;
 * steel.stiffness = 1.4e8;          // N/m^1.5
 * steel.approach_speed = 4.2;
 * hf_diag diag = {{0}};
 * if (hf_contact_check(&steel, &diag) != HF_OK)
 *     return 1;
 * steel.stiffness = -1.0;
 * hf_status st = hf_contact_check(&steel, &diag);   // HF_EDOM, naming K
 * return st == HF_EDOM && strstr(diag.text, "stiffness") != NULL ? 0 : 1;
 * ```
 */
#ifndef HERTZFIT_CONTACT_H
#define HERTZFIT_CONTACT_H

#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hf_contact {
    double mass;            /* m > 0 (kg) */
    double stiffness;       /* K > 0 (N/m^n) */
    double exponent;        /* n in [1, 2] (3/2 for Hertz's spheres) */
    double approach_speed;  /* v⁻ = δ̇(0) > 0 (m/s) */
} hf_contact;

/* m = K = v⁻ = 1, n = 3/2. */
void hf_contact_init(hf_contact *contact);

/* The supported range of δ_H (m), δ_H/v⁻ (s) and K δ_H^n (N). */
#define HF_CONTACT_SCALE_MIN 1e-100
#define HF_CONTACT_SCALE_MAX 1e100

/* HF_EDOM naming the first bad value: m, K or v⁻ not positive and
 * finite, n outside [1, 2]; HF_ERANGE naming m, K, v⁻ and the scale when
 * δ_H, δ_H/v⁻ or K δ_H^n (computed through logarithms) falls outside
 * [HF_CONTACT_SCALE_MIN, HF_CONTACT_SCALE_MAX]; HF_EINVAL for NULL. */
hf_status hf_contact_check(const hf_contact *contact, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
