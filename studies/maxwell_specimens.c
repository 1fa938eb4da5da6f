// SPDX-License-Identifier: GPL-3.0-or-later
/*
 * studies/maxwell_specimens.c — a lab's drops grouped by specimen: one
 * identification per specimen (hf_maxwell_identify_specimens) and the
 * pairwise comparison of their materials by Wald tests, Holm-corrected
 * (hf_maxwell_compare); hertzfit/maxwell_fit.h.  And the provenance of
 * every Maxwell task (hf_maxwell_provenance).
 */
#include "hertzfit/maxwell_fit.h"

#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/provenance.h"
#include "core/strdup.h"
#include "objectives/maxwell_internal.h"
#include "studies/report_internal.h"

void hf_maxwell_specimens_free(hf_maxwell_specimens *s)
{
    if (s == NULL)
        return;
    for (size_t k = 0; k < s->n; ++k) {
        free(s->specimen[k].name);
        free(s->specimen[k].drops);
        hf_maxwell_identify_report_free(&s->specimen[k].report);
    }
    free(s->specimen);
    free(s);
}

hf_status hf_maxwell_specimens_group(const hf_maxwell_data *d, hf_maxwell_specimens *s,
                                     hf_diag *diag)
{
    size_t *index = malloc((d->n ? d->n : 1) * sizeof *index); /* freed below */
    if (index == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    size_t n = 0;
    hf_status st = hf_maxwell_data_specimens(d, &n, index, diag);
    if (st == HF_OK && (s->specimen = calloc(n ? n : 1, sizeof *s->specimen)) == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    if (st == HF_OK)
        s->n = n;
    for (size_t k = 0; st == HF_OK && k < n; ++k) {
        hf_maxwell_specimen_result *r = &s->specimen[k];
        r->drops = malloc(d->n * sizeof *r->drops); /* owned by s */
        if (r->drops == NULL)
            st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
        for (size_t i = 0; st == HF_OK && i < d->n; ++i)
            if (index[i] == k)
                r->drops[r->ndrops++] = i;
        if (st == HF_OK && d->specimen != NULL &&
            (r->name = hf_strdup(d->specimen[r->drops[0]])) == NULL)
            st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    free(index);
    return st;
}

/* hf_maxwell_identify on specimen R's drops (D itself for one specimen
 * without a name: the same numbers as without specimens). */
static hf_status identify_one(const hf_maxwell_data *d, const hf_argatov_constants *k,
                              const hf_maxwell_identify_config *cfg,
                              hf_maxwell_specimen_result *r)
{
    hf_diag why = {{0}};
    hf_maxwell_data *sub = NULL; /* freed below */
    hf_status st = HF_OK;
    if (r->name != NULL)
        st = hf_maxwell_data_subset(d, r->drops, r->ndrops, &sub, &why);
    if (st == HF_OK)
        st = hf_maxwell_identify(sub != NULL ? sub : d, k, cfg, &r->report, &why);
    hf_maxwell_data_free(sub);
    r->status = st;
    snprintf(r->error, sizeof r->error, "%s", st == HF_OK ? "" : why.text);
    return st;
}

hf_status hf_maxwell_identify_specimens(const hf_maxwell_data *data,
                                        const hf_argatov_constants *constants,
                                        const hf_maxwell_identify_config *cfg,
                                        hf_maxwell_specimens **out, hf_diag *diag)
{
    if (out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_maxwell_identify_specimens: no output");
    *out = NULL;
    if (data == NULL || constants == NULL || cfg == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_maxwell_identify_specimens: NULL argument");
    hf_maxwell_specimens *s = calloc(1, sizeof *s); /* to *out, or freed below */
    if (s == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    hf_status st = hf_maxwell_specimens_group(data, s, diag);
    if (st != HF_OK) {
        hf_maxwell_specimens_free(s);
        return st;
    }
    hf_status first = HF_OK;
    for (size_t k = 0; k < s->n; ++k) {
        hf_maxwell_specimen_result *r = &s->specimen[k];
        st = identify_one(data, constants, cfg, r);
        if (st != HF_OK && first == HF_OK)
            first = r->name != NULL
                        ? hf_diag_set(diag, st, "specimen %s: %s", r->name, r->error)
                        : hf_diag_set(diag, st, "%s", r->error);
    }
    *out = s;
    return first;
}

/* ---- comparison ---------------------------------------------------------- */

void hf_maxwell_comparison_free(hf_maxwell_comparison *c)
{
    if (c == NULL)
        return;
    hf_maxwell_specimens_free(c->specimens);
    free(c->row);
    free(c->pair);
    free(c);
}

/* The fit a comparison runs: FULL or CURVE (ALL: FULL with features). */
static hf_status compared_method(const hf_maxwell_data *d, hf_maxwell_identify_method m,
                                 hf_maxwell_identify_method *use, hf_diag *diag)
{
    if (m == HF_MAXWELL_IDENTIFY_REGRESSION)
        return hf_diag_set(diag, HF_EINVAL, "a comparison needs one fit per specimen (full "
                           "or curve), not the regressions' three lines");
    if (m == HF_MAXWELL_IDENTIFY_ALL)
        m = hf_maxwell_data_mask(d) != 0 ? HF_MAXWELL_IDENTIFY_FULL : HF_MAXWELL_IDENTIFY_CURVE;
    *use = m;
    return HF_OK;
}

/* Two-sided normal p of a difference D with standard error SE. */
static double wald_p(double d, double se)
{
    return 2.0 * gsl_cdf_ugaussian_Q(fabs(d / se));
}

/* The Wald tests of specimens A and B (rows RA, RB) into *p. */
static void test_pair(const hf_maxwell_identify_row *ra, const hf_maxwell_identify_row *rb,
                      hf_maxwell_comparison_pair *p)
{
    const hf_maxwell_estimate *ea = &ra->estimate, *eb = &rb->estimate;
    p->dmu0 = eb->mu0 - ea->mu0;
    p->dmu0_se = hypot(ea->mu0_se, eb->mu0_se);
    p->deta = eb->eta - ea->eta;
    p->deta_se = hypot(ea->eta_se, eb->eta_se);
    p->p_mu0 = wald_p(p->dmu0, p->dmu0_se);
    p->p_eta = wald_p(p->deta, p->deta_se);
    /* Σ_a + Σ_b; a missing correlation (NaN) counts as none */
    double ra_c = isfinite(ea->mu0_eta_corr) ? ea->mu0_eta_corr : 0.0;
    double rb_c = isfinite(eb->mu0_eta_corr) ? eb->mu0_eta_corr : 0.0;
    double s11 = p->dmu0_se * p->dmu0_se, s22 = p->deta_se * p->deta_se;
    double s12 = ra_c * ea->mu0_se * ea->eta_se + rb_c * eb->mu0_se * eb->eta_se;
    double det = s11 * s22 - s12 * s12;
    p->wald = (s22 * p->dmu0 * p->dmu0 - 2.0 * s12 * p->dmu0 * p->deta +
               s11 * p->deta * p->deta) / det;
    p->p = isfinite(p->wald) && p->wald >= 0.0 ? gsl_cdf_chisq_Q(p->wald, 2.0) : NAN;
    p->trusted = ra->trusted && rb->trusted;
}

/* The row of METHOD in specimen R's report, or NULL. */
static const hf_maxwell_identify_row *row_of(const hf_maxwell_specimen_result *r,
                                             hf_maxwell_method method)
{
    for (size_t i = 0; i < r->report.nrows; ++i)
        if (r->report.row[i].estimate.method == method)
            return &r->report.row[i];
    return NULL;
}

/* Every pair's tests and the Holm correction of their joint p-values. */
static hf_status test_pairs(hf_maxwell_comparison *c, hf_diag *diag)
{
    size_t m = c->specimens->n;
    c->pair = calloc(m * (m - 1) / 2, sizeof *c->pair); /* owned by c */
    double *p = malloc(m * m * sizeof *p), *adjusted = malloc(m * m * sizeof *adjusted);
    hf_status st = c->pair == NULL || p == NULL || adjusted == NULL
                       ? hf_diag_set(diag, HF_ENOMEM, "out of memory") : HF_OK;
    for (size_t a = 0; st == HF_OK && a < m; ++a)
        for (size_t b = a + 1; b < m; ++b) {
            hf_maxwell_comparison_pair *q = &c->pair[c->npairs];
            q->a = a;
            q->b = b;
            test_pair(c->row[a], c->row[b], q);
            /* an undefined test counts as no evidence of a difference */
            p[c->npairs++] = isfinite(q->p) ? q->p : 1.0;
        }
    if (st == HF_OK)
        st = hf_report_holm(p, c->npairs, adjusted, diag);
    for (size_t j = 0; st == HF_OK && j < c->npairs; ++j) {
        c->pair[j].p_holm = isfinite(c->pair[j].p) ? adjusted[j] : NAN;
        c->pair[j].differ = c->pair[j].p_holm < c->level;
    }
    free(p);
    free(adjusted);
    return st;
}

/* The checks of a comparison (LEVEL, at least 2 specimens) and its
 * identification's configuration C (the fit compared, no residuals). */
static hf_status compare_setup(const hf_maxwell_data *data, double level,
                               hf_maxwell_identify_config *c, hf_diag *diag)
{
    if (!(level > 0.0 && level < 1.0))
        return hf_diag_set(diag, HF_EINVAL, "comparison level %g is not in (0, 1)", level);
    hf_status st = compared_method(data, c->method, &c->method, diag);
    size_t n = 0;
    if (st == HF_OK)
        st = hf_maxwell_data_specimens(data, &n, NULL, diag);
    if (st == HF_OK && n < 2)
        st = hf_diag_set(diag, HF_EINVAL, "%s: %zu specimen%s: a comparison needs a "
                         "'specimen' column naming at least 2", data->path ? data->path
                                                                           : "the data",
                         n, n == 1 ? "" : "s");
    c->residuals = 0;
    return st;
}

hf_status hf_maxwell_compare(const hf_maxwell_data *data, const hf_argatov_constants *constants,
                             const hf_maxwell_identify_config *cfg, double level,
                             hf_maxwell_comparison **out, hf_diag *diag)
{
    if (out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_maxwell_compare: no output");
    *out = NULL;
    if (data == NULL || constants == NULL || cfg == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_maxwell_compare: NULL argument");
    hf_maxwell_identify_config c = *cfg;
    hf_status st = compare_setup(data, level, &c, diag);
    if (st != HF_OK)
        return st;
    hf_maxwell_comparison *x = calloc(1, sizeof *x); /* to *out */
    if (x == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    x->level = level;
    x->method = c.method == HF_MAXWELL_IDENTIFY_FULL ? HF_MAXWELL_FULL : HF_MAXWELL_CURVE;
    *out = x;
    st = hf_maxwell_identify_specimens(data, constants, &c, &x->specimens, diag);
    if (st != HF_OK)
        return st;
    x->row = calloc(x->specimens->n, sizeof *x->row); /* owned by x */
    if (x->row == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t k = 0; k < x->specimens->n; ++k)
        if ((x->row[k] = row_of(&x->specimens->specimen[k], x->method)) == NULL)
            return hf_diag_set(diag, HF_ENOCONV, "specimen %s: no %s fit",
                               x->specimens->specimen[k].name,
                               hf_maxwell_method_name(x->method));
    return test_pairs(x, diag);
}

/* ---- provenance ---------------------------------------------------------- */

/* The input files of D: the list and every trace file. */
static hf_status data_files(hf_provenance *p, const hf_maxwell_data *d, hf_diag *diag)
{
    hf_status st = d->path != NULL ? hf_provenance_set_file(p, "data", d->path, diag) : HF_OK;
    for (size_t i = 0; st == HF_OK && d->trace != NULL && i < d->n; ++i)
        if (d->trace[i].path != NULL) {
            char key[40];
            snprintf(key, sizeof key, "trace_%zu", i + 1);
            st = hf_provenance_set_file(p, key, d->trace[i].path, diag);
        }
    return st;
}

/* How the list and its traces were read (the entries that were set). */
static hf_status read_entries(hf_provenance *p, const hf_maxwell_read_options *r,
                              hf_diag *diag)
{
    const hf_maxwell_trace_format *f = &r->trace_format;
    const char *const keys[4] = {"trace_time_column", "trace_force_column", "trace_time_unit",
                                 "trace_force_unit"};
    const char *const values[4] = {f->time_column, f->force_column, f->time_unit,
                                   f->force_unit};
    hf_status st = hf_provenance_set_number(p, "g_mps2", r->g, diag);
    if (st == HF_OK && f->decimal != '\0' && f->decimal != '.')
        st = hf_provenance_set(p, "trace_decimal", (char[2]){f->decimal, '\0'}, diag);
    for (int j = 0; j < 4 && st == HF_OK; ++j)
        if (values[j] != NULL)
            st = hf_provenance_set(p, keys[j], values[j], diag);
    if (st == HF_OK && f->rate > 0.0)
        st = hf_provenance_set_number(p, "trace_rate_hz", f->rate, diag);
    return st;
}

/* The seeds (all 64 bits, which a double would round) and the bootstrap's
 * replicates when it ran. */
static hf_status seed_entries(hf_provenance *p, const hf_maxwell_identify_config *c,
                              hf_diag *diag)
{
    char text[32];
    snprintf(text, sizeof text, "%llu", (unsigned long long)c->full.seed);
    hf_status st = hf_provenance_set(p, "seed", text, diag);
    if (st != HF_OK || c->bootstrap == 0)
        return st;
    snprintf(text, sizeof text, "%zu", c->bootstrap);
    st = hf_provenance_set(p, "bootstrap", text, diag);
    snprintf(text, sizeof text, "%llu", (unsigned long long)c->bootstrap_seed);
    return st == HF_OK ? hf_provenance_set(p, "bootstrap_seed", text, diag) : st;
}

/* The identification's options that change the numbers. */
static hf_status identify_entries(hf_provenance *p, const hf_maxwell_identify_config *c,
                                  int extracted, hf_diag *diag)
{
    static const char *const methods[] = {"all", "regression", "full", "curve"};
    static const char *const starts[] = {"fitted", "fixed", "extracted"};
    char observables[64] = "all";
    /* the default on features maxwell extract measured is theirs (hf_maxwell_fit_full) */
    unsigned mask = c->full.objective.mask != 0 ? c->full.objective.mask
                    : extracted                 ? HF_MAXWELL_EXTRACTED_OBSERVABLES
                                                : 0u;
    if (mask != 0)
        hf_maxwell_observables_name(mask, observables, sizeof observables);
    const char *const keys[7] = {"method", "weights", "optimizer", "observables",
                                 "contact_start", "baseline", NULL};
    const char *const values[7] = {
        methods[c->method], c->weights == HF_MAXWELL_WEIGHTS_RELATIVE ? "relative" : "none",
        c->full.optimizer != NULL ? c->full.optimizer : HF_MAXWELL_FIT_OPTIMIZER, observables,
        starts[c->curve.contact], c->curve.baseline == HF_MAXWELL_BASELINE_ZERO ? "zero"
                                                                                : "fitted",
        NULL};
    const char *const nkeys[6] = {"nu", "alpha", "max_evals", "xtol_rel", "recentre_max",
                                  "max_iter"};
    const double nvalues[6] = {c->nu, c->full.objective.alpha, (double)c->full.max_evals,
                               c->full.xtol_rel, (double)c->full.recentre_max,
                               (double)c->curve.max_iter};
    hf_status st = HF_OK;
    for (int j = 0; keys[j] != NULL && st == HF_OK; ++j)
        st = hf_provenance_set(p, keys[j], values[j], diag);
    for (int j = 0; j < 6 && st == HF_OK; ++j)
        st = hf_provenance_set_number(p, nkeys[j], nvalues[j], diag);
    return st == HF_OK ? seed_entries(p, c, diag) : st;
}

hf_status hf_maxwell_provenance(hf_provenance *p, const hf_maxwell_data *data,
                                const hf_maxwell_read_options *read,
                                const hf_maxwell_identify_config *cfg, hf_diag *diag)
{
    if (p == NULL || data == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_maxwell_provenance: NULL argument");
    hf_status st = data_files(p, data, diag);
    if (st == HF_OK && read != NULL)
        st = read_entries(p, read, diag);
    if (st == HF_OK && cfg != NULL)
        st = identify_entries(p, cfg, data->extracted, diag);
    return st;
}
