// SPDX-License-Identifier: GPL-3.0-or-later
/*
 * cli/cmd_maxwell_report.c — `hertzfit maxwell report --data LIST -o DIR`:
 * the report of a data set as a self-contained folder.  The library
 * computes everything in one call (hf_maxwell_report_compute: extraction,
 * the fits of every method, statuses, warnings); this file writes what it
 * returns: index.html (tables, figures, statuses and warnings,
 * provenance), the CSV behind each table and the figures as PNG files
 * beside it, every link relative and inside the folder, no network needed.
 *
 * The folder is built aside (DIR.tmp-PID-K, hertzfit/file.h's atomic
 * folder) and renamed into place whole; an existing DIR is refused unless
 * --force, and even then only a folder of the report's own files is
 * replaced.  Every text from a file or an option is HTML-escaped
 * (html_text) and reaches gnuplot only through hfc_plot_str.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "cmd_maxwell.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/file.h"
#include "hertzfit/maxwell_data.h"
#include "hertzfit/maxwell_fit.h"
#include "hertzfit/version.h"

/* The files of section K (from 1): the names are made here, never from a
 * file or an option, so they need no escaping and stay inside DIR. */
#define SECTION_FILES 4
static const char *const section_file_kind[SECTION_FILES] = {
    "estimates.csv", "extraction.csv", "traces.png", "regressions.png"};
#define MAX_SECTIONS 999

static void section_file(char *buf, size_t size, size_t k, int kind)
{
    snprintf(buf, size, "section%zu_%s", k, section_file_kind[kind]);
}

/* ---- writing text safely ------------------------------------------------- */

/* TEXT as HTML character data or a quoted attribute value. */
static void html_text(FILE *fp, const char *text)
{
    for (const unsigned char *c = (const unsigned char *)text; *c; ++c) {
        switch (*c) {
        case '&': fputs("&amp;", fp); break;
        case '<': fputs("&lt;", fp); break;
        case '>': fputs("&gt;", fp); break;
        case '"': fputs("&quot;", fp); break;
        case '\'': fputs("&#39;", fp); break;
        default:
            if (*c < 0x20 && *c != '\t' && *c != '\n')
                fputc(' ', fp);
            else
                fputc(*c, fp);
        }
    }
}

/* A number of a CSV file: %.9g, or NA where there is none. */
static void csv_num(FILE *fp, double v)
{
    if (isfinite(v))
        fprintf(fp, "%.9g", v);
    else
        fputs("NA", fp);
}

/* "VALUE ± SE" of a table cell (NA where there is none). */
static void html_value_se(FILE *fp, double v, double se)
{
    if (!isfinite(v)) {
        fputs("NA", fp);
        return;
    }
    fprintf(fp, "%.6g", v);
    if (isfinite(se))
        fprintf(fp, " &plusmn; %.2g", se);
}

/* Opens DIR/NAME for writing; NULL after an error line. */
static FILE *open_in(const char *command, const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *fp = fopen(path, "w");
    if (fp == NULL)
        hfc_fail(command, "cannot write %s: %s", path, strerror(errno));
    return fp;
}

/* Opens section K's file of KIND in DIR, its name into NAME; NULL after
 * an error line. */
static FILE *open_section_file(const char *command, const char *dir, size_t k, int kind,
                               char name[64])
{
    section_file(name, 64, k, kind);
    return open_in(command, dir, name);
}

/* Closes FP; 0, or an error line naming NAME and 1 when a write failed. */
static int close_checked(const char *command, FILE *fp, const char *name)
{
    int bad = ferror(fp);
    bad |= fclose(fp) != 0;
    return bad ? hfc_fail(command, "cannot write %s in the report folder", name) : 0;
}

/* ---- the estimates ---------------------------------------------------------- */

/* Where the rows of an identification came from. */
typedef struct fit_source {
    const hf_maxwell_identify_report *fit;
    const char *source;   /* the data the fit saw, in words */
} fit_source;

static const char *row_observable(const hf_maxwell_identify_row *row, char *buf, size_t size)
{
    const hf_maxwell_estimate *e = &row->estimate;
    return e->method == HF_MAXWELL_CURVE
               ? "F(t)" : hf_maxwell_observables_name(e->observables, buf, size);
}

/* The sources of section S's rows: the feature fits, then the curve fit. */
static size_t sources(const hf_maxwell_report_section *s, fit_source out[2])
{
    size_t n = 0;
    out[n++] = (fit_source){&s->features_fit, s->features != NULL
                                                  ? "features extracted from the traces"
                                                  : "the list's feature columns"};
    if (s->has_curve)
        out[n++] = (fit_source){&s->curve_fit, "every sample of the traces"};
    return n;
}

static int write_estimates_csv(const char *command, const char *dir, size_t k,
                               const hf_maxwell_report_section *s)
{
    char name[64];
    FILE *fp = open_section_file(command, dir, k, 0, name);
    if (fp == NULL)
        return 1;
    fputs("section,source,method,observable,n,mu0_Pa,mu0_se_Pa,eta_per_s,eta_se_per_s,"
          "C0,r2,max_eps,status,trusted\n", fp);
    fit_source src[2];
    size_t nsrc = sources(s, src);
    for (size_t j = 0; j < nsrc; ++j)
        for (size_t i = 0; i < src[j].fit->nrows; ++i) {
            const hf_maxwell_identify_row *row = &src[j].fit->row[i];
            const hf_maxwell_estimate *e = &row->estimate;
            char obs[64];
            hfc_print_csv_cell(fp, s->name);
            fputc(',', fp);
            hfc_print_csv_cell(fp, src[j].source);
            fprintf(fp, ",%s,%s,%zu,", hf_maxwell_method_name(e->method),
                    row_observable(row, obs, sizeof obs), e->n);
            const double v[7] = {e->mu0, e->mu0_se, e->eta, e->eta_se, e->C0, e->r2,
                                 e->max_eps};
            for (int c = 0; c < 7; ++c) {
                csv_num(fp, v[c]);
                fputc(',', fp);
            }
            fprintf(fp, "%s,%d\n", row->status, row->trusted);
        }
    return close_checked(command, fp, name);
}

static void html_estimates(FILE *fp, size_t k, const hf_maxwell_report_section *s)
{
    char name[64];
    section_file(name, sizeof name, k, 0);
    fprintf(fp, "<h3>Estimates</h3>\n<p>Only a row marked <span class=\"ok\">trusted</span> "
                "is a result: well determined and, for a fit, converged.  "
                "<a href=\"%s\">CSV</a></p>\n<table>\n<tr><th>data</th><th>method</th>"
                "<th>observable</th><th>n</th><th>&mu;<sub>0</sub> [Pa]</th>"
                "<th>&eta; [1/s]</th><th>R&sup2;</th><th>max &epsilon;</th><th>status</th>"
                "</tr>\n", name);
    fit_source src[2];
    size_t nsrc = sources(s, src);
    for (size_t j = 0; j < nsrc; ++j)
        for (size_t i = 0; i < src[j].fit->nrows; ++i) {
            const hf_maxwell_identify_row *row = &src[j].fit->row[i];
            const hf_maxwell_estimate *e = &row->estimate;
            char obs[64];
            fprintf(fp, "<tr><td>%s</td><td>%s</td><td>%s</td><td>%zu</td><td>",
                    src[j].source, hf_maxwell_method_name(e->method),
                    row_observable(row, obs, sizeof obs), e->n);
            html_value_se(fp, e->mu0, e->mu0_se);
            fputs("</td><td>", fp);
            html_value_se(fp, e->eta, e->eta_se);
            fprintf(fp, "</td><td>%.6f</td><td>%.4f</td><td class=\"%s\">", e->r2, e->max_eps,
                    row->trusted ? "ok" : "bad");
            html_text(fp, row->status);
            fprintf(fp, "%s</td></tr>\n", row->trusted ? ", trusted" : ", not trusted");
        }
    fputs("</table>\n", fp);
    if (s->features_error[0] != '\0' || s->curve_error[0] != '\0') {
        fputs("<p class=\"bad\">A fit failed: ", fp);
        html_text(fp, s->features_error[0] != '\0' ? s->features_error : s->curve_error);
        fputs("</p>\n", fp);
    }
}

/* ---- the extraction --------------------------------------------------------- */

/* The number (from 1) in the whole list of section S's drop I. */
static size_t drop_number(const hf_maxwell_report_section *s, size_t i)
{
    return (s->list_drop != NULL ? s->list_drop[i] : i) + 1;
}

static int write_extraction_csv(const char *command, const char *dir, size_t k,
                                const hf_maxwell_report_section *s)
{
    char name[64];
    FILE *fp = open_section_file(command, dir, k, 1, name);
    if (fp == NULL)
        return 1;
    fputs("drop,impact,m_kg,R_m,V0_mps,F_M_N,u_F_M_N,t_M_s,u_t_M_s,t_c_s,u_t_c_s,t0_s,"
          "u_t0_s,baseline_N,noise_N,samples,status,trace_file\n", fp);
    for (size_t i = 0; i < s->extraction->n; ++i) {
        const hf_maxwell_extraction_entry *e = &s->extraction->entry[i];
        const hf_maxwell_impact_features *f = &e->features;
        const hf_maxwell_impact *imp = &s->data->impact[e->drop];
        fprintf(fp, "%zu,%zu,", drop_number(s, e->drop), f->impact);
        const double v[13] = {imp->m, imp->R, f->V0, f->F_M, f->F_M_se, f->t_M, f->t_M_se,
                              f->t_c, f->t_c_se, f->t0, f->t0_se, f->baseline, f->noise};
        for (int c = 0; c < 13; ++c) {
            csv_num(fp, v[c]);
            fputc(',', fp);
        }
        fprintf(fp, "%zu,%s,", f->contact_samples,
                hf_maxwell_extract_status_name(f->status));
        hfc_print_csv_cell(fp, s->data->trace[e->drop].path ? s->data->trace[e->drop].path : "");
        fputc('\n', fp);
    }
    return close_checked(command, fp, name);
}

static void html_extraction(FILE *fp, size_t k, const hf_maxwell_report_section *s)
{
    char name[64];
    section_file(name, sizeof name, k, 1);
    fprintf(fp, "<h3>Extraction: every impact of every trace</h3>\n<p>Peak force F<sub>M</sub>"
                ", its time t<sub>M</sub> and the contact duration t<sub>c</sub> with their "
                "standard uncertainties (the fits above use each drop's first impact when "
                "its values are usable).  <a href=\"%s\">CSV</a></p>\n<table>\n"
                "<tr><th>drop</th><th>impact</th><th>trace file</th><th>V<sub>0</sub> [m/s]"
                "</th><th>F<sub>M</sub> [N]</th><th>t<sub>M</sub> [s]</th><th>t<sub>c</sub> "
                "[s]</th><th>noise [N]</th><th>samples</th><th>status</th></tr>\n", name);
    for (size_t i = 0; i < s->extraction->n; ++i) {
        const hf_maxwell_extraction_entry *e = &s->extraction->entry[i];
        const hf_maxwell_impact_features *f = &e->features;
        fprintf(fp, "<tr><td>%zu</td><td>%zu</td><td>", drop_number(s, e->drop), f->impact);
        html_text(fp, s->data->trace[e->drop].path ? s->data->trace[e->drop].path : "");
        fprintf(fp, "</td><td>%.6g</td><td>", f->V0);
        html_value_se(fp, f->F_M, f->F_M_se);
        fputs("</td><td>", fp);
        html_value_se(fp, f->t_M, f->t_M_se);
        fputs("</td><td>", fp);
        html_value_se(fp, f->t_c, f->t_c_se);
        fprintf(fp, "</td><td>%.3g</td><td>%zu</td><td class=\"%s\">%s</td></tr>\n", f->noise,
                f->contact_samples, f->status == HF_MAXWELL_EXTRACT_OK ? "ok" : "bad",
                hf_maxwell_extract_status_name(f->status));
    }
    fputs("</table>\n", fp);
}

/* ---- the figures ------------------------------------------------------------ */

/* 1 when the feature fits have a regression to draw. */
static int has_regression(const hf_maxwell_report_section *s)
{
    for (size_t i = 0; i < s->features_fit.nrows; ++i)
        if (s->features_fit.row[i].estimate.method == HF_MAXWELL_REGRESSION)
            return 1;
    return 0;
}

/* 1 when the curve fit has a row to draw. */
static int has_curve_row(const hf_maxwell_report_section *s)
{
    return s->has_curve && s->curve_fit.nrows > 0 && s->curve_fit.residuals != NULL;
}

static int write_figures(const char *command, const char *dir, size_t k,
                         const hf_maxwell_report_section *s, double nu)
{
    char name[64], path[4096];
    int rc = 0;
    if (has_curve_row(s)) {
        section_file(name, sizeof name, k, 2);
        snprintf(path, sizeof path, "%s/%s", dir, name);
        rc = hfc_plot_trace_fitted(command, path, s->data, nu, &s->curve_fit.row[0].fit,
                                   s->curve_fit.contact_start, s->curve_fit.baseline,
                                   s->curve_fit.residuals, s->list_drop);
    }
    if (rc == 0 && has_regression(s)) {
        const hf_maxwell_data *d = s->features != NULL ? s->features : s->data;
        section_file(name, sizeof name, k, 3);
        snprintf(path, sizeof path, "%s/%s", dir, name);
        rc = hfc_plot_regressions(command, path, d, &s->features_fit,
                                  s->features != NULL
                                      ? (const double *const *)s->features_u : NULL);
    }
    return rc;
}

static void html_figures(FILE *fp, size_t k, const hf_maxwell_report_section *s)
{
    char name[64];
    if (has_curve_row(s)) {
        section_file(name, sizeof name, k, 2);
        fprintf(fp, "<h3>Force histories and the curve fit</h3>\n<figure><img src=\"%s\" "
                    "alt=\"measured force histories with the fitted curve and the residuals "
                    "over the noise\"><figcaption>Each drop's measured force above its "
                    "fitted baseline with Hunter's model while in contact, and the residuals "
                    "divided by the noise measured before contact (dashed: &plusmn;2).  "
                    "Residuals that are noise stay within the band, without a pattern."
                    "</figcaption></figure>\n", name);
    }
    if (has_regression(s)) {
        section_file(name, sizeof name, k, 3);
        fprintf(fp, "<h3>Argatov's regressions and the full fit</h3>\n<figure><img src=\"%s\" "
                    "alt=\"Argatov's regressions with error bars and the full fit\">"
                    "<figcaption>Each panel's data%s, the regression line with its "
                    "parameters and status (dashed red when not trusted) and Hunter's model "
                    "at the full fit.</figcaption></figure>\n", name,
                s->features != NULL ? " with their standard uncertainties" : "");
    }
}

/* ---- the page ------------------------------------------------------------ */

static const char page_style[] =
    "body{font-family:sans-serif;max-width:1200px;margin:1em auto;padding:0 1em;"
    "color:#222}\n"
    "table{border-collapse:collapse;margin:0.5em 0;font-size:90%}\n"
    "th,td{border:1px solid #bbb;padding:0.2em 0.5em;text-align:right}\n"
    "th{background:#eee}td:nth-child(-n+3){text-align:left}\n"
    ".ok{color:#176117;font-weight:bold}.bad{color:#b00000;font-weight:bold}\n"
    "figure{margin:1em 0}img{max-width:100%;border:1px solid #ddd}\n"
    "figcaption{font-size:90%;color:#444}li.warning{color:#8a4b00}\n";

static void html_warnings(FILE *fp, const hf_maxwell_report_section *s)
{
    fputs("<h3>Warnings</h3>\n", fp);
    if (s->nwarnings == 0) {
        fputs("<p>None.</p>\n", fp);
        return;
    }
    fputs("<ul>\n", fp);
    for (size_t i = 0; i < s->nwarnings; ++i) {
        fputs("<li class=\"warning\">", fp);
        html_text(fp, s->warning[i]);
        fputs("</li>\n", fp);
    }
    fputs("</ul>\n", fp);
}

/* One section: its verdict, estimates, warnings, figures and extraction.
 * (The comparison of the specimens goes after the sections:
 * html_comparison.) */
static void html_section(FILE *fp, size_t k, const hf_maxwell_report_section *s)
{
    fprintf(fp, "<section id=\"section%zu\">\n<h2>Section %zu: ", k, k);
    html_text(fp, s->name);
    fprintf(fp, " (%zu drops)</h2>\n", s->data->n);
    fprintf(fp, "<p class=\"%s\">%s</p>\n", s->trusted ? "ok" : "bad",
            s->trusted ? "At least one estimate is trusted (below)."
                    : "No estimate is well determined: see the warnings.");
    html_estimates(fp, k, s);
    html_warnings(fp, s);
    html_figures(fp, k, s);
    if (s->extraction != NULL)
        html_extraction(fp, k, s);
    fputs("</section>\n", fp);
}

/* What the report was made from: the data, ν and its provenance record
 * (hf_maxwell_provenance and the command line). */
typedef struct provenance {
    const hf_maxwell_data *data;
    double nu;
    const hf_provenance *record;
} provenance;

/* provenance.csv (columns key,value) and the page's provenance table:
 * the entries of the record, in its order, as `# key = value` lines of
 * the --csv tables give them. */
static int write_provenance(const char *command, const char *dir, FILE *html,
                            const provenance *pv)
{
    FILE *fp = open_in(command, dir, "provenance.csv");
    if (fp == NULL)
        return 1;
    fputs("<h2>Provenance</h2>\n<p>The version, every option that changes the numbers and "
          "each input file with its SHA-256.  <a href=\"provenance.csv\">CSV</a></p>\n"
          "<table>\n<tr><th>key</th><th>value</th></tr>\n", html);
    fputs("key,value\n", fp);
    for (size_t i = 0; i < hf_provenance_count(pv->record); ++i) {
        const char *key = hf_provenance_key(pv->record, i);
        const char *value = hf_provenance_value(pv->record, i);
        fputs("<tr><td>", html);
        html_text(html, key);
        fputs("</td><td>", html);
        html_text(html, value);
        fputs("</td></tr>\n", html);
        hfc_print_csv_cell(fp, key);
        fputc(',', fp);
        hfc_print_csv_cell(fp, value);
        fputc('\n', fp);
    }
    fputs("</table>\n", html);
    return close_checked(command, fp, "provenance.csv");
}

/* ---- the comparison of the specimens ---------------------------------------- */

/* The columns of `maxwell compare --csv`: one row per pair. */
static int write_comparison_csv(const char *command, const char *dir,
                                const hf_maxwell_comparison *c)
{
    FILE *fp = open_in(command, dir, "comparison.csv");
    if (fp == NULL)
        return 1;
    fputs("specimen_a,specimen_b,mu0_a_Pa,mu0_a_se,mu0_b_Pa,mu0_b_se,eta_a_per_s,eta_a_se,"
          "eta_b_per_s,eta_b_se,dmu0_Pa,dmu0_se,p_mu0,deta_per_s,deta_se,p_eta,wald_chi2,p,"
          "p_holm,differ,status\n", fp);
    for (size_t j = 0; j < c->npairs; ++j) {
        const hf_maxwell_comparison_pair *p = &c->pair[j];
        const hf_maxwell_estimate *a = &c->row[p->a]->estimate, *b = &c->row[p->b]->estimate;
        hfc_print_csv_cell(fp, c->specimens->specimen[p->a].name);
        fputc(',', fp);
        hfc_print_csv_cell(fp, c->specimens->specimen[p->b].name);
        const double v[17] = {a->mu0,  a->mu0_se, b->mu0,     b->mu0_se, a->eta,  a->eta_se,
                              b->eta,  b->eta_se, p->dmu0,    p->dmu0_se, p->p_mu0, p->deta,
                              p->deta_se, p->p_eta, p->wald, p->p,       p->p_holm};
        for (int k = 0; k < 17; ++k) {
            fputc(',', fp);
            csv_num(fp, v[k]);
        }
        fprintf(fp, ",%s,%s\n", p->differ ? "yes" : "no", p->trusted ? "ok" : "untrusted");
    }
    return close_checked(command, fp, "comparison.csv");
}

/* Each specimen's estimate of the fit compared. */
static void html_compared_rows(FILE *fp, const hf_maxwell_comparison *c)
{
    fputs("<table>\n<tr><th>specimen</th><th>n</th><th>&mu;<sub>0</sub> [Pa]</th>"
          "<th>&eta; [1/s]</th><th>status</th></tr>\n", fp);
    for (size_t k = 0; k < c->specimens->n; ++k) {
        const hf_maxwell_identify_row *row = c->row[k];
        fputs("<tr><td>", fp);
        html_text(fp, c->specimens->specimen[k].name);
        fprintf(fp, "</td><td>%zu</td><td>", row->estimate.n);
        html_value_se(fp, row->estimate.mu0, row->estimate.mu0_se);
        fputs("</td><td>", fp);
        html_value_se(fp, row->estimate.eta, row->estimate.eta_se);
        fprintf(fp, "</td><td class=\"%s\">", row->trusted ? "ok" : "bad");
        html_text(fp, row->status);
        fprintf(fp, "%s</td></tr>\n", row->trusted ? ", trusted" : ", not trusted");
    }
    fputs("</table>\n", fp);
}

/* Every pair's difference, its Wald tests and the verdict. */
static void html_pairs(FILE *fp, const hf_maxwell_comparison *c)
{
    fputs("<table>\n<tr><th>specimen a</th><th>specimen b</th><th>&Delta;&mu;<sub>0</sub> "
          "[Pa]</th><th>p(&mu;<sub>0</sub>)</th><th>&Delta;&eta; [1/s]</th><th>p(&eta;)</th>"
          "<th>W (&chi;&sup2;, 2 dof)</th><th>p</th><th>p Holm</th><th>differ</th>"
          "<th>status</th></tr>\n", fp);
    for (size_t j = 0; j < c->npairs; ++j) {
        const hf_maxwell_comparison_pair *p = &c->pair[j];
        fputs("<tr><td>", fp);
        html_text(fp, c->specimens->specimen[p->a].name);
        fputs("</td><td>", fp);
        html_text(fp, c->specimens->specimen[p->b].name);
        fputs("</td><td>", fp);
        html_value_se(fp, p->dmu0, p->dmu0_se);
        fprintf(fp, "</td><td>%.3g</td><td>", p->p_mu0);
        html_value_se(fp, p->deta, p->deta_se);
        fprintf(fp, "</td><td>%.3g</td><td>%.4g</td><td>%.3g</td><td>%.3g</td><td>%s</td>"
                    "<td class=\"%s\">%s</td></tr>\n", p->p_eta, p->wald, p->p, p->p_holm,
                p->differ ? "yes" : "no", p->trusted ? "ok" : "bad",
                p->trusted ? "ok" : "untrusted");
    }
    fputs("</table>\n", fp);
}

/* The comparison after the sections, or why there is none. */
static void html_comparison(FILE *fp, const hf_maxwell_report *r)
{
    const hf_maxwell_comparison *c = r->comparison;
    fputs("<section id=\"comparison\">\n<h2>Comparison of the specimens</h2>\n", fp);
    if (c == NULL) {
        fputs("<p class=\"bad\">The specimens could not be compared: ", fp);
        html_text(fp, r->comparison_error);
        fputs("</p>\n</section>\n", fp);
        return;
    }
    fprintf(fp, "<p>Each specimen's &mu;<sub>0</sub> and &eta; from the %s fit (as "
                "'maxwell compare'), then every pair tested for a difference by Wald tests on "
                "the difference of the estimates, both specimens' standard errors added; the "
                "joint p is Holm-corrected over the %zu pair%s, and a pair differs when it is "
                "below %g.  A pair whose fits are not both trusted is "
                "<span class=\"bad\">untrusted</span>: its p-values mean little.  "
                "<a href=\"comparison.csv\">CSV</a></p>\n",
            hf_maxwell_method_name(c->method), c->npairs, c->npairs == 1 ? "" : "s", c->level);
    html_compared_rows(fp, c);
    html_pairs(fp, c);
    fputs("</section>\n", fp);
}

static int write_index(const char *command, const char *dir, const hf_maxwell_report *r,
                       const provenance *pv)
{
    FILE *fp = open_in(command, dir, "index.html");
    if (fp == NULL)
        return 1;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
          "hertzfit report: ", fp);
    html_text(fp, pv->data->path ? pv->data->path : "data");
    fprintf(fp, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>Drop tests: ", page_style);
    html_text(fp, pv->data->path ? pv->data->path : "data");
    fprintf(fp, "</h1>\n<p>The identification of a Maxwell material (&mu;<sub>0</sub>, &eta;) "
                "from %zu drop tests at &nu; = %.6g, by hertzfit %s.  %s</p>\n<ul>\n",
            pv->data->n, pv->nu, HERTZFIT_VERSION,
            r->trusted ? "Trusted estimates are marked below."
                       : "<span class=\"bad\">No estimate is well determined.</span>");
    for (size_t k = 1; k <= r->nsections; ++k) {
        fprintf(fp, "<li><a href=\"#section%zu\">Section %zu: ", k, k);
        html_text(fp, r->section[k - 1].name);
        fputs("</a></li>\n", fp);
    }
    if (r->nsections >= 2)
        fputs("<li><a href=\"#comparison\">Comparison of the specimens</a></li>\n", fp);
    fputs("<li><a href=\"#provenance\">Provenance</a></li>\n</ul>\n", fp);
    for (size_t k = 1; k <= r->nsections; ++k)
        html_section(fp, k, &r->section[k - 1]);
    if (r->nsections >= 2)
        html_comparison(fp, r);
    fputs("<div id=\"provenance\">\n", fp);
    int rc = write_provenance(command, dir, fp, pv);
    fputs("</div>\n</body>\n</html>\n", fp);
    int closed = close_checked(command, fp, "index.html");
    return rc != 0 ? rc : closed;
}

/* Every file of the report into the temporary folder DIR. */
static int write_folder(const char *command, const char *dir, const hf_maxwell_report *r,
                        const provenance *pv)
{
    int rc = 0;
    for (size_t k = 1; k <= r->nsections && rc == 0; ++k) {
        const hf_maxwell_report_section *s = &r->section[k - 1];
        rc = write_estimates_csv(command, dir, k, s);
        if (rc == 0 && s->extraction != NULL)
            rc = write_extraction_csv(command, dir, k, s);
        if (rc == 0)
            rc = write_figures(command, dir, k, s, pv->nu);
    }
    if (rc == 0 && r->comparison != NULL)
        rc = write_comparison_csv(command, dir, r->comparison);
    return rc == 0 ? write_index(command, dir, r, pv) : rc;
}

/* The names a report of NSECTIONS sections may write (for replacing an
 * old report with --force: nothing else is deleted); *own freed by the
 * caller, NULL-terminated. */
static char **own_names(size_t nsections)
{
    size_t n = 3 + SECTION_FILES * nsections;
    char **own = calloc(n + 1, sizeof *own); /* the caller's */
    if (own == NULL)
        return NULL;
    own[0] = strdup("index.html");
    own[1] = strdup("provenance.csv");
    own[2] = strdup("comparison.csv");
    for (size_t k = 1, j = 3; k <= nsections; ++k)
        for (int kind = 0; kind < SECTION_FILES; ++kind, ++j) {
            char name[64];
            section_file(name, sizeof name, k, kind);
            own[j] = strdup(name);
        }
    for (size_t j = 0; j < n; ++j)
        if (own[j] == NULL) {
            for (size_t i = 0; i < n; ++i)
                free(own[i]);
            free(own);
            return NULL;
        }
    return own;
}

/* The folder DIR in place: refused when it exists without FORCE, or holds
 * anything but an earlier report's files. */
static int write_report(const char *command, const char *dir, const hf_maxwell_report *r,
                        const provenance *pv)
{
    char **own = own_names(r->nsections); /* freed below */
    if (own == NULL)
        return hfc_fail(command, "out of memory");
    hf_diag diag = {{0}};
    hf_status st = hf_atomic_dir_check(dir, (const char *const *)own, &diag);
    for (char **o = own; *o != NULL; ++o)
        free(*o);
    free(own);
    if (st == HF_EEXIST)
        return hfc_fail(command, "--output: %s; a report replaces only a folder of its own "
                        "files", diag.text);
    if (st != HF_OK)
        return hfc_fail_status(command, "--output", st, &diag);
    hf_atomic_dir *out = NULL; /* committed or discarded below */
    if ((st = hf_atomic_dir_open(dir, &out, &diag)) != HF_OK)
        return hfc_fail_status(command, "--output", st, &diag);
    int rc = write_folder(command, hf_atomic_dir_path(out), r, pv);
    if (rc != 0) {
        hf_atomic_dir_discard(out);
        return rc;
    }
    if ((st = hf_atomic_dir_commit(out, &diag)) != HF_OK)
        return hfc_fail_status(command, NULL, st, &diag);
    return 0;
}

/* 1 when PATH names something that exists (a folder, a file, a link). */
static int exists(const char *path)
{
    struct stat sb;
    return lstat(path, &sb) == 0;
}

/* The provenance of report R of D (hf_maxwell_provenance: its files, how
 * they were read, the options of C), the level of its comparison when it
 * has one (as 'maxwell compare' records it) and its command line (key
 * command), into *out, the caller's. */
static int make_record(const char *command, int argc, char **argv, const hfc_maxwell_args *a,
                       const hf_maxwell_data *d, const hf_maxwell_identify_config *c,
                       const hf_maxwell_report *r, hf_provenance **out)
{
    int rc = hfc_maxwell_provenance_make(command, d, a->delimiter, a->g, &a->format, c, out);
    if (rc != 0)
        return rc;
    char line[8192];
    int len = snprintf(line, sizeof line, "hertzfit");
    for (int i = 0; i < argc && len > 0 && (size_t)len < sizeof line; ++i)
        len += snprintf(line + len, sizeof line - (size_t)len, " %s", argv[i]);
    hf_diag diag = {{0}};
    hf_status st = HF_OK;
    if (r->comparison != NULL) {
        char level[32];
        snprintf(level, sizeof level, "%.17g", r->comparison->level);
        st = hf_provenance_set(*out, "level", level, &diag);
    }
    if (st == HF_OK)
        st = hf_provenance_set(*out, "command", line, &diag);
    return st == HF_OK ? 0 : hfc_fail_status(command, NULL, st, &diag);
}

static int cmd_report(int argc, char **argv)
{
    const char *dir = NULL;
    int force = 0;
    hfc_maxwell_args a;
    hfc_maxwell_args_init(&a);
    hfc_curve_args curve = {NULL, NULL, 0};
    hfc_opt opts[] = {
        HFC_MAXWELL_FIT_OPTIONS(&a),
        HFC_TRACE_FORMAT_OPTIONS(&a.format),
        HFC_MAXWELL_CURVE_OPTIONS(&curve, NULL),
        HFC_OPT_ALPHA(&a.full.objective.alpha),
        HFC_OPT_OUTPUT(&dir, "DIR", "write the report folder DIR (index.html, CSV, PNG)", 1),
        {.name = "force", .kind = HFC_FLAG, .value = &force,
         .help = "replace an existing report folder DIR (only one holding a report's own "
                 "files), as a whole"},
    };
    hfc_spec spec = {argv[0],
                     "The report of a data set as a folder a browser opens without a network:\n"
                     "index.html with the estimates of every method (Argatov's regressions\n"
                     "and the full fit of the features, the curve fit of the traces), their\n"
                     "statuses and the warnings, the figures of 'plot trace' and 'plot\n"
                     "maxwell', the extraction of every impact, and the provenance (version,\n"
                     "command line, every option that changes the numbers, every input file\n"
                     "with its SHA-256: the '# key = value' lines of the --csv tables);\n"
                     "beside it the CSV of every table and the figures as PNG.  One section\n"
                     "per specimen (a 'specimen' column), then their comparison as 'maxwell\n"
                     "compare' makes it.  A test list is extracted\n"
                     "first ('maxwell extract --impact all'); the feature fits use each\n"
                     "drop's first impact.  The folder is built aside and appears whole; an\n"
                     "existing DIR is refused without --force.  Exit 0 when the folder was\n"
                     "written, trusted estimates or not (a warning says when none is).",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    hf_maxwell_identify_config c;
    hf_maxwell_data *d = NULL; /* freed below */
    hf_argatov_constants k;
    hf_maxwell_report *r = NULL; /* freed below */
    if ((rc = hfc_check_name(argv[0], "--output", dir)) == 0 && exists(dir) && !force)
        rc = hfc_fail(argv[0], "--output: %s exists; refused without --force", dir);
    if (rc == 0)
        rc = hfc_maxwell_identify_setup(argv[0], &a, &curve, &c);
    if (rc == 0)
        rc = hfc_maxwell_load(argv[0], &a, &d, &k);
    if (rc == 0) {
        hf_diag diag = {{0}};
        hf_status st = hf_maxwell_report_compute(d, &k, &c, &r, &diag);
        if (st != HF_OK)
            rc = hfc_fail_status(argv[0], NULL, st, &diag);
    }
    hf_provenance *record = NULL; /* freed below */
    if (rc == 0)
        rc = make_record(argv[0], argc, argv, &a, d, &c, r, &record);
    if (rc == 0) {
        const provenance pv = {d, a.nu, record};
        rc = write_report(argv[0], dir, r, &pv);
    }
    if (rc == 0 && !r->trusted)
        fprintf(stderr, "hertzfit %s: warning: %s: no estimate is well determined (see the "
                "report's warnings)\n", argv[0], a.data);
    hf_provenance_free(record);
    hf_maxwell_report_free(r);
    hf_maxwell_data_free(d);
    hfc_free(&spec); /* the --observables list */
    return rc;
}

const hfc_command hfc_maxwell_report_command = {
    "report", "a data set's report: a folder with index.html, CSV and figures", cmd_report,
    NULL, 0, NULL};
