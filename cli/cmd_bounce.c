/*
 * cli/cmd_bounce.c — "hertzfit bounce": the bouncing ball of Safaeifar &
 * Farshidianfar 2020 (§8, Table 3).  One impact of the ball on the ground
 * for each damping model at a given restitution, written as the force–
 * deformation loop (Figs. 8–11), or with --summary as one line per model.
 */
#include "impact_cli.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/impact.h"

int hf_cli_ball_loop(const char *command, const char *model, double e, const double *ab,
                     int clamp, size_t points, double *t, double *delta, double *delta_dot,
                     double *force, double *e_out)
{
    hf_impact_params p;
    hf_impact_result r;
    hf_diag diag = {{0}};
    hf_impact_model im;
    hf_status st = hf_impact_model_lookup(model, &im, &diag);
    if (st == HF_OK)
        st = hf_impact_ball_params(im, e, ab, clamp, &p, &diag);
    if (st == HF_OK)
        st = hf_impact_simulate(&p, &r, NULL, NULL, &diag);
    if (st == HF_OK)
        st = hf_impact_history(&p, &r, points, t, delta, delta_dot, force, &diag);
    if (st != HF_OK)
        return hf_cli_fail_status(command, st, &diag);
    if (e_out)
        *e_out = r.e_out;
    return 0;
}

static int summary_rows(hf_table *tab, const char **names, size_t count, double e,
                        const double *ab, int clamp)
{
    for (size_t m = 0; m < count; ++m) {
        hf_impact_params p;
        hf_impact_result r;
        hf_diag diag = {{0}};
        hf_impact_model im;
        hf_status st = hf_impact_model_lookup(names[m], &im, &diag);
        if (st == HF_OK)
            st = hf_impact_ball_params(im, e, ab, clamp, &p, &diag);
        if (st == HF_OK)
            st = hf_impact_simulate(&p, &r, NULL, NULL, &diag);
        if (st != HF_OK)
            return hf_cli_fail_status("bounce", st, &diag);
        hf_table_str(tab, names[m]);
        hf_table_numf(tab, "%.6g", e);
        hf_table_numf(tab, "%.8f", r.e_out);
        hf_table_numf(tab, "%.6e", r.delta_max);
        hf_table_numf(tab, "%.2f", r.force_max);
        hf_table_numf(tab, "%.6e", r.contact_time);
        hf_table_numf(tab, "%.3e", r.delta_sep);
        hf_table_str(tab, r.end == HF_IMPACT_END_REST ? "rests" : "separates");
    }
    return 0;
}

static int loop_rows(hf_table *tab, const char **names, size_t count, double e,
                     const double *ab, int clamp, size_t points)
{
    double *buf = malloc(sizeof(double) * 4 * points);   /* freed below */
    if (buf == NULL)
        return hf_cli_fail("bounce", "out of memory");
    int rc = 0;
    for (size_t m = 0; m < count && rc == 0; ++m) {
        double *t = buf, *d = buf + points, *dd = buf + 2 * points, *f = buf + 3 * points;
        rc = hf_cli_ball_loop("bounce", names[m], e, ab, clamp, points, t, d, dd, f, NULL);
        for (size_t i = 0; rc == 0 && i < points; ++i) {
            hf_table_str(tab, names[m]);
            hf_table_numf(tab, "%.8e", t[i]);
            hf_table_numf(tab, "%.8e", d[i]);
            hf_table_numf(tab, "%.8e", dd[i]);
            hf_table_numf(tab, "%.6e", f[i]);
        }
    }
    free(buf);
    return rc;
}

int hf_cmd_bounce(int argc, char **argv)
{
    const char *model = "all";
    double e = 0.0;
    unsigned long long points = 201;
    int csv = 0, clamp = 0, summary = 0;
    hf_cli_doubles profile = {0};   /* filled by hf_cli_parse, freed below */
    hf_cli_opt opts[] = {
        {.name = "model", .kind = HF_CLI_STRING, .value = &model, .arg = "NAME|all",
         .help = "damping model, or poursina-nikravesh (default all)"},
        {.name = "e", .kind = HF_CLI_DOUBLE, .value = &e, .arg = "E",
         .help = "restitution in [1e-6, 1] (required)"},
        {.name = "points", .kind = HF_CLI_COUNT, .value = &points, .arg = "N",
         .help = "samples per loop, equally spaced in time (default 201)"},
        {.name = "profile", .kind = HF_CLI_DOUBLES, .value = &profile, .arg = "A B",
         .help = "exponents (a, b) for the 'profile' model"},
        {.name = "clamp", .kind = HF_CLI_FLAG, .value = &clamp,
         .help = "Hunt-Crossley force F = max(F, 0), separation at F = 0"},
        {.name = "summary", .kind = HF_CLI_FLAG, .value = &summary,
         .help = "one line per model: e_out, maxima, contact time, separates|rests"},
        {.name = "csv", .kind = HF_CLI_FLAG, .value = &csv, .help = "CSV output"},
    };
    hf_cli_spec spec = {
        "bounce", "--model NAME|all --e E [--points N] [--summary] [--csv]",
        "One impact of the bouncing ball of Safaeifar & Farshidianfar 2020 (Table 3:\n"
        "m = 1 kg, R = 0.1 m, H0 = 1 m, g = 9.8 m/s^2, K = 1.4e8 N/m^1.5) on rigid\n"
        "ground, v = sqrt(2 g (H0 - R)) (Eq. 63), weight m g acting during contact.\n"
        "Writes the force-deformation loop of each model: model,t,delta,delta_dot,F\n"
        "(SI units), like Figs. 8-11.  A heavily damped ball (most models at e <= 1e-3)\n"
        "does not leave the ground: its rebound stalls inside the contact, or it\n"
        "settles at F = m g.  Then e_out = 0, the loop ends there, and --summary says\n"
        "'rests' (contact_time_s and delta_sep_m: the time and deformation at rest).",
        opts, sizeof opts / sizeof opts[0], 0, 0};
    int rc;
    if (!hf_cli_parse_options(&spec, argc, argv, &rc)) {
        hf_cli_doubles_free(&profile);
        return rc;
    }
    const char **names = NULL;   /* freed below */
    size_t count = 0;
    if (!opts[1].given)
        rc = hf_cli_fail("bounce", "--e is required (restitution in [1e-6, 1])");
    if (rc == 0)
        rc = hf_cli_check_restitution("bounce", "--e", e);
    if (rc == 0 && (points < 2 || points > 1000000))
        rc = hf_cli_fail("bounce", "--points = %llu must be in [2, 1000000]", points);
    if (rc == 0 && profile.count > 0)
        rc = hf_cli_profile_check("bounce", &profile);
    if (rc == 0)
        rc = hf_cli_impact_models("bounce", model, profile.count > 0, 1, &names, &count);
    hf_table *tab = NULL;
    const double *ab = profile.count ? profile.values : NULL;
    if (rc == 0 && summary) {
        static const char *const headers[] = {"model", "e_in", "e_out", "delta_max_m",
                                              "force_max_N", "contact_time_s", "delta_sep_m",
                                              "end"};
        tab = hf_table_create(csv, 8, headers);   /* freed by hf_table_print or below */
        rc = tab ? summary_rows(tab, names, count, e, ab, clamp)
                 : hf_cli_fail("bounce", "out of memory");
    } else if (rc == 0) {
        static const char *const headers[] = {"model", "t", "delta", "delta_dot", "F"};
        tab = hf_table_create(csv, 5, headers);   /* freed by hf_table_print or below */
        rc = tab ? loop_rows(tab, names, count, e, ab, clamp, (size_t)points)
                 : hf_cli_fail("bounce", "out of memory");
    }
    if (rc == 0) {
        rc = hf_table_print(tab, stdout);
        tab = NULL;
    }
    hf_table_free(tab);
    free(names);
    hf_cli_doubles_free(&profile);
    return rc;
}
