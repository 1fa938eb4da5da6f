/*
 * cli/plot_restitution.c — "hertzfit plot restitution": e_out against e_in
 * and the error e_out − e_in for every damping model, like Figs. 5–6 of
 * Safaeifar & Farshidianfar 2020.  The data are computed here by the
 * library (hf_impact_restitution_check) and handed to gnuplot as inline
 * data blocks, so no intermediate file is left behind.
 */
#define _POSIX_C_SOURCE 200809L   /* open_memstream */
#include "impact_cli.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/impact.h"

/* Writes one data block "$mI" of e_in, e_out for model I. */
static int write_block(FILE *fp, size_t index, const char *model, size_t points,
                       const double *ab)
{
    fprintf(fp, "$m%zu << EOD\n", index);
    for (size_t i = 1; i <= points; ++i) {
        double c = (double)i / (double)points, e;
        hf_diag diag = {{0}};
        hf_damping_id id;
        hf_status st = hf_damping_lookup(model, &id, &diag);
        if (st == HF_OK)
            st = hf_impact_restitution_check(id, c, ab, 0, &e, &diag);
        if (st != HF_OK)
            return hf_cli_fail_status("plot restitution", st, &diag);
        fprintf(fp, "%.10g %.10g\n", c, e);
    }
    fprintf(fp, "EOD\n");
    return 0;
}

static void write_panels(FILE *fp, const char *output, const char **names, size_t count)
{
    fprintf(fp, "set terminal pngcairo size 1400,560 enhanced font 'sans,10'\n"
                "set output '%s'\n"
                "set multiplot layout 1,2 title 'Restitution check: Hunt-Crossley-type "
                "impact with each model''s h_r (Safaeifar and Farshidianfar 2020, Figs. 5-6)'\n"
                "set grid\nset key left top font ',9'\nset xrange [0:1]\n"
                "set xlabel 'input restitution c_{r,in}'\n"
                "set ylabel 'output restitution c_{r,out}'\nset yrange [0:1]\nplot ",
            output);
    for (size_t m = 0; m < count; ++m)
        fprintf(fp, "$m%zu using 1:2 with lines lw 2 lc %zu dt %zu title '%s', ", m, m + 1,
                m / 8 + 1, names[m]);
    fprintf(fp, "x with lines dt 2 lc 'black' title 'c_{out} = c_{in}'\n"
                "set ylabel 'error c_{r,out} - c_{r,in}'\nset autoscale y\n"
                "set key right top\nplot ");
    for (size_t m = 0; m < count; ++m)
        fprintf(fp, "$m%zu using 1:($2-$1) with lines lw 2 lc %zu dt %zu title '%s'%s", m,
                m + 1, m / 8 + 1, names[m], m + 1 < count ? ", " : "\n");
    fprintf(fp, "unset multiplot\n");
}

static int build_script(char **script, const char *output, const char **names, size_t count,
                        size_t points, const double *ab)
{
    size_t size = 0;
    FILE *fp = open_memstream(script, &size);   /* *script: caller frees */
    if (fp == NULL)
        return hf_cli_fail("plot restitution", "cannot build the gnuplot script");
    int rc = 0;
    for (size_t m = 0; m < count && rc == 0; ++m)
        rc = write_block(fp, m, names[m], points, ab);
    if (rc == 0)
        write_panels(fp, output, names, count);
    fclose(fp);
    return rc;
}

int hf_plot_restitution(int argc, char **argv)
{
    const char *output = NULL, *model = "all";
    unsigned long long points = 100;
    hf_cli_doubles profile = {0};   /* filled by hf_cli_parse, freed below */
    hf_cli_opt opts[] = {
        {.name = "output", .short_name = 'o', .kind = HF_CLI_STRING, .value = &output,
         .arg = "FILE.png", .help = "write the figure to FILE.png (required)"},
        {.name = "model", .kind = HF_CLI_STRING, .value = &model, .arg = "NAME|all",
         .help = "damping model (default all)"},
        {.name = "points", .kind = HF_CLI_COUNT, .value = &points, .arg = "N",
         .help = "input restitutions 1/N, 2/N, ..., 1 (default 100)"},
        {.name = "profile", .kind = HF_CLI_DOUBLES, .value = &profile, .arg = "A B",
         .help = "exponents (a, b): adds the 'profile' model"},
    };
    hf_cli_spec spec = {
        "plot restitution", "-o FILE.png [--model NAME|all] [--points N]",
        "Output vs input restitution of every damping model and its error, by direct\n"
        "simulation (Safaeifar and Farshidianfar 2020, Figs. 5-6).",
        opts, sizeof opts / sizeof opts[0], 0, 0};
    int rc;
    if (!hf_cli_parse_options(&spec, argc, argv, &rc)) {
        hf_cli_doubles_free(&profile);
        return rc;
    }
    const char **names = NULL;   /* freed below */
    size_t count = 0;
    char *script = NULL;         /* freed below */
    if (output == NULL)
        rc = hf_cli_fail("plot restitution", "-o FILE.png is required");
    else if (points < 2 || points > 100000)
        rc = hf_cli_fail("plot restitution", "--points = %llu must be in [2, 100000]", points);
    else
        rc = hf_cli_check_plot_output("plot restitution", "-o", output);
    if (rc == 0 && profile.count > 0)
        rc = hf_cli_profile_check("plot restitution", &profile);
    if (rc == 0)
        rc = hf_cli_impact_models("plot restitution", model, profile.count > 0, 0, &names,
                                  &count);
    if (rc == 0)
        rc = build_script(&script, output, names, count, (size_t)points,
                          profile.count ? profile.values : NULL);
    if (rc == 0)
        rc = hf_cli_gnuplot("plot restitution", script);
    free(script);
    free(names);
    hf_cli_doubles_free(&profile);
    return rc;
}
