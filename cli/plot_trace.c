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

/* Part of the record drawn before the contact start and after its end,
 * relative to the contact duration. */
#define MARGIN 0.1

/* Drops told apart by colour: gnuplot's default cycle has 8, the example
 * 12 drops (qualitative colours, then the cycle repeats). */
#define DROP_COLOURS                                                                  \
    "set linetype 1 lc rgb '#1f77b4'\nset linetype 2 lc rgb '#ff7f0e'\n"               \
    "set linetype 3 lc rgb '#2ca02c'\nset linetype 4 lc rgb '#d62728'\n"               \
    "set linetype 5 lc rgb '#9467bd'\nset linetype 6 lc rgb '#8c564b'\n"               \
    "set linetype 7 lc rgb '#e377c2'\nset linetype 8 lc rgb '#7f7f7f'\n"               \
    "set linetype 9 lc rgb '#bcbd22'\nset linetype 10 lc rgb '#17becf'\n"              \
    "set linetype 11 lc rgb '#393b79'\nset linetype 12 lc rgb '#ad494a'\n"             \
    "set linetype cycle 12\n"

/* $dropK: t − t0 [ms], F − b [N], the model above the baseline [N] and
 * the residual model − measured [N] (the sign of the curve fit's
 * residuals, hf_maxwell_fit_curve) over the contact [0, t_c] and its
 * margins, t0 the contact start [s] on the trace's clock and b its
 * baseline [N]. */
static void add_block(hfc_plot *p, size_t k, const hf_maxwell_trace *tr, double t0, double b,
                      double t_c, const double *model)
{
    hfc_plot_block(p, "drop%zu", k);
    for (size_t i = 0; i < tr->n; ++i) {
        double s = tr->t[i] - t0;
        if (s < -MARGIN * t_c || s > (1.0 + MARGIN) * t_c)
            continue;
        double y = tr->F[i] - b;
        const double row[4] = {1e3 * s, y, model[i], model[i] - y};
        hfc_plot_row(p, 4, row);
    }
    hfc_plot_block_end(p);
}

/* Drop K at the material MAT, with the extraction's contact start and
 * baseline: *drawn 1 when its block was added, 0 when the extraction
 * finds no contact (one warning).  0, or prints one line and returns 1
 * or 2. */
static int add_given_drop(hfc_plot *p, const char *command, size_t k,
                          const hf_maxwell_trace *tr, const hf_maxwell_impact *imp,
                          const hf_maxwell_material *mat, int *drawn)
{
    hf_maxwell_impact_features f;
    size_t nf = 0;
    hf_diag diag = {{0}};
    *drawn = 0;
    hf_status st = hf_maxwell_trace_extract(tr, imp, 1, &f, &nf, &diag);
    if (st != HF_OK)
        return hfc_fail_status(command, NULL, st, &diag);
    if (nf < 1 || !isfinite(f.t0) || !isfinite(f.t_c)) {
        fprintf(stderr, "hertzfit %s: warning: %s: %s, not drawn\n", command, tr->path,
                hf_maxwell_extract_status_name(f.status));
        return 0;
    }
    double *s = malloc(sizeof(double) * tr->n), *F = malloc(sizeof(double) * tr->n); /* freed below */
    if (s == NULL || F == NULL) {
        free(s);
        free(F);
        return hfc_fail(command, "out of memory");
    }
    for (size_t i = 0; i < tr->n; ++i)
        s[i] = tr->t[i] - f.t0;
    st = hf_maxwell_force_history(mat, imp, NULL, tr->n, s, F, &diag);
    if (st == HF_OK) {
        add_block(p, k, tr, f.t0, f.baseline, f.t_c, F);
        *drawn = 1;
    }
    free(s);
    free(F);
    return st == HF_OK ? 0 : hfc_fail_status(command, NULL, st, &diag);
}

/* Every drop of D with the curve fit's curve, contact start and
 * baseline; the fit into *fit.  0, or prints one line and returns 1 or 2. */
static int add_fitted_drops(hfc_plot *p, const char *command, const char *path,
                            const hf_maxwell_data *d, double nu, const hfc_curve_args *curve,
                            hf_maxwell_fit_result *fit, int *drawn)
{
    size_t longest = 0;
    for (size_t i = 0; i < d->n; ++i)
        longest = d->trace[i].n > longest ? d->trace[i].n : longest;
    double *t0 = malloc(d->n * sizeof *t0), *b = malloc(d->n * sizeof *b); /* freed below */
    double *r = malloc(hf_maxwell_curve_nresiduals(d) * sizeof *r);         /* freed below */
    double *model = malloc(longest * sizeof *model);                        /* freed below */
    int rc = t0 == NULL || b == NULL || r == NULL || model == NULL
                 ? hfc_fail(command, "out of memory")
                 : hfc_maxwell_fit_curve(command, path, d, nu, curve, fit, t0, b, r);
    for (size_t i = 0, first = 0; i < d->n && rc == 0; first += d->trace[i].n, ++i) {
        const hf_maxwell_material mat = {fit->estimate.mu0, nu, fit->estimate.eta};
        hf_maxwell_response resp;
        hf_diag diag = {{0}};
        hf_status st = hf_maxwell_simulate(&mat, &d->impact[i], NULL, &resp, &diag);
        if (st != HF_OK) {
            rc = hfc_fail_status(command, NULL, st, &diag);
            break;
        }
        /* the fitted curve is the measured force plus its residual */
        for (size_t j = 0; j < d->trace[i].n; ++j)
            model[j] = d->trace[i].F[j] + r[first + j] - b[i];
        add_block(p, i + 1, &d->trace[i], t0[i], b[i], resp.t_c, model);
        drawn[i] = 1;
    }
    free(t0);
    free(b);
    free(r);
    free(model);
    return rc;
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

/* The title of a fitted figure: μ0 ± se, η ± se and the status; red, and
 * a third line saying why, when the fit is not to be trusted (then also
 * one warning line on stderr). */
static void fitted_title(hfc_plot *p, const char *command, const hf_maxwell_fit_result *fit,
                         double nu)
{
    const hf_maxwell_estimate *e = &fit->estimate;
    char status[64], reason[256], line[400], mu0[96], eta[96];
    hf_maxwell_fit_status(fit, status, sizeof status);
    int suspect = hf_maxwell_fit_suspect(fit);
    int determined = hf_maxwell_estimate_quality(e, reason, sizeof reason) ==
                     HF_MAXWELL_WELL_DETERMINED;
    hfc_plot_cmd(p, "set title ");
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
static void given_title(hfc_plot *p, const hf_maxwell_material *mat)
{
    char title[300];
    snprintf(title, sizeof title, "Hunter's model at the given μ_0 = %.6g Pa, η = %.5g "
             "1/s, ν = %.3g", mat->mu0, mat->eta, mat->nu);
    hfc_plot_cmd(p, "set title ");
    hfc_plot_str(p, title, NULL);
    hfc_plot_cmd(p, " . \"\\n\" . ");
    hfc_plot_str(p, "(contact starts and baselines from the extraction)", NULL);
    hfc_plot_cmd(p, "\n");
}

static size_t count_drawn(const int *drawn, size_t n)
{
    size_t count = 0;
    for (size_t i = 0; i < n; ++i)
        count += (size_t)drawn[i];
    return count;
}

static void plot_drops(hfc_plot *p, const hf_maxwell_data *d, const int *drawn, int fitted);

static int run_plot_trace(int argc, char **argv)
{
    const char *png = NULL, *data = NULL, *delimiter = NULL;
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
    };
    hfc_spec spec = {argv[0],
                     "Each drop's measured force above its baseline against the time since\n"
                     "its contact start, with Hunter's model over it, and the residuals\n"
                     "model - measured below.  By default the model is the whole-curve fit\n"
                     "('maxwell fit --method curve'): each drop's fitted curve, contact start\n"
                     "and baseline, with mu0 +- se, eta +- se and the fit's status in the\n"
                     "title; a fit that did not converge or is poorly determined is still\n"
                     "drawn, marked in red, with a warning.  With --mu0 and --eta: Hunter's\n"
                     "model at that material, with the contact starts and baselines 'maxwell\n"
                     "extract' finds.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc) ||
        (rc = hfc_check_output(argv[0], "--output", png)) != 0)
        return rc;
    int fitted = isnan(mat.mu0);
    hf_maxwell_data *d = NULL; /* freed below */
    if ((rc = hfc_maxwell_read(argv[0], data, delimiter, g, &format, 1, &d)) != 0)
        return rc;
    int *drawn = calloc(d->n, sizeof *drawn); /* freed below */
    hfc_plot *p = hfc_plot_alloc(png, 1000, 800, "enhanced");
    hf_maxwell_fit_result fit;
    memset(&fit, 0, sizeof fit);
    if (drawn == NULL)
        rc = hfc_fail(argv[0], "out of memory");
    else if (fitted)
        rc = add_fitted_drops(p, argv[0], data, d, mat.nu, &curve, &fit, drawn);
    for (size_t i = 0; !fitted && i < d->n && rc == 0; ++i)
        rc = add_given_drop(p, argv[0], i + 1, &d->trace[i], &d->impact[i], &mat, &drawn[i]);
    if (rc == 0 && count_drawn(drawn, d->n) == 0)
        rc = hfc_fail(argv[0], "%s: no drop has a contact to draw", data);
    if (rc != 0) {
        free(drawn);
        hfc_plot_free(p);
        hf_maxwell_data_free(d);
        return rc;
    }
    hfc_plot_cmd(p, "set grid\nset multiplot\nset lmargin at screen 0.09\n"
                    "set rmargin at screen 0.83\nset origin 0,0.34\nset size 1,0.66\n"
                    "set key at screen 0.85, screen 0.9 left top Left reverse samplen 2\n" DROP_COLOURS);
    if (fitted) {
        fitted_title(p, argv[0], &fit, mat.nu);
    } else {
        given_title(p, &mat);
    }
    plot_drops(p, d, drawn, fitted);
    free(drawn);
    hf_maxwell_data_free(d);
    return hfc_plot_run(p, argv[0]);
}

/* The measured forces of the DRAWN drops of D with the model curves over
 * them, and their residuals below. */
static void plot_drops(hfc_plot *p, const hf_maxwell_data *d, const int *drawn, int fitted)
{
    hfc_plot_cmd(p, "set ylabel 'F - baseline  [N]'\n"
                    "set xlabel 'time since contact start  [ms]'\nplot ");
    /* measured points in each drop's colour, then every model curve over
     * them in black: the curves stay visible on a dense record */
    for (size_t i = 0; i < d->n; ++i)
        if (drawn[i])
            hfc_plot_cmd(p, "$drop%zu using 1:2 with points pt 7 ps 0.3 lc %zu "
                            "title 'drop %zu', ", i + 1, i + 1, i + 1);
    for (size_t i = 0; i < d->n; ++i)
        if (drawn[i])
            hfc_plot_cmd(p, "$drop%zu using 1:3 with lines lw 1 lc rgb 'black' notitle, ",
                         i + 1);
    hfc_plot_cmd(p, "NaN with points pt 7 ps 0.6 lc rgb 'black' title 'measured', "
                    "NaN with lines lw 1 lc rgb 'black' title ");
    hfc_plot_str(p, fitted ? "fitted" : "model", NULL);
    hfc_plot_cmd(p, "\nset origin 0,0\nset size 1,0.34\nunset key\n"
                    "set title 'Residuals: model - measured' textcolor default\n"
                    "set ylabel 'model - measured  [N]'\nplot ");
    for (size_t i = 0, first = 1; i < d->n; ++i) {
        if (!drawn[i])
            continue;
        if (!first)
            hfc_plot_cmd(p, ", ");
        hfc_plot_cmd(p, "$drop%zu using 1:4 with points pt 7 ps 0.3 lc %zu", i + 1, i + 1);
        first = 0;
    }
    hfc_plot_cmd(p, "\nunset multiplot\n");
}

const hfc_command hfc_plot_trace_command = {
    "trace", "measured force histories with the fitted (or a given) model, and residuals",
    run_plot_trace, NULL, 0, NULL};
