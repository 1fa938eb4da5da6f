/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_example.c — "hertzfit example NAME": one of the papers' worked
 * examples (hertzfit/examples.h) with a chosen contact model, printed as
 * its time series, its impacts, the samples inside its contacts, or (the
 * impact damper) its amplitude peaks.
 */
#include "example_cli.h"

#include <math.h>
#include <string.h>

int hfc_example_setup(const char *command, const hfc_spec *spec, hf_example_id id,
                      const hfc_example_opts *o, const char *model, hf_example_config *c)
{
    hf_example_config_init(c, id);
    if (model != NULL && strcmp(model, HFC_EXAMPLE_PIECEWISE) == 0) {
        c->piecewise = 1;
    } else if (model != NULL) {
        hf_diag diag = {{0}};
        hf_status st = hf_impact_model_lookup(model, &c->model, &diag);
        if (st != HF_OK)
            return hfc_fail(command, "--model: %s, or %s", diag.text, HFC_EXAMPLE_PIECEWISE);
    }
    if (hfc_given(spec, "e"))
        c->restitution = o->e;
    if (hfc_given(spec, "gap"))
        c->gap = o->gap;
    if (hfc_given(spec, "friction"))
        c->friction = o->friction;
    if (hfc_given(spec, "xi"))
        c->damping_ratio = o->xi;
    if (hfc_given(spec, "crank-speed"))
        c->crank_speed = o->crank_speed;
    if (hfc_given(spec, "block-speed"))
        c->block_speed = o->block_speed;
    c->crank_driven = o->crank_driven;
    if (hfc_given(spec, "offset"))
        c->offset = o->offset;
    if (hfc_given(spec, "duration"))
        c->duration = o->duration;
    if (hfc_given(spec, "step"))
        c->output_step = o->step;
    if (hfc_given(spec, "a")) {
        c->profile_ab[0] = o->ab[0];
        c->profile_ab[1] = o->ab[1];
    }
    return 0;
}

int hfc_example_run(const char *command, const hf_example_config *c, hf_example **out)
{
    hf_diag diag = {{0}};
    hf_status st = hf_example_alloc(c, out, &diag);
    return st == HF_OK ? 0 : hfc_fail_status(command, NULL, st, &diag);
}

const char *hfc_example_model_name(const hf_example_config *c)
{
    return c->piecewise ? HFC_EXAMPLE_PIECEWISE : hf_impact_model_name(c->model);
}

static hfc_table *series_table(const hf_example *ex, int csv)
{
    const char *const *names;
    size_t ncols = hf_example_columns(ex, &names), rows;
    const double *v = hf_example_series(ex, &rows);
    hfc_table *tab = hfc_table_alloc(csv, ncols, names);
    for (size_t i = 0; i < rows * ncols; ++i)
        hfc_table_numf(tab, "%.9g", v[i]);
    return tab;
}

static hfc_table *impacts_table(const hf_example *ex, int csv)
{
    static const char *const headers[] = {
        "impact", "where", "t_start_s", "t_end_s", "v_in_m_per_s", "v_out_m_per_s", "e_out",
        "contact_mass_kg", "damping", "delta_max_m", "force_max_N", "delta_sep_m",
        "q1_dot_before", "q2_dot_before", "q1_dot_after", "q2_dot_after"};
    const hf_example_impact *im;
    size_t n = hf_example_impacts(ex, &im);
    hfc_table *tab = hfc_table_alloc(csv, HFC_COUNT(headers), headers);
    for (size_t i = 0; i < n; ++i) {
        hfc_table_int(tab, (long long)i);
        hfc_table_int(tab, im[i].where);
        hfc_table_numf(tab, "%.6f", im[i].t_start);
        hfc_table_numf(tab, "%.6f", im[i].t_end);
        hfc_table_numf(tab, "%.6g", im[i].approach_speed);
        /* a contact the run ended inside has no separation to report */
        if (im[i].unfinished)
            hfc_table_str(tab, "-");
        else
            hfc_table_numf(tab, "%.6g", im[i].separation_speed);
        if (im[i].unfinished)
            hfc_table_str(tab, "-");
        else
            hfc_table_numf(tab, "%.5f", im[i].separation_speed / im[i].approach_speed);
        hfc_table_numf(tab, "%.5g", im[i].contact_mass);
        hfc_table_numf(tab, "%.5g", im[i].damping);
        hfc_table_numf(tab, "%.4e", im[i].delta_max);
        hfc_table_numf(tab, "%.5g", im[i].force_max);
        if (im[i].unfinished)
            hfc_table_str(tab, "-");
        else
            hfc_table_numf(tab, "%.3e", im[i].delta_sep);
        for (int k = 0; k < 2; ++k)
            hfc_table_numf(tab, "%.6f", im[i].qdot_before[k]);
        for (int k = 0; k < 2; ++k)
            hfc_table_numf(tab, "%.6f", im[i].qdot_after[k]);
    }
    return tab;
}

static hfc_table *contact_table(const hf_example *ex, int csv)
{
    static const char *const headers[HF_EXAMPLE_CONTACT_COLUMNS] = {
        "t_s", "impact", "delta_m", "delta_dot_m_per_s", "F_N"};
    size_t rows;
    const double *v = hf_example_contact_series(ex, &rows);
    hfc_table *tab = hfc_table_alloc(csv, HF_EXAMPLE_CONTACT_COLUMNS, headers);
    for (size_t i = 0; i < rows; ++i) {
        const double *r = v + i * HF_EXAMPLE_CONTACT_COLUMNS;
        hfc_table_numf(tab, "%.9f", r[0]);
        hfc_table_int(tab, (long long)r[1]);
        hfc_table_numf(tab, "%.6e", r[2]);
        hfc_table_numf(tab, "%.6e", r[3]);
        hfc_table_numf(tab, "%.6g", r[4]);
    }
    return tab;
}

static hfc_table *peaks_table(const hf_example *ex, int csv)
{
    static const char *const headers[] = {"t_s", "x_M_m", "amplitude_m"};
    size_t n;
    const double *p = hf_example_peaks(ex, &n);
    hfc_table *tab = hfc_table_alloc(csv, 3, headers);
    for (size_t i = 0; i < n; ++i) {
        hfc_table_numf(tab, "%.6f", p[2 * i]);
        hfc_table_numf(tab, "%.6e", p[2 * i + 1]);
        hfc_table_numf(tab, "%.6e", p[2 * i + 1] < 0.0 ? -p[2 * i + 1] : p[2 * i + 1]);
    }
    return tab;
}

/* The amplitude |x_M| at the first peak at or after T (NaN when the run
 * ends before). */
static double amplitude_after(const hf_example *ex, double t)
{
    size_t n;
    const double *p = hf_example_peaks(ex, &n);
    for (size_t i = 0; i < n; ++i)
        if (p[2 * i] >= t)
            return p[2 * i + 1] < 0.0 ? -p[2 * i + 1] : p[2 * i + 1];
    return NAN;
}

static hfc_table *zones_table(const hf_example *ex, const hf_example_config *c, int csv)
{
    static const char *const headers[] = {"gap_m", "impacts", "impact_end_s", "rest_start_s",
                                          "sticks", "A_10s_m", "A_20s_m", "A_30s_m",
                                          "A_40s_m"};
    hf_example_zones z;
    hf_example_zones_get(ex, &z);
    const hf_example_impact *im;
    hfc_table *tab = hfc_table_alloc(csv, HFC_COUNT(headers), headers);
    hfc_table_numf(tab, "%g", c->gap);
    hfc_table_int(tab, (long long)hf_example_impacts(ex, &im));
    hfc_table_numf(tab, "%.3f", z.impact_end);
    hfc_table_numf(tab, "%.3f", z.rest_start);
    hfc_table_int(tab, (long long)z.stick_count);
    for (int k = 1; k <= 4; ++k) {
        double a = amplitude_after(ex, 10.0 * k);
        if (isnan(a))
            hfc_table_str(tab, "-");   /* the run ends before */
        else
            hfc_table_numf(tab, "%.4e", a);
    }
    return tab;
}

static hfc_table *example_table(const char *table, const hf_example *ex,
                                const hf_example_config *c, int csv)
{
    if (strcmp(table, "impacts") == 0)
        return impacts_table(ex, csv);
    if (strcmp(table, "zones") == 0)
        return zones_table(ex, c, csv);
    if (strcmp(table, "contact") == 0)
        return contact_table(ex, csv);
    if (strcmp(table, "peaks") == 0)
        return peaks_table(ex, csv);
    return series_table(ex, csv);
}

/* The impact damper's zones: until when it impacts, and whether it ends
 * at rest on the container. */
static void note_zones(const hf_example *ex, const hf_example_config *c, size_t n, int csv)
{
    hf_example_zones z;
    hf_example_zones_get(ex, &z);
    if (n > 0)
        hfc_note(csv, "gap %g m: impacts until %.3f s", c->gap, z.impact_end);
    else
        hfc_note(csv, "gap %g m: no impact", c->gap);
    if (z.rest_start < c->duration)
        hfc_note(csv, "the impact mass stuck to the container from %.3f s to the "
                      "end (%zu sticks in all)", z.rest_start, z.stick_count);
    else
        hfc_note(csv, "the impact mass is not at rest on the container at the end "
                      "(%zu sticks in all)", z.stick_count);
}

/* The notes and the table TABLE of the run EX. */
static int print_example(const char *command, const hf_example *ex, const hf_example_config *c,
                         const char *table, int csv)
{
    hf_example_id id = c->example;
    if (strcmp(table, "zones") == 0 && id != HF_EXAMPLE_IMPACT_DAMPER)
        return hfc_fail(command, "--table zones: only the impact damper has zones");
    hfc_table *tab = example_table(table, ex, c, csv);
    const hf_example_impact *im;
    size_t n = hf_example_impacts(ex, &im);
    hfc_note(csv, "%s, model %s, e = %g: %zu impact%s in %g s", hf_example_name(id),
             hfc_example_model_name(c), c->restitution, n, n == 1 ? "" : "s",
             id == HF_EXAMPLE_BOUNCING_BALL ? (n ? im[0].t_end : 0.0) : c->duration);
    if (n > 0 && im[n - 1].unfinished)
        hfc_note(csv, "impact %zu: the run ended inside this contact (no separation)", n - 1);
    if (id == HF_EXAMPLE_IMPACT_DAMPER)
        note_zones(ex, c, n, csv);
    return hfc_table_print(tab);
}

static int run_example(int argc, char **argv)
{
    static const char *const tables[] = {"series", "impacts", "contact", "peaks", "zones",
                                         NULL};
    const char *model = NULL, *table = "series";
    int csv = 0;
    hfc_example_opts o = {0};
    hfc_texts name = {0};
    hfc_opt opts[] = {
        {.name = "model", .kind = HFC_TEXT, .value = &model, .arg = "NAME",
         .help = "contact model: a catalogue name (hertzfit models), " HF_IMPACT_MODEL_LINEAR
                 " (c_opt) or " HFC_EXAMPLE_PIECEWISE " (impulse-momentum); default "
                 "safaeifar-farshidianfar, for the pendulums " HF_IMPACT_MODEL_LINEAR},
        {.name = "table", .kind = HFC_WORD, .value = &table, .words = tables,
         .help = "what to print: the time series, one row per impact, the samples inside "
                 "the contacts, the impact damper's amplitude peaks, or its zones and "
                 "amplitudes after 10, 20, 30, 40 s (default series)"},
        HFC_OPT_EXAMPLE(&o),
        HFC_OPT_CSV(&csv),
    };
    hfc_opt positional = {.name = "example", .kind = HFC_TEXTS, .value = &name, .arg = "NAME",
                          .count_min = 1, .count_max = 1};
    hfc_spec spec = {
        argv[0],
        "Runs one of the papers' worked examples with a contact model:\n"
        "  bouncing-ball  Safaeifar & Farshidianfar 2020, Table 3 (one impact; default e 0.8)\n"
        "  impact-damper  Safaeifar & Farshidianfar 2020, Eqs. 64-69, Table 4\n"
        "  pendulums      Poursina & Nikravesh 2020, Section 6\n"
        "  slider-crank   Safaeifar & Farshidianfar 2020, Eq. 70, Tables 5-6\n"
        "Contact starts, separations, stick-slip switches and peaks are located events.\n"
        "The assumptions the papers leave open are in docs/example-*.md.",
        opts, HFC_COUNT(opts), &positional, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc)) {
        hfc_free(&spec);
        return rc;
    }
    hf_example_id id;
    hf_diag diag = {{0}};
    hf_example_config c;
    hf_example *ex = NULL;
    if (hf_example_lookup(name.v[0], &id, &diag) != HF_OK)
        rc = hfc_fail(argv[0], "%s", diag.text);
    if (rc == 0)
        rc = hfc_example_setup(argv[0], &spec, id, &o, model, &c);
    if (rc == 0)
        rc = hfc_example_run(argv[0], &c, &ex);
    if (rc == 0)
        rc = print_example(argv[0], ex, &c, table, csv);
    hf_example_free(ex);
    hfc_free(&spec);
    return rc;
}

const hfc_command hfc_example_command = {
    "example", "the papers' worked examples: ball, impact damper, slider-crank, pendulums",
    run_example, NULL, 0, NULL};
