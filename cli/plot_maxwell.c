/*
 * cli/plot_maxwell.c — `hertzfit plot maxwell`: Argatov's three regression
 * plots (Eq. 57: F_M/(m V0) vs 𝒱; Eq. 60: 𝒱 t_M vs 1/𝒱; Eq. 62: 𝒱 t_c vs
 * 1/𝒱), each with its data, its fitted line, and the curve of Hunter's
 * numerical model at the full-fit (μ0, η).  In these coordinates every
 * observable depends on 𝒱 alone (ε = η C0/𝒱), so the full model is one
 * curve per panel.  Data and curves go to temporary CSV files that a
 * gnuplot script reads.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "cmd_maxwell.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hertzfit/maxwell_data.h"
#include "hertzfit/maxwell_estimate.h"

#define CURVE_POINTS 200

typedef struct plot_files {
    char points[64];   /* measured, regression coordinates */
    char curves[64];   /* regression lines and full-model curves */
} plot_files;

static FILE *open_temp(char *path, size_t size)
{
    snprintf(path, size, "/tmp/hertzfit-maxwell-XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0)
        return NULL;
    FILE *fp = fdopen(fd, "w");
    if (fp == NULL) {
        close(fd);
        remove(path);
    }
    return fp;
}

/* Regression coordinate y of observable obs for one test; NaN if absent. */
static double measured_y(const hf_maxwell_data *d, hf_maxwell_observable obs, size_t i)
{
    double x = NAN, y = NAN;
    if (d->value[obs] != NULL)
        hf_maxwell_regression_point(&d->impact[i], obs, d->value[obs][i], &x, &y);
    return y;
}

static int write_points(FILE *fp, const hf_maxwell_data *d)
{
    fprintf(fp, "V,invV,F,tM,tc\n");
    for (size_t i = 0; i < d->n; ++i) {
        double V = hf_maxwell_speed_parameter(&d->impact[i]);
        fprintf(fp, "%.12g,%.12g,%.12g,%.12g,%.12g\n", V, 1.0 / V,
                measured_y(d, HF_MAXWELL_F_M, i), measured_y(d, HF_MAXWELL_T_M, i),
                measured_y(d, HF_MAXWELL_T_C, i));
    }
    return ferror(fp) ? -1 : 0;
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

static int write_curves(FILE *fp, const hf_maxwell_data *d, const hf_maxwell_estimate *reg[3],
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
    fprintf(fp, "V,invV,regF,regtM,regtc,fullF,fulltM,fulltc\n");
    for (int j = 0; j < CURVE_POINTS; ++j) {
        double V = lo + (hi - lo) * j / (CURVE_POINTS - 1.0);
        fprintf(fp, "%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g\n", V, 1.0 / V,
                line_at(reg[0], HF_MAXWELL_F_M, V), line_at(reg[1], HF_MAXWELL_T_M, V),
                line_at(reg[2], HF_MAXWELL_T_C, V), model_at(full, HF_MAXWELL_F_M, V),
                model_at(full, HF_MAXWELL_T_M, V), model_at(full, HF_MAXWELL_T_C, V));
    }
    return ferror(fp) ? -1 : 0;
}

static int write_files(const char *command, plot_files *f, const hf_maxwell_data *d,
                       const hf_maxwell_estimate *reg[3], const hf_maxwell_estimate *full)
{
    /* p and c are closed below; the files are removed by the caller after
     * gnuplot ran, or here on error */
    FILE *p = open_temp(f->points, sizeof f->points);
    FILE *c = p ? open_temp(f->curves, sizeof f->curves) : NULL;
    int bad = (p == NULL || c == NULL);
    if (!bad)
        bad = write_points(p, d) != 0 || write_curves(c, d, reg, full) != 0;
    if (p != NULL && fclose(p) != 0)
        bad = 1;
    if (c != NULL && fclose(c) != 0)
        bad = 1;
    if (bad) {
        if (p != NULL)
            remove(f->points);
        if (c != NULL)
            remove(f->curves);
        fprintf(stderr, "hertzfit %s: cannot write temporary plot data in /tmp\n", command);
        return 1;
    }
    return 0;
}

static const char *const panel_titles[3] = {
    "Eq. 57: F_M/(m V_0) vs V", "Eq. 60: V t_M vs 1/V", "Eq. 62: V t_c vs 1/V"};
static const char *const panel_ylabels[3] = {"F_M/(m V_0)  [1/s]", "V t_M", "V t_c"};
static const char *const point_cols[3] = {"F", "tM", "tc"};

/* The gnuplot script, written to a growing buffer (open_memstream), so
 * that no path length can truncate it.  NULL when it cannot be built. */
static char *build_script(const plot_files *f, const char *png,
                          const hf_maxwell_estimate *reg[3], int panels)
{
    char *s = NULL; /* caller frees (open_memstream allocates it) */
    size_t size = 0;
    FILE *fp = open_memstream(&s, &size);
    if (fp == NULL)
        return NULL;
    fprintf(fp, "set terminal pngcairo size %d,540 enhanced\nset output '%s'\n"
                "set datafile separator ','\nset key below\nset grid\n"
                "set multiplot layout 1,%d\n", 480 * panels, png, panels);
    for (int j = 0; j < 3; ++j) {
        if (reg[j] == NULL)
            continue;
        const char *x = j == 0 ? "V" : "invV";
        fprintf(fp, "set title '%s'\nset ylabel '%s'\nset xlabel '%s'\n", panel_titles[j],
                panel_ylabels[j], j == 0 ? "V = (R V_0/m^2)^{1/5}" : "1/V");
        fprintf(fp, "plot '%s' using '%s':'%s' with points pt 7 title 'data', \\\n",
                f->points, x, point_cols[j]);
        fprintf(fp, "  '%s' using '%s':'reg%s' with lines lw 2 title 'Argatov regression', "
                    "\\\n", f->curves, x, point_cols[j]);
        fprintf(fp, "  '%s' using '%s':'full%s' with lines lw 2 dt 2 title 'Hunter, full fit'\n",
                f->curves, x, point_cols[j]);
    }
    fprintf(fp, "unset multiplot\n");
    if (ferror(fp) | fclose(fp)) {
        free(s);
        return NULL;
    }
    return s;
}

int hf_plot_maxwell(int argc, char **argv)
{
    const char *data_path = NULL, *png = NULL;
    double nu = NAN;
    unsigned long long seed = 1;
    hf_maxwell_fit_config full_settings;
    hf_maxwell_fit_config_init(&full_settings);
    hf_cli_opt opts[] = {
        {.name = "data", .kind = HF_CLI_STRING, .value = &data_path, .arg = "FILE",
         .help = "drop-test CSV (as for maxwell fit)"},
        {.name = "nu", .kind = HF_CLI_DOUBLE, .value = &nu, .arg = "N",
         .help = "Poisson's ratio, in [0, 0.5]"},
        {.name = "output", .short_name = 'o', .kind = HF_CLI_STRING, .value = &png,
         .arg = "FILE", .help = "PNG to write"},
        {.name = "optimizer", .kind = HF_CLI_STRING, .value = &full_settings.optimizer,
         .arg = "NAME", .help = "optimiser of the full fit (default " HF_MAXWELL_FIT_OPTIMIZER ")"},
        {.name = "seed", .kind = HF_CLI_COUNT, .value = &seed, .arg = "S",
         .help = "PCG32 seed of the full fit (default 1)"},
    };
    hf_cli_spec spec = {"plot maxwell", "--data FILE --nu N -o FILE.png",
                        "Argatov's regressions (Eqs. 57, 60, 62) with their data and the\n"
                        "full-model (Hunter) curve at the full-fit parameters.",
                        opts, sizeof opts / sizeof opts[0], 0, 0};
    int rc;
    if (!hf_cli_parse_options(&spec, argc, argv, &rc))
        return rc;
    if (data_path == NULL || png == NULL || !opts[1].given)
        return hf_cli_fail(spec.command, "--data, --nu and -o are required");
    if ((rc = hf_cli_check_plot_output(spec.command, "-o", png)) != 0)
        return rc;
    hf_maxwell_data *d = NULL;
    hf_argatov_constants k;
    if ((rc = hf_maxwell_cli_load(spec.command, data_path, nu, &d, &k)) != 0)
        return rc;
    hf_maxwell_estimate est[3];
    hf_maxwell_fit_result full;
    const hf_maxwell_estimate *reg[3] = {NULL, NULL, NULL};
    int panels = 0;
    for (int j = 0; j < 3 && rc == 0; ++j) {
        if (d->value[j] == NULL)
            continue;
        hf_diag diag = {{0}};
        hf_status st = hf_maxwell_regress(d, nu, (hf_maxwell_observable)j, &k, &est[j], &diag);
        rc = st == HF_OK ? 0 : hf_cli_fail_status(spec.command, st, &diag);
        reg[j] = &est[j];
        ++panels;
    }
    if (rc == 0 && panels == 0)
        rc = hf_cli_fail(spec.command, "%s: needs a F_M_N, t_M_s or t_c_s column", data_path);
    full_settings.seed = seed;
    if (rc == 0)
        rc = hf_maxwell_cli_fit_full(spec.command, d, nu, &k, &full_settings, &full, NULL);
    plot_files f;
    if (rc == 0)
        rc = write_files(spec.command, &f, d, reg, &full.estimate);
    hf_maxwell_data_free(d);
    if (rc != 0)
        return rc;
    char *script = build_script(&f, png, reg, panels);
    rc = script ? hf_cli_gnuplot(spec.command, script)
                : hf_cli_fail(spec.command, "cannot build the gnuplot script (out of memory)");
    free(script);
    remove(f.points);
    remove(f.curves);
    return rc;
}
