/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/plot_trace.c — `hertzfit plot trace`: every drop's measured force
 * history F(t) − baseline against the time since its contact start, with
 * Hunter's model over it, and the residuals model − measured below.
 *
 * Two sources of the model.  By default the whole-curve fit
 * (hf_maxwell_fit_curve, one library call): the fitted curve of each drop
 * with the fit's own contact start and baseline, and μ0, η with their
 * standard errors and the fit's status in the title.  With --mu0 and
 * --eta, Hunter's model at that material (hf_maxwell_force_history at the
 * same sample times) with the contact starts and baselines of the
 * extraction (hertzfit/maxwell_data.h), so the figure can show any
 * estimate: a feature fit's, or a guess.
 */
#include "cli.h"
#include "cmd_maxwell.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_data.h"
#include "hertzfit/maxwell_fit.h"

/* Part of the record drawn before the contact start, and the most drawn
 * after it, relative to the contact duration (a later impact is drawn in
 * the whole-record panel). */
#define MARGIN 0.1
#define AFTER 1.5

/* Drops told apart by colour and point type: 24 colours, none repeated
 * (the qualitative colours of Tableau's 10 and 20, darker ones first so
 * that a small data set gets the strongest), and 15 point types, so that
 * no two of the first 120 drops look alike (lcm(24, 15)). */
static const unsigned drop_colour[24] = {
    0x1f77b4, 0xd62728, 0x2ca02c, 0xff7f0e, 0x9467bd, 0x8c564b, 0xe377c2, 0x17becf,
    0xbcbd22, 0x7f7f7f, 0x393b79, 0xad494a, 0x637939, 0xe7ba52, 0x7b4173, 0x6b6ecf,
    0xb5cf6b, 0xff9896, 0xc5b0d5, 0xc49c94, 0xf7b6d2, 0x9edae5, 0xdbdb8d, 0xaec7e8};
static const int drop_point[15] = {7, 5, 9, 11, 13, 15, 6, 4, 8, 10, 12, 14, 1, 2, 3};

/* Each drop's curves on its trace's clock: contact start t0 [s], baseline
 * b [N], the model's contact duration t_c [s], the noise measured before
 * contact σ [N], the later impacts the record holds, and the model force
 * above the baseline at every sample [N] (NaN where the model says
 * nothing). */
typedef struct drop_curve {
    double t0, b, t_c, noise;
    size_t impacts;
    double *model;       /* trace.n values (owned) */
    int drawn;
} drop_curve;

static void free_curves(drop_curve *c, size_t n)
{
    for (size_t i = 0; c != NULL && i < n; ++i)
        free(c[i].model);
    free(c);
}

/* $dropK: t − t0 [ms], F − b [N], the model above the baseline [N] only
 * while in contact (0 <= s <= t_c: the line ends at the contact's end, not
 * at the step Hunter's force makes there), and the residual model −
 * measured over the noise σ, from MARGIN·t_c before the contact start to
 * AFTER·t_c after it; $wholeK: the whole record, t − t0 [ms] and F − b. */
static void add_blocks(hfc_plot *p, size_t k, const hf_maxwell_trace *tr, const drop_curve *c)
{
    hfc_plot_block(p, "drop%zu", k);
    for (size_t i = 0; i < tr->n; ++i) {
        double s = tr->t[i] - c->t0;
        if (s < -MARGIN * c->t_c || s > AFTER * c->t_c)
            continue;
        double y = tr->F[i] - c->b;
        double in_contact = s >= 0.0 && s <= c->t_c ? c->model[i] : NAN;
        double model = isfinite(c->model[i]) ? c->model[i] : 0.0;
        const double row[4] = {1e3 * s, y, in_contact,
                               c->noise > 0.0 ? (model - y) / c->noise : NAN};
        hfc_plot_row(p, 4, row);
    }
    hfc_plot_block_end(p);
    if (c->impacts < 2)
        return;
    hfc_plot_block(p, "whole%zu", k);
    for (size_t i = 0; i < tr->n; ++i) {
        const double row[2] = {1e3 * (tr->t[i] - c->t0), tr->F[i] - c->b};
        hfc_plot_row(p, 2, row);
    }
    hfc_plot_block_end(p);
}

/* The noise and the number of impacts of every drop, from the extraction
 * of all impacts (its first impact's noise; 0 impacts where none is found). */
static int measure_drops(const char *command, const hf_maxwell_data *d, drop_curve *c)
{
    hf_diag diag = {{0}};
    hf_maxwell_extraction *x = NULL; /* freed below */
    hf_status st = hf_maxwell_extract(d, 1, &x, &diag);
    if (st != HF_OK)
        return hfc_fail_status(command, NULL, st, &diag);
    for (size_t i = 0; i < d->n; ++i) {
        c[i].noise = NAN;
        c[i].impacts = 0;
    }
    for (size_t k = 0; k < x->n; ++k) {
        drop_curve *ci = &c[x->entry[k].drop];
        if (x->entry[k].features.impact == 1)
            ci->noise = x->entry[k].features.noise;
        ci->impacts += x->entry[k].usable;
    }
    hf_maxwell_extraction_free(x);
    return 0;
}

/* Drop K at the material MAT, with the extraction's contact start and
 * baseline: c->drawn 1 when it has a curve, 0 when the extraction finds
 * no contact (one warning).  0, or prints one line and returns 1 or 2. */
static int given_drop(const char *command, const hf_maxwell_trace *tr,
                      const hf_maxwell_impact *imp, const hf_maxwell_material *mat,
                      drop_curve *c)
{
    hf_maxwell_impact_features f;
    size_t nf = 0;
    hf_diag diag = {{0}};
    c->drawn = 0;
    hf_status st = hf_maxwell_trace_extract(tr, imp, 1, &f, &nf, &diag);
    if (st != HF_OK)
        return hfc_fail_status(command, NULL, st, &diag);
    if (nf < 1 || !isfinite(f.t0) || !isfinite(f.t_c)) {
        fprintf(stderr, "hertzfit %s: warning: %s: %s, not drawn\n", command, tr->path,
                hf_maxwell_extract_status_name(f.status));
        return 0;
    }
    double *s = malloc(sizeof(double) * tr->n); /* freed below */
    c->model = malloc(sizeof(double) * tr->n);   /* freed by free_curves */
    if (s == NULL || c->model == NULL) {
        free(s);
        return hfc_fail(command, "out of memory");
    }
    for (size_t i = 0; i < tr->n; ++i)
        s[i] = tr->t[i] - f.t0;
    hf_maxwell_response resp;
    st = hf_maxwell_simulate(mat, imp, NULL, &resp, &diag);
    if (st == HF_OK)
        st = hf_maxwell_force_history(mat, imp, NULL, tr->n, s, c->model, &diag);
    free(s);
    if (st != HF_OK)
        return hfc_fail_status(command, NULL, st, &diag);
    c->t0 = f.t0;
    c->b = f.baseline;
    c->t_c = resp.t_c;
    c->drawn = 1;
    return 0;
}

/* Every drop of D with the curve fit's curve (the measured force plus its
 * residual), contact start and baseline. */
static int fitted_drops(const char *command, const hf_maxwell_data *d, double nu,
                        const hf_maxwell_fit_result *fit, const double *t0, const double *b,
                        const double *r, drop_curve *c)
{
    const hf_maxwell_material mat = {fit->estimate.mu0, nu, fit->estimate.eta};
    for (size_t i = 0, first = 0; i < d->n; first += d->trace[i].n, ++i) {
        hf_maxwell_response resp;
        hf_diag diag = {{0}};
        hf_status st = hf_maxwell_simulate(&mat, &d->impact[i], NULL, &resp, &diag);
        if (st != HF_OK)
            return hfc_fail_status(command, NULL, st, &diag);
        c[i].model = malloc(sizeof(double) * d->trace[i].n); /* freed by free_curves */
        if (c[i].model == NULL)
            return hfc_fail(command, "out of memory");
        /* the fitted curve is the measured force plus its residual */
        for (size_t j = 0; j < d->trace[i].n; ++j)
            c[i].model[j] = d->trace[i].F[j] + r[first + j] - b[i];
        c[i].t0 = t0[i];
        c[i].b = b[i];
        c[i].t_c = resp.t_c;
        c[i].drawn = 1;
    }
    return 0;
}

/* "VALUE ± SE" into buf, both rounded to the second significant digit
 * of SE (no exponent where the value allows), or the value alone when SE
 * is not a positive number. */
static void value_se(char *buf, size_t size, double value, double se)
{
    if (!(se > 0.0) || !isfinite(se)) {
        snprintf(buf, size, "%.6g (no standard error)", value);
        return;
    }
    int decimals = 1 - (int)floor(log10(se));
    if (fabs(value) >= 1e12 || se >= 1e12) {
        snprintf(buf, size, "%.6g ± %.2g", value, se);
    } else if (decimals < 0) {
        /* e.g. 999796 ± 445 -> 999800 ± 450 */
        double unit = pow(10.0, -decimals);
        snprintf(buf, size, "%.0f ± %.0f", unit * round(value / unit), unit * round(se / unit));
    } else {
        snprintf(buf, size, "%.*f ± %.*f", decimals, value, decimals, se);
    }
}

/* The specimen all of D's drops belong to (a list cut to one specimen,
 * as --specimen and the report's sections make it), or NULL. */
static const char *one_specimen(const hf_maxwell_data *d)
{
    if (d->specimen == NULL || d->n == 0 || d->specimen[0] == NULL)
        return NULL;
    for (size_t i = 1; i < d->n; ++i)
        if (d->specimen[i] == NULL || strcmp(d->specimen[i], d->specimen[0]) != 0)
            return NULL;
    return d->specimen[0];
}

/* "Specimen NAME: " before the title's first line when the figure shows
 * one specimen (through the quoting function: NAME is the user's text). */
static void specimen_prefix(hfc_plot *p, const char *specimen)
{
    if (specimen == NULL)
        return;
    char line[300];
    snprintf(line, sizeof line, "Specimen %s: ", specimen);
    hfc_plot_str(p, line, NULL);
    hfc_plot_cmd(p, " . ");
}

/* The title of a fitted figure: μ0 ± se, η ± se and the status; red, and
 * a third line saying why, when the fit is not to be trusted (then also
 * one warning line on stderr). */
static void fitted_title(hfc_plot *p, const char *command, const hf_maxwell_fit_result *fit,
                         double nu, const char *specimen)
{
    const hf_maxwell_estimate *e = &fit->estimate;
    char status[64], reason[256], line[400], mu0[96], eta[96];
    hf_maxwell_fit_status(fit, status, sizeof status);
    int suspect = hf_maxwell_fit_suspect(fit);
    int determined = hf_maxwell_estimate_quality(e, reason, sizeof reason) ==
                     HF_MAXWELL_WELL_DETERMINED;
    hfc_plot_cmd(p, "set title ");
    specimen_prefix(p, specimen);
    snprintf(line, sizeof line, "Hunter's model fitted to every sample (curve fit, ν = %.3g)",
             nu);
    hfc_plot_str(p, line, NULL);
    value_se(mu0, sizeof mu0, e->mu0, e->mu0_se);
    value_se(eta, sizeof eta, e->eta, e->eta_se);
    snprintf(line, sizeof line, "μ_0 = %s Pa,   η = %s 1/s,   status: %s", mu0, eta, status);
    hfc_plot_cmd(p, " . \"\\n\" . ");
    hfc_plot_str(p, line, NULL);
    if (suspect || !determined) {
        if (suspect)
            snprintf(reason, sizeof reason, "the fit did not converge: not an optimum");
        else
            /* the fit's own warning covers a fit that did not converge */
            fprintf(stderr, "hertzfit %s: warning: the curve fit is %s: %s; drawn, marked "
                    "in red\n", command, status, reason);
        snprintf(line, sizeof line, "NOT TRUSTWORTHY: %s", reason);
        hfc_plot_cmd(p, " . \"\\n\" . ");
        hfc_plot_str(p, line, NULL);
        hfc_plot_cmd(p, " textcolor rgb '#c00000'");
    }
    hfc_plot_cmd(p, "\n");
}

/* The title of a figure of the model at a given material. */
static void given_title(hfc_plot *p, const hf_maxwell_material *mat, const char *specimen)
{
    char title[300];
    snprintf(title, sizeof title, "Hunter's model at the given μ_0 = %.6g Pa, η = %.5g "
             "1/s, ν = %.3g", mat->mu0, mat->eta, mat->nu);
    hfc_plot_cmd(p, "set title ");
    specimen_prefix(p, specimen);
    hfc_plot_str(p, title, NULL);
    hfc_plot_cmd(p, " . \"\\n\" . ");
    hfc_plot_str(p, "(contact starts and baselines from the extraction)", NULL);
    hfc_plot_cmd(p, "\n");
}

/* The legend's name of drop I: its number in the list (LIST_DROP, or
 * I itself when NULL), its mass and approach speed. */
static void drop_title(hfc_plot *p, size_t i, const size_t *list_drop,
                       const hf_maxwell_impact *imp)
{
    char title[128];
    snprintf(title, sizeof title, "%zu: %.3g g, %.3g m/s", (list_drop ? list_drop[i] : i) + 1,
             1e3 * imp->m, imp->V0);
    hfc_plot_str(p, title, NULL);
}

/* Linetype K (1-based) of drop K: its colour and point type. */
static void drop_styles(hfc_plot *p, size_t n)
{
    for (size_t k = 0; k < n; ++k)
        hfc_plot_cmd(p, "set linetype %zu lc rgbcolor 0x%06x pt %d\n", k + 1,
                     drop_colour[k % HFC_COUNT(drop_colour)],
                     drop_point[k % HFC_COUNT(drop_point)]);
}

/* The largest force above the baseline drawn: the y axes run from a
 * little below 0 to a little above it, not to the noise's extremes. */
static double largest_force(const hf_maxwell_data *d, const drop_curve *c)
{
    double top = 0.0;
    for (size_t i = 0; i < d->n; ++i)
        for (size_t j = 0; c[i].drawn && j < d->trace[i].n; ++j)
            top = fmax(top, d->trace[i].F[j] - c[i].b);
    return top;
}

/* The bottom panel: the whole records of the drops with later impacts. */
static void plot_whole_records(hfc_plot *p, const hf_maxwell_data *d, const drop_curve *c,
                               double top)
{
    hfc_plot_cmd(p, "set origin 0,0\nset size 1,0.26\nset yrange [%.6g:%.6g]\n"
                    "set title 'Whole records: every impact'\n"
                    "set ylabel 'F - baseline  [N]'\nplot ", -0.04 * top, 1.06 * top);
    for (size_t i = 0, first = 1; i < d->n; ++i) {
        if (!c[i].drawn || c[i].impacts < 2)
            continue;
        if (!first)
            hfc_plot_cmd(p, ", ");
        hfc_plot_cmd(p, "$whole%zu using 1:2 with lines lt %zu", i + 1, i + 1);
        first = 0;
    }
    hfc_plot_cmd(p, "\n");
}

/* The measured forces of the drawn drops with the model curves over them,
 * the residuals over the noise below, and, when a record holds later
 * impacts, the whole records. */
static void plot_drops(hfc_plot *p, const hf_maxwell_data *d, const drop_curve *c, int fitted,
                       const size_t *list_drop)
{
    int whole = 0;
    for (size_t i = 0; i < d->n; ++i)
        whole |= c[i].drawn && c[i].impacts > 1;
    double top = largest_force(d, c);
    hfc_plot_cmd(p, "set origin 0,%g\nset size 1,%g\nset yrange [%.6g:%.6g]\n",
                 whole ? 0.52 : 0.34, whole ? 0.48 : 0.66, -0.04 * top, 1.06 * top);
    hfc_plot_cmd(p, "set ylabel 'F - baseline  [N]'\n"
                    "set xlabel 'time since contact start  [ms]'\nplot ");
    /* measured points in each drop's colour and point type, then every
     * model curve over them in black: the curves stay visible on a dense
     * record */
    for (size_t i = 0; i < d->n; ++i)
        if (c[i].drawn) {
            hfc_plot_cmd(p, "$drop%zu using 1:2 with points lt %zu ps 0.6 title ", i + 1,
                         i + 1);
            drop_title(p, i, list_drop, &d->impact[i]);
            hfc_plot_cmd(p, ", ");
        }
    for (size_t i = 0; i < d->n; ++i)
        if (c[i].drawn)
            hfc_plot_cmd(p, "$drop%zu using 1:3 with lines lw 1 lc rgb 'black' notitle, ",
                         i + 1);
    hfc_plot_cmd(p, "NaN with lines lw 1 lc rgb 'black' title ");
    hfc_plot_str(p, fitted ? "fitted, in contact" : "model, in contact", NULL);
    hfc_plot_cmd(p, "\nset origin 0,%g\nset size 1,%g\nunset key\nset autoscale y\n"
                    "set yrange [*<-3:3<*]\n"
                    "set title 'Residuals: (model - measured) / noise measured before "
                    "contact;  dashed: +-2' textcolor default\n"
                    "set ylabel '(model - measured)/{/Symbol s}  [-]'\nplot ",
                 whole ? 0.26 : 0.0, whole ? 0.26 : 0.34);
    for (size_t i = 0; i < d->n; ++i)
        if (c[i].drawn)
            hfc_plot_cmd(p, "$drop%zu using 1:4 with points lt %zu ps 0.3, ", i + 1, i + 1);
    hfc_plot_cmd(p, "2 with lines dt 2 lc rgb 'black', -2 with lines dt 2 lc rgb 'black'\n");
    if (whole)
        plot_whole_records(p, d, c, top);
    hfc_plot_cmd(p, "unset multiplot\n");
}

/* The figure of the curves C of D's drops into PNG, with the fitted
 * (FIT not NULL) or given title; LIST_DROP as hfc_plot_trace_fitted's. */
static int draw(const char *command, const char *png, const hf_maxwell_data *d,
                const drop_curve *c, const hf_maxwell_fit_result *fit,
                const hf_maxwell_material *mat, const size_t *list_drop)
{
    int whole = 0;
    for (size_t i = 0; i < d->n; ++i)
        whole |= c[i].drawn && c[i].impacts > 1;
    hfc_plot *p = hfc_plot_alloc(png, 1100, whole ? 1050 : 800, "enhanced");
    for (size_t i = 0; i < d->n; ++i)
        if (c[i].drawn)
            add_blocks(p, i + 1, &d->trace[i], &c[i]);
    hfc_plot_cmd(p, "set grid\nset multiplot\nset lmargin at screen 0.09\n"
                    "set rmargin at screen 0.78\n"
                    "set key at screen 0.8, screen 0.95 left top Left reverse samplen 1.5 "
                    "spacing 0.95 font ',9'\n");
    drop_styles(p, d->n);
    if (fit != NULL)
        fitted_title(p, command, fit, mat->nu, one_specimen(d));
    else
        given_title(p, mat, one_specimen(d));
    plot_drops(p, d, c, fit != NULL, list_drop);
    return hfc_plot_run(p, command);
}

int hfc_plot_trace_fitted(const char *command, const char *png, const hf_maxwell_data *d,
                          double nu, const hf_maxwell_fit_result *fit,
                          const double *contact_start, const double *baseline,
                          const double *residuals, const size_t *list_drop)
{
    drop_curve *c = calloc(d->n, sizeof *c); /* freed below */
    if (c == NULL)
        return hfc_fail(command, "out of memory");
    int rc = measure_drops(command, d, c);
    if (rc == 0)
        rc = fitted_drops(command, d, nu, fit, contact_start, baseline, residuals, c);
    const hf_maxwell_material mat = {fit->estimate.mu0, nu, fit->estimate.eta};
    if (rc == 0)
        rc = draw(command, png, d, c, fit, &mat, list_drop);
    free_curves(c, d->n);
    return rc;
}

/* plot trace's own curve fit, then its figure. */
static int plot_fitted(const char *command, const char *png, const char *path,
                       const hf_maxwell_data *d, double nu, const hfc_curve_args *curve,
                       const size_t *list_drop)
{
    double *t0 = malloc(d->n * sizeof *t0), *b = malloc(d->n * sizeof *b); /* freed below */
    double *r = malloc(hf_maxwell_curve_nresiduals(d) * sizeof *r);         /* freed below */
    hf_maxwell_fit_result fit;
    int rc = t0 == NULL || b == NULL || r == NULL
                 ? hfc_fail(command, "out of memory")
                 : hfc_maxwell_fit_curve(command, path, d, nu, curve, &fit, t0, b, r);
    if (rc == 0)
        rc = hfc_plot_trace_fitted(command, png, d, nu, &fit, t0, b, r, list_drop);
    free(t0);
    free(b);
    free(r);
    return rc;
}

/* The figure of Hunter's model at the given material MAT. */
static int plot_given(const char *command, const char *png, const char *path,
                      const hf_maxwell_data *d, const hf_maxwell_material *mat,
                      const size_t *list_drop)
{
    drop_curve *c = calloc(d->n, sizeof *c); /* freed below */
    if (c == NULL)
        return hfc_fail(command, "out of memory");
    int rc = measure_drops(command, d, c);
    size_t drawn = 0;
    for (size_t i = 0; i < d->n && rc == 0; ++i) {
        rc = given_drop(command, &d->trace[i], &d->impact[i], mat, &c[i]);
        drawn += (size_t)c[i].drawn;
    }
    if (rc == 0 && drawn == 0)
        rc = hfc_fail(command, "%s: no drop has a contact to draw", path);
    if (rc == 0)
        rc = draw(command, png, d, c, NULL, mat, list_drop);
    free_curves(c, d->n);
    return rc;
}

static int run_plot_trace(int argc, char **argv)
{
    const char *png = NULL, *data = NULL, *delimiter = NULL, *specimen = NULL;
    double g = NAN;
    hf_maxwell_material mat = {NAN, NAN, NAN};
    hfc_curve_args curve = {NULL, NULL, 0};
    hfc_trace_format_args format = {0};
    hfc_opt opts[] = {
        {.name = "data", .kind = HFC_TEXT, .value = &data, .arg = "LIST", .required = 1,
         .help = "test list with a 'trace' column (see 'maxwell extract')"},
        HFC_MAXWELL_READ_OPTIONS(&delimiter, &g),
        HFC_TRACE_FORMAT_OPTIONS(&format),
        HFC_OPT_NU(&mat.nu, "Poisson's ratio of the model"),
        {.name = "mu0", .kind = HFC_REAL, .value = &mat.mu0, .arg = "PA", .needs = "eta",
         .limits = HFC_ABOVE, .min = 0.0,
         .help = "draw the model at this shear modulus [Pa] instead of fitting"},
        {.name = "eta", .kind = HFC_REAL, .value = &mat.eta, .arg = "PER_S", .needs = "mu0",
         .limits = HFC_MIN, .min = 0.0,
         .help = "draw the model at this inverse relaxation time [1/s] instead of fitting"},
        HFC_MAXWELL_CURVE_OPTIONS(&curve, "mu0"),
        HFC_OPT_OUTPUT(&png, "FILE.png", "write the figure to FILE.png", 1),
        {.name = "specimen", .kind = HFC_TEXT, .value = &specimen, .arg = "NAME",
         .help = "only the drops of this specimen (the list's 'specimen' column), fitted "
                 "on their own; the legend keeps their numbers in the list"},
    };
    hfc_spec spec = {argv[0],
                     "Each drop's measured force above its baseline against the time since\n"
                     "its contact start (one colour and point type per drop, named by its\n"
                     "mass and approach speed), with Hunter's model over it while in\n"
                     "contact, and the residuals model - measured divided by the noise\n"
                     "measured before contact below (dashed: +-2).  A record that holds\n"
                     "later impacts (a bouncing ball) adds a panel of the whole records.\n"
                     "By default the model is the whole-curve fit ('maxwell fit --method\n"
                     "curve'): each drop's fitted curve, contact start and baseline, with\n"
                     "mu0 +- se, eta +- se and the fit's status in the title; a fit that did\n"
                     "not converge or is poorly determined is still drawn, marked in red,\n"
                     "with a warning.  With --mu0 and --eta: Hunter's model at that\n"
                     "material, with the contact starts and baselines 'maxwell extract'\n"
                     "finds.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc) ||
        (rc = hfc_check_output(argv[0], "--output", png)) != 0)
        return rc;
    hf_maxwell_data *d = NULL; /* freed below */
    size_t *list_drop = NULL;  /* freed below */
    if ((rc = hfc_maxwell_read(argv[0], data, delimiter, g, &format, 1, &d)) == 0)
        rc = hfc_maxwell_select_specimen(argv[0], specimen, &d, &list_drop);
    if (rc == 0 && isnan(mat.mu0))
        rc = plot_fitted(argv[0], png, data, d, mat.nu, &curve, list_drop);
    else if (rc == 0)
        rc = plot_given(argv[0], png, data, d, &mat, list_drop);
    free(list_drop);
    hf_maxwell_data_free(d);
    return rc;
}

const hfc_command hfc_plot_trace_command = {
    "trace", "measured force histories with the fitted (or a given) model, and residuals",
    run_plot_trace, NULL, 0, NULL};
