/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/report_internal.h — the statistics of studies/report.c that only the
 * library and its tests call (hertzfit/report.h has the report itself), and
 * the grouping of drops by specimen that the specimens' identification and
 * the data set's report share (studies/maxwell_specimens.c).
 */
#ifndef HERTZFIT_STUDIES_REPORT_INTERNAL_H
#define HERTZFIT_STUDIES_REPORT_INTERNAL_H

#include <stddef.h>
#include "hertzfit/maxwell_fit.h"
#include "hertzfit/report.h"

/* Q1, median, Q3 of v[0 .. n-1] (n >= 1; v is not modified).  +inf
 * values are allowed (a quartile between two +inf is +inf).  HF_EINVAL for
 * n = 0 or a NaN. */
hf_status hf_report_quartiles(const double *v, size_t n, double q[3], hf_diag *diag);

/* Best error of a row within BUDGET evaluations (+inf if none). */
double hf_report_error_at(const hf_campaign *c, const hf_campaign_row *row, size_t budget);

/* Runtime of a row to target f* + delta: evaluations at the first hit, or
 * 0 when never reached (then *hit = 0). */
size_t hf_report_runtime(const hf_campaign *c, const hf_campaign_row *row, double delta,
                         int *hit);

/* Two-sided Mann–Whitney U test of x against y (see above).  *u is U of x
 * (the number of pairs with x > y, ties counting 1/2), *z the corrected
 * normal score, *p the p-value (1 when every value is tied).  HF_EINVAL
 * when a sample is empty or holds NaN. */
hf_status hf_report_mann_whitney(const double *x, size_t nx, const double *y, size_t ny,
                                 double *u, double *z, double *p, hf_diag *diag);

/* Holm-adjusted p-values of p[0 .. m-1] into adjusted (may alias p). */
hf_status hf_report_holm(const double *p, size_t m, double *adjusted, hf_diag *diag);

/* The drops of every specimen of D (hf_maxwell_data_specimens), in the
 * order the names first appear, into the zeroed S: each result's name
 * (copied; NULL without a specimen column, when the one specimen is every
 * drop), ndrops and drops; no identification.  What it allocated is freed
 * with S (hf_maxwell_specimens_free), also after an error.  HF_EINVAL for a
 * test without a name, HF_ENOMEM. */
hf_status hf_maxwell_specimens_group(const hf_maxwell_data *d, hf_maxwell_specimens *s,
                                     hf_diag *diag);

#endif
