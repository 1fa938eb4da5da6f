/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/plot_bounce.c — "hertzfit plot bounce": force–deformation loops of
 * one bouncing-ball impact for every damping model, one panel per
 * restitution, like Figs. 8–11 of Safaeifar & Farshidianfar 2020 (which use
 * c_r = 0.2, 0.4, 0.6, 0.8, the defaults here).  The loops come from
 * hfc_ball_loop (cli/cmd_bounce.c) and go to gnuplot as inline data.
 */
#include "impact_cli.h"

#include <stdlib.h>

#include "hertzfit/impact.h"

typedef struct bounce_plot {
    const char *command;
    const char **names;
    size_t count;
    const double *es;
    size_t ne;
    size_t points;
    const double *ab;
    int clamp;
} bounce_plot;

/* Data block "$bJ_M" (deformation in mm, force in kN) for e_J, model M. */
static int add_blocks(hfc_plot *plot, const bounce_plot *p, double *buf)
{
    double *t = buf, *d = buf + p->points, *dd = buf + 2 * p->points, *f = buf + 3 * p->points;
    for (size_t j = 0; j < p->ne; ++j)
        for (size_t m = 0; m < p->count; ++m) {
            int rc = hfc_ball_loop(p->command, p->names[m], p->es[j], p->ab, p->clamp,
                                   p->points, t, d, dd, f);
            if (rc != 0)
                return rc;
            hfc_plot_block(plot, "b%zu_%zu", j, m);
            for (size_t i = 0; i < p->points; ++i) {
                const double row[2] = {d[i] * 1e3, f[i] * 1e-3};
                hfc_plot_row(plot, 2, row);
            }
            hfc_plot_block_end(plot);
        }
    return 0;
}

static void add_panels(hfc_plot *plot, const bounce_plot *p, size_t rows, size_t cols)
{
    hfc_plot_cmd(plot, "set multiplot layout %zu,%zu title 'Bouncing ball (Safaeifar and "
                       "Farshidianfar 2020, Table 3): contact force vs deformation'\n"
                       "set grid\nset key left top font ',8'\n"
                       "set xlabel 'deformation {/Symbol d} (mm)'\n"
                       "set ylabel 'contact force F (kN)'\nset yrange [0:*]\n", rows, cols);
    for (size_t j = 0; j < p->ne; ++j) {
        hfc_plot_cmd(plot, "set title 'c_r = %g'\nplot ", p->es[j]);
        for (size_t m = 0; m < p->count; ++m) {
            if (m > 0)
                hfc_plot_cmd(plot, ", ");
            hfc_plot_cmd(plot, "$b%zu_%zu using 1:2 with lines lw 2 lc %zu dt %zu title ", j,
                         m, m + 1, m / 8 + 1);
            hfc_plot_str(plot, p->names[m], NULL);
        }
        hfc_plot_cmd(plot, "\n");
    }
    hfc_plot_cmd(plot, "unset multiplot\n");
}

static int run_plot_bounce(int argc, char **argv)
{
    const char *output = NULL, *model = "all";
    double ab[2] = {0.0, 0.0};
    unsigned long long points = 301;
    int clamp = 0;
    hfc_reals es = {0};
    hfc_opt opts[] = {
        HFC_OPT_OUTPUT(&output, "FILE.png", "write the figure to FILE.png", 1),
        HFC_OPT_MODEL(&model, "damping model, " HF_IMPACT_MODEL_LINEAR " or all (default all)"),
        HFC_OPT_PROFILE_AB(&ab[0], &ab[1], " (the profile model; with all, adds it)"),
        {.name = "e", .kind = HFC_REALS, .value = &es, .arg = "E",
         .limits = HFC_MIN | HFC_MAX, .min = HF_IMPACT_E_MIN, .max = 1.0,
         .help = "restitutions, one panel each (default 0.2,0.4,0.6,0.8)"},
        {.name = "points", .kind = HFC_INT, .value = &points, .arg = "N",
         .limits = HFC_MIN | HFC_MAX, .min = 2, .max = 100000,
         .help = "samples per loop (default 301)"},
        {.name = "clamp", .kind = HFC_FLAG, .value = &clamp,
         .help = "Hunt-Crossley force F = max(F, 0), separation at F = 0"},
    };
    hfc_spec spec = {
        argv[0],
        "Force-deformation loops of one bouncing-ball impact for each damping model\n"
        "(Safaeifar & Farshidianfar 2020, Figs. 8-11).",
        opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    static const double default_es[] = {0.2, 0.4, 0.6, 0.8};
    bounce_plot p = {argv[0], NULL, 0, default_es, 4, 0, NULL, 0};
    double *buf = NULL;   /* freed below */
    hfc_plot *plot = NULL;
    int go = hfc_parse(&spec, argc, argv, &rc);
    if (go && (rc = hfc_check_output(argv[0], "--output", output)) == 0)
        rc = hfc_impact_models(argv[0], model, hfc_given(&spec, "a"), 1, &p.names, &p.count);
    if (go && rc == 0) {
        if (es.n > 0) {
            p.es = es.v;
            p.ne = es.n;
        }
        p.points = (size_t)points;
        p.ab = hfc_given(&spec, "a") ? ab : NULL;
        p.clamp = clamp;
        size_t cols = p.ne < 2 ? 1 : 2, rows = (p.ne + cols - 1) / cols;
        plot = hfc_plot_alloc(output, 700 * (int)cols, 520 * (int)rows,
                              "enhanced font 'sans,10'");
        buf = malloc(sizeof(double) * 4 * p.points);
        rc = buf == NULL ? hfc_fail(argv[0], "out of memory") : add_blocks(plot, &p, buf);
        if (rc == 0)
            add_panels(plot, &p, rows, cols);
    }
    if (go && rc == 0)
        rc = hfc_plot_run(plot, argv[0]);
    else
        hfc_plot_free(plot);
    free(buf);
    free((void *)p.names);
    hfc_free(&spec);
    return rc;
}

const hfc_command hfc_plot_bounce_command = {
    "bounce", "bouncing-ball force-deformation loops (Figs. 8-11)", run_plot_bounce, NULL, 0,
    NULL};
