/*
 * cli/plot_bounce.c — "hertzfit plot bounce": force–deformation loops of
 * one bouncing-ball impact for every damping model, one panel per
 * restitution, like Figs. 8–11 of Safaeifar & Farshidianfar 2020 (which use
 * c_r = 0.2, 0.4, 0.6, 0.8, the defaults here).  The loops come from
 * hf_cli_ball_loop (cli/cmd_bounce.c) and go to gnuplot as inline data.
 */
#define _POSIX_C_SOURCE 200809L   /* open_memstream */
#include "impact_cli.h"

#include <stdlib.h>
#include <string.h>

typedef struct bounce_plot {
    const char **names;
    size_t count;
    const double *es;
    size_t ne;
    size_t points;
    const double *ab;
    int clamp;
} bounce_plot;

/* Data block "$bJ_M" (deformation in mm, force in kN) for e_J, model M. */
static int write_blocks(FILE *fp, const bounce_plot *p, double *buf)
{
    double *t = buf, *d = buf + p->points, *dd = buf + 2 * p->points, *f = buf + 3 * p->points;
    for (size_t j = 0; j < p->ne; ++j)
        for (size_t m = 0; m < p->count; ++m) {
            int rc = hf_cli_ball_loop("plot bounce", p->names[m], p->es[j], p->ab, p->clamp,
                                      p->points, t, d, dd, f, NULL);
            if (rc != 0)
                return rc;
            fprintf(fp, "$b%zu_%zu << EOD\n", j, m);
            for (size_t i = 0; i < p->points; ++i)
                fprintf(fp, "%.10g %.10g\n", d[i] * 1e3, f[i] * 1e-3);
            fprintf(fp, "EOD\n");
        }
    return 0;
}

static void write_panels(FILE *fp, const char *output, const bounce_plot *p)
{
    size_t cols = p->ne < 2 ? 1 : 2, rows = (p->ne + cols - 1) / cols;
    fprintf(fp, "set terminal pngcairo size %zu,%zu enhanced font 'sans,10'\n"
                "set output '%s'\n"
                "set multiplot layout %zu,%zu title 'Bouncing ball (Safaeifar and Farshidianfar "
                "2020, Table 3): contact force vs deformation'\n"
                "set grid\nset key left top font ',8'\n"
                "set xlabel 'deformation {/Symbol d} (mm)'\nset ylabel 'contact force F (kN)'\n"
                "set yrange [0:*]\n",
            700 * cols, 520 * rows, output, rows, cols);
    for (size_t j = 0; j < p->ne; ++j) {
        fprintf(fp, "set title 'c_r = %g'\nplot ", p->es[j]);
        for (size_t m = 0; m < p->count; ++m)
            fprintf(fp, "$b%zu_%zu using 1:2 with lines lw 2 lc %zu dt %zu title '%s'%s", j, m,
                    m + 1, m / 8 + 1, p->names[m], m + 1 < p->count ? ", " : "\n");
    }
    fprintf(fp, "unset multiplot\n");
}

static int build_script(char **script, const char *output, const bounce_plot *p)
{
    double *buf = malloc(sizeof(double) * 4 * p->points);   /* freed below */
    size_t size = 0;
    FILE *fp = buf ? open_memstream(script, &size) : NULL;  /* *script: caller frees */
    if (fp == NULL) {
        free(buf);
        return hf_cli_fail("plot bounce", "cannot build the gnuplot script");
    }
    int rc = write_blocks(fp, p, buf);
    if (rc == 0)
        write_panels(fp, output, p);
    fclose(fp);
    free(buf);
    return rc;
}

int hf_plot_bounce(int argc, char **argv)
{
    const char *output = NULL, *model = "all";
    unsigned long long points = 301;
    int clamp = 0;
    hf_cli_doubles es = {0}, profile = {0};   /* filled by hf_cli_parse, freed below */
    hf_cli_opt opts[] = {
        {.name = "output", .short_name = 'o', .kind = HF_CLI_STRING, .value = &output,
         .arg = "FILE.png", .help = "write the figure to FILE.png (required)"},
        {.name = "e", .kind = HF_CLI_DOUBLES, .value = &es, .arg = "E",
         .help = "restitutions, one panel each (default 0.2 0.4 0.6 0.8)"},
        {.name = "model", .kind = HF_CLI_STRING, .value = &model, .arg = "NAME|all",
         .help = "damping model, or poursina-nikravesh (default all)"},
        {.name = "points", .kind = HF_CLI_COUNT, .value = &points, .arg = "N",
         .help = "samples per loop (default 301)"},
        {.name = "profile", .kind = HF_CLI_DOUBLES, .value = &profile, .arg = "A B",
         .help = "exponents (a, b): adds the 'profile' model"},
        {.name = "clamp", .kind = HF_CLI_FLAG, .value = &clamp,
         .help = "Hunt-Crossley force F = max(F, 0), separation at F = 0"},
    };
    hf_cli_spec spec = {
        "plot bounce", "-o FILE.png [--e E...] [--model NAME|all] [--points N]",
        "Force-deformation loops of one bouncing-ball impact for each damping model\n"
        "(Safaeifar & Farshidianfar 2020, Figs. 8-11).",
        opts, sizeof opts / sizeof opts[0], 0, 0};
    hf_cli_strings pos;   /* filled by hf_cli_parse, freed below */
    int rc = hf_cli_parse(&spec, argc, argv, &pos);
    if (rc == 0)
        hf_cli_strings_free(&pos);
    static const double default_es[] = {0.2, 0.4, 0.6, 0.8};
    bounce_plot p = {NULL, 0, es.count ? es.values : default_es, es.count ? es.count : 4,
                     (size_t)points, NULL, clamp};
    char *script = NULL;   /* freed below */
    if (rc == 0 && output == NULL)
        rc = hf_cli_fail("plot bounce", "-o FILE.png is required");
    else if (rc == 0 && (points < 2 || points > 100000))
        rc = hf_cli_fail("plot bounce", "--points = %llu must be in [2, 100000]", points);
    for (size_t j = 0; rc == 0 && j < p.ne; ++j)
        rc = hf_cli_check_restitution("plot bounce", "--e", p.es[j]);
    if (rc == 0)
        rc = hf_cli_check_plot_output("plot bounce", "-o", output);
    if (rc == 0 && profile.count > 0)
        rc = hf_cli_profile_check("plot bounce", &profile);
    p.ab = profile.count ? profile.values : NULL;
    if (rc == 0)
        rc = hf_cli_impact_models("plot bounce", model, profile.count > 0, 1, &p.names,
                                  &p.count);
    if (rc == 0)
        rc = build_script(&script, output, &p);
    if (rc == 0)
        rc = hf_cli_gnuplot("plot bounce", script);
    free(script);
    free((void *)p.names);
    hf_cli_doubles_free(&es);
    hf_cli_doubles_free(&profile);
    return rc < 0 ? 0 : rc;
}
