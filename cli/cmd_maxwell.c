/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_maxwell.c — `hertzfit maxwell constants|simulate|fit`: Argatov's
 * asymptotic constants, Hunter's Maxwell impact model in physical units
 * (one impact or a grid of them, optionally with seeded relative noise to
 * make synthetic data), and the identification of μ0 and η from drop
 * tests by Argatov's regressions, by the full-model fit and by the
 * whole-curve fit of force histories.  Thin over
 * hertzfit/maxwell.h, maxwell.h and maxwell_fit.h; every table is printed
 * at the end so an error never leaves partial output.
 */
#include "cli.h"
#include "cmd_maxwell.h"
#include "cmd_maxwell_trace.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_data.h"
#include "hertzfit/viscoelastic_fit.h"

/* ---- shared with plot maxwell and plot trace ---------------------------- */

const char *const hfc_maxwell_delimiters[] = {",", ";", "tab", NULL};
const char *const hfc_maxwell_weight_names[] = {"none", "relative", NULL};
const char *const hfc_trace_decimals[] = {".", ",", NULL};

char hfc_maxwell_separator(const char *delimiter)
{
    if (delimiter == NULL)
        return 0;
    return strcmp(delimiter, "tab") == 0 ? '\t' : delimiter[0];
}

hf_maxwell_weights hfc_maxwell_weights(const hfc_maxwell_args *args)
{
    return args->weights != NULL && strcmp(args->weights, "relative") == 0
               ? HF_MAXWELL_WEIGHTS_RELATIVE : HF_MAXWELL_WEIGHTS_NONE;
}

void hfc_maxwell_warn_data(const char *command, const hf_maxwell_data *data)
{
    for (size_t i = 0; i < data->nwarnings; ++i)
        fprintf(stderr, "hertzfit %s: warning: %s\n", command, data->warning[i]);
}

/* The read options of the --delimiter word, --g (NaN: default) and the
 * trace format options (NULL: defaults). */
static hf_maxwell_read_options read_options(const char *delimiter, double g,
                                            const hfc_trace_format_args *format)
{
    hf_maxwell_read_options read;
    hf_maxwell_read_options_init(&read);
    read.separator = hfc_maxwell_separator(delimiter);
    if (isfinite(g))
        read.g = g;
    if (format != NULL) {
        hf_maxwell_trace_format *f = &read.trace_format;
        f->decimal = format->decimal != NULL ? format->decimal[0] : '.';
        f->time_column = format->time_column;
        f->force_column = format->force_column;
        f->time_unit = format->time_unit;
        f->force_unit = format->force_unit;
        f->rate = format->rate;
    }
    return read;
}

int hfc_maxwell_provenance_make(const char *command, const hf_maxwell_data *data,
                                const char *delimiter, double g,
                                const hfc_trace_format_args *format,
                                const hf_maxwell_identify_config *cfg, hf_provenance **out)
{
    hf_maxwell_read_options read = read_options(delimiter, g, format);
    hf_diag diag = {{0}};
    hf_status st = hf_provenance_alloc(out, &diag); /* the caller's */
    if (st == HF_OK)
        st = hf_maxwell_provenance(*out, data, &read, cfg, &diag);
    if (st == HF_OK)
        return 0;
    hf_provenance_free(*out);
    *out = NULL;
    return hfc_fail_status(command, NULL, st, &diag);
}

int hfc_maxwell_provenance(const char *command, const hf_maxwell_data *data,
                           const char *delimiter, double g, const hfc_trace_format_args *format,
                           const hf_maxwell_identify_config *cfg, const char *key,
                           const char *value)
{
    hf_provenance *p = NULL; /* freed below */
    int rc = hfc_maxwell_provenance_make(command, data, delimiter, g, format, cfg, &p);
    if (rc != 0)
        return rc;
    hf_diag diag = {{0}};
    hf_status st = key != NULL ? hf_provenance_set(p, key, value, &diag) : HF_OK;
    if (st == HF_OK)
        hfc_provenance_print(p);
    hf_provenance_free(p);
    return st == HF_OK ? 0 : hfc_fail_status(command, NULL, st, &diag);
}

void hfc_provenance_print(const hf_provenance *p)
{
    for (size_t i = 0; i < hf_provenance_count(p); ++i)
        printf("# %s = %s\n", hf_provenance_key(p, i), hf_provenance_value(p, i));
}

void hfc_maxwell_args_init(hfc_maxwell_args *args)
{
    *args = (hfc_maxwell_args){.nu = NAN, .g = NAN, .weights = "none", .seed = 1};
    hf_maxwell_fit_config_init(&args->full);
}

int hfc_maxwell_read(const char *command, const char *path, const char *delimiter, double g,
                     const hfc_trace_format_args *format, int traces, hf_maxwell_data **data)
{
    *data = NULL;
    hf_diag diag = {{0}};
    hf_maxwell_read_options read = read_options(delimiter, g, format);
    hf_status st = hf_maxwell_data_read(path, &read, data, &diag); /* caller frees *data */
    if (st != HF_OK)
        return hfc_fail_status(command, NULL, st, &diag);
    hfc_maxwell_warn_data(command, *data);
    if (traces && (*data)->trace == NULL) {
        hf_maxwell_data_free(*data);
        *data = NULL;
        return hfc_fail(command, "%s: no 'trace' column: no force traces to work on", path);
    }
    return 0;
}

int hfc_maxwell_select_specimen(const char *command, const char *name, hf_maxwell_data **data,
                                size_t **list_drop)
{
    *list_drop = NULL;
    if (name == NULL)
        return 0;
    hf_maxwell_data *subset = NULL; /* replaces *data below */
    size_t *drops = malloc(((*data)->n ? (*data)->n : 1) * sizeof *drops); /* the caller's */
    if (drops == NULL)
        return hfc_fail(command, "out of memory");
    hf_diag diag = {{0}};
    hf_status st = hf_maxwell_data_select_specimen(*data, name, &subset, drops, &diag);
    if (st != HF_OK) {
        free(drops);
        return hfc_fail_status(command, NULL, st, &diag);
    }
    hf_maxwell_data_free(*data);
    *data = subset;
    *list_drop = drops;
    return 0;
}

int hfc_maxwell_load(const char *command, const hfc_maxwell_args *args,
                     hf_maxwell_data **data, hf_argatov_constants *constants)
{
    int rc = hfc_maxwell_read(command, args->data, args->delimiter, args->g, &args->format, 0,
                              data);
    if (rc != 0)
        return rc;
    hf_diag diag = {{0}};
    hf_status st = hf_argatov_constants_compute(constants, &diag);
    if (st != HF_OK) {
        hf_maxwell_data_free(*data);
        *data = NULL;
        return hfc_fail_status(command, NULL, st, &diag);
    }
    return 0;
}

/* The one warning of a full or curve fit that did not converge, naming
 * the option that raises its budget. */
static void warn_not_converged(const char *command, const hf_maxwell_fit_result *fit)
{
    char status[64];
    hf_maxwell_fit_status(fit, status, sizeof status);
    if (fit->estimate.method == HF_MAXWELL_CURVE)
        fprintf(stderr, "hertzfit %s: warning: the curve fit did not converge (%s after %zu "
                "evaluations): its mu0, eta and standard errors are not an optimum%s\n",
                command, status, fit->evaluations,
                fit->stop == HF_STOP_MAXITER ? "; raise --max-iter" : "");
    else
        fprintf(stderr, "hertzfit %s: warning: the full fit did not converge (%s after %zu "
                "evaluations, %u re-centring(s) of the box): its mu0, eta and standard errors "
                "are not an optimum%s\n", command, status, fit->evaluations, fit->recentred,
                fit->stop == HF_STOP_MAXEVAL ? "; raise --max-evals" : "");
}

/* The full fit's configuration of ARGS. */
/* The full fit's observables of --observables into *mask (0 without it:
 * every observable the data have); one error line and 2 for a bad name. */
static int observables_mask(const char *command, const hfc_maxwell_args *args, unsigned *mask)
{
    *mask = 0;
    for (size_t j = 0; j < args->observables.n; ++j) {
        int k = 0;
        while (k < HF_MAXWELL_NOBS &&
               strcmp(args->observables.v[j], hf_maxwell_observable_name(k)) != 0)
            ++k;
        if (k == HF_MAXWELL_NOBS)
            return hfc_fail(command, "--observables: '%s' is not one of F_M, t_M, t_c, e",
                            args->observables.v[j]);
        *mask |= 1u << k;
    }
    return 0;
}

static hf_maxwell_fit_config full_config(const hfc_maxwell_args *args, unsigned mask)
{
    hf_maxwell_fit_config c = args->full;
    c.objective.mask |= mask;
    c.objective.nu = args->nu;
    c.seed = args->seed;
    c.max_evals = (size_t)args->max_evals;
    return c;
}

/* The curve fit's configuration of ARGS (nu set by the caller). */
static hf_maxwell_curve_config curve_config(const hfc_curve_args *args)
{
    hf_maxwell_curve_config c;
    hf_maxwell_curve_config_init(&c);
    if (args->max_iter > 0)
        c.max_iter = (size_t)args->max_iter;
    if (args->baseline != NULL && strcmp(args->baseline, "zero") == 0)
        c.baseline = HF_MAXWELL_BASELINE_ZERO;
    if (args->contact_start != NULL && strcmp(args->contact_start, "extracted") == 0)
        c.contact = HF_MAXWELL_CONTACT_EXTRACTED;
    return c;
}

int hfc_maxwell_fit_full(const char *command, const hfc_maxwell_args *args,
                         const hf_maxwell_data *data, const hf_argatov_constants *constants,
                         hf_maxwell_fit_result *out, double *residuals)
{
    unsigned mask;
    int rc = observables_mask(command, args, &mask);
    if (rc != 0)
        return rc;
    hf_maxwell_fit_config c = full_config(args, mask);
    hf_diag diag = {{0}};
    hf_status st = hf_maxwell_fit_full(data, constants, &c, out, residuals, &diag);
    if (st != HF_OK) {
        /* a fit that fails on good options failed on the data: name them */
        char prefix[1100];
        snprintf(prefix, sizeof prefix, "%s: full fit", args->data ? args->data : "data");
        return hfc_fail_status(command, hfc_status_exit(st) == 2 ? NULL : prefix, st, &diag);
    }
    if (hf_maxwell_fit_suspect(out))
        warn_not_converged(command, out);
    return 0;
}

int hfc_maxwell_identify_features(const char *command, const hfc_maxwell_args *args,
                                  const hf_maxwell_data *data,
                                  const hf_argatov_constants *constants,
                                  hf_maxwell_identify_report *report)
{
    memset(report, 0, sizeof *report);
    const hfc_curve_args no_curve = {NULL, NULL, 0};
    hf_maxwell_identify_config c;
    int rc = hfc_maxwell_identify_setup(command, args, &no_curve, &c);
    if (rc != 0)
        return rc;
    c.method = data->trace != NULL ? HF_MAXWELL_IDENTIFY_FULL : HF_MAXWELL_IDENTIFY_ALL;
    hf_diag diag = {{0}};
    hf_status st = hf_maxwell_identify(data, constants, &c, report, &diag);
    if (st != HF_OK) {
        char prefix[1100];
        snprintf(prefix, sizeof prefix, "%s: %s", args->data ? args->data : "data",
                 report->failed_method == HF_MAXWELL_FULL ? "full fit" : "regression");
        return hfc_fail_status(command, hfc_status_exit(st) == 2 ? NULL : prefix, st, &diag);
    }
    for (size_t i = 0; i < report->nrows; ++i)
        if (report->row[i].not_converged)
            warn_not_converged(command, &report->row[i].fit);
    return 0;
}

const char *const hfc_curve_contact_starts[] = {"fit", "extracted", NULL};
const char *const hfc_curve_baselines[] = {"fit", "zero", NULL};

/* One note on stderr per step the library's conditioning took on a drop's
 * trace before the curve fit (hf_maxwell_trace_condition): the fit ran on
 * what these say. */
static void report_conditioning(const char *command, const hf_maxwell_data *d)
{
    for (size_t i = 0; i < d->n; ++i) {
        const hf_maxwell_trace *tr = &d->trace[i];
        hf_maxwell_conditioning k;
        if (hf_maxwell_trace_condition(tr, &d->impact[i], &k, NULL) != HF_OK)
            continue; /* the fit refused such a trace already */
        const char *file = tr->path ? tr->path : "trace";
        double span = tr->t[tr->n - 1] - tr->t[0];
        if (fabs(k.origin) > span)
            fprintf(stderr, "hertzfit %s: note: %s (drop %zu): the clock reads %.12g s at the "
                    "first sample; fitted from there\n", command, file, i + 1, k.origin);
        if (k.cut > 0)
            fprintf(stderr, "hertzfit %s: note: %s (drop %zu): a later impact follows the "
                    "first; its %zu samples from t = %.9g s on are left out\n", command, file,
                    i + 1, k.cut, tr->t[k.used]);
        if (k.clipped > 0)
            fprintf(stderr, "hertzfit %s: note: %s (drop %zu): the converter's rail at %g N: "
                    "the %zu samples from t = %.9g s around it left out\n", command, file,
                    i + 1, k.rail, k.clipped, tr->t[k.clip_from]);
        if (k.drift_removed)
            fprintf(stderr, "hertzfit %s: note: %s (drop %zu): baseline drift of %.3g +- %.2g "
                    "N/s removed\n", command, file, i + 1, k.drift, k.drift_se);
    }
}

int hfc_maxwell_fit_curve(const char *command, const char *path, const hf_maxwell_data *d,
                          double nu, const hfc_curve_args *args, hf_maxwell_fit_result *out,
                          double *contact_start, double *baseline, double *residuals)
{
    hf_maxwell_curve_config c = curve_config(args);
    c.nu = nu;
    hf_diag diag = {{0}};
    hf_status st = hf_maxwell_fit_curve(d, &c, out, contact_start, baseline, residuals, &diag);
    if (st != HF_OK) {
        char prefix[1100];
        snprintf(prefix, sizeof prefix, "%s: curve fit", path);
        return hfc_fail_status(command, hfc_status_exit(st) == 2 ? NULL : prefix, st, &diag);
    }
    report_conditioning(command, d);
    if (hf_maxwell_fit_suspect(out))
        warn_not_converged(command, out);
    return 0;
}

/* ---- maxwell constants --------------------------------------------------- */

/* Prints the provenance of a table no option or file changes: the
 * library's version and git hash. */
static hf_status print_version_provenance(hf_diag *diag)
{
    hf_provenance *p = NULL; /* freed below */
    hf_status st = hf_provenance_alloc(&p, diag);
    if (st == HF_OK)
        hfc_provenance_print(p);
    hf_provenance_free(p);
    return st;
}

static int cmd_constants(int argc, char **argv)
{
    int csv = 0;
    hfc_opt opts[] = {
        HFC_OPT_CSV(&csv),
    };
    hfc_spec spec = {argv[0],
                     "Argatov's asymptotic constants of Hunter's Maxwell impact model,\n"
                     "computed by GSL quadrature (relative error estimate < 1e-10).\n"
                     "The table view adds the equation each comes from.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    hf_argatov_constants k;
    hf_diag diag = {{0}};
    hf_status st = hf_argatov_constants_compute(&k, &diag);
    if (st == HF_OK)
        st = print_version_provenance(&diag); /* no option changes the numbers */
    if (st != HF_OK)
        return hfc_fail_status(argv[0], NULL, st, &diag);
    const char *headers[] = {"name", "value", "equation"};
    hfc_table *t = hfc_table_alloc(csv, csv ? 2 : 3, headers); /* freed by hfc_table_print */
    for (int i = 0; i < HF_ARGATOV_NCONSTANTS; ++i) {
        hfc_table_str(t, hf_argatov_constant_name((hf_argatov_constant_id)i));
        hfc_table_numf(t, "%.15g", k.value[i]);
        if (!csv)
            hfc_table_str(t, hf_argatov_constant_doc((hf_argatov_constant_id)i));
    }
    return hfc_table_print(t);
}

/* ---- maxwell simulate ---------------------------------------------------- */

typedef struct simulate_args {
    double mu0, nu, eta, R, m, V0, noise, g, alpha;
    const char *grid, *delimiter;
    unsigned long long seed;
    int csv, exact;                     /* --exact: Lee-Radok and Ting, not Hunter */
    const char *trace;                  /* --trace FILE, or NULL */
    unsigned long long bits;
    int bounce;                         /* --bounce: the second bounce at --g */
    hf_maxwell_trace_options sampling;  /* of the trace */
} simulate_args;

/* The impacts to simulate: the grid file, or the one impact of the options. */
static int simulate_impacts(const char *command, const simulate_args *a,
                            hf_maxwell_data **d)
{
    hf_diag diag = {{0}};
    hf_status st;
    /* *d: the caller frees (hf_maxwell_data_free), or freed here on error */
    if (a->grid != NULL) {
        hf_maxwell_read_options read;
        hf_maxwell_read_options_init(&read);
        read.separator = hfc_maxwell_separator(a->delimiter);
        if (isfinite(a->g))
            read.g = a->g;
        st = hf_maxwell_grid_read(a->grid, &read, d, &diag);
        if (st == HF_OK)
            hfc_maxwell_warn_data(command, *d);
    } else {
        st = hf_maxwell_data_alloc(1, 0, d, &diag);
        if (st == HF_OK) {
            (*d)->impact[0] = (hf_maxwell_impact){a->m, a->R, a->V0};
            st = hf_maxwell_impact_check(&(*d)->impact[0], &diag);
        }
    }
    if (st != HF_OK) {
        hf_maxwell_data_free(*d);
        *d = NULL;
        return hfc_fail_status(command, NULL, st, &diag);
    }
    return 0;
}

/* Sets each of the N keys to its number. */
static hf_status set_numbers(hf_provenance *p, const char *const *keys, const double *values,
                             int n, hf_diag *diag)
{
    hf_status st = HF_OK;
    for (int j = 0; j < n && st == HF_OK; ++j)
        st = hf_provenance_set_number(p, keys[j], values[j], diag);
    return st;
}

/* The trace's sampling: every option of --trace that changes its samples
 * (not the file's name: the same options make the same file anywhere). */
static hf_status trace_entries(hf_provenance *p, const simulate_args *a, hf_diag *diag)
{
    const hf_maxwell_trace_options *o = &a->sampling;
    const char *const keys[] = {"rate_hz", "pre_s", "post_s", "offset_n", "bits", "range_n",
                                "clock_s", "drift_n_per_s", "bounce_g_mps2"};
    const double values[] = {o->rate, o->pre, o->post, o->offset, (double)o->bits, o->range,
                             o->clock, o->drift, o->bounce_g};
    hf_status st = set_numbers(p, keys, values, (int)HFC_COUNT(keys), diag);
    return st == HF_OK ? hf_provenance_set(p, "invert", o->invert ? "yes" : "no", diag) : st;
}

/* What 'maxwell simulate' computed from: the model and its material, the
 * impact (or the grid file with its SHA-256 and g), the noise and its
 * seed (all 64 bits), and with --trace the sampling (the sampling's seed
 * and noise set from the table's before this is called).  Into *out, the
 * caller's (hf_provenance_free). */
static int simulate_provenance(const char *command, const simulate_args *a,
                               const hf_maxwell_data *d, hf_provenance **out)
{
    hf_diag diag = {{0}};
    hf_status st = hf_provenance_alloc(out, &diag);
    if (st == HF_OK)
        st = hf_provenance_set(*out, "model", a->exact ? "exact" : "hunter", &diag);
    const char *const material[] = {"mu0_pa", "nu", "eta_per_s", "alpha"};
    const double mv[] = {a->mu0, a->nu, a->eta, a->alpha};
    if (st == HF_OK)
        st = set_numbers(*out, material, mv, 4, &diag);
    const char *const impact[] = {"m_kg", "R_m", "V0_mps"};
    const double iv[] = {a->m, a->R, a->V0};
    if (st == HF_OK && a->grid != NULL) {
        hf_maxwell_read_options read;
        hf_maxwell_read_options_init(&read);
        if (isfinite(a->g))
            read.g = a->g;
        st = hf_maxwell_provenance(*out, d, &read, NULL, &diag);
    } else if (st == HF_OK)
        st = set_numbers(*out, impact, iv, 3, &diag);
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", a->seed);
    if (st == HF_OK)
        st = hf_provenance_set_number(*out, "noise", a->noise, &diag);
    if (st == HF_OK)
        st = hf_provenance_set(*out, "seed", seed, &diag);
    if (st == HF_OK && a->trace != NULL)
        st = trace_entries(*out, a, &diag);
    if (st == HF_OK)
        return 0;
    hf_provenance_free(*out);
    *out = NULL;
    return hfc_fail_status(command, NULL, st, &diag);
}

static int print_grid(const simulate_args *a, const hf_maxwell_data *d,
                      const hf_maxwell_response *resp)
{
    const char *headers[] = {"m_kg", "R_m", "V0_mps", "F_M_N", "t_M_s", "t_c_s", "e", "eps"};
    hfc_table *t = hfc_table_alloc(a->csv, 8, headers); /* freed by hfc_table_print */
    for (size_t i = 0; i < d->n; ++i) {
        const double v[8] = {d->impact[i].m, d->impact[i].R, d->impact[i].V0, resp[i].F_M,
                             resp[i].t_M, resp[i].t_c, resp[i].e, resp[i].eps};
        for (int j = 0; j < 8; ++j)
            hfc_table_num(t, v[j]);
    }
    return hfc_table_print(t);
}

static int print_single(const char *command, const simulate_args *a, const hf_maxwell_data *d,
                        const hf_maxwell_response *resp)
{
    hf_argatov_constants k;
    hf_maxwell_response asym;
    const hf_maxwell_material mat = {a->mu0, a->nu, a->eta};
    hf_diag diag = {{0}};
    hf_status st = hf_argatov_constants_compute(&k, &diag);
    if (st != HF_OK)
        return hfc_fail_status(command, NULL, st, &diag);
    /* the simulation stands on its own: where Argatov's first-order
     * formulas leave their range the *_asym columns are NA, and why on stderr */
    if (hf_maxwell_predict_sls(&mat, a->alpha, &d->impact[0], &k, &asym, &diag) != HF_OK) {
        fprintf(stderr, "# %s: *_asym columns NA: %s\n", command, diag.text);
        asym.F_M = asym.t_M = asym.t_c = asym.e = asym.w_m = NAN;
    }
    const char *headers[] = {"F_M_N", "t_M_s", "t_c_s", "e", "eps", "w_m_m",
                             "F_M_asym_N", "t_M_asym_s", "t_c_asym_s", "e_asym", "w_m_asym_m"};
    hfc_table *t = hfc_table_alloc(a->csv, 11, headers); /* freed by hfc_table_print */
    const double v[11] = {resp->F_M, resp->t_M, resp->t_c, resp->e, resp->eps, resp->w_m,
                          asym.F_M, asym.t_M, asym.t_c, asym.e, asym.w_m};
    for (int j = 0; j < 11; ++j) {
        if (isnan(v[j]))
            hfc_table_str(t, "NA");
        else
            hfc_table_num(t, v[j]);
    }
    return hfc_table_print(t);
}

/* The outputs of 'maxwell simulate' A: the trace file of --trace and the
 * table of the responses RESP of D, each after the record of what made
 * them (simulate_provenance). */
static int simulate_outputs(const char *command, simulate_args *a,
                            const hf_maxwell_material *mat,
                            const hf_viscoelastic_material *exact, const hf_maxwell_data *d,
                            const hf_maxwell_response *resp)
{
    a->sampling.noise = a->noise;
    a->sampling.seed = a->seed;
    a->sampling.bits = (unsigned)a->bits;
    a->sampling.bounce_g = a->bounce ? (isfinite(a->g) ? a->g : HF_STANDARD_GRAVITY) : 0.0;
    hf_provenance *record = NULL; /* freed below */
    int rc = simulate_provenance(command, a, d, &record);
    if (rc == 0 && a->trace != NULL)
        rc = a->exact ? hfc_maxwell_write_exact_trace(command, a->trace, exact, &d->impact[0],
                                                      &a->sampling, record)
                      : hfc_maxwell_write_trace(command, a->trace, mat, &d->impact[0],
                                                &a->sampling, record);
    if (rc == 0) {
        hfc_provenance_print(record);
        rc = a->grid ? print_grid(a, d, resp) : print_single(command, a, d, resp);
    }
    hf_provenance_free(record);
    return rc;
}

static int cmd_simulate(int argc, char **argv)
{
    simulate_args a = {.mu0 = NAN, .nu = NAN, .eta = NAN, .R = NAN, .m = NAN, .V0 = NAN,
                       .g = NAN, .alpha = 1.0};
    hf_maxwell_trace_options_init(&a.sampling);
    hfc_opt opts[] = {
        {.name = "mu0", .kind = HFC_REAL, .value = &a.mu0, .arg = "PA", .required = 1,
         .help = "instantaneous shear modulus [Pa]"},
        HFC_OPT_NU(&a.nu, "Poisson's ratio"),
        {.name = "eta", .kind = HFC_REAL, .value = &a.eta, .arg = "PER_S", .required = 1,
         .help = "inverse relaxation time [1/s] (1/tau of Eq. 47 with --alpha)"},
        HFC_OPT_ALPHA(&a.alpha),
        {.name = "R", .kind = HFC_REAL, .value = &a.R, .arg = "M", .unless = "grid",
         .excludes = "grid", .help = "radius [m]"},
        {.name = "m", .kind = HFC_REAL, .value = &a.m, .arg = "KG", .unless = "grid",
         .excludes = "grid", .help = "mass [kg]"},
        {.name = "v0", .kind = HFC_REAL, .value = &a.V0, .arg = "MPS", .unless = "grid",
         .excludes = "grid", .help = "impact speed [m/s]"},
        {.name = "grid", .kind = HFC_TEXT, .value = &a.grid, .arg = "FILE",
         .help = "simulate every row (mass, radius, speed, in the units of "
                 "'maxwell fit --data') of a CSV"},
        HFC_MAXWELL_READ_OPTIONS(&a.delimiter, &a.g),
        {.name = "noise", .kind = HFC_REAL, .value = &a.noise, .arg = "REL",
         .limits = HFC_MIN | HFC_MAX, .min = 0.0, .max = HF_MAXWELL_NOISE_MAX,
         .help = "multiply each observable by 1 + REL*N(0,1); with --trace, add "
                 "REL*F_M*N(0,1) to every sample instead (default 0)"},
        {.name = "trace", .kind = HFC_TEXT, .output = 1, .value = &a.trace, .arg = "FILE",
         .excludes = "grid",
         .help = "also write the force history F(t) to FILE (CSV t_s,F_N, written whole "
                 "or not at all), sampled as --rate, --pre, --post, --offset, --bits, "
                 "--range say"},
        {.name = "rate", .kind = HFC_REAL, .value = &a.sampling.rate, .arg = "HZ",
         .needs = "trace", .limits = HFC_ABOVE, .min = 0.0,
         .help = "sample rate of the trace [Hz] (default 100000)"},
        {.name = "pre", .kind = HFC_REAL, .value = &a.sampling.pre, .arg = "S",
         .needs = "trace", .limits = HFC_MIN, .min = 0.0,
         .help = "time of the contact start: the record starts at t = 0 and runs this "
                 "long before the contact [s] (default 0.001)"},
        {.name = "post", .kind = HFC_REAL, .value = &a.sampling.post, .arg = "S",
         .needs = "trace", .limits = HFC_MIN, .min = 0.0,
         .help = "record after the contact end [s] (default 0.001)"},
        {.name = "offset", .kind = HFC_REAL, .value = &a.sampling.offset, .arg = "N",
         .needs = "trace", .help = "baseline offset added to every sample [N] (default 0)"},
        {.name = "bits", .kind = HFC_INT, .value = &a.bits, .arg = "B", .needs = "range",
         .limits = HFC_MIN | HFC_MAX, .min = 2, .max = 32,
         .help = "quantise to a B-bit converter reading [-range, range] (default: none)"},
        {.name = "range", .kind = HFC_REAL, .value = &a.sampling.range, .arg = "N",
         .needs = "bits", .limits = HFC_ABOVE, .min = 0.0,
         .help = "full scale of the converter [N]: it reads [-N, N], clipping beyond"},
        {.name = "clock", .kind = HFC_REAL, .value = &a.sampling.clock, .arg = "S",
         .needs = "trace",
         .help = "the clock's reading at the first sample, as a DAQ's absolute time "
                 "(default 0) [s]"},
        {.name = "drift", .kind = HFC_REAL, .value = &a.sampling.drift, .arg = "N_PER_S",
         .needs = "trace", .help = "baseline drift added to every sample [N/s] (default 0)"},
        {.name = "bounce", .kind = HFC_FLAG, .value = &a.bounce, .needs = "trace",
         .help = "record the second bounce too: after a flight of 2 e V0/g (--g), an "
                 "impact at e V0"},
        {.name = "invert", .kind = HFC_FLAG, .value = &a.sampling.invert, .needs = "trace",
         .help = "a load cell of inverted polarity: every force negated"},
        {.name = "seed", .kind = HFC_SEED, .value = &a.seed, .arg = "S", .needs = "noise",
         .help = "PCG32 seed of the noise (default 0)"},
        {.name = "exact", .kind = HFC_FLAG, .value = &a.exact,
         .help = "the exact viscoelastic impact (Lee-Radok loading, Ting's unloading; "
                 "docs/viscoelastic.md) instead of Hunter's model, table and trace"},
        HFC_OPT_CSV(&a.csv),
    };
    hfc_spec spec = {argv[0],
                     "Hunter's Maxwell impact model (Argatov Eqs. 24-25) solved numerically\n"
                     "(with --exact: the exact viscoelastic impact, no Hunter approximation):\n"
                     "peak force F_M, its time t_M, contact duration t_c, restitution e,\n"
                     "eps = eta w_m0/V0 and the maximum approach w_m, with Argatov's\n"
                     "first-order predictions beside them.  With --grid: one row per impact,\n"
                     "columns m_kg,R_m,V0_mps,F_M_N,t_M_s,t_c_s,e,eps (the data format of\n"
                     "'maxwell fit'; w_m is not a drop-test observable).",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    hf_diag diag = {{0}};
    const hf_maxwell_material mat = {a.mu0, a.nu, a.eta};
    hf_status st = hf_maxwell_material_check(&mat, &diag);
    if (st != HF_OK)
        return hfc_fail_status(argv[0], NULL, st, &diag);
    hf_viscoelastic_material exact = {a.mu0, a.nu, {0.0, 0, {0}, {0}}};
    hf_prony_sls(a.alpha, a.eta, &exact.relax);
    hf_maxwell_data *d = NULL;
    if ((rc = simulate_impacts(argv[0], &a, &d)) != 0)
        return rc;
    hf_maxwell_response *resp = malloc(d->n * sizeof *resp); /* freed below */
    if (resp == NULL)
        rc = hfc_fail(argv[0], "out of memory");
    /* with --trace the noise goes into the trace: the table stays exact */
    else if ((st = a.exact ? hf_viscoelastic_synthesize(&exact, d, a.trace ? 0.0 : a.noise,
                                                        a.seed, resp, &diag)
                           : hf_maxwell_synthesize_sls(&mat, a.alpha, d,
                                                       a.trace ? 0.0 : a.noise, a.seed, resp,
                                                       &diag)) != HF_OK)
        rc = hfc_fail_status(argv[0], NULL, st, &diag);
    if (rc == 0 && a.trace != NULL && a.alpha != 1.0 && !a.exact)
        rc = hfc_fail(argv[0], "--trace: the force history is Hunter's Maxwell model "
                      "(--alpha 1), not the standard linear solid (--alpha %g); --exact "
                      "draws it", a.alpha);
    if (rc == 0)
        rc = simulate_outputs(argv[0], &a, &mat, &exact, d, resp);
    free(resp);
    hf_maxwell_data_free(d);
    return rc;
}

/* ---- maxwell curves ------------------------------------------------------ */

/* The master curves of Argatov's Figs. 2-4 at N evenly spaced eps in
 * [0, EPS_MAX], or (--limits) the eps at which each first-order formula
 * leaves the tolerance; one block of rows per alpha. */
static int print_master_limits(const char *command, int csv, double tol,
                               const hfc_reals *alphas, const hf_argatov_constants *k)
{
    const char *headers[] = {"alpha", "quantity", "eps_limit", "tauR_tm0", "limit",
                             "description"};
    hfc_table *t = hfc_table_alloc(csv, csv ? 5 : 6, headers); /* freed by hfc_table_print */
    for (size_t a = 0; a < alphas->n; ++a) {
        hf_argatov_master_limit lim[HF_ARGATOV_MASTER_N];
        hf_diag diag = {{0}};
        hf_status st = hf_argatov_master_limits(k, tol, alphas->v[a], lim, &diag);
        if (st != HF_OK) {
            hfc_table_free(t);
            return hfc_fail_status(command, NULL, st, &diag);
        }
        for (int j = 0; j < HF_ARGATOV_MASTER_N; ++j) {
            hfc_table_numf(t, "%g", alphas->v[a]);
            hfc_table_str(t, hf_argatov_master_name((hf_argatov_master_id)j));
            hfc_table_numf(t, "%.6f", lim[j].eps);
            /* the paper's abscissa, tau_R/t_m0 = 1/(eps tau_m0) (Eqs. 44, 49) */
            hfc_table_numf(t, "%.6f", 1.0 / (lim[j].eps * k->value[HF_ARGATOV_TAU_M0]));
            hfc_table_str(t, lim[j].bounded ? "reached" : "beyond_scan");
            if (!csv)
                hfc_table_str(t, hf_argatov_master_doc((hf_argatov_master_id)j));
        }
    }
    return hfc_table_print(t);
}

static int print_master_curves(const char *command, int csv, double eps_max,
                               unsigned long long points, const hfc_reals *alphas,
                               const hf_argatov_constants *k)
{
    const char *headers[] = {"alpha", "eps", "wm_wm0", "wm_wm0_asym", "FM_FM0", "FM_FM0_asym",
                             "tM_tm0", "tM_tm0_asym", "tc_tc0", "tc_tc0_asym", "e", "e_asym"};
    hfc_table *t = hfc_table_alloc(csv, 12, headers); /* freed by hfc_table_print */
    for (size_t a = 0; a < alphas->n; ++a)
        for (unsigned long long i = 0; i < points; ++i) {
            double eps = eps_max * (double)i / (double)(points - 1);
            hf_argatov_master_point p;
            hf_diag diag = {{0}};
            hf_status st = hf_argatov_master_evaluate(k, eps, alphas->v[a], &p, &diag);
            if (st != HF_OK) {
                hfc_table_free(t);
                return hfc_fail_status(command, NULL, st, &diag);
            }
            hfc_table_numf(t, "%g", alphas->v[a]);
            hfc_table_numf(t, "%.4f", eps);
            for (int j = 0; j < HF_ARGATOV_MASTER_N; ++j) {
                hfc_table_numf(t, "%.6f", p.numeric[j]);
                hfc_table_numf(t, "%.6f", p.asymptotic[j]);
            }
        }
    return hfc_table_print(t);
}

/* Prints what the curves' table was computed from: the alpha (alpha_1,
 * alpha_2, ... for several), and the tolerance of --limits or the eps range
 * and its points. */
static hf_status print_curves_provenance(const hfc_reals *alphas, int limits, double bound,
                                         unsigned long long points, hf_diag *diag)
{
    hf_provenance *p = NULL; /* freed below */
    hf_status st = hf_provenance_alloc(&p, diag);
    for (size_t a = 0; a < alphas->n && st == HF_OK; ++a) {
        char key[32] = "alpha";
        if (alphas->n > 1)
            snprintf(key, sizeof key, "alpha_%zu", a + 1);
        st = hf_provenance_set_number(p, key, alphas->v[a], diag);
    }
    if (st == HF_OK)
        st = hf_provenance_set_number(p, limits ? "tol" : "eps_max", bound, diag);
    if (st == HF_OK && !limits)
        st = hf_provenance_set_number(p, "points", (double)points, diag);
    if (st == HF_OK)
        hfc_provenance_print(p);
    hf_provenance_free(p);
    return st;
}

static int cmd_curves(int argc, char **argv)
{
    double eps_max = 0.5, tol = 0.05, maxwell = 1.0;
    unsigned long long points = 11;
    int csv = 0, limits = 0;
    hfc_reals alphas = {NULL, 0};
    hfc_opt opts[] = {
        {.name = "alpha", .kind = HFC_REALS, .value = &alphas, .arg = "A",
         .limits = HFC_ABOVE | HFC_MAX, .min = 0.0, .max = 1.0,
         .help = "standard linear solid(s) with relaxing fraction A = (mu0 - mu_inf)/mu0 "
                 "(Eq. 47; eps of Eq. 49); default 1, the Maxwell solid"},
        {.name = "eps-max", .kind = HFC_REAL, .value = &eps_max, .arg = "EPS",
         .limits = HFC_ABOVE | HFC_MAX, .min = 0.0, .max = HF_HUNTER_EPS_MAX,
         .excludes = "limits", .help = "largest eps of the table (default 0.5)"},
        {.name = "points", .kind = HFC_INT, .value = &points, .arg = "N",
         .limits = HFC_MIN | HFC_MAX, .min = 2, .max = 100000, .excludes = "limits",
         .help = "rows per alpha, eps evenly spaced from 0 (default 11)"},
        {.name = "limits", .kind = HFC_FLAG, .value = &limits,
         .help = "print instead the eps where each formula leaves --tol of the numerical "
                 "solution (Brent's method)"},
        {.name = "tol", .kind = HFC_REAL, .value = &tol, .arg = "REL", .needs = "limits",
         .limits = HFC_ABOVE | HFC_MAX, .min = 0.0, .max = 0.5,
         .help = "relative tolerance of --limits (default 0.05, Argatov's 5 %)"},
        HFC_OPT_CSV(&csv),
    };
    hfc_spec spec = {argv[0],
                     "Argatov's master curves (Figs. 2-4): maximum approach w_m/w_m0, maximum\n"
                     "force F_M/F_M0, its time t_M/t_m0, contact duration t_c/t_c0 and\n"
                     "restitution e against eps = eta w_m0/V0, from Hunter's numerical model\n"
                     "and (columns *_asym) Argatov's first-order formulas.  With --alpha the\n"
                     "standard linear solid, eps = alpha w_m0/(V0 tau) (Eq. 49), against the\n"
                     "same formulas.  All ratios are dimensionless; the paper's abscissa is\n"
                     "tau_R/t_m0 = 1/(eps tau_m0).",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    hfc_reals use = alphas.n > 0 ? alphas : (hfc_reals){&maxwell, 1};
    hf_argatov_constants k;
    hf_diag diag = {{0}};
    hf_status st = hf_argatov_constants_compute(&k, &diag);
    if (st == HF_OK)
        st = print_curves_provenance(&use, limits, limits ? tol : eps_max, points, &diag);
    if (st != HF_OK)
        rc = hfc_fail_status(argv[0], NULL, st, &diag);
    else if (limits)
        rc = print_master_limits(argv[0], csv, tol, &use, &k);
    else
        rc = print_master_curves(argv[0], csv, eps_max, points, &use, &k);
    hfc_free(&spec);
    return rc;
}

/* ---- maxwell fit --------------------------------------------------------- */

typedef struct fit_args {
    const char *command, *method;
    hfc_curve_args curve;         /* the curve fit's options */
    int csv, residuals;
    hfc_maxwell_args fit;
    unsigned long long bootstrap, threads; /* replicates (0: none); their threads */
} fit_args;

/* A value of the table, or NA where there is none (no μ0 from C0 <= 0). */
static void table_value(hfc_table *t, const char *format, double v)
{
    if (isfinite(v))
        hfc_table_numf(t, format, v);
    else
        hfc_table_str(t, "NA");
}

/* The bootstrap's columns of a row (--csv with --bootstrap). */
static void add_bootstrap_columns(hfc_table *t, const hf_maxwell_identify_row *row)
{
    table_value(t, "%.6g", row->mu0_boot_lo);
    table_value(t, "%.6g", row->mu0_boot_hi);
    table_value(t, "%.6g", row->eta_boot_lo);
    table_value(t, "%.6g", row->eta_boot_hi);
    hfc_table_int(t, (long long)row->bootstrap_used);
}

static void add_estimate_row(hfc_table *t, const char *specimen,
                             const hf_maxwell_identify_row *row, int bootstrap)
{
    const hf_maxwell_estimate *e = &row->estimate;
    char observables[64];
    if (specimen != NULL)
        hfc_table_str(t, specimen);
    hfc_table_str(t, hf_maxwell_method_name(e->method));
    hfc_table_str(t, e->method == HF_MAXWELL_CURVE
                         ? "F(t)"
                         : hf_maxwell_observables_name(e->observables, observables,
                                                       sizeof observables));
    hfc_table_int(t, (long long)e->n);
    table_value(t, "%.6g", e->mu0);
    table_value(t, "%.3g", e->mu0_se);
    table_value(t, "%.6g", e->eta);
    table_value(t, "%.3g", e->eta_se);
    table_value(t, "%.6g", e->C0);
    /* R² is at most 1; a fit far worse than the mean can reach -1e27,
     * which a fixed-point column would print as 30 digits */
    table_value(t, fabs(e->r2) < 1e3 ? "%.6f" : "%.6e", e->r2);
    table_value(t, "%.4f", e->max_eps);
    hfc_table_str(t, row->status);
    table_value(t, "%.3f", e->mu0_eta_corr);
    if (bootstrap)
        add_bootstrap_columns(t, row);
}

/* The name of a row's method and observables, as the warnings say it. */
static const char *row_observables(const hf_maxwell_estimate *e, char *buf, size_t size)
{
    return e->method == HF_MAXWELL_CURVE ? "F(t)"
                                         : hf_maxwell_observables_name(e->observables, buf,
                                                                       size);
}

/* Without --csv: the asymptotic interval (estimate +- z se, z the normal
 * quantile of the same level) beside the bootstrap's, one row each. */
static int print_intervals(const fit_args *a, const hf_maxwell_identify_row *rows,
                           size_t nrows)
{
    const char *headers[] = {"method", "observable", "interval", "mu0_lo_Pa", "mu0_hi_Pa",
                             "eta_lo_per_s", "eta_hi_per_s", "replicates"};
    const double z = 1.959963984540054; /* Φ⁻¹(0.975): HF_MAXWELL_BOOTSTRAP_LEVEL 0.95 */
    hfc_table *t = hfc_table_alloc(0, 8, headers); /* freed by hfc_table_print */
    for (size_t i = 0; i < nrows; ++i) {
        const hf_maxwell_identify_row *row = &rows[i];
        const hf_maxwell_estimate *e = &row->estimate;
        char observables[64];
        for (int boot = 0; boot < 2; ++boot) {
            hfc_table_str(t, hf_maxwell_method_name(e->method));
            hfc_table_str(t, row_observables(e, observables, sizeof observables));
            hfc_table_str(t, boot ? "bootstrap" : "asymptotic");
            table_value(t, "%.6g", boot ? row->mu0_boot_lo : e->mu0 - z * e->mu0_se);
            table_value(t, "%.6g", boot ? row->mu0_boot_hi : e->mu0 + z * e->mu0_se);
            table_value(t, "%.6g", boot ? row->eta_boot_lo : e->eta - z * e->eta_se);
            table_value(t, "%.6g", boot ? row->eta_boot_hi : e->eta + z * e->eta_se);
            if (boot)
                hfc_table_int(t, (long long)row->bootstrap_used);
            else
                hfc_table_str(t, "-");
        }
    }
    printf("\n95 %% intervals (bootstrap over drops: %llu replicates, seed %llu)\n",
           a->bootstrap, (unsigned long long)a->fit.seed);
    return hfc_table_print(t);
}

/* The warning lines of one row: why it is not trusted, replicates that
 * failed, an eps beyond the first order. */
static void warn_row(const fit_args *a, const char *pre, const hf_maxwell_identify_row *row)
{
    const hf_maxwell_estimate *e = &row->estimate;
    char observables[64];
    const char *what = row_observables(e, observables, sizeof observables);
    const char *method = hf_maxwell_method_name(e->method);
    if (!row->trusted && row->reason[0] != '\0')
        fprintf(stderr, "hertzfit %s: warning: %s%s %s is %s: %s\n", a->command, pre, method,
                what, row->status, row->reason);
    if (a->bootstrap > 0 && row->bootstrap_used < a->bootstrap)
        fprintf(stderr, "hertzfit %s: warning: %s%s %s: %zu of %llu bootstrap replicates gave an "
                "estimate (the others failed on their drops)%s\n", a->command, pre, method, what,
                row->bootstrap_used, a->bootstrap,
                row->bootstrap_used < HF_MAXWELL_BOOTSTRAP_MIN ? ": no interval" : "");
    if (row->beyond_first_order)
        fprintf(stderr, "hertzfit %s: warning: %s%s %s: eps reaches %.3f > %.1f, where "
                "Argatov's first-order formulas lose accuracy%s\n", a->command, pre, method, what,
                e->max_eps, HF_MAXWELL_EPS_FIRST_ORDER,
                e->method == HF_MAXWELL_FULL    ? " (the full fit is not affected)"
                : e->method == HF_MAXWELL_CURVE ? " (the curve fit is not affected)"
                                                : "");
}

/* "specimen NAME: " before a message about a named specimen, else "". */
static const char *specimen_prefix(const hf_maxwell_specimen_result *r, char *buf, size_t size)
{
    if (r->name == NULL)
        return "";
    snprintf(buf, size, "specimen %s: ", r->name);
    return buf;
}

/* The warnings of specimen R's rows; 1 when one of them is trusted. */
static int warn_rows(const fit_args *a, const hf_maxwell_specimen_result *r)
{
    int trusted = 0;
    char who[300];
    const char *pre = specimen_prefix(r, who, sizeof who);
    for (size_t i = 0; i < r->report.nrows; ++i) {
        trusted |= r->report.row[i].trusted;
        warn_row(a, pre, &r->report.row[i]);
    }
    return trusted;
}

static const char *const estimate_headers[] = {
    "specimen", "method", "observable", "n", "mu0_Pa", "mu0_se", "eta_per_s", "eta_se", "C0",
    "r2", "max_eps", "status", "corr_mu0_eta", "mu0_boot_lo_Pa", "mu0_boot_hi_Pa",
    "eta_boot_lo_per_s", "eta_boot_hi_per_s", "bootstrap_replicates"};
/* the bootstrap's columns, last in estimate_headers, only with --csv --bootstrap */
enum { BOOTSTRAP_COLUMNS = 5 };

/* Without --csv: specimen K's own table (HEADERS, NCOLS), headed by its
 * name when the data name specimens, then the intervals' table under
 * --bootstrap. */
static int print_specimen_block(const fit_args *a, const hf_maxwell_specimen_result *r, size_t k,
                                int named, const char *const *headers, size_t ncols)
{
    if (named)
        printf("%sspecimen %s (%zu drops)\n", k > 0 ? "\n" : "", r->name, r->ndrops);
    hfc_table *t = hfc_table_alloc(0, ncols, headers); /* freed by hfc_table_print */
    for (size_t i = 0; i < r->report.nrows; ++i)
        add_estimate_row(t, NULL, &r->report.row[i], 0);
    int rc = hfc_table_print(t);
    if (rc == 0 && a->bootstrap > 0)
        rc = print_intervals(a, r->report.row, r->report.nrows);
    return rc;
}

/* The estimates of every specimen: with --csv one table, a specimen column
 * first when the data name specimens; on the terminal one block per
 * specimen.  Exit 1 when a specimen has no trusted estimate. */
static int print_estimate_tables(const fit_args *a, const hf_maxwell_specimens *s)
{
    const int named = s->n > 0 && s->specimen[0].name != NULL;
    const int boot_columns = a->bootstrap > 0 && a->csv;
    const char *const *headers = named ? estimate_headers : estimate_headers + 1;
    const size_t ncols =
        HFC_COUNT(estimate_headers) - (named ? 0 : 1) - (boot_columns ? 0 : BOOTSTRAP_COLUMNS);
    int rc = 0;
    if (!a->csv) {
        for (size_t k = 0; k < s->n && rc == 0; ++k)
            rc = print_specimen_block(a, &s->specimen[k], k, named, estimate_headers + 1,
                                      ncols - (named ? 1 : 0));
        return rc;
    }
    hfc_table *t = hfc_table_alloc(1, ncols, headers); /* freed by hfc_table_print */
    for (size_t k = 0; k < s->n; ++k)
        for (size_t i = 0; i < s->specimen[k].report.nrows; ++i)
            add_estimate_row(t, s->specimen[k].name, &s->specimen[k].report.row[i],
                             boot_columns);
    return hfc_table_print(t);
}

static int print_estimates(const fit_args *a, const hf_maxwell_specimens *s)
{
    int rc = print_estimate_tables(a, s);
    int untrusted = 0;
    for (size_t k = 0; k < s->n && rc == 0; ++k) {
        const hf_maxwell_specimen_result *r = &s->specimen[k];
        if (!warn_rows(a, r)) {
            char who[300];
            /* Not bad input: the data were read, the estimates cannot be trusted. */
            fprintf(stderr, "hertzfit %s: %s: %sno estimate is well determined (see the "
                    "warnings above)\n", a->command, a->fit.data,
                    specimen_prefix(r, who, sizeof who));
            untrusted = 1;
        }
    }
    return rc != 0 ? rc : untrusted;
}

/* The full fit's relative residuals of specimen R (drops of D). */
static void add_residuals(hfc_table *t, const hf_maxwell_data *d,
                          const hf_maxwell_specimen_result *r)
{
    unsigned mask = r->report.row[0].estimate.observables;
    const double *res = r->report.residuals;
    size_t j = 0;
    for (size_t q = 0; q < r->ndrops; ++q)
        for (int k = 0; k < HF_MAXWELL_NOBS; ++k) {
            size_t i = r->drops[q];
            if (!(mask & (1u << k)))
                continue;
            if (isnan(d->value[k][i])) {
                ++j; /* missing: its slot holds 0, nothing to show */
                continue;
            }
            double y = d->value[k][i];
            if (r->name != NULL)
                hfc_table_str(t, r->name);
            hfc_table_int(t, (long long)i + 1);
            hfc_table_int(t, (long long)d->line[i]);
            hfc_table_str(t, hf_maxwell_observable_name((hf_maxwell_observable)k));
            hfc_table_numf(t, "%.8g", y);
            hfc_table_numf(t, "%.8g", y * (1.0 + res[j]));
            hfc_table_numf(t, "%.3e", res[j]);
            ++j;
        }
}

/* One row per sample of specimen R's curve fit: measured and fitted F(t). */
static void add_curve_residuals(hfc_table *t, const hf_maxwell_data *d,
                                const hf_maxwell_specimen_result *r)
{
    const double *t0 = r->report.contact_start, *res = r->report.residuals;
    for (size_t q = 0, k = 0; q < r->ndrops; ++q) {
        size_t i = r->drops[q];
        for (size_t j = 0; j < d->trace[i].n; ++j, ++k) {
            if (r->name != NULL)
                hfc_table_str(t, r->name);
            hfc_table_int(t, (long long)i + 1);
            hfc_table_int(t, d->line ? (long long)d->line[i] : (long long)i + 1);
            hfc_table_numf(t, "%.9g", d->trace[i].t[j]);
            hfc_table_numf(t, "%.6e", d->trace[i].t[j] - t0[q]);
            hfc_table_numf(t, "%.8g", d->trace[i].F[j]);
            hfc_table_numf(t, "%.8g", d->trace[i].F[j] + res[k]);
            hfc_table_numf(t, "%.3e", res[k]);
        }
    }
}

/* The residuals of every specimen's fit, one table (a specimen column
 * first when the data name specimens). */
static int print_residuals(const fit_args *a, const hf_maxwell_data *d,
                           const hf_maxwell_specimens *s)
{
    static const char *const full_headers[] = {"specimen", "test", "line", "observable",
                                               "measured", "model", "rel_residual"};
    static const char *const curve_headers[] = {"specimen", "drop", "line", "t_s",
                                                "t_contact_s", "F_N", "F_model_N",
                                                "residual_N"};
    const int named = s->specimen[0].name != NULL;
    const int full = s->specimen[0].report.residuals_method == HF_MAXWELL_FULL;
    const char *const *headers = (full ? full_headers : curve_headers) + (named ? 0 : 1);
    size_t ncols = (full ? HFC_COUNT(full_headers) : HFC_COUNT(curve_headers)) - !named;
    hfc_table *t = hfc_table_alloc(a->csv, ncols, headers); /* freed by hfc_table_print */
    for (size_t k = 0; k < s->n; ++k) {
        const hf_maxwell_specimen_result *r = &s->specimen[k];
        if (r->report.residuals == NULL || r->report.nrows == 0)
            continue;
        if (r->report.residuals_method == HF_MAXWELL_FULL)
            add_residuals(t, d, r);
        else
            add_curve_residuals(t, d, r);
    }
    return hfc_table_print(t);
}

/* The identification's configuration of ARGS, the full fit's observables
 * MASK and the curve fit's CURVE (method ALL, no residuals). */
static hf_maxwell_identify_config base_identify_config(const hfc_maxwell_args *args,
                                                       unsigned mask,
                                                       const hfc_curve_args *curve)
{
    hf_maxwell_identify_config c;
    hf_maxwell_identify_config_init(&c);
    c.nu = args->nu;
    c.weights = hfc_maxwell_weights(args);
    c.full = full_config(args, mask);
    c.curve = curve_config(curve);
    return c;
}

int hfc_maxwell_identify_setup(const char *command, const hfc_maxwell_args *args,
                               const hfc_curve_args *curve, hf_maxwell_identify_config *c)
{
    unsigned mask;
    int rc = observables_mask(command, args, &mask);
    if (rc == 0)
        *c = base_identify_config(args, mask, curve);
    return rc;
}

/* The identification's configuration of A. */
static hf_maxwell_identify_config identify_config(const fit_args *a, unsigned mask)
{
    static const hf_maxwell_identify_method methods[] = {
        HF_MAXWELL_IDENTIFY_REGRESSION, HF_MAXWELL_IDENTIFY_FULL, HF_MAXWELL_IDENTIFY_CURVE,
        HF_MAXWELL_IDENTIFY_ALL};
    static const char *const names[] = {"regression", "full", "curve", "all"};
    hf_maxwell_identify_config c = base_identify_config(&a->fit, mask, &a->curve);
    for (size_t i = 0; i < HFC_COUNT(names); ++i)
        if (strcmp(a->method, names[i]) == 0)
            c.method = methods[i];
    c.residuals = a->residuals;
    c.bootstrap = (size_t)a->bootstrap;
    c.bootstrap_seed = a->fit.seed;
    c.threads = (int)a->threads;
    return c;
}

/* The one error line of a refused identification, in the options' words. */
static int print_refusal(const fit_args *a, const hf_maxwell_identify_config *c,
                         hf_maxwell_identify_refusal why, const hf_diag *diag)
{
    switch (why) {
    case HF_MAXWELL_IDENTIFY_RAW_TRACES:
        return hfc_fail(a->command, "%s holds force traces, no F_M/t_M/t_c columns: run "
                        "'hertzfit maxwell extract --data %s --csv > FEATURES.csv' and fit "
                        "FEATURES.csv", a->fit.data, a->fit.data);
    case HF_MAXWELL_IDENTIFY_RESIDUALS_NEED_FIT:
        return hfc_fail(a->command, "--residuals needs --method full, curve or all");
    case HF_MAXWELL_IDENTIFY_CURVE_NEEDS_MAXWELL:
        return hfc_fail(a->command, "--method curve fits a Maxwell solid only, not the "
                        "standard linear solid of --alpha %g", c->full.objective.alpha);
    case HF_MAXWELL_IDENTIFY_NO_FEATURES:
        return hfc_fail(a->command, "%s: regression needs a F_M_N, t_M_s or t_c_s column",
                        a->fit.data);
    default:
        return hfc_fail_status(a->command, NULL, HF_EINVAL, diag);
    }
}

/* The error line of a method that failed: a fit that fails on good
 * options failed on the data, so the line names them (and the specimen). */
static int print_failure(const fit_args *a, const hf_maxwell_specimen_result *s)
{
    const hf_maxwell_identify_report *r = &s->report;
    char prefix[1400], who[300];
    const char *pre = specimen_prefix(s, who, sizeof who);
    if (r->failed_method == HF_MAXWELL_FULL)
        snprintf(prefix, sizeof prefix, "%s: %sfull fit", a->fit.data ? a->fit.data : "data",
                 pre);
    else if (r->failed_method == HF_MAXWELL_CURVE)
        snprintf(prefix, sizeof prefix, "%s: %scurve fit", a->fit.data, pre);
    else
        snprintf(prefix, sizeof prefix, "%s: %sregression", a->fit.data, pre);
    hf_diag diag = {{0}};
    hf_diag_set(&diag, s->status, "%s", s->error);
    int named = (r->failed_method != HF_MAXWELL_REGRESSION || s->name != NULL) &&
                hfc_status_exit(s->status) != 2;
    return hfc_fail_status(a->command, named ? prefix : NULL, s->status, &diag);
}

/* The notes and warnings of the fits that ran: conditioning of the
 * traces (once), and every fit that did not converge. */
static void report_fits(const fit_args *a, const hf_maxwell_data *d,
                        const hf_maxwell_specimens *s)
{
    int curve = 0;
    for (size_t k = 0; k < s->n; ++k)
        for (size_t i = 0; i < s->specimen[k].report.nrows; ++i)
            curve |= s->specimen[k].report.row[i].estimate.method == HF_MAXWELL_CURVE;
    if (curve)
        report_conditioning(a->command, d);
    for (size_t k = 0; k < s->n; ++k)
        for (size_t i = 0; i < s->specimen[k].report.nrows; ++i)
            if (s->specimen[k].report.row[i].not_converged)
                warn_not_converged(a->command, &s->specimen[k].report.row[i].fit);
}

static int run_fit(const fit_args *a, const hf_maxwell_data *d, const hf_argatov_constants *k)
{
    unsigned mask;
    int bad = observables_mask(a->command, &a->fit, &mask);
    if (bad != 0)
        return bad;
    hf_maxwell_identify_config c = identify_config(a, mask);
    hf_maxwell_specimens *s = NULL; /* freed below */
    hf_diag diag = {{0}};
    hf_status st = hf_maxwell_identify_specimens(d, k, &c, &s, &diag);
    if (s == NULL)
        return hfc_fail_status(a->command, NULL, st, &diag);
    for (size_t j = 0; j < s->n; ++j)
        if (s->specimen[j].report.refusal != HF_MAXWELL_IDENTIFY_ACCEPTED) {
            hf_diag why = {{0}};
            hf_diag_set(&why, s->specimen[j].status, "%s", s->specimen[j].error);
            int rc = print_refusal(a, &c, s->specimen[j].report.refusal, &why);
            hf_maxwell_specimens_free(s);
            return rc;
        }
    report_fits(a, d, s);
    int rc = 0;
    for (size_t j = 0; j < s->n; ++j)
        if (s->specimen[j].status != HF_OK) {
            int failure = print_failure(a, &s->specimen[j]);
            rc = rc == 2 || failure == 2 ? 2 : failure;
        }
    size_t rows = 0;
    for (size_t j = 0; j < s->n; ++j)
        rows += s->specimen[j].report.nrows;
    if (rc != 0 && !a->residuals && rows > 0) {
        /* a fit failed on these data (said above); the estimates before it
         * stand, with what they were made from */
        if (hfc_maxwell_provenance(a->command, d, a->fit.delimiter, a->fit.g, &a->fit.format,
                                   &c, NULL, NULL) == 0)
            print_estimates(a, s);
    } else if (rc == 0)
        rc = hfc_maxwell_provenance(a->command, d, a->fit.delimiter, a->fit.g, &a->fit.format,
                                    &c, NULL, NULL);
    if (rc == 0)
        rc = a->residuals ? print_residuals(a, d, s) : print_estimates(a, s);
    hf_maxwell_specimens_free(s);
    return rc;
}

static int cmd_fit(int argc, char **argv)
{
    static const char *const methods[] = {"regression", "full", "curve", "all", NULL};
    fit_args a = {.command = argv[0], .method = "all",
                  .curve = {.contact_start = "fit", .baseline = "fit"}};
    hfc_maxwell_args_init(&a.fit);
    hfc_opt opts[] = {
        HFC_MAXWELL_FIT_OPTIONS(&a.fit),
        HFC_TRACE_FORMAT_OPTIONS(&a.fit.format),
        {.name = "method", .kind = HFC_WORD, .value = &a.method, .words = methods,
         .help = "Argatov's regressions, the full fit, the whole-curve fit of the traces, "
                 "or every one the data allow (default all)"},
        HFC_MAXWELL_CURVE_OPTIONS(&a.curve, NULL),
        {.name = "residuals", .kind = HFC_FLAG, .value = &a.residuals,
         .help = "print the full fit's relative residuals instead (when no full fit runs, "
                 "--method curve or all on traces alone: the curve fit's measured and "
                 "fitted F(t) of every sample)"},
        HFC_OPT_ALPHA(&a.fit.full.objective.alpha),
        HFC_OPT_CSV(&a.csv),
        {.name = "bootstrap", .kind = HFC_INT, .value = &a.bootstrap, .arg = "N",
         .limits = HFC_MIN | HFC_MAX, .min = HF_MAXWELL_BOOTSTRAP_MIN,
         .max = HF_MAXWELL_BOOTSTRAP_MAX,
         .help = "also a 95 % percentile interval of mu0 and eta from N replicates of "
                 "the drops drawn with replacement (from --seed; the same bits for any "
                 "--threads), beside the asymptotic one (+-1.96 se); with --csv as "
                 "columns mu0_boot_lo_Pa .. bootstrap_replicates"},
        HFC_OPT_THREADS(&a.threads),
    };
    hfc_spec spec = {argv[0],
                     "Identify mu0 and eta of a Maxwell material from drop tests: Argatov's\n"
                     "regressions (Eqs. 57, 60, 62), the full fit of Hunter's numerical\n"
                     "model to the features (standard errors from the Jacobian), and, when\n"
                     "the list has a trace column, the curve fit of Hunter's F(t) to the\n"
                     "whole force histories (each drop's contact start and baseline fitted\n"
                     "too).  One row per method and observable.  Status ok/converged only\n"
                     "for a well-determined estimate; nonphysical (mu0 or eta <= 0, mu0 >\n"
                     "1e12 Pa), poorly-determined (relative standard error > 50 %, a zero\n"
                     "or non-finite one, or R^2 < 0.5) and model-inadequate (the curve\n"
                     "fit's residuals are not the noise measured before contact: reduced\n"
                     "chi^2 or a runs test; a regression's or a full fit's, on a table\n"
                     "with the u_F_M_N, u_t_M_s, u_t_c_s, u_e columns 'maxwell extract'\n"
                     "writes, not within those uncertainties: reduced chi^2 on the values\n"
                     "fitted - 2 degrees of freedom) each warn\n"
                     "on stderr, as does eps > 0.2.  Each\n"
                     "trace is conditioned first (clock re-zeroed, a later impact cut,\n"
                     "clipped samples left out, drift removed), one note per step.  Exit 1\n"
                     "when no estimate is well determined.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    hf_maxwell_data *d = NULL;
    hf_argatov_constants k;
    if ((rc = hfc_maxwell_load(argv[0], &a.fit, &d, &k)) == 0)
        rc = run_fit(&a, d, &k);
    hf_maxwell_data_free(d);
    hfc_free(&spec); /* the --observables list */
    return rc;
}

/* ---- maxwell compare ----------------------------------------------------- */

/* z of a two-sided 95 % interval, the one the tables print. */
#define INTERVAL_Z 1.959963984540054

static const char *const compare_specimen_headers[] = {
    "specimen", "n", "mu0_Pa", "mu0_lo_Pa", "mu0_hi_Pa", "eta_per_s", "eta_lo_per_s",
    "eta_hi_per_s", "status"};

/* The terminal's first table: each specimen's μ0 and η with 95 % intervals. */
static int print_compare_specimens(const hf_maxwell_comparison *c)
{
    hfc_table *t = hfc_table_alloc(0, HFC_COUNT(compare_specimen_headers),
                                   compare_specimen_headers); /* freed by hfc_table_print */
    for (size_t k = 0; k < c->specimens->n; ++k) {
        const hf_maxwell_identify_row *row = c->row[k];
        const hf_maxwell_estimate *e = &row->estimate;
        hfc_table_str(t, c->specimens->specimen[k].name);
        hfc_table_int(t, (long long)e->n);
        table_value(t, "%.6g", e->mu0);
        table_value(t, "%.6g", e->mu0 - INTERVAL_Z * e->mu0_se);
        table_value(t, "%.6g", e->mu0 + INTERVAL_Z * e->mu0_se);
        table_value(t, "%.6g", e->eta);
        table_value(t, "%.6g", e->eta - INTERVAL_Z * e->eta_se);
        table_value(t, "%.6g", e->eta + INTERVAL_Z * e->eta_se);
        hfc_table_str(t, row->status);
    }
    return hfc_table_print(t);
}

static const char *const compare_headers[] = {
    "specimen_a", "specimen_b", "mu0_a_Pa", "mu0_a_se", "mu0_b_Pa", "mu0_b_se", "eta_a_per_s",
    "eta_a_se", "eta_b_per_s", "eta_b_se", "dmu0_Pa", "dmu0_se", "p_mu0", "deta_per_s",
    "deta_se", "p_eta", "wald_chi2", "p", "p_holm", "differ", "status"};
/* On the terminal the pairs table leaves out the values of the first. */
#define COMPARE_VALUE_COLUMNS 8

static void add_pair_row(hfc_table *t, int csv, const hf_maxwell_comparison *c,
                         const hf_maxwell_comparison_pair *p)
{
    hfc_table_str(t, c->specimens->specimen[p->a].name);
    hfc_table_str(t, c->specimens->specimen[p->b].name);
    if (csv) {
        const hf_maxwell_estimate *a = &c->row[p->a]->estimate, *b = &c->row[p->b]->estimate;
        const double v[COMPARE_VALUE_COLUMNS] = {a->mu0, a->mu0_se, b->mu0, b->mu0_se,
                                                 a->eta, a->eta_se, b->eta, b->eta_se};
        for (int j = 0; j < COMPARE_VALUE_COLUMNS; ++j)
            table_value(t, "%.6g", v[j]);
    }
    table_value(t, "%.4g", p->dmu0);
    table_value(t, "%.3g", p->dmu0_se);
    table_value(t, "%.3g", p->p_mu0);
    table_value(t, "%.4g", p->deta);
    table_value(t, "%.3g", p->deta_se);
    table_value(t, "%.3g", p->p_eta);
    table_value(t, "%.4g", p->wald);
    table_value(t, "%.3g", p->p);
    table_value(t, "%.3g", p->p_holm);
    hfc_table_str(t, p->differ ? "yes" : "no");
    hfc_table_str(t, p->trusted ? "ok" : "untrusted");
}

static int print_comparison(const char *command, int csv, const hf_maxwell_comparison *c)
{
    int rc = csv ? 0 : print_compare_specimens(c);
    if (rc == 0 && !csv)
        printf("\n%s fit; Wald tests of the difference (joint: chi^2, 2 dof), p Holm-"
               "corrected over %zu pair%s, differ when below %g\n",
               hf_maxwell_method_name(c->method), c->npairs, c->npairs == 1 ? "" : "s",
               c->level);
    const size_t skip = csv ? 0 : COMPARE_VALUE_COLUMNS;
    const char *headers[HFC_COUNT(compare_headers)];
    for (size_t j = 0, k = 0; j < HFC_COUNT(compare_headers); ++j)
        if (j < 2 || j >= 2 + skip)
            headers[k++] = compare_headers[j];
    hfc_table *t = hfc_table_alloc(csv, HFC_COUNT(compare_headers) - skip,
                                   headers); /* freed by hfc_table_print */
    for (size_t j = 0; j < c->npairs; ++j)
        add_pair_row(t, csv, c, &c->pair[j]);
    if (rc == 0)
        rc = hfc_table_print(t);
    else
        hfc_table_free(t);
    for (size_t j = 0; j < c->npairs && rc == 0; ++j)
        if (!c->pair[j].trusted)
            fprintf(stderr, "hertzfit %s: warning: %s vs %s: a fit is not trusted (see "
                    "'maxwell fit'): its p-values mean little\n", command,
                    c->specimens->specimen[c->pair[j].a].name,
                    c->specimens->specimen[c->pair[j].b].name);
    return rc;
}

static int cmd_compare(int argc, char **argv)
{
    static const char *const methods[] = {"full", "curve", NULL};
    double level = HF_MAXWELL_COMPARE_LEVEL;
    fit_args a = {.command = argv[0], .method = NULL,
                  .curve = {.contact_start = "fit", .baseline = "fit"}};
    hfc_maxwell_args_init(&a.fit);
    hfc_opt opts[] = {
        HFC_MAXWELL_FIT_OPTIONS(&a.fit),
        HFC_TRACE_FORMAT_OPTIONS(&a.fit.format),
        {.name = "method", .kind = HFC_WORD, .value = &a.method, .words = methods,
         .help = "the fit whose estimates are compared: the full fit of the features, or "
                 "the whole-curve fit of the traces (default full when the list has "
                 "feature columns, else curve)"},
        HFC_MAXWELL_CURVE_OPTIONS(&a.curve, NULL),
        HFC_OPT_ALPHA(&a.fit.full.objective.alpha),
        {.name = "level", .kind = HFC_REAL, .value = &level, .arg = "P",
         .limits = HFC_ABOVE | HFC_BELOW, .min = 0.0, .max = 1.0,
         .help = "family-wise error level: a pair differs when its Holm-corrected p is "
                 "below P (default 0.05)"},
        HFC_OPT_CSV(&a.csv),
    };
    hfc_spec spec = {argv[0],
                     "Compare the specimens of a drop-test list (its 'specimen' column): each\n"
                     "specimen's mu0 and eta from one fit (full or curve) with 95 %\n"
                     "intervals (+-1.96 standard errors), then every pair tested for a\n"
                     "difference by Wald tests on the difference of the estimates, both\n"
                     "specimens' standard errors added: z and p for mu0 and eta alone, and\n"
                     "jointly W = d'(S_a + S_b)^-1 d against chi^2 with 2 degrees of freedom,\n"
                     "its p Holm-corrected across the pairs.  With --csv one row per pair,\n"
                     "both specimens' values side by side.  A pair whose fits are not both\n"
                     "trusted has status 'untrusted'.",
                     opts, HFC_COUNT(opts), NULL, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc))
        return rc;
    hf_maxwell_data *d = NULL;
    hf_argatov_constants k;
    unsigned mask = 0;
    if ((rc = hfc_maxwell_load(argv[0], &a.fit, &d, &k)) == 0)
        rc = observables_mask(argv[0], &a.fit, &mask);
    if (rc == 0) {
        a.method = a.method != NULL ? a.method : "all";
        hf_maxwell_identify_config c = identify_config(&a, mask);
        hf_maxwell_comparison *x = NULL; /* freed below */
        hf_diag diag = {{0}};
        hf_status st = hf_maxwell_compare(d, &k, &c, level, &x, &diag);
        if (x != NULL && x->specimens != NULL)
            report_fits(&a, d, x->specimens);
        char text[32];
        snprintf(text, sizeof text, "%.17g", level);
        if (x != NULL) /* the fit compared, as the comparison chose it */
            c.method = x->method == HF_MAXWELL_FULL ? HF_MAXWELL_IDENTIFY_FULL
                                                    : HF_MAXWELL_IDENTIFY_CURVE;
        rc = st != HF_OK ? hfc_fail_status(argv[0], NULL, st, &diag)
                         : hfc_maxwell_provenance(argv[0], d, a.fit.delimiter, a.fit.g,
                                                  &a.fit.format, &c, "level", text);
        if (rc == 0)
            rc = print_comparison(argv[0], a.csv, x);
        hf_maxwell_comparison_free(x);
    }
    hf_maxwell_data_free(d);
    hfc_free(&spec); /* the --observables list */
    return rc;
}

/* ---- dispatch ------------------------------------------------------------ */

static const hfc_command constants_command = {
    "constants", "Argatov's asymptotic constants (GSL quadrature)", cmd_constants, NULL, 0,
    NULL};
static const hfc_command simulate_command = {
    "simulate", "Hunter's impact model for one impact or a grid", cmd_simulate, NULL, 0, NULL};
static const hfc_command fit_command = {
    "fit", "identify mu0 and eta from drop tests", cmd_fit, NULL, 0, NULL};
static const hfc_command curves_command = {
    "curves", "master curves of Figs. 2-4 and where the asymptotics hold", cmd_curves, NULL,
    0, NULL};
static const hfc_command compare_command = {
    "compare", "the specimens of a list side by side, tested for a difference", cmd_compare,
    NULL, 0, NULL};
static const hfc_command *const maxwell_subs[] = {&constants_command, &simulate_command,
                                                   &fit_command, &curves_command,
                                                   &hfc_maxwell_extract_command,
                                                   &hfc_maxwell_report_command, &compare_command};

const hfc_command hfc_maxwell_command = {
    "maxwell", "Maxwell material: constants, impact simulation, identification", NULL,
    maxwell_subs, HFC_COUNT(maxwell_subs), NULL};
