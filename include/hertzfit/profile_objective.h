/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/profile_objective.h — the calibration objective of Safaeifar &
 * Farshidianfar 2020 (Table 2) and Sheikhi Azqandi & Safaeifar 2023.
 *
 * RMS over a c_r sampling of the percentage error
 *     e_i = 100 (h_model(c_i) − h_exact(c_i)) / h_exact(c_i),
 * with h_model = K0 (1 − c)/c, K0 = 2/(5 I(a,b)).  Writing
 * r_i = (1 − c_i)/(c_i h_exact(c_i)), e_i = 100 (K0 r_i − 1), so
 *     RMS² = 10⁴ (K0² ⟨r²⟩ − 2 K0 ⟨r⟩ + 1):
 * a quadratic in K0.  The objective depends on (a, b) only through I, the
 * minimiser is K0* = ⟨r⟩/⟨r²⟩, and every (a, b) on the curve I(a,b) = I*
 * is equally optimal (the valley).
 *
 * Two kinds of objective share this shape:
 *  - a sampling objective: exact h_r computed once per objective;
 *  - a table objective: the quadratic's three coefficients fitted by least
 *    squares to a published table of RMS over (a, b) (Safaeifar's Table 2,
 *    whose sampling the paper does not state).
 */
#ifndef HERTZFIT_PROFILE_OBJECTIVE_H
#define HERTZFIT_PROFILE_OBJECTIVE_H

#include <stddef.h>
#include "hertzfit/problem.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The default sampling, the paper grid of c_r: 0.01, 0.02, ..., 0.99. */
#define HF_SAMPLING_START 0.01
#define HF_SAMPLING_STEP 0.01
#define HF_SAMPLING_STOP 0.99
/* The most c_r values a sampling may hold. */
#define HF_SAMPLING_MAX 10000000u

/* Default bounds of the (a, b) problem: the range of Safaeifar's Table 2. */
#define HF_PROFILE_A_MIN 1.0
#define HF_PROFILE_A_MAX 6.0
#define HF_PROFILE_B_MIN 1.5
#define HF_PROFILE_B_MAX 6.0

/* Samplings of c_r in (0, 1] for hf_profile_objective_alloc.  Each
 * returns *values, malloc'ed and owned by the caller (free()), with
 * *count values; errors (HF_EDOM, HF_EPARSE, HF_EIO) name the bad value
 * in the diag and leave *values NULL. */

/* The inclusive grid start, start + step, ... (stop included when within
 * 1e-9 steps of the grid): 0 < start <= stop <= 1, step > 0. */
hf_status hf_profile_sampling_grid(double start, double step, double stop, double **values,
                           size_t *count, hf_diag *diag);

/* N values of h_r geometrically spaced from h0 to h1 (0 < h0 < h1,
 * N >= 2), each mapped to c_r by the exact inverse relation: the samples
 * spread evenly over the decades of damping, where a grid in c_r crowds
 * them near elastic impacts. */
hf_status hf_profile_sampling_hgeom(double h0, double h1, size_t n, double **values, size_t *count,
                            hf_diag *diag);

/* The column c_r of the CSV file PATH (core/csv.h: one header row,
 * '#' comments and blank lines skipped), errors naming path:line:column. */
hf_status hf_profile_sampling_read(const char *path, double **values, size_t *count,
                           hf_diag *diag);

typedef struct hf_profile_objective hf_profile_objective;

/* Sampling objective over c[0 .. n-1] (copied); c NULL with n 0: the
 * default sampling (HF_SAMPLING_START:STEP:STOP), which every front end
 * gets by passing no sampling.  Computes h_exact once.
 * *out is owned by the caller (hf_profile_objective_free). */
hf_status hf_profile_objective_alloc(const double *c, size_t n, hf_profile_objective **out,
                                     hf_diag *diag);

/* Table objective from a CSV with columns a, b, rms_pct (any order).
 * Needs at least 3 rows with distinct I.  *out owned by the caller. */
hf_status hf_profile_objective_alloc_table(const char *path, hf_profile_objective **out,
                                           hf_diag *diag);

void hf_profile_objective_free(hf_profile_objective *obj);

/* The objective as a front end's options name it: the published table at
 * TABLE, or the c_r values sampling[0 .. n_sampling-1] (NULL, 0: the
 * default sampling), in the box bounds = {a_min, a_max, b_min, b_max}
 * (NULL: the defaults below).  HF_EINVAL when both a table and a sampling
 * are given; else the status of hf_profile_objective_alloc_table,
 * hf_profile_objective_alloc or hf_profile_objective_set_bounds.  *out is
 * owned by the caller (NULL after a failure). */
hf_status hf_profile_objective_make(const char *table, const double *sampling,
                                    size_t n_sampling, const double *bounds,
                                    hf_profile_objective **out, hf_diag *diag);

/* RMS of the percentage error (in %) at (a, b).  NaN if a or b is not
 * positive.  Costs one Beta function and a quadratic in K0, whatever the
 * number of samples: the quadratic is formed from the samples once, at
 * allocation, centred at its minimiser so that it keeps its digits near
 * the optimum. */
double hf_profile_objective_rms(const hf_profile_objective *obj, double a,
                                double b);

/* The same as a function of K0 directly. */
double hf_profile_objective_rms_k0(const hf_profile_objective *obj, double k0);

/* The same by its definition, for checking hf_profile_objective_rms_k0: a
 * sampling objective sums the squared percentage errors over its samples
 * (one pass, O(n)); a table objective evaluates q0 + q1 K0 + q2 K0². */
double hf_profile_objective_rms_k0_direct(const hf_profile_objective *obj, double k0);

/* The minimiser in closed form: K0*, I* = 2/(5 K0*), and the minimum RMS. */
void hf_profile_objective_optimum(const hf_profile_objective *obj, double *k0,
                                  double *integral, double *rms_min);

/* Coefficients of RMS² = q0 + q1 K0 + q2 K0² (q[3]).  For a table
 * objective also the worst absolute residual of the fit in RMS (in %) and
 * the number of table rows; for a sampling objective those are 0 and n. */
void hf_profile_objective_quadratic(const hf_profile_objective *obj, double q[3],
                                    double *worst_residual_pct, size_t *count);

/* The (a, b) problem the objective owns: f(x) = rms(x[0], x[1]) on the box
 * [HF_PROFILE_A_MIN, HF_PROFILE_A_MAX] × [HF_PROFILE_B_MIN,
 * HF_PROFILE_B_MAX] unless set otherwise, named "profile" ("profile-table"
 * for a table objective), f_opt the closed-form minimum.  Valid while obj
 * lives. */
const hf_problem *hf_profile_objective_problem(const hf_profile_objective *obj);

/* Sets the box of the problem (before any optimiser runs on it).
 * HF_EDOM for a bound that is not finite or a lower bound <= 0 (I(a, b)
 * needs a, b > 0), HF_EBOUNDS when a lower bound is not below its upper
 * bound; the diag names the variable and the values. */
hf_status hf_profile_objective_set_bounds(hf_profile_objective *obj, const double lower[2],
                                          const double upper[2], hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
