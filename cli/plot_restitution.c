/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/plot_restitution.c — "hertzfit plot restitution": e_out against e_in
 * and the error e_out − e_in for every damping model, like Figs. 5–6 of
 * Safaeifar & Farshidianfar 2020.  The data are computed by the library
 * (hf_impact_restitution_e_out) and handed to gnuplot as inline data
 * blocks.
 */
#include "impact_cli.h"

#include <stdlib.h>

#include "hertzfit/damping.h"
#include "hertzfit/impact.h"

/* Data block "$mI" of e_in, e_out for model I. */
static int add_block(const char *command, hfc_plot *p, size_t index, const char *model,
                     size_t points, const double *ab)
{
    hfc_plot_block(p, "m%zu", index);
    for (size_t i = 1; i <= points; ++i) {
        double row[2] = {(double)i / (double)points, 0.0};
        hf_diag diag = {{0}};
        hf_damping_id id;
        hf_status st = hf_damping_lookup(model, &id, &diag);
        if (st == HF_OK)
            st = hf_impact_restitution_e_out(id, row[0], ab, 0, &row[1], &diag);
        if (st != HF_OK)
            return hfc_fail_status(command, NULL, st, &diag);
        hfc_plot_row(p, 2, row);
    }
    hfc_plot_block_end(p);
    return 0;
}

/* One curve per model, of e_out (or with ERROR of e_out - e_in), ", "
 * between them and after the last. */
static void add_curves(hfc_plot *p, int error, const char **names, size_t count)
{
    for (size_t m = 0; m < count; ++m) {
        if (error && m > 0)
            hfc_plot_cmd(p, ", ");
        if (error)
            hfc_plot_cmd(p, "$m%zu using 1:($2-$1)", m);
        else
            hfc_plot_cmd(p, "$m%zu using 1:2", m);
        hfc_plot_cmd(p, " with lines lw 2 lc %zu dt %zu title ", m + 1, m / 8 + 1);
        hfc_plot_str(p, names[m], NULL);
        if (!error)
            hfc_plot_cmd(p, ", ");
    }
}

static void add_panels(hfc_plot *p, const char **names, size_t count)
{
    hfc_plot_cmd(p, "set multiplot layout 1,2 title 'Restitution check: Hunt-Crossley-type "
                    "impact with each model''s h_r (Safaeifar and Farshidianfar 2020, "
                    "Figs. 5-6)'\n"
                    "set grid\nset key left top font ',9'\nset xrange [0:1]\n"
                    "set xlabel 'input restitution c_{r,in}'\n"
                    "set ylabel 'output restitution c_{r,out}'\nset yrange [0:1]\nplot ");
    add_curves(p, 0, names, count);
    hfc_plot_cmd(p, "x with lines dt 2 lc 'black' title 'c_{out} = c_{in}'\n"
                    "set ylabel 'error c_{r,out} - c_{r,in}'\nset autoscale y\n"
                    "set key right top\nplot ");
    add_curves(p, 1, names, count);
    hfc_plot_cmd(p, "\nunset multiplot\n");
}

static int run_plot_restitution(int argc, char **argv)
{
    const char *output = NULL, *model = "all";
    double ab[2] = {0.0, 0.0};
    unsigned long long points = 100;
    hfc_opt opts[] = {
        HFC_OPT_OUTPUT(&output, "FILE.png", "write the figure to FILE.png", 1),
        HFC_OPT_MODEL(&model, "damping model, or all (default all)"),
        HFC_OPT_PROFILE_AB(&ab[0], &ab[1], " (the profile model; with all, adds it)"),
        {.name = "points", .kind = HFC_INT, .value = &points, .arg = "N",
         .limits = HFC_MIN | HFC_MAX, .min = 2, .max = 100000,
         .help = "input restitutions 1/N, 2/N, ..., 1 (default 100)"},
    };
    hfc_spec spec = {
        argv[0],
        "Output vs input restitution of every damping model and its error, by direct\n"
        "simulation (Safaeifar and Farshidianfar 2020, Figs. 5-6).",
        opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    const char **names = NULL;   /* freed below */
    size_t count = 0;
    int have_ab = hfc_given(&spec, "a");
    if ((rc = hfc_check_output(argv[0], "--output", output)) != 0 ||
        (rc = hfc_impact_models(argv[0], model, have_ab, 0, &names, &count)) != 0)
        return rc;
    hfc_plot *p = hfc_plot_alloc(output, 1400, 560, "enhanced font 'sans,10'");
    for (size_t m = 0; m < count && rc == 0; ++m)
        rc = add_block(argv[0], p, m, names[m], (size_t)points, have_ab ? ab : NULL);
    if (rc == 0) {
        add_panels(p, names, count);
        rc = hfc_plot_run(p, argv[0]);
    } else {
        hfc_plot_free(p);
    }
    free(names);
    return rc;
}

const hfc_command hfc_plot_restitution_command = {
    "restitution", "e_out vs e_in of every model (Safaeifar Figs. 5-6)", run_plot_restitution,
    NULL, 0, NULL};
