/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/plot_maxwell.c — `hertzfit plot maxwell`: Argatov's three regression
 * plots (Eq. 57: F_M/(m V0) vs 𝒱; Eq. 60: 𝒱 t_M vs 1/𝒱; Eq. 62: 𝒱 t_c vs
 * 1/𝒱), each with its data, its fitted line, and the curve of Hunter's
 * numerical model at the full-fit (μ0, η), and e against 1/𝒱 with the
 * model's when the data have e; units on every axis.  In these coordinates every
 * observable depends on 𝒱 alone (ε = η C0/𝒱), so the full model is one
 * curve per panel.  Data and curves go to gnuplot as inline data blocks.
 */
#include "cli.h"
#include "cmd_maxwell.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/csv.h"

#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_data.h"
#include "hertzfit/maxwell_fit.h"

#define CURVE_POINTS 200

/* Regression coordinate y of observable obs for one test; NaN if absent. */
static double measured_y(const hf_maxwell_data *d, hf_maxwell_observable obs, size_t i)
{
    double x = NAN, y = NAN;
    if (d->value[obs] != NULL)
        hf_maxwell_regression_point(&d->impact[i], obs, d->value[obs][i], &x, &y);
    return y;
}

/* $points: V, 1/V, then for F_M, t_M, t_c each the measured value in
 * regression coordinates and its standard uncertainty there (U[j], the
 * observable's, scaled as the coordinate, which is proportional to it;
 * NaN where U is NULL), then the measured e (NaN where absent). */
static void add_points(hfc_plot *p, const hf_maxwell_data *d, const double *const u[3])
{
    hfc_plot_block(p, "points");
    for (size_t i = 0; i < d->n; ++i) {
        double V = hf_maxwell_speed_parameter(&d->impact[i]);
        double row[9] = {V, 1.0 / V};
        for (int j = 0; j < 3; ++j) {
            double y = measured_y(d, (hf_maxwell_observable)j, i);
            row[2 + 2 * j] = y;
            row[3 + 2 * j] = u != NULL && u[j] != NULL && d->value[j] != NULL
                                 ? fabs(y * u[j][i] / d->value[j][i]) : NAN;
        }
        row[8] = d->value[HF_MAXWELL_E] ? d->value[HF_MAXWELL_E][i] : NAN;
        hfc_plot_row(p, 9, row);
    }
    hfc_plot_block_end(p);
}

/* Line of regression obs at V (NaN when that regression was not done). */
static double line_at(const hf_maxwell_estimate *reg, hf_maxwell_observable obs, double V)
{
    if (reg == NULL)
        return NAN;
    return reg->intercept + reg->slope * hf_maxwell_regression_x(obs, V);
}

/* Hunter's model at the full-fit (C0, η) in the coordinates of obs. */
static double model_at(const hf_maxwell_estimate *full, hf_maxwell_observable obs, double V)
{
    double y = NAN;
    if (hf_maxwell_regression_model(full->C0, full->eta, obs, V, &y, NULL) != HF_OK)
        return NAN;
    return y;
}

/* Hunter's e at ε = η C0/V (e depends on ε alone). */
static double model_e(const hf_maxwell_estimate *full, double V)
{
    hf_hunter_result r;
    return hf_hunter_simulate(full->eta * full->C0 / V, NULL, &r, NULL) == HF_OK ? r.e : NAN;
}

/* $curves: V, 1/V, the three regression lines, the three model curves,
 * the model's e. */
static void add_curves(hfc_plot *p, const hf_maxwell_data *d, const hf_maxwell_estimate *reg[3],
                       const hf_maxwell_estimate *full)
{
    double lo = HUGE_VAL, hi = 0.0;
    for (size_t i = 0; i < d->n; ++i) {
        double V = hf_maxwell_speed_parameter(&d->impact[i]);
        lo = fmin(lo, V);
        hi = fmax(hi, V);
    }
    lo *= 0.95;
    hi *= 1.05;
    hfc_plot_block(p, "curves");
    for (int j = 0; j < CURVE_POINTS; ++j) {
        double V = lo + (hi - lo) * j / (CURVE_POINTS - 1.0);
        const double row[9] = {V, 1.0 / V,
                               line_at(reg[0], HF_MAXWELL_F_M, V),
                               line_at(reg[1], HF_MAXWELL_T_M, V),
                               line_at(reg[2], HF_MAXWELL_T_C, V),
                               model_at(full, HF_MAXWELL_F_M, V),
                               model_at(full, HF_MAXWELL_T_M, V),
                               model_at(full, HF_MAXWELL_T_C, V),
                               model_e(full, V)};
        hfc_plot_row(p, 9, row);
    }
    hfc_plot_block_end(p);
}

/* Units of the regression coordinates: 𝒱 = (R V0/m²)^{1/5} is in
 * m^{2/5} kg^{-2/5} s^{-1/5}. */
#define UNIT_V "m^{2/5} kg^{-2/5} s^{-1/5}"
#define UNIT_INV_V "kg^{2/5} m^{-2/5} s^{1/5}"
#define UNIT_V_T "m^{2/5} kg^{-2/5} s^{4/5}"

/* The legend of a regression line: its intercept and slope, the μ0 and η
 * they give, and its status. */
static void line_title(hfc_plot *p, const hf_maxwell_identify_row *row)
{
    const hf_maxwell_estimate *e = &row->estimate;
    char title[300];
    snprintf(title, sizeof title, "a + b x, a = %.3g, b = %.3g: {/Symbol m}_0 = %.4g Pa, "
             "{/Symbol h} = %.4g 1/s, %s", e->intercept, e->slope, e->mu0, e->eta,
             row->status);
    hfc_plot_str(p, title, NULL);
}

/* The legend of the full fit's curve: μ0, η with their standard errors
 * and its status. */
static void full_title(hfc_plot *p, const hf_maxwell_identify_row *full)
{
    char title[300];
    if (full == NULL) {
        hfc_plot_str(p, "Hunter, full fit: not run", NULL);
        return;
    }
    const hf_maxwell_estimate *e = &full->estimate;
    snprintf(title, sizeof title, "Hunter full fit: {/Symbol m}_0 = %.4g +- %.2g Pa, "
             "{/Symbol h} = %.4g +- %.2g 1/s, %s", e->mu0, e->mu0_se, e->eta, e->eta_se,
             full->status);
    hfc_plot_str(p, title, NULL);
}

/* The axis labels and title of regression panel J. */
static void panel_labels(hfc_plot *p, int j)
{
    if (j == 0)
        hfc_plot_cmd(p, "set title 'Eq. 57: F_M/(m V_0) vs V'\n"
                        "set ylabel 'F_M/(m V_0)  [1/s]'\n"
                        "set xlabel 'V = (R V_0/m^2)^{1/5}  [" UNIT_V "]'\n");
    else if (j == 1)
        hfc_plot_cmd(p, "set title 'Eq. 60: V t_M vs 1/V'\n"
                        "set ylabel 'V t_M  [" UNIT_V_T "]'\n"
                        "set xlabel '1/V  [" UNIT_INV_V "]'\n");
    else
        hfc_plot_cmd(p, "set title 'Eq. 62: V t_c vs 1/V'\n"
                        "set ylabel 'V t_c  [" UNIT_V_T "]'\n"
                        "set xlabel '1/V  [" UNIT_INV_V "]'\n");
}

/* One panel per regression done: data with their error bars, the
 * regression line (solid when trusted; dashed red, "not trusted", when
 * not: a nonphysical or poorly determined line is not a result), the full
 * fit's curve; and e against 1/𝒱 with the model's when the data have e. */
static void add_panels(hfc_plot *p, const hf_maxwell_identify_row *reg[3],
                       const hf_maxwell_identify_row *full, int with_e, int with_u,
                       int panels)
{
    hfc_plot_cmd(p, "set key below left Left reverse font ',8' maxcols 1 width -8 samplen 2\nset grid\n"
                    "set multiplot layout 1,%d\n", panels);
    for (int j = 0; j < 3; ++j) {
        if (reg[j] == NULL)
            continue;
        int x = j == 0 ? 1 : 2;   /* V for Eq. 57, 1/V for Eqs. 60 and 62 */
        panel_labels(p, j);
        if (with_u)
            hfc_plot_cmd(p, "plot $points using %d:%d:%d with yerrorbars pt 7 ps 0.6 "
                            "lc rgb '#1f77b4' title 'data +- u', ", x, 3 + 2 * j, 4 + 2 * j);
        else
            hfc_plot_cmd(p, "plot $points using %d:%d with points pt 7 ps 0.6 "
                            "lc rgb '#1f77b4' title 'data', ", x, 3 + 2 * j);
        hfc_plot_cmd(p, "$curves using %d:%d with lines lw 2 ", x, 3 + j);
        if (reg[j]->trusted)
            hfc_plot_cmd(p, "lc rgb '#ff7f0e' title ");
        else
            hfc_plot_cmd(p, "dt 2 lc rgb '#c00000' title ");
        line_title(p, reg[j]);
        hfc_plot_cmd(p, ", $curves using %d:%d with lines lw 2 dt 4 lc rgb 'black' title ",
                     x, 6 + j);
        full_title(p, full);
        hfc_plot_cmd(p, "\n");
    }
    if (with_e) {
        hfc_plot_cmd(p, "set title 'Restitution e vs 1/V (e depends on eps = eta C_0/V)'\n"
                        "set ylabel 'e  [-]'\nset xlabel '1/V  [" UNIT_INV_V "]'\n"
                        "plot $points using 2:9 with points pt 7 ps 0.6 lc rgb '#1f77b4' "
                        "title 'data', $curves using 2:9 with lines lw 2 dt 4 lc rgb 'black' "
                        "title ");
        full_title(p, full);
        hfc_plot_cmd(p, "\n");
    }
    hfc_plot_cmd(p, "unset multiplot\n");
}

int hfc_plot_regressions(const char *command, const char *png, const hf_maxwell_data *d,
                         const hf_maxwell_identify_report *r, const double *const u[3])
{
    const hf_maxwell_identify_row *reg[3] = {NULL, NULL, NULL}, *full = NULL;
    int panels = 0;
    for (size_t i = 0; i < r->nrows; ++i) {
        const hf_maxwell_estimate *e = &r->row[i].estimate;
        if (e->method == HF_MAXWELL_FULL)
            full = &r->row[i];
        for (int j = 0; j < 3 && e->method == HF_MAXWELL_REGRESSION; ++j)
            if (e->observables == 1u << j) {
                reg[j] = &r->row[i];
                ++panels;
            }
    }
    if (panels == 0)
        return hfc_fail(command, "%s: no regression to draw (needs a F_M_N, t_M_s or t_c_s "
                        "column)", d->path ? d->path : "data");
    const hf_maxwell_estimate *est[3] = {reg[0] ? &reg[0]->estimate : NULL,
                                         reg[1] ? &reg[1]->estimate : NULL,
                                         reg[2] ? &reg[2]->estimate : NULL};
    hf_maxwell_estimate none;
    memset(&none, 0, sizeof none);
    none.C0 = NAN;
    none.eta = NAN;
    int with_e = d->value[HF_MAXWELL_E] != NULL;
    hfc_plot *p = hfc_plot_alloc(png, 700 * (panels + with_e), 640, "enhanced");
    add_points(p, d, u);
    add_curves(p, d, est, full ? &full->estimate : &none);
    add_panels(p, reg, full, with_e, u != NULL, panels + with_e);
    return hfc_plot_run(p, command);
}

static int plot_parsed(const char *command, const hfc_maxwell_args *a, const char *png,
                       const char *specimen);

static int run_plot_maxwell(int argc, char **argv)
{
    const char *png = NULL, *specimen = NULL;
    hfc_maxwell_args args;
    hfc_maxwell_args_init(&args);
    hfc_opt opts[] = {
        HFC_MAXWELL_FIT_OPTIONS(&args),
        HFC_OPT_OUTPUT(&png, "FILE.png", "write the figure to FILE.png", 1),
        {.name = "specimen", .kind = HFC_TEXT, .value = &specimen, .arg = "NAME",
         .help = "only the drops of this specimen (the list's 'specimen' column), fitted "
                 "on their own"},
    };
    hfc_spec spec = {argv[0],
                     "Argatov's regressions (Eqs. 57, 60, 62) with their data and the\n"
                     "full-model (Hunter) curve at the full-fit parameters.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    rc = hfc_check_output(argv[0], "--output", png);
    if (rc == 0)
        rc = plot_parsed(argv[0], &args, png, specimen);
    hfc_free(&spec); /* the --observables list */
    return rc;
}

/* The standard uncertainties of F_M, t_M and t_c that `maxwell extract`
 * writes beside them (u_F_M_N, u_t_M_s, u_t_c_s) for the error bars, one
 * per test of D (matched by the file's line; NaN for a missing cell):
 * u[j] NULL where the file has no such column, all NULL when it has none
 * (*any 0).  0, or prints one error line and returns 2 or 1. */
static int read_uncertainties(const char *command, const hfc_maxwell_args *a,
                              const hf_maxwell_data *d, double *u[3], int *any)
{
    static const char *const names[3] = {"u_F_M_N", "u_t_M_s", "u_t_c_s"};
    hf_csv_options o;
    hf_csv_options_init(&o);
    o.separator = hfc_maxwell_separator(a->delimiter);
    hf_csv *csv = NULL; /* freed below */
    hf_diag diag = {{0}};
    hf_status st = hf_csv_read(a->data, &o, &csv, &diag);
    *any = 0;
    for (int j = 0; j < 3 && st == HF_OK; ++j) {
        long col = hf_csv_find(csv, names[j]);
        if (col < 0 || d->line == NULL)
            continue;
        u[j] = malloc(d->n * sizeof *u[j]); /* the caller frees */
        if (u[j] == NULL) {
            st = hf_diag_set(&diag, HF_ENOMEM, "out of memory");
            break;
        }
        *any = 1;
        for (size_t i = 0, row = 0; i < d->n && st == HF_OK; ++i) {
            while (row < hf_csv_nrows(csv) && hf_csv_line(csv, row) < d->line[i])
                ++row;
            u[j][i] = NAN;
            if (row < hf_csv_nrows(csv) && hf_csv_line(csv, row) == d->line[i] &&
                !hf_csv_is_missing(csv, row, (size_t)col))
                st = hf_csv_number(csv, row, (size_t)col, &u[j][i], &diag);
        }
    }
    hf_csv_free(csv);
    return st == HF_OK ? 0 : hfc_fail_status(command, NULL, st, &diag);
}

/* plot maxwell after its options are parsed: the identification of
 * `maxwell fit` (regressions and full fit), drawn. */
static int plot_parsed(const char *command, const hfc_maxwell_args *a, const char *png,
                       const char *specimen)
{
    hf_maxwell_data *d = NULL;
    hf_argatov_constants k;
    size_t *list_drop = NULL; /* not drawn: the regression figure names no drop */
    int rc = hfc_maxwell_load(command, a, &d, &k);
    if (rc == 0)
        rc = hfc_maxwell_select_specimen(command, specimen, &d, &list_drop);
    free(list_drop);
    if (rc != 0) {
        hf_maxwell_data_free(d);
        return rc;
    }
    double *u[3] = {NULL, NULL, NULL};
    int any = 0;
    hf_maxwell_identify_report r;
    memset(&r, 0, sizeof r);
    rc = read_uncertainties(command, a, d, u, &any);
    if (rc == 0)
        rc = hfc_maxwell_identify_features(command, a, d, &k, &r);
    if (rc == 0)
        rc = hfc_plot_regressions(command, png, d, &r,
                                  any ? (const double *const *)u : NULL);
    hf_maxwell_identify_report_free(&r);
    for (int j = 0; j < 3; ++j)
        free(u[j]);
    hf_maxwell_data_free(d);
    return rc;
}

const hfc_command hfc_plot_maxwell_command = {
    "maxwell", "Argatov regressions and the full-model fit", run_plot_maxwell, NULL, 0, NULL};
