/* SPDX-License-Identifier: GPL-3.0-or-later */
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

int hfc_ball_loop(const char *command, const char *model, double e, const double *ab,
                  int clamp, size_t points, double *t, double *delta, double *delta_dot,
                  double *force)
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
    return st == HF_OK ? 0 : hfc_fail_status(command, NULL, st, &diag);
}

static int summary_rows(const char *command, hfc_table *tab, const char **names, size_t count, double e,
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
            return hfc_fail_status(command, NULL, st, &diag);
        hfc_table_str(tab, names[m]);
        hfc_table_numf(tab, "%.6g", e);
        hfc_table_numf(tab, "%.8f", r.e_out);
        hfc_table_numf(tab, "%.6e", r.delta_max);
        hfc_table_numf(tab, "%.2f", r.force_max);
        hfc_table_numf(tab, "%.6e", r.contact_time);
        hfc_table_numf(tab, "%.3e", r.delta_sep);
        hfc_table_str(tab, r.end == HF_IMPACT_END_REST ? "rests" : "separates");
    }
    return 0;
}

static int loop_rows(const char *command, hfc_table *tab, const char **names, size_t count, double e,
                     const double *ab, int clamp, size_t points)
{
    double *buf = malloc(sizeof(double) * 4 * points);   /* freed below */
    if (buf == NULL)
        return hfc_fail(command, "out of memory");
    int rc = 0;
    for (size_t m = 0; m < count && rc == 0; ++m) {
        double *t = buf, *d = buf + points, *dd = buf + 2 * points, *f = buf + 3 * points;
        rc = hfc_ball_loop(command, names[m], e, ab, clamp, points, t, d, dd, f);
        for (size_t i = 0; rc == 0 && i < points; ++i) {
            hfc_table_str(tab, names[m]);
            hfc_table_numf(tab, "%.8e", t[i]);
            hfc_table_numf(tab, "%.8e", d[i]);
            hfc_table_numf(tab, "%.8e", dd[i]);
            hfc_table_numf(tab, "%.6e", f[i]);
        }
    }
    free(buf);
    return rc;
}

static int run_bounce(int argc, char **argv)
{
    const char *model = "all";
    double e = 0.0, ab[2] = {0.0, 0.0};
    unsigned long long points = 201;
    int csv = 0, clamp = 0, summary = 0;
    hfc_opt opts[] = {
        HFC_OPT_MODEL(&model, "damping model, " HF_IMPACT_MODEL_LINEAR " or all (default all)"),
        HFC_OPT_PROFILE_AB(&ab[0], &ab[1], " (the profile model; with all, adds it)"),
        {.name = "e", .kind = HFC_REAL, .value = &e, .arg = "E", .required = 1,
         .limits = HFC_MIN | HFC_MAX, .min = HF_IMPACT_E_MIN, .max = 1.0,
         .help = "restitution"},
        {.name = "points", .kind = HFC_INT, .value = &points, .arg = "N",
         .limits = HFC_MIN | HFC_MAX, .min = 2, .max = 1000000,
         .help = "samples per loop, equally spaced in time (default 201)"},
        {.name = "clamp", .kind = HFC_FLAG, .value = &clamp,
         .help = "Hunt-Crossley force F = max(F, 0), separation at F = 0"},
        {.name = "summary", .kind = HFC_FLAG, .value = &summary,
         .help = "one line per model: e_out, maxima, contact time, separates|rests"},
        HFC_OPT_CSV(&csv),
    };
    hfc_spec spec = {
        argv[0],
        "One impact of the bouncing ball of Safaeifar & Farshidianfar 2020 (Table 3:\n"
        "m = 1 kg, R = 0.1 m, H0 = 1 m, g = 9.8 m/s^2, K = 1.4e8 N/m^1.5) on rigid\n"
        "ground, v = sqrt(2 g (H0 - R)) (Eq. 63), weight m g acting during contact.\n"
        "Writes the force-deformation loop of each model: model,t,delta,delta_dot,F\n"
        "(SI units), like Figs. 8-11.  A heavily damped ball (most models at e <= 1e-3)\n"
        "does not leave the ground: its rebound stalls inside the contact, or it\n"
        "settles at F = m g.  Then e_out = 0, the loop ends there, and --summary says\n"
        "'rests' (contact_time_s and delta_sep_m: the time and deformation at rest).",
        opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    const char **names = NULL;   /* freed below */
    size_t count = 0;
    int have_ab = hfc_given(&spec, "a");
    if ((rc = hfc_impact_models(argv[0], model, have_ab, 1, &names, &count)) != 0)
        return rc;
    const double *abp = have_ab ? ab : NULL;
    hfc_table *tab = NULL;
    if (summary) {
        static const char *const headers[] = {"model", "e_in", "e_out", "delta_max_m",
                                              "force_max_N", "contact_time_s", "delta_sep_m",
                                              "end"};
        tab = hfc_table_alloc(csv, 8, headers);
        rc = summary_rows(argv[0], tab, names, count, e, abp, clamp);
    } else {
        static const char *const headers[] = {"model", "t", "delta", "delta_dot", "F"};
        tab = hfc_table_alloc(csv, 5, headers);
        rc = loop_rows(argv[0], tab, names, count, e, abp, clamp, (size_t)points);
    }
    if (rc == 0)
        rc = hfc_table_print(tab);
    else
        hfc_table_free(tab);
    free(names);
    return rc;
}

const hfc_command hfc_bounce_command = {
    "bounce", "bouncing-ball force-deformation loops", run_bounce, NULL, 0, NULL};
