/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * objectives/profile_objective.c — the (a, b) calibration objective of
 * Safaeifar & Farshidianfar 2020 and Sheikhi Azqandi & Safaeifar 2023.
 *
 * The exact h_r of every sample is computed once, at creation, and kept as
 * r_i = (1 − c_i)/(c_i h_exact(c_i)).  Because the percentage error is
 * 100 (K0 r_i − 1), RMS² is a quadratic in K0 = 2/(5 I), which gives the
 * optimum in closed form (see profile_objective.h) and makes an evaluation
 * one Beta function (for I(a,b)) and the quadratic: no pass over the
 * samples.  The quadratic is kept centred at its minimiser K0*,
 *     RMS² = V + 2 G d + S d²,  d = K0 − K0*,
 * with V = 10⁴⟨(K0* r − 1)²⟩, G = 10⁴⟨r (K0* r − 1)⟩ (zero but for
 * rounding) and S = 10⁴⟨r²⟩ summed from the samples once.  The expanded
 * form 10⁴(K0²⟨r²⟩ − 2 K0⟨r⟩ + 1) would cancel near the optimum, losing
 * a factor 10⁴/RMS² of its digits (RMS 12.6 %: 60×; a sampling of
 * near-elastic impacts, which the model fits to 1e-12 %: all of them);
 * every term of the centred form is small there.
 *
 * A table objective replaces the samples by the quadratic fitted to a
 * published RMS table: Safaeifar's Table 2 does not state its sampling, but
 * 110 values of a quadratic in K0 determine its three coefficients.
 */
#include "hertzfit/profile_objective.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_multifit.h>

#include "core/csv.h"
#include "hertzfit/profile.h"
#include "hertzfit/damping.h"
#include "models/profile_internal.h"

struct hf_profile_objective {
    int is_table;
    size_t n;            /* samples, or table rows */
    double *r;           /* owned: r_i = (1 − c_i)/(c_i h_exact(c_i)); NULL for a table */
    double q[3];         /* RMS² = q0 + q1 K0 + q2 K0² */
    double centre;       /* K0* = −q1/(2 q2), the minimiser */
    double v, g, s;      /* RMS² = v + 2 g d + s d², d = K0 − centre (file comment) */
    double worst_residual_pct;
    double lower[2], upper[2];  /* the (a, b) box of the problem */
    hf_problem problem;         /* the view, borrowing the box and the object */
};

hf_status hf_profile_objective_make(const char *table, const double *sampling,
                                    size_t n_sampling, const double *bounds,
                                    hf_profile_objective **out, hf_diag *diag)
{
    *out = NULL;
    if (table != NULL && (sampling != NULL || n_sampling > 0))
        return hf_diag_set(diag, HF_EINVAL, "give table or sampling, not both");
    hf_status st = table != NULL ? hf_profile_objective_alloc_table(table, out, diag)
                                 : hf_profile_objective_alloc(sampling, n_sampling, out, diag);
    if (st == HF_OK && bounds != NULL) {
        const double lower[2] = {bounds[0], bounds[2]}, upper[2] = {bounds[1], bounds[3]};
        st = hf_profile_objective_set_bounds(*out, lower, upper, diag);
    }
    if (st != HF_OK) {
        hf_profile_objective_free(*out);
        *out = NULL;
    }
    return st;
}

static double problem_rms(const double *x, void *ctx);

/* The (a, b) problem on the default box; called once the coefficients
 * are known (f_opt is the closed-form minimum). */
static void init_problem(hf_profile_objective *obj)
{
    obj->lower[0] = HF_PROFILE_A_MIN;
    obj->upper[0] = HF_PROFILE_A_MAX;
    obj->lower[1] = HF_PROFILE_B_MIN;
    obj->upper[1] = HF_PROFILE_B_MAX;
    obj->problem = (hf_problem){.name = obj->is_table ? "profile-table" : "profile", .dim = 2,
                                .lower = obj->lower, .upper = obj->upper, .f = problem_rms,
                                .ctx = obj, .has_optimum = 1};
    hf_profile_objective_optimum(obj, NULL, NULL, &obj->problem.f_opt);
}

void hf_profile_objective_free(hf_profile_objective *obj)
{
    if (obj == NULL)
        return;
    free(obj->r);
    free(obj);
}

/* The objective on the default grid HF_SAMPLING_START:STEP:STOP. */
static hf_status default_sampling(hf_profile_objective **out, hf_diag *diag)
{
    double *c = NULL; /* freed below */
    size_t n = 0;
    hf_status st = hf_profile_sampling_grid(HF_SAMPLING_START, HF_SAMPLING_STEP,
                                            HF_SAMPLING_STOP, &c, &n, diag);
    if (st == HF_OK)
        st = hf_profile_objective_alloc(c, n, out, diag);
    free(c);
    return st;
}

hf_status hf_profile_objective_alloc(const double *c, size_t n, hf_profile_objective **out,
                                     hf_diag *diag)
{
    *out = NULL;
    if (c == NULL && n == 0)
        return default_sampling(out, diag);
    if (n == 0 || c == NULL)
        return hf_diag_set(diag, HF_EINVAL, "the c_r sampling is empty");
    hf_profile_objective *obj = calloc(1, sizeof *obj);   /* caller frees */
    /* obj and obj->r are owned by the caller: hf_profile_objective_free */
    if (obj == NULL || (obj->r = malloc(sizeof(double) * n)) == NULL) {
        free(obj);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for %zu samples", n);
    }
    obj->n = n;
    double m1 = 0.0, m2 = 0.0;
    for (size_t i = 0; i < n; ++i) {
        double h;
        if (!(c[i] > 0.0 && c[i] < 1.0)) {
            hf_profile_objective_free(obj);
            /* c = 1 has h_exact = 0: the percentage error is undefined there. */
            return hf_diag_set(diag, HF_EDOM,
                               "c_r = %.17g (sample %zu) must lie in (0, 1) for the "
                               "percentage error", c[i], i + 1);
        }
        hf_diag why = {{0}};
        hf_status st = hf_restitution_hr_exact(c[i], &h, &why);
        if (st != HF_OK) {
            hf_profile_objective_free(obj);
            return hf_diag_set(diag, st, "exact h_r failed at c_r = %.17g: %s", c[i], why.text);
        }
        obj->r[i] = (1.0 - c[i]) / (c[i] * h);
        m1 += obj->r[i];
        m2 += obj->r[i] * obj->r[i];
    }
    m1 /= (double)n;
    m2 /= (double)n;
    obj->q[0] = 1e4;
    obj->q[1] = -2e4 * m1;
    obj->q[2] = 1e4 * m2;
    obj->centre = -obj->q[1] / (2.0 * obj->q[2]);
    /* fma: K0 r − 1 with one rounding.  The error is small (K0 r ≈ 1)
     * where the fit is good, and a rounded product would leave it only
     * ulp(1) absolute: 1e-11 relative for a sampling fitted to 1e-5. */
    double v = 0.0, g = 0.0;
    for (size_t i = 0; i < n; ++i) {
        double e = fma(obj->centre, obj->r[i], -1.0);
        v += e * e;
        g += obj->r[i] * e;
    }
    obj->v = 1e4 * (v / (double)n);
    obj->g = 1e4 * (g / (double)n);
    obj->s = obj->q[2];
    init_problem(obj);
    *out = obj;
    return HF_OK;
}

/* Reads a, b, rms_pct and forms K0 = 2/(5 I(a,b)) per row. */
/* Row I of the table (columns COL: a, b, rms_pct) as K0 and its rms. */
static hf_status read_table_row(const char *path, const hf_csv *csv, const size_t col[3],
                                size_t i, double *k0, double *rms, hf_diag *diag)
{
    double v[3], integral;
    hf_status st = HF_OK;
    for (int j = 0; st == HF_OK && j < 3; ++j)
        st = hf_csv_number(csv, i, col[j], &v[j], diag);
    if (st != HF_OK)
        return st;
    if (!(v[0] > 0.0 && v[1] > 0.0) || !(v[2] >= 0.0))
        return hf_diag_set(diag, HF_EDOM, "%s:%zu: need a > 0, b > 0, rms_pct >= 0 "
                           "(got %g, %g, %g)", path, hf_csv_line(csv, i), v[0], v[1], v[2]);
    st = hf_profile_integral(v[0], v[1], &integral, NULL);
    if (st != HF_OK)
        return hf_diag_set(diag, st, "%s:%zu: I(a, b) is not representable for a = %g, "
                           "b = %g", path, hf_csv_line(csv, i), v[0], v[1]);
    *k0 = hf_profile_k0_from_integral(integral);
    *rms = v[2];
    return HF_OK;
}

static hf_status read_table(const char *path, double **k0, double **rms, size_t *n,
                            hf_diag *diag)
{
    hf_csv *csv = NULL;
    hf_status st = hf_csv_read(path, NULL, &csv, diag);
    if (st != HF_OK)
        return st;
    size_t rows = hf_csv_nrows(csv);
    size_t col[3];
    const char *names[3] = {"a", "b", "rms_pct"};
    for (int j = 0; j < 3 && st == HF_OK; ++j)
        st = hf_csv_require(csv, names[j], &col[j], diag);
    if (st != HF_OK) {
        hf_csv_free(csv);
        return st;
    }
    *k0 = malloc(sizeof(double) * (rows ? rows : 1));   /* caller frees */
    *rms = malloc(sizeof(double) * (rows ? rows : 1));  /* caller frees */
    if (*k0 == NULL || *rms == NULL)
        st = HF_ENOMEM;
    for (size_t i = 0; st == HF_OK && i < rows; ++i)
        st = read_table_row(path, csv, col, i, &(*k0)[i], &(*rms)[i], diag);
    hf_csv_free(csv);
    *n = rows;
    return st;
}

/* Weighted least squares of rms² on (1, K0, K0²) with GSL.  The table's
 * values are rounded to 3 decimals, a uniform error in rms, so the error of
 * rms² is ∝ rms: weights 1/rms² make the residuals comparable.  The
 * rounding itself (5e-4) floors the error, so a printed 0 does not get an
 * infinite weight. */
#define TABLE_ROUNDING 5e-4
static hf_status fit_quadratic(const double *k0, const double *rms, size_t n, double q[3])
{
    gsl_matrix *X = gsl_matrix_alloc(n, 3);
    gsl_vector *y = gsl_vector_alloc(n), *w = gsl_vector_alloc(n), *c = gsl_vector_alloc(3);
    gsl_matrix *cov = gsl_matrix_alloc(3, 3);
    gsl_multifit_linear_workspace *work = gsl_multifit_linear_alloc(n, 3);
    hf_status st = (X && y && w && c && cov && work) ? HF_OK : HF_ENOMEM;
    if (st == HF_OK) {
        for (size_t i = 0; i < n; ++i) {
            gsl_matrix_set(X, i, 0, 1.0);
            gsl_matrix_set(X, i, 1, k0[i]);
            gsl_matrix_set(X, i, 2, k0[i] * k0[i]);
            gsl_vector_set(y, i, rms[i] * rms[i]);
            gsl_vector_set(w, i, 1.0 / ((rms[i] + TABLE_ROUNDING) * (rms[i] + TABLE_ROUNDING)));
        }
        double chisq;
        if (gsl_multifit_wlinear(X, w, y, c, cov, &chisq, work) != GSL_SUCCESS)
            st = HF_EGSL;
        for (int j = 0; j < 3; ++j)
            q[j] = gsl_vector_get(c, (size_t)j);
    }
    if (work) gsl_multifit_linear_free(work);
    gsl_matrix_free(cov);
    gsl_vector_free(c);
    gsl_vector_free(w);
    gsl_vector_free(y);
    gsl_matrix_free(X);
    return st;
}

/* Three distinct K0 values are needed to determine a quadratic. */
static int distinct_count_at_least_three(const double *k0, size_t n)
{
    size_t distinct = 0;
    double seen[2] = {0.0, 0.0};
    for (size_t i = 0; i < n && distinct < 3; ++i) {
        int fresh = 1;
        for (size_t j = 0; j < distinct; ++j)
            fresh &= fabs(k0[i] - seen[j]) > 1e-12 * fabs(seen[j]);
        if (fresh) {
            if (distinct < 2)
                seen[distinct] = k0[i];
            ++distinct;
        }
    }
    return distinct >= 3;
}

hf_status hf_profile_objective_alloc_table(const char *path, hf_profile_objective **out,
                                           hf_diag *diag)
{
    *out = NULL;
    double *k0 = NULL, *rms = NULL;
    size_t n = 0;
    hf_status st = read_table(path, &k0, &rms, &n, diag);
    hf_profile_objective *obj = NULL;
    if (st == HF_OK && !distinct_count_at_least_three(k0, n))
        st = hf_diag_set(diag, HF_ESINGULAR, "%s: need at least 3 rows with distinct "
                         "I(a,b) to fit RMS^2 as a quadratic in K0 (got %zu rows)", path, n);
    if (st == HF_OK && (obj = calloc(1, sizeof *obj)) == NULL)   /* caller frees */
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    if (st == HF_OK)
        st = fit_quadratic(k0, rms, n, obj->q);
    if (st == HF_OK && !(obj->q[2] > 0.0))
        st = hf_diag_set(diag, HF_ESINGULAR, "%s: the fitted RMS^2(K0) has no minimum "
                         "(curvature %g)", path, obj->q[2]);
    if (st == HF_OK && !(-obj->q[1] / (2.0 * obj->q[2]) > 0.0))
        st = hf_diag_set(diag, HF_ESINGULAR, "%s: the fitted RMS^2(K0) has its minimum at "
                         "K0 = %g <= 0, where no (a, b) lies", path, -obj->q[1] / (2.0 * obj->q[2]));
    /* An RMS² whose vertex is negative is not an RMS table. */
    if (st == HF_OK && obj->q[0] - obj->q[1] * obj->q[1] / (4.0 * obj->q[2]) < 0.0)
        st = hf_diag_set(diag, HF_ESINGULAR, "%s: the fitted RMS^2(K0) goes below zero at its "
                         "minimum: the table is not an RMS of one quadratic in K0", path);
    if (st == HF_OK) {
        /* The fitted quadratic in vertex form; its value there is formed
         * once, here. */
        obj->centre = -obj->q[1] / (2.0 * obj->q[2]);
        obj->v = obj->q[0] - obj->q[1] * obj->q[1] / (4.0 * obj->q[2]);
        obj->s = obj->q[2];
        obj->is_table = 1;
        obj->n = n;
        for (size_t i = 0; i < n; ++i) {
            double res = fabs(hf_profile_objective_rms_k0(obj, k0[i]) - rms[i]);
            if (res > obj->worst_residual_pct)
                obj->worst_residual_pct = res;
        }
        init_problem(obj);
        *out = obj;
    } else {
        free(obj);
    }
    free(k0);
    free(rms);
    return st;
}

double hf_profile_objective_rms_k0(const hf_profile_objective *obj, double k0)
{
    double d = k0 - obj->centre;
    /* The exact value is a mean square, >= 0; rounding in v and g cannot
     * make it negative by more than an ulp of v, which fmax absorbs. */
    return sqrt(fmax(obj->v + d * (2.0 * obj->g + obj->s * d), 0.0));
}

double hf_profile_objective_rms_k0_direct(const hf_profile_objective *obj, double k0)
{
    if (obj->is_table)
        return sqrt(fmax(obj->q[0] + k0 * (obj->q[1] + k0 * obj->q[2]), 0.0));
    /* The definition, one pass over the samples, each error K0 r − 1
     * formed with one rounding (fma, as for the moments). */
    const double *r = obj->r;
    double sum = 0.0;
    for (size_t i = 0; i < obj->n; ++i) {
        double e = fma(k0, r[i], -1.0);
        sum += e * e;
    }
    return 100.0 * sqrt(sum / (double)obj->n);
}

double hf_profile_objective_rms(const hf_profile_objective *obj, double a, double b)
{
    double integral;
    if (hf_profile_integral(a, b, &integral, NULL) != HF_OK)
        return NAN;
    return hf_profile_objective_rms_k0(obj, hf_profile_k0_from_integral(integral));
}

void hf_profile_objective_optimum(const hf_profile_objective *obj, double *k0,
                                  double *integral, double *rms_min)
{
    double k = obj->centre;
    if (k0) *k0 = k;
    if (integral) *integral = hf_profile_integral_from_k0(k);
    if (rms_min) *rms_min = hf_profile_objective_rms_k0(obj, k);
}

void hf_profile_objective_quadratic(const hf_profile_objective *obj, double q[3],
                                    double *worst_residual_pct, size_t *count)
{
    memcpy(q, obj->q, sizeof obj->q);
    if (worst_residual_pct) *worst_residual_pct = obj->worst_residual_pct;
    if (count) *count = obj->n;
}

static double problem_rms(const double *x, void *ctx)
{
    return hf_profile_objective_rms((const hf_profile_objective *)ctx, x[0], x[1]);
}

hf_status hf_profile_objective_set_bounds(hf_profile_objective *obj, const double lower[2],
                                          const double upper[2], hf_diag *diag)
{
    static const char *const names[2] = {"a", "b"};
    if (obj == NULL || lower == NULL || upper == NULL)
        return hf_diag_set(diag, HF_EINVAL, "profile objective: missing bounds");
    for (int j = 0; j < 2; ++j) {
        if (!isfinite(lower[j]) || !isfinite(upper[j]))
            return hf_diag_set(diag, HF_EDOM, "bounds of %s [%g, %g] are not finite", names[j],
                               lower[j], upper[j]);
        if (!(lower[j] < upper[j]))
            return hf_diag_set(diag, HF_EBOUNDS, "lower bound %g of %s is not below its upper "
                               "bound %g", lower[j], names[j], upper[j]);
        /* I(a, b) needs a, b > 0: a box reaching 0 would only feed an
         * optimiser failed evaluations. */
        if (!(lower[j] > 0.0))
            return hf_diag_set(diag, HF_EDOM, "lower bound %g of %s must be positive",
                               lower[j], names[j]);
    }
    for (int j = 0; j < 2; ++j) {
        obj->lower[j] = lower[j];
        obj->upper[j] = upper[j];
    }
    return HF_OK;
}

const hf_problem *hf_profile_objective_problem(const hf_profile_objective *obj)
{
    return &obj->problem;
}
