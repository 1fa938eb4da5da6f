/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/plot_hr.c — "hertzfit plot hr": h_r(c_r) of every damping model
 * beside the exact relation (Safaeifar & Farshidianfar 2020, Figs. 3–4;
 * Sheikhi Azqandi & Safaeifar 2023, Figs. 4 and 10).  The values are the
 * library's (hf_damping_hr), handed to gnuplot as inline data blocks.
 */
#include "impact_cli.h"

#include <stdlib.h>

#include "hertzfit/damping.h"

static int run_plot_hr(int argc, char **argv)
{
    hfc_model_plot m;
    int rc = hfc_model_plot_begin(
        argc, argv,
        "The damping ratio h_r against the restitution c_r of every damping model,\n"
        "the exact relation (Eq. 39) among them, on a logarithmic h_r axis\n"
        "(Safaeifar and Farshidianfar 2020, Figs. 3-4; ICACO 2023, Figs. 4 and 10).",
        "restitutions 1/N, 2/N, ..., 1 (default 100)", 900, 640, hf_damping_hr, &m);
    if (rc != 0 || m.plot == NULL)
        return rc;
    hfc_plot *p = m.plot;
    hfc_plot_cmd(p, "set title 'Damping ratio of each model (Safaeifar and Farshidianfar "
                    "2020, Figs. 3-4)'\nset grid\nset key right top font ',9'\n"
                    "set logscale y\nset xrange [0:1]\n"
                    "set xlabel 'restitution c_r'\nset ylabel 'h_r = C v^-/K'\nplot ");
    for (size_t k = 0; k < m.count; ++k) {
        if (k > 0)
            hfc_plot_cmd(p, ", ");
        /* h_r = 0 at c_r = 1 has no place on a log axis: drawn to c_r < 1 */
        hfc_plot_cmd(p, "$m%zu using 1:($2 > 0 ? $2 : NaN) with lines lw 2 lc %zu dt %zu "
                        "title ", k, k + 1, k / 8 + 1);
        hfc_plot_str(p, m.names[k], NULL);
    }
    hfc_plot_cmd(p, "\n");
    rc = hfc_plot_run(p, argv[0]);
    free(m.names);
    return rc;
}

const hfc_command hfc_plot_hr_command = {
    "hr", "h_r(c_r) of every model beside the exact relation (Safaeifar Figs. 3-4)",
    run_plot_hr, NULL, 0, NULL};
