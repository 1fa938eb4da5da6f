/*
 * hertzfit/maxwell_data.h — drop-test data for identifying a Maxwell
 * material (μ0, η): reading and checking a lab file, and making synthetic
 * data from Hunter's model with seeded noise.
 *
 * Data: a CSV with a header, read by hertzfit/csv.h (RFC 4180 quoting, a
 * UTF-8 byte-order mark, CRLF, '#' comment lines, ',', ';' or tab).  Each
 * quantity's column names its unit, and the reader converts to SI:
 *
 *   quantity            columns (one of)             stored as
 *   impactor mass       m_kg, m_g                    m [kg]
 *   impactor radius     R_m, R_mm, or diameter       R [m]  (R = D/2)
 *                       D_m, D_mm
 *   approach speed      V0_mps, or drop height       V0 [m/s]  (V0 = √(2 g h))
 *                       h_m, h_mm
 *   peak force          F_M_N, F_M_kN, F_M_mN        F_M [N]
 *   time of the peak    t_M_s, t_M_ms, t_M_us        t_M [s]
 *   contact duration    t_c_s, t_c_ms, t_c_us        t_c [s]
 *   restitution         e                            e
 *
 * Mass, radius and speed are required; at least one observable (F_M, t_M,
 * t_c, e) must be present.  A column whose name starts with a quantity's
 * symbol and '_' ("t_M_min", "m_lb") or is the bare symbol ("m", "R")
 * is refused naming the accepted units, as are two columns for the same
 * quantity (R_mm and D_mm); other columns (an id, a note) are not read.
 * An empty or NA observable cell is a missing value (NaN in the data): the
 * test still contributes its other observables; an impact cell may not be
 * missing, and a row needs at least one observable.
 *
 * Force traces: a list may have a column `trace` naming each drop's trace
 * file, relative to the list's folder (or absolute), in place of (or
 * beside) the observable columns.  A trace file is a CSV read the same way
 * with a time column t_s, t_ms or t_us and a force column F_N, F_kN or
 * F_mN (other columns are not read; 't_'/'F_' with another unit is
 * refused as above), times strictly increasing, no missing sample, at
 * least HF_MAXWELL_TRACE_MIN_SAMPLES and at most
 * HF_MAXWELL_TRACE_MAX_SAMPLES samples, HF_MAXWELL_TRACE_MAX_TOTAL over the
 * list (hertzfit/maxwell_trace.h).  Its errors name the list's cell and
 * then the trace file's PATH:LINE:COLUMN.  The data then hold the traces
 * in SI (`trace`); hf_maxwell_data_check still requires an observable,
 * so the regressions and the full fit need the features extracted first
 * (hf_maxwell_trace_extract).
 *
 * Plausibility: values no real drop test has — a mass over
 * HF_MAXWELL_MASS_MAX, a radius over HF_MAXWELL_RADIUS_MAX, a t_M or t_c
 * over HF_MAXWELL_TIME_MAX, a peak force below the impactor's weight m g
 * — are read but add one warning line per column to the data (naming the
 * column, the first offending line and the likely unit slip), for the
 * caller to show.
 *
 * The estimates built from such data are hertzfit/maxwell_estimate.h
 * (Argatov's regressions, the full-model misfit) and
 * hertzfit/maxwell_fit.h (the full-model fit).
 */
#ifndef HERTZFIT_MAXWELL_DATA_H
#define HERTZFIT_MAXWELL_DATA_H

#include <stddef.h>
#include <stdint.h>
#include "hertzfit/hunter.h"
#include "hertzfit/maxwell.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hf_maxwell_observable {
    HF_MAXWELL_F_M,   /* peak contact force [N] */
    HF_MAXWELL_T_M,   /* time of the peak force [s] */
    HF_MAXWELL_T_C,   /* contact duration [s] */
    HF_MAXWELL_E,     /* coefficient of restitution, column e */
    HF_MAXWELL_NOBS
} hf_maxwell_observable;

/* "F_M", "t_M", "t_c", "e". */
const char *hf_maxwell_observable_name(hf_maxwell_observable obs);
/* The observable of a response. */
double hf_maxwell_response_get(const hf_maxwell_response *r, hf_maxwell_observable obs);
/* The names of the observables whose bit (1 << obs) is set in MASK,
 * joined by '+' ("F_M", "F_M+t_M+t_c+e"), into buf (at most size bytes);
 * returns buf. */
const char *hf_maxwell_observables_name(unsigned mask, char *buf, size_t size);

/* Plausibility limits of a drop test (see above). */
#define HF_MAXWELL_MASS_MAX 100.0    /* kg */
#define HF_MAXWELL_RADIUS_MAX 1.0    /* m */
#define HF_MAXWELL_TIME_MAX 1.0      /* s */

/* Standard gravity [m/s²], the default g of a drop height. */
#define HF_STANDARD_GRAVITY 9.80665

/* One drop's measured force history: n samples, t strictly increasing,
 * both in SI (t [s], F [N]) whatever units the trace file used. */
typedef struct hf_maxwell_trace {
    size_t n;     /* samples */
    double *t;    /* n times [s] (owned) */
    double *F;    /* n forces [N] (owned) */
    char *path;   /* the trace file it was read from (owned), or NULL */
} hf_maxwell_trace;

typedef struct hf_maxwell_data {
    size_t n;                              /* number of tests */
    hf_maxwell_impact *impact;             /* n impacts (owned), SI */
    double *value[HF_MAXWELL_NOBS];        /* n values each (owned), SI, NULL if the
                                              column is absent; NaN: this test's value
                                              is missing */
    size_t *line;                          /* CSV line of each test (owned), or NULL */
    char *path;                            /* file it was read from (owned), or NULL */
    hf_maxwell_trace *trace;               /* n force histories (owned) when the
                                              list has a trace column, else NULL */
    size_t nwarnings;                      /* plausibility warnings of the reader */
    char **warning;                        /* nwarnings lines (owned), or NULL */
} hf_maxwell_data;

/* How the trace files of a test list are read (docs/traces.md, "Files as
 * instruments write them").  The file's form follows from its name: .lvm
 * (LabVIEW's text measurement file), .mat (MATLAB, through libmatio),
 * .h5/.hdf5 (HDF5, through libhdf5), anything else CSV.  The time and the
 * force are a column (CSV, .lvm), a variable (.mat; "S.f" is field f of
 * struct S) or a dataset (HDF5, a path such as "/drop1/t") named:
 *  - by time_column/force_column when given, the unit then from the
 *    name's end — "t_ms", "Time (ms)", "Force [kN]" — or from
 *    time_unit/force_unit, which override it;
 *  - else by the names t_s, t_ms, t_us and F_N, F_kN, F_mN (the unit
 *    letters in any case: T_MS, f_kn; "MN", meganewtons, is refused).
 * Units: s, ms, us (µs); N, kN, mN, in any case but MN.  With rate > 0
 * the time column holds sample numbers k (t = k/rate), or, without a
 * time_column, the k-th sample of the file is at k/rate (k from 0).
 * decimal ',' reads CSV and .lvm numbers with a decimal comma (the
 * separator must then be ';' or a tab); an .lvm file's own
 * Decimal_Separator is read from its header. */
typedef struct hf_maxwell_trace_format {
    char separator;            /* CSV: ',', ';' or '\t'; 0: detected */
    char decimal;              /* '.' (default) or ',' */
    const char *time_column;   /* NULL: the t_s|t_ms|t_us forms */
    const char *force_column;  /* NULL: the F_N|F_kN|F_mN forms */
    const char *time_unit;     /* NULL: from the name; "s", "ms", "us" */
    const char *force_unit;    /* NULL: from the name; "N", "kN", "mN" */
    double rate;               /* sample rate [Hz] of a sample-number time; 0: times */
} hf_maxwell_trace_format;

/* Separator detected, decimal '.', the default names, no rate. */
void hf_maxwell_trace_format_init(hf_maxwell_trace_format *format);

typedef struct hf_maxwell_read_options {
    char separator;   /* ',', ';' or '\t'; 0: detected (hertzfit/csv.h) */
    double g;         /* gravity for drop heights [m/s²], > 0 (default
                         HF_STANDARD_GRAVITY) */
    hf_maxwell_trace_format trace_format;  /* how the trace files are read
                                              (its separator is the trace
                                              files', not the list's) */
} hf_maxwell_read_options;

/* Separator detected, g = HF_STANDARD_GRAVITY, the default trace format. */
void hf_maxwell_read_options_init(hf_maxwell_read_options *options);

/* Allocates n tests with the observables whose bit (1 << obs) is set in
 * mask; values are zero.  *out is owned by the caller (hf_maxwell_data_free).
 * HF_ENOMEM. */
hf_status hf_maxwell_data_alloc(size_t n, unsigned mask, hf_maxwell_data **out,
                                hf_diag *diag);
void hf_maxwell_data_free(hf_maxwell_data *data);
/* Bit set (1 << obs) of the observable columns DATA holds (0: none, e.g.
 * a list of force traces only). */
unsigned hf_maxwell_data_mask(const hf_maxwell_data *data);

/* Reads and checks PATH (see above; OPTIONS may be NULL: the defaults).
 * Every failure names PATH:LINE:COLUMN where there is a cell to blame:
 * HF_EIO, HF_EPARSE (not a number, ragged row, a column of a known
 * quantity with an unknown unit or twice, naming the accepted columns),
 * HF_EDOM (NaN/inf, m, R, V0 or an observable <= 0, e > 1, a negative
 * drop height), HF_EMISSING (a missing impact cell, a row without any
 * observable), HF_ENOTFOUND (missing required column, or no observable
 * column), HF_EINVAL (no data rows, a bad separator or g). */
hf_status hf_maxwell_data_read(const char *path, const hf_maxwell_read_options *options,
                               hf_maxwell_data **out, hf_diag *diag);

/* Reads only the impacts (mass, radius, speed) of PATH, for simulating a
 * grid of tests; observable columns are not read (mask 0), but their
 * names are checked.  Same errors. */
hf_status hf_maxwell_grid_read(const char *path, const hf_maxwell_read_options *options,
                               hf_maxwell_data **out, hf_diag *diag);

/* Checks values already in memory the same way (test index instead of
 * the line when the data did not come from a file; NaN is a missing
 * observable). */
hf_status hf_maxwell_data_check(const hf_maxwell_data *data, hf_diag *diag);

/* Largest relative noise of hf_maxwell_synthesize.  The factor
 * 1 + noise·N(0,1) is negative only beyond 1/noise = 5 standard
 * deviations (probability 3e-7 per value), and multiplicative Gaussian
 * noise larger than 20 % is not a model of a measurement anyway. */
#define HF_MAXWELL_NOISE_MAX 0.2

/* Synthetic drop tests: Hunter's model (hf_maxwell_simulate, default
 * tolerances) for every impact of IMPACTS at MATERIAL, into out[0 .. n-1]
 * (the caller's array of impacts->n responses).  With noise > 0 each
 * observable is multiplied by 1 + noise·N(0,1), drawn from PCG32 (seed,
 * stream 0) in impact order and F_M, t_M, t_c, e order within an impact;
 * eps stays the exact ε of the test.  The files
 * data/maxwell_synthetic_*.csv are this on data/maxwell_synthetic_grid.csv.
 * HF_ERANGE for noise outside [0, HF_MAXWELL_NOISE_MAX]; the errors of
 * hf_maxwell_simulate naming the impact (PATH:LINE when IMPACTS came from
 * a file); HF_EDOM naming the impact when the noise makes a value
 * impossible (e outside (0, 1], another value <= 0). */
hf_status hf_maxwell_synthesize(const hf_maxwell_material *material,
                                const hf_maxwell_data *impacts, double noise, uint64_t seed,
                                hf_maxwell_response *out, hf_diag *diag);
/* The same for a standard linear solid of relaxing fraction alpha
 * (hf_maxwell_simulate_sls; alpha = 1 is hf_maxwell_synthesize). */
hf_status hf_maxwell_synthesize_sls(const hf_maxwell_material *material, double alpha,
                                    const hf_maxwell_data *impacts, double noise,
                                    uint64_t seed, hf_maxwell_response *out, hf_diag *diag);

/* Trace I of DATA (a drop's force history already in memory: N samples,
 * t [s] strictly increasing, F [N], both finite), copied into
 * data->trace[i] (allocated, every other trace empty, at the first call);
 * the trace's path is NULL.  A list read from a file and the same numbers
 * set here give the same extraction and fits, to the bit.  HF_EINVAL (no
 * data, I out of range, fewer than HF_MAXWELL_TRACE_MIN_SAMPLES samples),
 * HF_ERANGE (more than HF_MAXWELL_TRACE_MAX_SAMPLES), HF_EDOM naming the
 * sample (not finite, time not increasing), HF_ENOMEM. */
hf_status hf_maxwell_data_set_trace(hf_maxwell_data *data, size_t i, size_t n, const double *t,
                                    const double *F, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
