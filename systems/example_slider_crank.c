/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * systems/example_slider_crank.c — the planar slider–crank with a free
 * sliding block of Safaeifar & Farshidianfar 2020 §10 (Eq. 70, Tables
 * 5–6, Figs. 18–20), two generalized coordinates q = (φ, x5): the crank
 * angle and the block's position (hf_example_pair).
 *
 * The crank (length r, pivot O at the origin) and the connecting rod
 * (length l) drive the slider along the x axis through O:
 *
 *     x4 = r cos φ + w,  w = √(l² − r² sin² φ),
 *     dx4/dφ = −r sin φ (1 + r cos φ / w),  dβ/dφ = −r cos φ / w,
 *
 * β the rod's angle.  The mechanism is free (the paper's "total of two
 * degrees of freedom"): its kinetic energy ½ M(φ) φ̇² with
 *
 *     M(φ) = I_O + m_rod |dG/dφ|² + I_rod (dβ/dφ)² + m_slider (dx4/dφ)²,
 *
 * I_O = I_crank + m_crank (r/2)² (Table 5's moments of inertia taken about
 * each body's centre of mass), G the rod's centre, gives
 * M φ̈ + ½ M'(φ) φ̇² = Q_φ (M' by a central difference of step 1e-6 rad:
 * relative error ~1e-12 · M'''/M', far below the ODE tolerance).  The block
 * moves freely along x.  The contact (Eq. 70, whose x5 − x4 − 2a is the gap,
 * negative in contact) has the penetration δ = 2a − (x5 − x4) and
 * J = (dx4/dφ, −1).  The plane is horizontal: no gravity.
 *
 * With crank_driven the crank turns at the constant crank_speed (φ̈ = 0, a
 * motor of unbounded torque): its inertia is infinite for the contact, so
 * the collision's effective mass is the block's and the slider keeps the
 * velocity the crank imposes.
 */
#include "systems/example_internal.h"

#include <math.h>
#include <string.h>

static const char *const slider_columns[] = {
    "t_s", "phi_rad", "x_block_m", "phi_dot_rad_per_s", "v_block_m_per_s", "delta_m", "F_N",
    "x_slider_m", "v_slider_m_per_s"};

typedef struct slider_crank {
    double r, l, a, m_crank, i_crank, m_rod, i_rod, m_slider, m_block;
    int driven;   /* the crank turns at a constant speed: infinite inertia */
} slider_crank;

static double slider_x(const slider_crank *s, double phi, double *dx_dphi)
{
    double sn = sin(phi), cs = cos(phi);
    double w = sqrt(s->l * s->l - s->r * s->r * sn * sn);
    *dx_dphi = -s->r * sn * (1.0 + s->r * cs / w);
    return s->r * cs + w;
}

static double crank_mass(const slider_crank *s, double phi)
{
    double sn = sin(phi), cs = cos(phi), dx;
    double w = sqrt(s->l * s->l - s->r * s->r * sn * sn);
    slider_x(s, phi, &dx);
    double gx = 0.5 * (-s->r * sn + dx), gy = 0.5 * s->r * cs, db = -s->r * cs / w;
    double i_o = s->i_crank + s->m_crank * 0.25 * s->r * s->r;
    return i_o + s->m_rod * (gx * gx + gy * gy) + s->i_rod * db * db + s->m_slider * dx * dx;
}

static void geometry(const double *q, void *params, double *delta, double J[2])
{
    const slider_crank *s = params;
    double dx;
    double x4 = slider_x(s, q[0], &dx);
    *delta = 2.0 * s->a - (q[1] - x4);
    J[0] = dx;
    J[1] = -1.0;
}

static void mass(const double *q, void *params, double m[2])
{
    const slider_crank *s = params;
    /* a driven crank's motor absorbs any impulse: J0²/m0 = 0 in the
     * contact's effective mass, and no velocity change */
    m[0] = s->driven ? INFINITY : crank_mass(s, q[0]);
    m[1] = s->m_block;
}

static void accel(const double *y, const double Q[2], void *params, double qdd[2])
{
    const slider_crank *s = params;
    const double h = 1e-6;
    qdd[1] = Q[1] / s->m_block;
    if (s->driven) {
        qdd[0] = 0.0;
        return;
    }
    double dm = (crank_mass(s, y[0] + h) - crank_mass(s, y[0] - h)) / (2.0 * h);
    qdd[0] = (Q[0] - 0.5 * dm * y[2] * y[2]) / crank_mass(s, y[0]);
}

static void extra(const double *y, void *params, double *out)
{
    double dx;
    out[0] = slider_x(params, y[0], &dx);
    out[1] = dx * y[2];
}

hf_status hf_example_slider_crank_run(const hf_example_config *c, hf_example *ex,
                                      hf_diag *diag)
{
    if (!(isfinite(c->crank_speed) && fabs(c->crank_speed) <= 1e4))
        return hf_diag_set(diag, HF_EDOM, "crank speed = %g rad/s is outside [-1e4, 1e4]",
                           c->crank_speed);
    if (!(isfinite(c->block_speed) && fabs(c->block_speed) <= 1e3))
        return hf_diag_set(diag, HF_EDOM, "block speed = %g m/s is outside [-1e3, 1e3]",
                           c->block_speed);
    slider_crank s = {HF_SLIDER_CRANK_R, HF_SLIDER_ROD_L, HF_SLIDER_A,
                      HF_SLIDER_CRANK_MASS, HF_SLIDER_CRANK_INERTIA, HF_SLIDER_ROD_MASS,
                      HF_SLIDER_ROD_INERTIA, HF_SLIDER_SLIDER_MASS, HF_SLIDER_BLOCK_MASS,
                      c->crank_driven != 0};
    const hf_example_pair sys = {&s, geometry, mass, accel, NULL, 2, extra, slider_columns};
    const double y0[4] = {0.0, HF_SLIDER_BLOCK_X0, c->crank_speed, -c->block_speed};
    return hf_example_pair_run(&sys, c, y0, ex, diag);
}
