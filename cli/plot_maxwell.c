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

#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_data.h"

#define CURVE_POINTS 200

/* Regression coordinate y of observable obs for one test; NaN if absent. */
static double measured_y(const hf_maxwell_data *d, hf_maxwell_observable obs, size_t i)
{
    double x = NAN, y = NAN;
    if (d->value[obs] != NULL)
        hf_maxwell_regression_point(&d->impact[i], obs, d->value[obs][i], &x, &y);
    return y;
}

/* $points: V, 1/V, the measured F, tM, tc in regression coordinates, and
 * the measured e (NaN where absent). */
static void add_points(hfc_plot *p, const hf_maxwell_data *d)
{
    hfc_plot_block(p, "points");
    for (size_t i = 0; i < d->n; ++i) {
        double V = hf_maxwell_speed_parameter(&d->impact[i]);
        const double row[6] = {V, 1.0 / V, measured_y(d, HF_MAXWELL_F_M, i),
                               measured_y(d, HF_MAXWELL_T_M, i), measured_y(d, HF_MAXWELL_T_C, i),
                               d->value[HF_MAXWELL_E] ? d->value[HF_MAXWELL_E][i] : NAN};
        hfc_plot_row(p, 6, row);
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

/* One panel per regression done: data, the regression line, the model;
 * and e against 1/𝒱 with the model's when the data have e. */
static void add_panels(hfc_plot *p, const hf_maxwell_estimate *reg[3], int with_e, int panels)
{
    hfc_plot_cmd(p, "set key below\nset grid\nset multiplot layout 1,%d\n", panels);
    for (int j = 0; j < 3; ++j) {
        if (reg[j] == NULL)
            continue;
        int x = j == 0 ? 1 : 2;   /* V for Eq. 57, 1/V for Eqs. 60 and 62 */
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
        hfc_plot_cmd(p, "plot $points using %d:%d with points pt 7 title 'data', "
                        "$curves using %d:%d with lines lw 2 title 'Argatov regression', "
                        "$curves using %d:%d with lines lw 2 dt 2 title 'Hunter, full fit'\n",
                     x, 3 + j, x, 3 + j, x, 6 + j);
    }
    if (with_e)
        hfc_plot_cmd(p, "set title 'Restitution e vs 1/V (e depends on eps = eta C_0/V)'\n"
                        "set ylabel 'e  [-]'\nset xlabel '1/V  [" UNIT_INV_V "]'\n"
                        "plot $points using 2:6 with points pt 7 title 'data', "
                        "$curves using 2:9 with lines lw 2 dt 2 title 'Hunter, full fit'\n");
    hfc_plot_cmd(p, "unset multiplot\n");
}

static int plot_parsed(const char *command, const hfc_maxwell_args *a, const char *png);

static int run_plot_maxwell(int argc, char **argv)
{
    const char *png = NULL;
    hfc_maxwell_args args = {.nu = NAN, .g = NAN, .weights = "none", .seed = 1};
    hf_maxwell_fit_config_init(&args.full);
    hfc_opt opts[] = {
        HFC_MAXWELL_FIT_OPTIONS(&args),
        HFC_OPT_OUTPUT(&png, "FILE.png", "write the figure to FILE.png", 1),
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
        rc = plot_parsed(argv[0], &args, png);
    hfc_free(&spec); /* the --observables list */
    return rc;
}

/* plot maxwell after its options are parsed. */
static int plot_parsed(const char *command, const hfc_maxwell_args *a, const char *png)
{
    int rc = 0;
    hfc_maxwell_args args = *a;
    const char *const argv[1] = {command};
    hf_maxwell_data *d = NULL;
    hf_argatov_constants k;
    if ((rc = hfc_maxwell_load(argv[0], &args, &d, &k)) != 0)
        return rc;
    hf_maxwell_estimate est[3];
    hf_maxwell_fit_result full;
    const hf_maxwell_estimate *reg[3] = {NULL, NULL, NULL};
    int panels = 0;
    for (int j = 0; j < 3 && rc == 0; ++j) {
        if (d->value[j] == NULL)
            continue;
        hf_diag diag = {{0}};
        hf_status st = hf_maxwell_regress(d, args.nu, (hf_maxwell_observable)j,
                                          hfc_maxwell_weights(&args), &k, &est[j], &diag);
        rc = st == HF_OK ? 0 : hfc_fail_status(argv[0], NULL, st, &diag);
        reg[j] = &est[j];
        ++panels;
    }
    if (rc == 0 && panels == 0)
        rc = hfc_fail(argv[0], "%s: needs a F_M_N, t_M_s or t_c_s column", args.data);
    if (rc == 0)
        rc = hfc_maxwell_fit_full(argv[0], &args, d, &k, &full, NULL);
    if (rc == 0) {
        int with_e = d->value[HF_MAXWELL_E] != NULL;
        hfc_plot *p = hfc_plot_alloc(png, 480 * (panels + with_e), 540, "enhanced");
        add_points(p, d);
        add_curves(p, d, reg, &full.estimate);
        add_panels(p, reg, with_e, panels + with_e);
        rc = hfc_plot_run(p, argv[0]);
    }
    hf_maxwell_data_free(d);
    return rc;
}

const hfc_command hfc_plot_maxwell_command = {
    "maxwell", "Argatov regressions and the full-model fit", run_plot_maxwell, NULL, 0, NULL};
