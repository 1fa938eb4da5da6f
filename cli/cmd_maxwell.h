/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_maxwell.h — what `hertzfit maxwell fit`, `hertzfit plot
 * maxwell` and `hertzfit plot trace` share: the options of the full-model
 * and curve fits, loading a data set and running the fits.  Private to
 * cli/.
 */
#ifndef HERTZFIT_CLI_CMD_MAXWELL_H
#define HERTZFIT_CLI_CMD_MAXWELL_H

#include <stddef.h>

#include "cli.h"
#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_fit.h"

/* What both take: the data and how to read it, ν, the regressions'
 * weights and the full fit's optimiser, seed, budget. */
/* How trace files are read, as the options give it (hf_maxwell_trace_format). */
typedef struct hfc_trace_format_args {
    const char *decimal;          /* "." or ",", or NULL: "." */
    const char *time_column, *force_column, *time_unit, *force_unit;
    double rate;                  /* 0: not given */
} hfc_trace_format_args;

typedef struct hfc_maxwell_args {
    const char *data;
    const char *delimiter;        /* ",", ";", "tab", or NULL: detected */
    double g;                     /* gravity of drop heights [m/s^2] */
    const char *weights;          /* "none" or "relative" */
    double nu;
    unsigned long long seed, max_evals;
    hf_maxwell_fit_config full;   /* hf_maxwell_fit_config_init'ed */
    hfc_trace_format_args format; /* of the trace files (maxwell fit) */
    hfc_texts observables;        /* --observables: the full fit's, or none: all */
} hfc_maxwell_args;

/* The options' defaults: nu and g not given (NaN), weights none, seed 1,
 * the full fit's configuration hf_maxwell_fit_config_init'ed. */
void hfc_maxwell_args_init(hfc_maxwell_args *args);

/* The material model: 1 the Maxwell solid, below 1 the standard linear
 * solid of Argatov Eq. 47. */
#define HFC_OPT_ALPHA(ptr)                                                            \
    {.name = "alpha", .kind = HFC_REAL, .value = (ptr), .arg = "A",                   \
     .limits = HFC_ABOVE | HFC_MAX, .min = 0.0, .max = 1.0,                           \
     .help = "standard linear solid with relaxing fraction A = (mu0 - mu_inf)/mu0 "    \
             "(Argatov Eq. 47; eta is then 1/tau); default 1, the Maxwell solid"}

#define HFC_OPT_NU(ptr, what)                                                         \
    {.name = "nu", .kind = HFC_REAL, .value = (ptr), .arg = "N", .required = 1,       \
     .limits = HFC_MIN | HFC_MAX, .min = 0.0, .max = 0.5, .help = (what)}

/* How a drop-test file is read: its separator and the g of drop heights. */
#define HFC_MAXWELL_READ_OPTIONS(delimiter_ptr, g_ptr)                                \
    {.name = "delimiter", .kind = HFC_WORD, .value = (delimiter_ptr),                 \
     .words = hfc_maxwell_delimiters, .arg = "SEP",                                   \
     .help = "separator of the data file (default: detected from its header)"},      \
    {.name = "g", .kind = HFC_REAL, .value = (g_ptr), .arg = "MPS2",                  \
     .limits = HFC_ABOVE, .min = 0.0,                                                 \
     .help = "gravity turning a drop height h into V0 = sqrt(2 g h) [m/s^2] "         \
             "(default 9.80665)"}

extern const char *const hfc_maxwell_delimiters[];

/* The separator character of a --delimiter word (0 for NULL: detected). */
char hfc_maxwell_separator(const char *delimiter);

#define HFC_MAXWELL_FIT_OPTIONS(args)                                                 \
    {.name = "data", .kind = HFC_TEXT, .value = &(args)->data, .arg = "FILE",         \
     .required = 1, .help = "drop tests, CSV: mass (m_kg|m_g), radius (R_m|R_mm|D_m|"  \
                           "D_mm), speed (V0_mps|h_m|h_mm) and any of F_M (_N|_kN|"   \
                           "_mN), t_M and t_c (_s|_ms|_us), e"},                      \
    HFC_MAXWELL_READ_OPTIONS(&(args)->delimiter, &(args)->g),                         \
    HFC_OPT_NU(&(args)->nu, "Poisson's ratio of the target"),                         \
    {.name = "weights", .kind = HFC_WORD, .value = &(args)->weights,                  \
     .words = hfc_maxwell_weight_names, .arg = "W",                                   \
     .help = "regression weights: none = ordinary least squares (Argatov), relative "  \
             "= 1/y^2 for errors proportional to the value (default none)"},         \
    {.name = "optimizer", .kind = HFC_TEXT, .value = &(args)->full.optimizer,         \
     .arg = "NAME", .help = "optimiser of the full fit (default "                     \
                            HF_MAXWELL_FIT_OPTIMIZER ")"},                            \
    HFC_OPT_SEED(&(args)->seed, "PCG32 seed of the full fit (default 1)"),            \
    {.name = "max-evals", .kind = HFC_INT, .value = &(args)->max_evals, .arg = "E",   \
     .limits = HFC_MIN, .min = 1,                                                     \
     .help = "evaluation budget of the full fit (default: the optimiser's)"},        \
    {.name = "observables", .kind = HFC_TEXTS, .value = &(args)->observables,         \
     .arg = "O,O,...",                                                                \
     .help = "the full fit's observables, of F_M, t_M, t_c, e (default: every one "    \
             "the data has, but F_M alone on a table 'maxwell extract' wrote: its "   \
             "t_M and t_c pull F_M's estimate off); e.g. F_M,t_c"}

extern const char *const hfc_maxwell_weight_names[];

/* The weights of args->weights. */
hf_maxwell_weights hfc_maxwell_weights(const hfc_maxwell_args *args);

/* Prints DATA's plausibility warnings on stderr, one line each. */
void hfc_maxwell_warn_data(const char *command, const hf_maxwell_data *data);

/* Reads the drop-test data or test list PATH (DELIMITER a --delimiter
 * word or NULL, G NaN for the default, FORMAT of its trace files or NULL) and prints its warnings; with
 * TRACES, refuses a file without a 'trace' column.  Returns 0 with *data
 * owned by the caller (hf_maxwell_data_free), or prints one error line
 * and returns 2 (bad input) or 1. */
int hfc_maxwell_read(const char *command, const char *path, const char *delimiter, double g,
                     const hfc_trace_format_args *format, int traces, hf_maxwell_data **data);

/* With NAME (a --specimen) not NULL: *data, read from a list, replaced by
 * the data of the drops of specimen NAME (hf_maxwell_data_select_specimen)
 * and *list_drop set to their 0-based numbers in the list (the caller's,
 * free); NAME NULL leaves both (*list_drop NULL).  Returns 0, or prints
 * one error line and returns 2 (no such specimen, no specimen column) or
 * 1 (*data unchanged). */
int hfc_maxwell_select_specimen(const char *command, const char *name, hf_maxwell_data **data,
                                size_t **list_drop);

/* The provenance of a result of DATA into *out, the caller's
 * (hf_provenance_free): hf_maxwell_provenance of its files, how they were
 * read and CFG's options when not NULL.  Returns 0, or prints one error
 * line and returns 2 or 1 (*out NULL). */
int hfc_maxwell_provenance_make(const char *command, const hf_maxwell_data *data,
                                const char *delimiter, double g,
                                const hfc_trace_format_args *format,
                                const hf_maxwell_identify_config *cfg, hf_provenance **out);

/* Prints P as "# key = value" lines on stdout, above a table: behind '#'
 * in a CSV as in an aligned table. */
void hfc_provenance_print(const hf_provenance *p);

/* Prints the provenance of a table of DATA (hf_maxwell_provenance: its
 * files, how they were read, CFG's options when not NULL, and KEY = VALUE
 * when KEY is not NULL) as "# key = value" lines on stdout.  Returns 0, or
 * prints one error line and returns 2 or 1. */
int hfc_maxwell_provenance(const char *command, const hf_maxwell_data *data,
                           const char *delimiter, double g, const hfc_trace_format_args *format,
                           const hf_maxwell_identify_config *cfg, const char *key,
                           const char *value);

/* Reads args->data (with its delimiter and g), prints its warnings and
 * computes the constants; prints one error line and
 * returns 2 (bad input) or 1, or returns 0 with *data owned by the caller
 * (hf_maxwell_data_free). */
int hfc_maxwell_load(const char *command, const hfc_maxwell_args *args,
                     hf_maxwell_data **data, hf_argatov_constants *constants);

/* Runs the full fit of ARGS; residuals may be NULL (else
 * n·HF_MAXWELL_NOBS doubles).  Warns on stderr when the fit is suspect.
 * Returns 0, or prints one error line and returns 2 or 1. */
int hfc_maxwell_fit_full(const char *command, const hfc_maxwell_args *args,
                         const hf_maxwell_data *data, const hf_argatov_constants *constants,
                         hf_maxwell_fit_result *out, double *residuals);

/* The identification of ARGS's feature data DATA as `maxwell fit
 * --method all` runs it on a feature list: Argatov's regressions of every
 * feature column and the full fit, into *report (freed by the caller with
 * hf_maxwell_identify_report_free, also after an error).  Warns on stderr
 * when a fit did not converge.  Returns 0, or prints one error line and
 * returns 2 or 1. */
int hfc_maxwell_identify_features(const char *command, const hfc_maxwell_args *args,
                                  const hf_maxwell_data *data,
                                  const hf_argatov_constants *constants,
                                  hf_maxwell_identify_report *report);

/* Argatov's regression figure (`plot maxwell`) of the identification R of
 * DATA: each regression's data with error bars from U (U[j] the standard
 * uncertainties of F_M, t_M, t_c, data->n values each, or U NULL: no
 * bars), its line with its parameters and status in the legend (dashed
 * red when not trusted), the full fit's curve; written to PNG.  Returns
 * 0, or prints one error line and returns 2 or 1. */
int hfc_plot_regressions(const char *command, const char *png, const hf_maxwell_data *data,
                         const hf_maxwell_identify_report *r, const double *const u[3]);

/* The curve fit's choices, as `maxwell fit` and `plot trace` take them. */
typedef struct hfc_curve_args {
    const char *contact_start;    /* "fit" (NULL too) or "extracted" */
    const char *baseline;         /* "fit" (NULL too) or "zero" */
    unsigned long long max_iter;  /* trust-region iterations; 0: the library's */
} hfc_curve_args;

extern const char *const hfc_curve_contact_starts[];
extern const char *const hfc_curve_baselines[];

/* --contact-start, --baseline and --max-iter into *(args); each is refused
 * together with the option named EXCLUDES (NULL: none). */
#define HFC_MAXWELL_CURVE_OPTIONS(args, excl)                                         \
    {.name = "contact-start", .kind = HFC_WORD, .value = &(args)->contact_start,      \
     .words = hfc_curve_contact_starts, .arg = "HOW", .excludes = (excl),             \
     .help = "curve fit: each drop's contact start fitted, or fixed where 'maxwell "  \
             "extract' finds it (default fit)"},                                      \
    {.name = "baseline", .kind = HFC_WORD, .value = &(args)->baseline,                \
     .words = hfc_curve_baselines, .arg = "HOW", .excludes = (excl),                  \
     .help = "curve fit: each trace's zero-force reading fitted, or zero for traces " \
             "already zeroed (default fit)"},                                         \
    {.name = "max-iter", .kind = HFC_INT, .value = &(args)->max_iter, .arg = "N",     \
     .limits = HFC_MIN, .min = 1, .excludes = (excl),                                 \
     .help = "trust-region iterations of the curve fit (default 200)"}

/* The identification's configuration of ARGS and CURVE, as `maxwell fit
 * --method all` takes them (the full fit's --observables checked) into
 * *c.  Returns 0, or prints one error line and returns 2. */
int hfc_maxwell_identify_setup(const char *command, const hfc_maxwell_args *args,
                               const hfc_curve_args *curve, hf_maxwell_identify_config *c);

/* Runs the curve fit of DATA (read from PATH) at Poisson's ratio NU with
 * ARGS; contact_start, baseline (data->n values each) and residuals
 * (hf_maxwell_curve_nresiduals values) may be NULL.  Warns on stderr, one
 * line, when the fit did not converge.  Returns 0, or prints one error
 * line and returns 2 or 1. */
int hfc_maxwell_fit_curve(const char *command, const char *path, const hf_maxwell_data *data,
                          double nu, const hfc_curve_args *args, hf_maxwell_fit_result *out,
                          double *contact_start, double *baseline, double *residuals);

/* The figure of `plot trace` for a curve fit already run: FIT of DATA's
 * traces at Poisson's ratio NU, with its CONTACT_START and BASELINE
 * (data->n values each) and RESIDUALS (hf_maxwell_curve_nresiduals
 * values), written to PNG; the legend numbers drop i as LIST_DROP[i] + 1
 * (its number in the list DATA was selected from), or i + 1 when
 * LIST_DROP is NULL.  Returns 0, or prints one error line and returns 2
 * or 1. */
int hfc_plot_trace_fitted(const char *command, const char *png, const hf_maxwell_data *data,
                          double nu, const hf_maxwell_fit_result *fit,
                          const double *contact_start, const double *baseline,
                          const double *residuals, const size_t *list_drop);

/* How the trace files of a test list are read: --decimal, --time-column,
 * --force-column, --time-unit, --force-unit, --rate into *(ptr), an
 * hfc_trace_format_args (docs/traces.md, "Files as instruments write
 * them"). */
#define HFC_TRACE_FORMAT_OPTIONS(ptr)                                                 \
    {.name = "decimal", .kind = HFC_WORD, .value = &(ptr)->decimal,                   \
     .words = hfc_trace_decimals, .arg = "MARK",                                      \
     .help = "decimal mark of the trace files' numbers: '.' or ',' (then columns "    \
             "are separated by ';' or tabs; default '.')"},                           \
    {.name = "time-column", .kind = HFC_TEXT, .value = &(ptr)->time_column,           \
     .arg = "NAME", .help = "the traces' time: a column (CSV, .lvm), variable (.mat; "  \
                            "S.f a struct field) or dataset (HDF5), its unit from the " \
                            "name ('Time (ms)', 't_ms') or --time-unit (default t_s|"  \
                            "t_ms|t_us, any case)"},                                  \
    {.name = "force-column", .kind = HFC_TEXT, .value = &(ptr)->force_column,         \
     .arg = "NAME", .help = "the traces' force, named as --time-column (default F_N|"  \
                            "F_kN|F_mN, any case; an .lvm file's one channel)"},      \
    {.name = "time-unit", .kind = HFC_TEXT, .value = &(ptr)->time_unit, .arg = "UNIT", \
     .excludes = "rate", .help = "unit of the traces' time: s, ms or us (default: from " \
                                 "its name)"},                                        \
    {.name = "force-unit", .kind = HFC_TEXT, .value = &(ptr)->force_unit,             \
     .arg = "UNIT", .help = "unit of the traces' force: N, kN or mN (default: from its " \
                            "name, or an .lvm file's Y_Unit_Label)"},                 \
    {.name = "rate", .kind = HFC_REAL, .value = &(ptr)->rate, .arg = "HZ",            \
     .limits = HFC_ABOVE, .min = 0.0,                                                 \
     .help = "sample rate of the traces: --time-column holds sample numbers k, "      \
             "t = k/HZ; without --time-column the k-th sample (from 0) is at k/HZ"}

extern const char *const hfc_trace_decimals[];

/* `maxwell report` (cli/cmd_maxwell_report.c). */
extern const hfc_command hfc_maxwell_report_command;

#endif
