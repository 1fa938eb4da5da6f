/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/plot_example.c — "hertzfit plot example NAME -o FIG": the papers'
 * figures of their worked examples, one per --figure number (the paper's):
 *
 *   bouncing-ball  8–11  force against deformation, every catalogue model,
 *                        c_r = 0.2, 0.4, 0.6, 0.8 (Safaeifar & Farshidianfar)
 *   impact-damper  13    the impact mass and the two stoppers against time
 *                  14–17 the primary mass and its amplitude envelope for
 *                        gaps of 20, 30, 40, 50 mm (--gap overrides)
 *   slider-crank   19–20 positions and velocities of the slider and the block
 *   pendulums      11    θ̇1 and θ̇2: piecewise, Eq. 50 (c_opt), Eq. 16
 *                  12    force against penetration of the first impact
 *                        (Poursina & Nikravesh)
 *
 * Every curve is one hf_example run; the data go to gnuplot inline.
 */
#include "example_cli.h"

#include <math.h>
#include <string.h>

#include "hertzfit/damping.h"

typedef struct example_plot {
    const char *command;
    const hfc_spec *spec;
    const hfc_example_opts *opts;
    hf_example_id id;
    hfc_plot *plot;
} example_plot;

/* One run of the example with MODEL (NULL: the default), GAP (<= 0: the
 * options') and restitution E (<= 0: the options'). */
static int run_one(const example_plot *p, const char *model, double gap, double e,
                   hf_example_config *c, hf_example **ex)
{
    int rc = hfc_example_setup(p->command, p->spec, p->id, p->opts, model, c);
    if (rc == 0 && gap > 0.0)
        c->gap = gap;
    if (rc == 0 && e > 0.0)
        c->restitution = e;
    return rc == 0 ? hfc_example_run(p->command, c, ex) : rc;
}

/* Block "s<index>": the series columns COLS, each times its SCALE. */
static void series_block(hfc_plot *plot, const hf_example *ex, size_t index, const size_t *cols,
                         const double *scale, size_t n)
{
    const char *const *names;
    size_t ncols = hf_example_columns(ex, &names), rows;
    const double *s = hf_example_series(ex, &rows);
    hfc_plot_block(plot, "s%zu", index);
    for (size_t i = 0; i < rows; ++i) {
        double row[4];
        for (size_t k = 0; k < n; ++k)
            row[k] = s[i * ncols + cols[k]] * scale[k];
        hfc_plot_row(plot, n, row);
    }
    hfc_plot_block_end(plot);
}

/* Block "c<index>": δ (mm) and F (kN) of the first contact. */
static void contact_block(hfc_plot *plot, const hf_example *ex, size_t index)
{
    size_t rows;
    const double *s = hf_example_contact_series(ex, &rows);
    hfc_plot_block(plot, "c%zu", index);
    for (size_t i = 0; i < rows && s[i * HF_EXAMPLE_CONTACT_COLUMNS + 1] == 0.0; ++i) {
        const double row[2] = {s[i * HF_EXAMPLE_CONTACT_COLUMNS + 2] * 1e3,
                               s[i * HF_EXAMPLE_CONTACT_COLUMNS + 4] * 1e-3};
        hfc_plot_row(plot, 2, row);
    }
    hfc_plot_block_end(plot);
}

static int pendulums_figure(example_plot *p, int figure)
{
    static const char *const models[] = {HFC_EXAMPLE_PIECEWISE, HF_IMPACT_MODEL_LINEAR,
                                         "flores"};
    static const char *const labels[] = {"piecewise (impulse-momentum)",
                                         "Eq. 50: linear damper, c_{opt}",
                                         "Eq. 9 with Eq. 16 (Hunt-Crossley, Flores)"};
    size_t first = figure == 11 ? 0 : 1;
    for (size_t m = first; m < 3; ++m) {
        hf_example_config c;
        hf_example *ex = NULL;
        int rc = run_one(p, models[m], 0.0, 0.0, &c, &ex);
        if (rc != 0)
            return rc;
        if (figure == 11) {
            const size_t cols[3] = {0, 3, 4};
            const double scale[3] = {1.0, 1.0, 1.0};
            series_block(p->plot, ex, m, cols, scale, 3);
        } else {
            contact_block(p->plot, ex, m);
        }
        hf_example_free(ex);
    }
    if (figure == 11) {
        hfc_plot_cmd(p->plot, "set multiplot layout 2,1 title 'Two pendulums (Poursina and "
                              "Nikravesh 2020, Fig. 11): e = 0.3, k = 1e8 N/m^{1.5}'\n"
                              "set grid\nset key right top font ',9'\nset xlabel 't (s)'\n");
        for (int k = 0; k < 2; ++k) {
            hfc_plot_cmd(p->plot, "set ylabel 'd{/Symbol q}_%d/dt (rad/s)'\nplot ", k + 1);
            for (size_t m = 0; m < 3; ++m) {
                if (m > 0)
                    hfc_plot_cmd(p->plot, ", ");
                hfc_plot_cmd(p->plot, "$s%zu using 1:%d with lines lw 2 dt %zu title ", m,
                             k + 2, m + 1);
                hfc_plot_str(p->plot, labels[m], NULL);
            }
            hfc_plot_cmd(p->plot, "\n");
        }
        hfc_plot_cmd(p->plot, "unset multiplot\n");
        return 0;
    }
    hfc_plot_cmd(p->plot, "set title 'Two pendulums, first impact (Poursina and Nikravesh "
                          "2020, Fig. 12)'\nset grid\nset key right top\n"
                          "set xlabel 'penetration {/Symbol d} (mm)'\n"
                          "set ylabel 'contact force (kN)'\nplot ");
    for (size_t m = 1; m < 3; ++m) {
        if (m > 1)
            hfc_plot_cmd(p->plot, ", ");
        hfc_plot_cmd(p->plot, "$c%zu using 1:2 with lines lw 2 dt %zu title ", m, m);
        hfc_plot_str(p->plot, labels[m], NULL);
    }
    hfc_plot_cmd(p->plot, "\n");
    return 0;
}

static int damper_figure(example_plot *p, int figure)
{
    static const double gaps[4] = {0.02, 0.03, 0.04, 0.05};
    double gap = figure == 13 ? 0.0 : hfc_given(p->spec, "gap") ? 0.0 : gaps[figure - 14];
    hf_example_config c;
    hf_example *ex = NULL;
    int rc = run_one(p, NULL, gap, 0.0, &c, &ex);
    if (rc != 0)
        return rc;
    if (figure == 13) {
        const size_t cols[4] = {0, 3, 5, 6};
        const double scale[4] = {1.0, 1e3, 1e3, 1e3};
        series_block(p->plot, ex, 0, cols, scale, 4);
        hfc_plot_cmd(p->plot, "set title 'Impact damper, gap %g mm (Safaeifar and "
                              "Farshidianfar 2020, Fig. 13)'\nset grid\nset key right top\n"
                              "set xlabel 't (s)'\nset ylabel 'position (mm)'\n"
                              "plot $s0 using 1:3 with lines lw 1 lc rgb '#1f77b4' title "
                              "'left stopper', $s0 using 1:4 with lines lw 1 lc rgb '#2ca02c' "
                              "title 'right stopper', $s0 using 1:2 with lines lw 1 lc rgb "
                              "'#d62728' title 'impact mass'\n", c.gap * 1e3);
    } else {
        const size_t cols[2] = {0, 1};
        const double scale[2] = {1.0, 1e3};
        series_block(p->plot, ex, 0, cols, scale, 2);
        size_t n;
        const double *pk = hf_example_peaks(ex, &n);
        hfc_plot_block(p->plot, "pk");
        for (size_t i = 0; i < n; ++i) {
            const double row[2] = {pk[2 * i], fabs(pk[2 * i + 1]) * 1e3};
            hfc_plot_row(p->plot, 2, row);
        }
        hfc_plot_block_end(p->plot);
        hf_example_zones z;
        hf_example_zones_get(ex, &z);
        double omega = sqrt(HF_DAMPER_STIFFNESS / HF_DAMPER_MAIN_MASS);
        hfc_plot_cmd(p->plot, "set title 'Impact damper, gap %g mm (Safaeifar and "
                              "Farshidianfar 2020, Fig. %d)'\nset grid\nset key right top\n"
                              "set xlabel 't (s)'\nset ylabel 'x_M (mm)'\n"
                              "set arrow from %.6g, graph 0 to %.6g, graph 1 nohead dt 2\n"
                              "set arrow from %.6g, graph 0 to %.6g, graph 1 nohead dt 3\n"
                              "plot $s0 using 1:2 with lines lw 1 lc rgb '#c0c0c0' title "
                              "'primary mass', $pk using 1:2 with lines lw 2 lc rgb '#d62728' "
                              "title 'amplitude', %.9g * exp(-%.9g * x) with lines dt 2 lw 2 "
                              "lc rgb '#1f77b4' title 'without impact mass'\n",
                     c.gap * 1e3, figure, z.impact_end, z.impact_end, z.rest_start,
                     z.rest_start, HF_DAMPER_X0 * 1e3, c.damping_ratio * omega);
    }
    hf_example_free(ex);
    return 0;
}

static int ball_figure(example_plot *p, int figure)
{
    double e = 0.2 * (figure - 7);
    /* each of Figs. 8-11 is one restitution: an --e would be silently overridden */
    if (hfc_given(p->spec, "e"))
        return hfc_fail(p->command, "--e: the bouncing ball's Fig. %d is drawn at c_r = %.1f "
                        "(Figs. 8-11: c_r = 0.2, 0.4, 0.6, 0.8); choose the figure instead",
                        figure, e);
    size_t count = 0;
    for (size_t k = 0; k < HF_DAMPING_COUNT; ++k) {
        const hf_damping_model *dm = hf_damping_at((hf_damping_id)k);
        if (dm->needs_profile && !hfc_given(p->spec, "a"))
            continue;
        hf_example_config c;
        hf_example *ex = NULL;
        int rc = run_one(p, dm->name, 0.0, e, &c, &ex);
        if (rc != 0)
            return rc;
        const size_t cols[2] = {1, 3};
        const double scale[2] = {1e3, 1e-3};
        series_block(p->plot, ex, k, cols, scale, 2);
        hf_example_free(ex);
        ++count;
    }
    hfc_plot_cmd(p->plot, "set title 'Bouncing ball, c_r = %g (Safaeifar and Farshidianfar "
                          "2020, Fig. %d)'\nset grid\nset key left top font ',9'\n"
                          "set xlabel 'deformation {/Symbol d} (mm)'\n"
                          "set ylabel 'contact force (kN)'\nplot ", e, figure);
    size_t drawn = 0;
    for (size_t k = 0; k < HF_DAMPING_COUNT; ++k) {
        const hf_damping_model *dm = hf_damping_at((hf_damping_id)k);
        if (dm->needs_profile && !hfc_given(p->spec, "a"))
            continue;
        if (drawn++ > 0)
            hfc_plot_cmd(p->plot, ", ");
        hfc_plot_cmd(p->plot, "$s%zu using 1:2 with lines lw 2 lc %zu title ", k, k + 1);
        hfc_plot_str(p->plot, dm->name, NULL);
    }
    hfc_plot_cmd(p->plot, "\n");
    return count > 0 ? 0 : hfc_fail(p->command, "no model to draw");
}

static int slider_figure(example_plot *p, int figure)
{
    hf_example_config c;
    hf_example *ex = NULL;
    int rc = run_one(p, NULL, 0.0, 0.0, &c, &ex);
    if (rc != 0)
        return rc;
    const size_t cols[3] = {0, figure == 19 ? 7 : 8, figure == 19 ? 2 : 4};
    const double scale[3] = {1.0, 1.0, 1.0};
    series_block(p->plot, ex, 0, cols, scale, 3);
    hf_example_free(ex);
    hfc_plot_cmd(p->plot, "set title 'Slider-crank and free block (Safaeifar and Farshidianfar "
                          "2020, Fig. %d): crank %g rad/s, block %g m/s'\nset grid\n"
                          "set key right top\nset xlabel 't (s)'\n",
                 figure, c.crank_speed, c.block_speed);
    hfc_plot_cmd(p->plot, figure == 19 ? "set ylabel 'position x (m)'\n"
                                       : "set ylabel 'velocity (m/s)'\n");
    hfc_plot_cmd(p->plot, "plot $s0 using 1:2 with lines lw 2 title 'slider', "
                          "$s0 using 1:3 with lines lw 2 dt 2 title 'free block'\n");
    return 0;
}

/* The figure of the example: the one asked for (within the paper's
 * figures of the example) or its first. */
static int choose_figure(const char *command, const char *name, hf_example_id id, int given,
                         unsigned long long *figure)
{
    static const int first[HF_EXAMPLE_COUNT] = {8, 13, 19, 11};
    static const int last[HF_EXAMPLE_COUNT] = {11, 17, 20, 12};
    if (!given)
        *figure = (unsigned long long)first[id];
    if (*figure < (unsigned long long)first[id] || *figure > (unsigned long long)last[id])
        return hfc_fail(command, "--figure: %s has figures %d to %d, not %llu", name, first[id],
                        last[id], *figure);
    return 0;
}

static int draw_figure(example_plot *p, int figure)
{
    switch (p->id) {
    case HF_EXAMPLE_PENDULUMS:
        return pendulums_figure(p, figure);
    case HF_EXAMPLE_IMPACT_DAMPER:
        return damper_figure(p, figure);
    case HF_EXAMPLE_SLIDER_CRANK:
        return slider_figure(p, figure);
    default:
        return ball_figure(p, figure);
    }
}

static int run_plot_example(int argc, char **argv)
{
    const char *output = NULL;
    unsigned long long figure = 0;
    hfc_example_opts o = {0};
    hfc_texts name = {0};
    hfc_opt opts[] = {
        HFC_OPT_OUTPUT(&output, "FILE.png", "write the figure to FILE.png", 1),
        {.name = "figure", .kind = HFC_INT, .value = &figure, .arg = "N",
         .help = "the paper's figure: bouncing-ball 8-11 (default 8), impact-damper 13-17 "
                 "(default 13), slider-crank 19-20 (default 19), pendulums 11-12 "
                 "(default 11)"},
        HFC_OPT_EXAMPLE(&o),
    };
    hfc_opt positional = {.name = "example", .kind = HFC_TEXTS, .value = &name, .arg = "NAME",
                          .count_min = 1, .count_max = 1};
    hfc_spec spec = {argv[0],
                     "Draws a figure of a paper's worked example (docs/example-*.md): the\n"
                     "bouncing ball's loops (Safaeifar & Farshidianfar 2020, Figs. 8-11), the\n"
                     "impact damper (Figs. 13-17), the slider-crank (Figs. 19-20), the two\n"
                     "pendulums (Poursina & Nikravesh 2020, Figs. 11-12).",
                     opts, HFC_COUNT(opts), &positional, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc)) {
        hfc_free(&spec);
        return rc;
    }
    hf_diag diag = {{0}};
    example_plot p = {argv[0], &spec, &o, HF_EXAMPLE_COUNT, NULL};
    if (hf_example_lookup(name.v[0], &p.id, &diag) != HF_OK)
        rc = hfc_fail(argv[0], "%s", diag.text);
    if (rc == 0)
        rc = choose_figure(argv[0], name.v[0], p.id, hfc_given(&spec, "figure"), &figure);
    if (rc == 0)
        rc = hfc_check_output(argv[0], "--output", output);
    if (rc == 0) {
        p.plot = hfc_plot_alloc(output, 900, figure == 11 && p.id == HF_EXAMPLE_PENDULUMS
                                                 ? 800 : 560, "enhanced font 'sans,10'");
        rc = draw_figure(&p, (int)figure);
    }
    if (rc == 0)
        rc = hfc_plot_run(p.plot, argv[0]);
    else
        hfc_plot_free(p.plot);
    hfc_free(&spec);
    return rc;
}

const hfc_command hfc_plot_example_command = {
    "example", "figures of the worked examples (the papers' figure numbers)",
    run_plot_example, NULL, 0, NULL};
