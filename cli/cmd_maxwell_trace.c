/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_maxwell_trace.c — `hertzfit maxwell extract`: the features F_M,
 * t_M, t_c of every drop's force trace in a test list, printed as a table
 * that is itself a `--data` file for `maxwell fit`; and the trace file of
 * `maxwell simulate --trace`.  Thin over hertzfit/maxwell_data.h.
 */
#include "cli.h"
#include "cmd_maxwell.h"
#include "cmd_maxwell_trace.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/maxwell_data.h"
#include "hertzfit/maxwell_fit.h"
#include "hertzfit/viscoelastic_fit.h"

/* ---- maxwell simulate --trace -------------------------------------------- */

/* Writes TRACE, which the synthesis ST made (or failed to make, DIAG
 * saying why), after the "key = value" lines of its provenance RECORD. */
static int write_trace(const char *command, const char *path, const hf_provenance *record,
                       hf_maxwell_trace *trace, hf_status st, hf_diag *diag)
{
    if (st != HF_OK)
        return hfc_fail_status(command, NULL, st, diag);
    size_t size = sizeof "hertzfit maxwell simulate --trace";
    for (size_t i = 0; i < hf_provenance_count(record); ++i)
        size += strlen(hf_provenance_key(record, i)) + strlen(hf_provenance_value(record, i)) + 4;
    char *comment = malloc(size); /* freed below */
    if (comment == NULL) {
        hf_maxwell_trace_free(trace);
        return hfc_fail(command, "out of memory");
    }
    size_t len = (size_t)snprintf(comment, size, "hertzfit maxwell simulate --trace");
    for (size_t i = 0; i < hf_provenance_count(record); ++i)
        len += (size_t)snprintf(comment + len, size - len, "\n%s = %s",
                                hf_provenance_key(record, i), hf_provenance_value(record, i));
    st = hf_maxwell_trace_write(path, trace, comment, diag);
    free(comment);
    hf_maxwell_trace_free(trace);
    return st == HF_OK ? 0 : hfc_fail_status(command, NULL, st, diag);
}

int hfc_maxwell_write_trace(const char *command, const char *path,
                            const hf_maxwell_material *material,
                            const hf_maxwell_impact *impact,
                            const hf_maxwell_trace_options *options,
                            const hf_provenance *record)
{
    hf_diag diag = {{0}};
    hf_maxwell_trace *trace = NULL; /* freed by write_trace */
    hf_status st = hf_maxwell_trace_synthesize(material, impact, options, &trace, &diag);
    return write_trace(command, path, record, trace, st, &diag);
}

int hfc_maxwell_write_exact_trace(const char *command, const char *path,
                                  const hf_viscoelastic_material *material,
                                  const hf_maxwell_impact *impact,
                                  const hf_maxwell_trace_options *options,
                                  const hf_provenance *record)
{
    hf_diag diag = {{0}};
    hf_maxwell_trace *trace = NULL; /* freed by write_trace */
    hf_status st = hf_viscoelastic_trace_synthesize(material, impact, options, &trace, &diag);
    return write_trace(command, path, record, trace, st, &diag);
}

/* ---- maxwell extract ----------------------------------------------------- */

typedef struct extract_args {
    const char *data, *delimiter, *impacts;
    double g;
    int csv;
    hfc_trace_format_args format;
} extract_args;

static const char *const extract_headers[] = {
    "specimen", "drop", "impact", "m_kg", "R_m", "V0_mps", "F_M_N", "u_F_M_N", "t_M_s",
    "u_t_M_s", "t_c_s", "u_t_c_s", "t0_s", "u_t0_s", "baseline_N", "noise_N", "samples",
    "status", "trace_file", "e", "u_e", "flight_e", "u_flight_e"};
#define EXTRACT_COLUMNS HFC_COUNT(extract_headers)

/* What a unit-slip status means for this drop: the impulse against
 * m V0 and the likeliest slip ("" for another status). */
static const char *unit_slip_cause(const hf_maxwell_impact_features *f,
                                   const hf_maxwell_impact *impact)
{
    static char text[256];
    if (f->status != HF_MAXWELL_EXTRACT_UNIT_SLIP)
        return "";
    double ratio = f->impulse / (impact->m * impact->V0);
    const char *cause = ratio > 300.0 && ratio < 3000.0
                            ? "a time in ms labelled s, or a force in mN labelled N"
                        : ratio > 3e-4 && ratio < 3e-3
                            ? "a time in s labelled ms, or a force in kN labelled N"
                            : "a time or force column off by a unit, or a V0 that is not the "
                              "drop's";
    snprintf(text, sizeof text, " (the impulse is %.3g m V0, a drop's is %g to %g: likely %s)",
             ratio, HF_MAXWELL_IMPULSE_MIN, HF_MAXWELL_IMPULSE_MAX, cause);
    return text;
}

/* What a few-samples status means for this drop: the samples the contact
 * spans at the trace's rate and the rate that would give the pulse fit
 * the HF_MAXWELL_TRACE_MIN_PULSE it needs ("" for another status). */
static const char *few_samples_cause(const hf_maxwell_impact_features *f,
                                     const hf_maxwell_trace *tr)
{
    static char text[256];
    if (f->status != HF_MAXWELL_EXTRACT_FEW_SAMPLES || tr->n < 2)
        return "";
    double rate = (double)(tr->n - 1) / (tr->t[tr->n - 1] - tr->t[0]);
    double samples = f->contact_samples > 0 ? (double)f->contact_samples : 1.0;
    snprintf(text, sizeof text, " (the contact spans %zu sample%s at %.4g Hz; reading it "
             "needs at least %d: sample at %.0f Hz or faster)", f->contact_samples,
             f->contact_samples == 1 ? "" : "s", rate, HF_MAXWELL_TRACE_MIN_PULSE,
             rate * HF_MAXWELL_TRACE_MIN_PULSE / samples);
    return text;
}

/* A row has values when the fits ran (ok, or a status that only warns);
 * SPECIMEN first when the list names specimens. */
static void add_row(hfc_table *t, const char *specimen, size_t drop,
                    const hf_maxwell_impact *imp, const hf_maxwell_impact_features *f,
                    const char *file)
{
    if (specimen != NULL)
        hfc_table_str(t, specimen);
    hfc_table_int(t, (long long)drop);
    hfc_table_int(t, (long long)f->impact);
    const double v[13] = {imp->m, imp->R, f->V0, f->F_M, f->F_M_se, f->t_M, f->t_M_se,
                          f->t_c, f->t_c_se, f->t0, f->t0_se, f->baseline, f->noise};
    for (int j = 0; j < 13; ++j)
        hfc_table_numf(t, "%.9g", v[j]);
    hfc_table_int(t, (long long)f->contact_samples);
    hfc_table_str(t, hf_maxwell_extract_status_name(f->status));
    hfc_table_str(t, file);
    /* restitution: NA where the impulse gives none (e must be in (0, 1] to be
     * a measured restitution the fit may read) */
    if (isfinite(f->e) && f->e > 0.0 && f->e <= 1.0) {
        hfc_table_numf(t, "%.6g", f->e);
        hfc_table_numf(t, "%.3g", f->e_se);
    } else {
        hfc_table_str(t, "NA");
        hfc_table_str(t, "NA");
    }
    /* from the flight to the next impact: NA for a record's last impact */
    if (isfinite(f->e_flight)) {
        hfc_table_numf(t, "%.6g", f->e_flight);
        hfc_table_numf(t, "%.3g", f->e_flight_se);
    } else {
        hfc_table_str(t, "NA");
        hfc_table_str(t, "NA");
    }
}

static int cmd_extract(int argc, char **argv)
{
    static const char *const impact_words[] = {"first", "all", NULL};
    extract_args a = {NULL, NULL, "first", NAN, 0, {0}};
    hfc_opt opts[] = {
        {.name = "data", .kind = HFC_TEXT, .value = &a.data, .arg = "LIST", .required = 1,
         .help = "test list, CSV: mass (m_kg|m_g), radius (R_m|R_mm|D_m|D_mm), speed "
                 "(V0_mps|h_m|h_mm) and 'trace', each drop's trace file (t_s|t_ms|t_us, "
                 "F_N|F_kN|F_mN; or .lvm, .mat, .h5 and other names: --time-column ...) "
                 "relative to the list's folder"},
        HFC_MAXWELL_READ_OPTIONS(&a.delimiter, &a.g),
        HFC_TRACE_FORMAT_OPTIONS(&a.format),
        {.name = "impact", .kind = HFC_WORD, .value = &a.impacts, .words = impact_words,
         .arg = "WHICH",
         .help = "the first impact of each trace, or all of them, however many (a "
                 "bouncing ball; a bounce's V0 is the rebound speed of the impact before, "
                 "from its impulse) (default first)"},
        HFC_OPT_CSV(&a.csv),
    };
    hfc_spec spec = {argv[0],
                     "The features of every drop's force trace: peak force F_M above the\n"
                     "baseline, its time t_M and the contact duration t_c, both from the\n"
                     "contact start, where the force leaves the baseline, with standard\n"
                     "uncertainties u_*, the baseline and noise measured outside the contact,\n"
                     "and a status.  A contact of 40 samples or more whose peak stands 40\n"
                     "noise sigma or more above the baseline is read by its edges: Hertz's\n"
                     "time law fitted to each edge (start and end located between samples)\n"
                     "and a polynomial fitted around the peak (its window narrowed when the\n"
                     "noise is low; the peak model's error is in u_F_M).  A sparser or\n"
                     "fainter contact is read by a fit of Hunter's force to the whole pulse.\n"
                     "Statuses: ok; few-samples (under 8 samples above the threshold: no\n"
                     "values; the warning names the rate needed); clipped (3 or more\n"
                     "samples at the largest value); no-impact; no-baseline; no-edge;\n"
                     "unit-slip (the impulse is not that of a drop of this m and V0);\n"
                     "pulse-misfit (the whole-pulse fit's residuals are not noise: values\n"
                     "printed, not to be trusted); only ok values are measurements.\n"
                     "The restitution e = impulse/(m V0) - 1 with its uncertainty u_e (from\n"
                     "the noise and the baseline over the contact; NA outside (0, 1]).  A\n"
                     "'specimen' column of the list comes first.  The table is a --data\n"
                     "file for 'maxwell fit' (SI columns; its full fit then fits F_M alone\n"
                     "unless --observables says otherwise).  Exit 1 when no drop is ok.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    hf_maxwell_data *d = NULL; /* freed below */
    if ((rc = hfc_maxwell_read(argv[0], a.data, a.delimiter, a.g, &a.format, 1, &d)) != 0)
        return rc;
    hf_diag diag = {{0}};
    hf_maxwell_extraction *x = NULL; /* freed below */
    hf_status st = hf_maxwell_extract(d, strcmp(a.impacts, "all") == 0, &x, &diag);
    if (st != HF_OK) {
        hf_maxwell_data_free(d);
        return hfc_fail_status(argv[0], NULL, st, &diag);
    }
    const int named = d->specimen != NULL;
    hfc_table *t = hfc_table_alloc(a.csv, EXTRACT_COLUMNS - !named,
                                   extract_headers + !named); /* printed below */
    for (size_t k = 0; k < x->n; ++k) {
        const hf_maxwell_extraction_entry *e = &x->entry[k];
        const size_t i = e->drop;
        if (e->features.status != HF_MAXWELL_EXTRACT_OK || !e->usable)
            fprintf(stderr, "hertzfit %s: warning: %s:%zu: %s: impact %zu: %s%s%s%s\n",
                    argv[0], a.data, d->line[i], d->trace[i].path, e->features.impact,
                    hf_maxwell_extract_status_name(e->features.status),
                    unit_slip_cause(&e->features, &d->impact[i]),
                    few_samples_cause(&e->features, &d->trace[i]),
                    e->usable ? "" : ", left out");
        if (e->usable)
            add_row(t, named ? d->specimen[i] : NULL, i + 1, &d->impact[i], &e->features,
                    d->trace[i].path);
    }
    size_t ok = x->ok;
    hf_maxwell_extraction_free(x);
    rc = hfc_maxwell_provenance(argv[0], d, a.delimiter, a.g, &a.format, NULL, "impact",
                                a.impacts);
    if (rc == 0)
        rc = hfc_table_print(t);
    else
        hfc_table_free(t);
    if (rc == 0 && ok == 0) {
        /* not bad input: the traces were read, no impact came out ok */
        fprintf(stderr, "hertzfit %s: %s: no impact was extracted ok\n", argv[0], a.data);
        rc = 1;
    }
    hf_maxwell_data_free(d);
    return rc;
}

const hfc_command hfc_maxwell_extract_command = {
    "extract", "F_M, t_M, t_c of each drop's force trace", cmd_extract, NULL, 0, NULL};
