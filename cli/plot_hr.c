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

/* Data block "$mI" of c_r, h_r for model I at c_r = 1/N .. 1. */
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
            st = hf_damping_hr(id, row[0], ab, &row[1], &diag);
        if (st != HF_OK)
            return hfc_fail_status(command, NULL, st, &diag);
        hfc_plot_row(p, 2, row);
    }
    hfc_plot_block_end(p);
    return 0;
}

static int run_plot_hr(int argc, char **argv)
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
         .help = "restitutions 1/N, 2/N, ..., 1 (default 100)"},
    };
    hfc_spec spec = {
        argv[0],
        "The damping ratio h_r against the restitution c_r of every damping model,\n"
        "the exact relation (Eq. 39) among them, on a logarithmic h_r axis\n"
        "(Safaeifar and Farshidianfar 2020, Figs. 3-4; ICACO 2023, Figs. 4 and 10).",
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
    hfc_plot *p = hfc_plot_alloc(output, 900, 640, "enhanced font 'sans,10'");
    for (size_t m = 0; m < count && rc == 0; ++m)
        rc = add_block(argv[0], p, m, names[m], (size_t)points, have_ab ? ab : NULL);
    if (rc == 0) {
        hfc_plot_cmd(p, "set title 'Damping ratio of each model (Safaeifar and Farshidianfar "
                        "2020, Figs. 3-4)'\nset grid\nset key right top font ',9'\n"
                        "set logscale y\nset xrange [0:1]\n"
                        "set xlabel 'restitution c_r'\nset ylabel 'h_r = C v^-/K'\nplot ");
        for (size_t m = 0; m < count; ++m) {
            if (m > 0)
                hfc_plot_cmd(p, ", ");
            /* h_r = 0 at c_r = 1 has no place on a log axis: drawn to c_r < 1 */
            hfc_plot_cmd(p, "$m%zu using 1:($2 > 0 ? $2 : NaN) with lines lw 2 lc %zu dt %zu "
                            "title ", m, m + 1, m / 8 + 1);
            hfc_plot_str(p, names[m], NULL);
        }
        hfc_plot_cmd(p, "\n");
        rc = hfc_plot_run(p, argv[0]);
    } else {
        hfc_plot_free(p);
    }
    free(names);
    return rc;
}

const hfc_command hfc_plot_hr_command = {
    "hr", "h_r(c_r) of every model beside the exact relation (Safaeifar Figs. 3-4)",
    run_plot_hr, NULL, 0, NULL};
