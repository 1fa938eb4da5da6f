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

/* e_out of model ID at e_in = C_R by direct simulation. */
static hf_status e_out_of(hf_damping_id id, double c_r, const double *ab, double *e_out,
                          hf_diag *diag)
{
    return hf_impact_restitution_e_out(id, c_r, ab, 0, e_out, diag);
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
    hfc_model_plot m;
    int rc = hfc_model_plot_begin(
        argc, argv,
        "Output vs input restitution of every damping model and its error, by direct\n"
        "simulation (Safaeifar and Farshidianfar 2020, Figs. 5-6).",
        "input restitutions 1/N, 2/N, ..., 1 (default 100)", 1400, 560, e_out_of, &m);
    if (rc != 0 || m.plot == NULL)
        return rc;
    add_panels(m.plot, m.names, m.count);
    rc = hfc_plot_run(m.plot, argv[0]);
    free(m.names);
    return rc;
}

const hfc_command hfc_plot_restitution_command = {
    "restitution", "e_out vs e_in of every model (Safaeifar Figs. 5-6)", run_plot_restitution,
    NULL, 0, NULL};
