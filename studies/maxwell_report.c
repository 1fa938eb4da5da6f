// SPDX-License-Identifier: GPL-3.0-or-later
/*
 * studies/maxwell_report.c — everything a report of drop tests shows, as
 * one call (hf_maxwell_report_compute, hertzfit/maxwell_fit.h): section by
 * section, the extraction of every impact, the feature fits of the
 * extracted first impacts (or of the data's own feature columns), the
 * curve fit of the traces, and the warnings a reader must see, in words.
 * One section per specimen (the grouping of hf_maxwell_identify_specimens)
 * and, with two or more, their comparison (hf_maxwell_compare).  The
 * program writes it as a folder (`maxwell report`); a binding can show
 * the same numbers.  The decisions of each fit stay in hf_maxwell_identify.
 */
#include "hertzfit/maxwell_fit.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/strdup.h"
#include "objectives/maxwell_internal.h"
#include "studies/report_internal.h"

/* Appends one warning line to section S; HF_ENOMEM when it cannot. */
static hf_status warn(hf_maxwell_report_section *s, hf_diag *diag, const char *fmt, ...)
{
    char line[HF_DIAG_SIZE + 256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    char **grown = realloc(s->warning, (s->nwarnings + 1) * sizeof *grown);
    char *copy = hf_strdup(line);
    if (grown == NULL || copy == NULL) {
        free(copy);
        if (grown != NULL)
            s->warning = grown;
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    s->warning = grown;
    s->warning[s->nwarnings++] = copy;
    return HF_OK;
}

static const char *drop_file(const hf_maxwell_data *d, size_t i)
{
    return d->trace != NULL && d->trace[i].path != NULL ? d->trace[i].path : "no trace file";
}

/* The number (from 1) in the whole list of section S's drop I. */
static size_t list_number(const hf_maxwell_report_section *s, size_t i)
{
    return (s->list_drop != NULL ? s->list_drop[i] : i) + 1;
}

/* The warnings of an extraction: every impact that is not ok. */
static hf_status warn_extraction(hf_maxwell_report_section *s, hf_diag *diag)
{
    hf_status st = HF_OK;
    for (size_t k = 0; k < s->extraction->n && st == HF_OK; ++k) {
        const hf_maxwell_extraction_entry *e = &s->extraction->entry[k];
        if (e->features.status != HF_MAXWELL_EXTRACT_OK || !e->usable)
            st = warn(s, diag, "drop %zu (%s), impact %zu: extraction %s%s",
                      list_number(s, e->drop),
                      drop_file(s->data, e->drop), e->features.impact,
                      hf_maxwell_extract_status_name(e->features.status),
                      e->usable ? "" : ", left out of the feature fits");
    }
    return st;
}

/* The warnings of an identification's rows: not trusted and why, ε beyond
 * the first-order formulas' range, a fit that did not converge. */
static hf_status warn_rows(hf_maxwell_report_section *s, const hf_maxwell_identify_report *r,
                           hf_diag *diag)
{
    hf_status st = HF_OK;
    for (size_t i = 0; i < r->nrows && st == HF_OK; ++i) {
        const hf_maxwell_identify_row *row = &r->row[i];
        const hf_maxwell_estimate *e = &row->estimate;
        char obs[64];
        const char *what = e->method == HF_MAXWELL_CURVE
                               ? "F(t)"
                               : hf_maxwell_observables_name(e->observables, obs, sizeof obs);
        const char *method = hf_maxwell_method_name(e->method);
        if (row->not_converged)
            st = warn(s, diag, "%s %s did not converge (%s after %zu evaluations): its mu0, "
                      "eta and standard errors are not an optimum", method, what, row->status,
                      row->fit.evaluations);
        else if (!row->trusted && row->reason[0] != '\0')
            st = warn(s, diag, "%s %s is %s: %s", method, what, row->status, row->reason);
        if (st == HF_OK && row->beyond_first_order && e->method == HF_MAXWELL_REGRESSION)
            st = warn(s, diag, "%s %s: eps reaches %.3f > %.1f, where Argatov's first-order "
                      "formulas lose accuracy", method, what, e->max_eps,
                      HF_MAXWELL_EPS_FIRST_ORDER);
    }
    return st;
}

/* Room for N features rows of section S: values, drops, uncertainties. */
static hf_status alloc_features(hf_maxwell_report_section *s, size_t n, hf_diag *diag)
{
    const unsigned mask = 1u << HF_MAXWELL_F_M | 1u << HF_MAXWELL_T_M | 1u << HF_MAXWELL_T_C;
    hf_status st = hf_maxwell_data_alloc(n, mask, &s->features, diag);
    if (st != HF_OK)
        return st;
    /* measured on traces: the full fit's default observables are those of
     * extracted features, as for the table 'maxwell extract' writes */
    s->features->extracted = 1;
    int failed = (s->features_drop = malloc((n ? n : 1) * sizeof *s->features_drop)) == NULL;
    for (int j = 0; j < 3; ++j)
        failed |= (s->features_u[j] = malloc((n ? n : 1) * sizeof(double))) == NULL;
    /* the same uncertainties in the data, as the table 'maxwell extract'
     * writes carries them: the regressions test their lines against them */
    for (int obs = HF_MAXWELL_F_M; obs <= HF_MAXWELL_T_C; ++obs)
        failed |= (s->features->uncertainty[obs] = malloc((n ? n : 1) * sizeof(double))) ==
                  NULL;
    s->features->path = hf_strdup(s->data->path != NULL ? s->data->path : "the data");
    if (failed || s->features->path == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    return HF_OK;
}

/* The features of the usable first impacts of S's extraction, with their
 * uncertainties and drops. */
static hf_status collect_features(hf_maxwell_report_section *s, hf_diag *diag)
{
    const hf_maxwell_data *d = s->data;
    size_t n = 0;
    for (size_t k = 0; k < s->extraction->n; ++k)
        n += s->extraction->entry[k].features.impact == 1 && s->extraction->entry[k].usable;
    hf_status st = alloc_features(s, n, diag);
    if (st != HF_OK)
        return st;
    for (size_t k = 0, i = 0; k < s->extraction->n; ++k) {
        const hf_maxwell_extraction_entry *e = &s->extraction->entry[k];
        if (e->features.impact != 1 || !e->usable)
            continue;
        const hf_maxwell_impact_features *f = &e->features;
        s->features->impact[i] = d->impact[e->drop];
        s->features->impact[i].V0 = f->V0;
        s->features->value[HF_MAXWELL_F_M][i] = f->F_M;
        s->features->value[HF_MAXWELL_T_M][i] = f->t_M;
        s->features->value[HF_MAXWELL_T_C][i] = f->t_c;
        s->features_u[0][i] = f->F_M_se;
        s->features_u[1][i] = f->t_M_se;
        s->features_u[2][i] = f->t_c_se;
        s->features->uncertainty[HF_MAXWELL_F_M][i] = f->F_M_se;
        s->features->uncertainty[HF_MAXWELL_T_M][i] = f->t_M_se;
        s->features->uncertainty[HF_MAXWELL_T_C][i] = f->t_c_se;
        s->features_drop[i++] = e->drop;
    }
    return HF_OK;
}

/* Runs one identification of DATA with method M into *r; a failure on the
 * data stays in the section (status and message, one warning), bad input
 * ends the report. */
static hf_status identify(hf_maxwell_report_section *s, const hf_maxwell_data *data,
                          const hf_argatov_constants *k, const hf_maxwell_identify_config *cfg,
                          hf_maxwell_identify_method m, hf_maxwell_identify_report *r,
                          hf_status *status, char *error, hf_diag *diag)
{
    hf_maxwell_identify_config c = *cfg;
    c.method = m;
    c.residuals = m == HF_MAXWELL_IDENTIFY_CURVE;
    hf_diag why = {{0}};
    *status = hf_maxwell_identify(data, k, &c, r, &why);
    if (*status == HF_OK)
        return warn_rows(s, r, diag);
    snprintf(error, HF_DIAG_SIZE, "%s", why.text);
    if (r->refusal != HF_MAXWELL_IDENTIFY_ACCEPTED || hf_status_is_bad_input(*status))
        return hf_diag_set(diag, *status, "%s", why.text);
    hf_status st = warn_rows(s, r, diag);
    return st != HF_OK ? st : warn(s, diag, "the %s fit failed: %s",
                                   hf_maxwell_method_name(r->failed_method), why.text);
}

/* Everything of one section, its data already set: first the list's
 * warnings (plausibility) that concern its drops, which its data (the
 * list, or a subset of it) carries. */
static hf_status compute_section(hf_maxwell_report_section *s, const hf_argatov_constants *k,
                                 const hf_maxwell_identify_config *cfg, hf_diag *diag)
{
    const hf_maxwell_data *d = s->data;
    hf_status st = HF_OK;
    for (size_t i = 0; i < d->nwarnings && st == HF_OK; ++i)
        st = warn(s, diag, "%s", d->warning[i]);
    if (st == HF_OK && d->trace != NULL) {
        st = hf_maxwell_extract(d, 1, &s->extraction, diag);
        if (st == HF_OK)
            st = warn_extraction(s, diag);
        if (st == HF_OK)
            st = collect_features(s, diag);
    }
    const hf_maxwell_data *features = d->trace != NULL ? s->features : d;
    if (st == HF_OK && features->n > 0)
        st = identify(s, features, k, cfg, HF_MAXWELL_IDENTIFY_ALL, &s->features_fit,
                      &s->features_status, s->features_error, diag);
    else if (st == HF_OK)
        st = warn(s, diag, "no drop's first impact was extracted usable: no feature fit");
    s->has_curve = d->trace != NULL && cfg->full.objective.alpha == 1.0;
    if (st == HF_OK && s->has_curve)
        st = identify(s, d, k, cfg, HF_MAXWELL_IDENTIFY_CURVE, &s->curve_fit,
                      &s->curve_status, s->curve_error, diag);
    return st;
}

/* One section per specimen of DATA, each on a copy of its own drops, or
 * one section "all drops" on DATA itself without a specimen column (the
 * report of a list without specimens is unchanged by them). */
static hf_status make_sections(hf_maxwell_report *r, const hf_maxwell_data *data,
                               hf_diag *diag)
{
    hf_maxwell_specimens *g = calloc(1, sizeof *g); /* freed below */
    if (g == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    hf_status st = hf_maxwell_specimens_group(data, g, diag);
    if (st == HF_OK && (r->section = calloc(g->n ? g->n : 1, sizeof *r->section)) == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t k = 0; st == HF_OK && k < g->n; ++k, ++r->nsections) {
        hf_maxwell_report_section *s = &r->section[k];
        hf_maxwell_specimen_result *spec = &g->specimen[k];
        snprintf(s->name, sizeof s->name, "%s", spec->name != NULL ? spec->name : "all drops");
        s->data = data;
        if (spec->name != NULL) {
            st = hf_maxwell_data_subset(data, spec->drops, spec->ndrops, &s->subset, diag);
            s->data = s->subset;
            s->list_drop = spec->drops; /* moved to the section */
            g->specimen[k].drops = NULL;
        }
    }
    hf_maxwell_specimens_free(g);
    return st;
}

/* The comparison of R's specimens (two or more), as `maxwell compare`
 * makes it by default: the fit it picks, level HF_MAXWELL_COMPARE_LEVEL.
 * A comparison that fails leaves its message in R and the sections stand;
 * only HF_ENOMEM ends the report. */
static hf_status compare_sections(hf_maxwell_report *r, const hf_maxwell_data *data,
                                  const hf_argatov_constants *k,
                                  const hf_maxwell_identify_config *cfg, hf_diag *diag)
{
    if (r->nsections < 2)
        return HF_OK;
    hf_maxwell_identify_config c = *cfg;
    c.method = HF_MAXWELL_IDENTIFY_ALL;
    hf_diag why = {{0}};
    r->comparison_status = hf_maxwell_compare(data, k, &c, HF_MAXWELL_COMPARE_LEVEL,
                                              &r->comparison, &why);
    if (r->comparison_status == HF_OK)
        return HF_OK;
    hf_maxwell_comparison_free(r->comparison);
    r->comparison = NULL;
    snprintf(r->comparison_error, sizeof r->comparison_error, "%s", why.text);
    return r->comparison_status == HF_ENOMEM ? hf_diag_set(diag, HF_ENOMEM, "out of memory")
                                             : HF_OK;
}

hf_status hf_maxwell_report_compute(const hf_maxwell_data *data,
                                    const hf_argatov_constants *constants,
                                    const hf_maxwell_identify_config *cfg,
                                    hf_maxwell_report **out, hf_diag *diag)
{
    if (out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_maxwell_report_compute: no output");
    *out = NULL;
    if (data == NULL || constants == NULL || cfg == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_maxwell_report_compute: NULL argument");
    hf_maxwell_report *r = calloc(1, sizeof *r); /* the caller's, or freed below */
    if (r == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    hf_status st = make_sections(r, data, diag);
    for (size_t i = 0; i < r->nsections && st == HF_OK; ++i) {
        hf_maxwell_report_section *s = &r->section[i];
        st = compute_section(s, constants, cfg, diag);
        s->trusted = s->features_fit.trusted || s->curve_fit.trusted;
        r->trusted |= s->trusted;
    }
    if (st == HF_OK)
        st = compare_sections(r, data, constants, cfg, diag);
    if (st != HF_OK) {
        hf_maxwell_report_free(r);
        return st;
    }
    *out = r;
    return HF_OK;
}

void hf_maxwell_report_free(hf_maxwell_report *report)
{
    if (report == NULL)
        return;
    for (size_t i = 0; report->section != NULL && i < report->nsections; ++i) {
        hf_maxwell_report_section *s = &report->section[i];
        hf_maxwell_data_free(s->subset);
        hf_maxwell_extraction_free(s->extraction);
        hf_maxwell_data_free(s->features);
        free(s->features_drop);
        free(s->list_drop);
        for (int j = 0; j < 3; ++j)
            free(s->features_u[j]);
        hf_maxwell_identify_report_free(&s->features_fit);
        hf_maxwell_identify_report_free(&s->curve_fit);
        for (size_t k = 0; k < s->nwarnings; ++k)
            free(s->warning[k]);
        free(s->warning);
    }
    free(report->section);
    hf_maxwell_comparison_free(report->comparison);
    free(report);
}
