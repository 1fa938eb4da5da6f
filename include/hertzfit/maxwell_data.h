/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/maxwell_data.h — drop-test data for identifying a Maxwell
 * material (μ0, η): reading and checking a lab file, and making synthetic
 * data from Hunter's model with seeded noise (this section); the force
 * traces of drop tests and their extracted features (second section); the
 * estimates built from such data (last section).
 *
 * Data: a CSV with a header, read by core/csv.h (RFC 4180 quoting, a
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
 * Specimens: an optional column `specimen` (any text, quoted or not, not
 * empty) names the specimen each drop was made on — a material, a batch,
 * a temperature.  Drops of one name form one specimen, in the order their
 * names first appear; hertzfit/maxwell_fit.h identifies each specimen on
 * its own (hf_maxwell_identify_specimens) and compares them
 * (hf_maxwell_compare).
 *
 * Force traces: a list may have a column `trace` naming each drop's trace
 * file, relative to the list's folder (or absolute), in place of (or
 * beside) the observable columns.  A trace file is a CSV read the same way
 * with a time column t_s, t_ms or t_us and a force column F_N, F_kN or
 * F_mN (other columns are not read; 't_'/'F_' with another unit is
 * refused as above), times strictly increasing, no missing sample, at
 * least HF_MAXWELL_TRACE_MIN_SAMPLES and at most
 * HF_MAXWELL_TRACE_MAX_SAMPLES samples, HF_MAXWELL_TRACE_MAX_TOTAL over the
 * list (the traces' section below) — both checked on every trace's count
 * (its lines, or its variable's or dataset's declared size) before any
 * trace is parsed, HF_ERANGE naming the file, the count and the limit.
 * Its errors name the list's cell and
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
 * caller to show.  So does a row whose peak force and duration disagree
 * with its momentum: F_M·t_c/(m V0) outside [HF_MAXWELL_IMPULSE_TC_MIN,
 * HF_MAXWELL_IMPULSE_TC_MAX] (or F_M·t_M/(m V0) outside the t_M bounds
 * without t_c): the impulse of an impact is m V0 (1 + e), 1 to 2 m V0,
 * and F_M t_c is 1.5 to 2 times it (3.25 to 3.6 m V0 over the clean
 * synthetic set, F_M t_M half that), so a mass, force or time column off
 * by 10 in one row lands outside (one line naming the file and row).
 *
 * The estimates built from such data are in the last section below
 * (Argatov's regressions, the full-model misfit) and
 * hertzfit/maxwell_fit.h (the full-model fit).
 */
#ifndef HERTZFIT_MAXWELL_DATA_H
#define HERTZFIT_MAXWELL_DATA_H

#include <stddef.h>
#include <stdint.h>
#include "hertzfit/maxwell.h"
#include "hertzfit/problem.h"
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
/* The names of the observables whose bit (1 << obs) is set in MASK,
 * joined by '+' ("F_M", "F_M+t_M+t_c+e"), into buf (at most size bytes);
 * returns buf. */
const char *hf_maxwell_observables_name(unsigned mask, char *buf, size_t size);

/* Plausibility limits of a drop test (see above). */
#define HF_MAXWELL_MASS_MAX 100.0    /* kg */
#define HF_MAXWELL_IMPULSE_TC_MIN 1.0
#define HF_MAXWELL_IMPULSE_TC_MAX 8.0
#define HF_MAXWELL_IMPULSE_TM_MIN 0.5
#define HF_MAXWELL_IMPULSE_TM_MAX 4.0
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
    char **specimen;                       /* n specimen names (owned) when the list
                                              has a `specimen` column (or
                                              hf_maxwell_data_set_specimen set one),
                                              else NULL: one specimen */
    int extracted;                         /* 1: the table is one 'maxwell extract'
                                              wrote (it has the column u_t_c_s): its
                                              features were measured on traces, and
                                              the full fit's default observables are
                                              HF_MAXWELL_EXTRACTED_OBSERVABLES */
    double *uncertainty[HF_MAXWELL_NOBS];  /* standard uncertainty of each value, SI
                                              (owned; NULL when not known, NaN for
                                              a missing one): the columns u_F_M_N,
                                              u_t_M_s, u_t_c_s, u_e of the table
                                              'maxwell extract' writes; the exact
                                              feature fit's noise
                                              (hertzfit/viscoelastic_fit.h) */
    double g;                              /* gravity [m/s^2]: the reader's g (its
                                              heights' V0 = sqrt(2 g h)), the flight
                                              time's restitution g T/(2 V0);
                                              HF_STANDARD_GRAVITY from
                                              hf_maxwell_data_alloc */
    unsigned char *warning_tests;          /* nwarnings x n (owned), or NULL:
                                              warning_tests[w * n + i] is 1 when
                                              warning w concerns test i (a column's
                                              warning: every test whose value it
                                              doubts; a row's: that test) */
} hf_maxwell_data;

/* The full fit's observables on extracted features unless asked for
 * others: F_M alone.  Over 30 seeded noise sets of the shipped example
 * (docs/traces.md) F_M covers the truth within 2 standard errors in 27,
 * F_M with t_c in 26 (8 of the first 10), all three in 22, F_M with
 * t_M in 15: the extracted t_M carries the contact start's bias (t0 early
 * by ~0.1 % of t_c at ε ≈ 0.15), which F_M pulls against. */
#define HF_MAXWELL_EXTRACTED_OBSERVABLES (1u << HF_MAXWELL_F_M)

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

typedef struct hf_maxwell_read_options {
    char separator;   /* ',', ';' or '\t'; 0: detected (core/csv.h) */
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

/* Names the specimen of test I of DATA (a copy of NAME, not empty; every
 * other test's specimen is "" until set, and a data set with an empty
 * name left is refused by the specimen functions of
 * hertzfit/maxwell_fit.h).  HF_EINVAL (no data, I out of range, NAME NULL
 * or empty), HF_ENOMEM. */
hf_status hf_maxwell_data_set_specimen(hf_maxwell_data *data, size_t i, const char *name,
                                       hf_diag *diag);

/* The tests of DATA whose specimen is NAME, as a data set of their own in
 * *out (the caller's, hf_maxwell_data_free): copies of their impacts,
 * values, lines, traces and names, the list's path and g, and every
 * warning of DATA that concerns one of them.  When LIST_DROP is not NULL
 * (room for data->n values) it receives each selected test's 0-based index
 * in DATA, the drop numbers a reader of the list knows.  HF_EINVAL
 * without a specimen column, HF_ENOTFOUND naming the specimens there are
 * when none is NAME, HF_ENOMEM. */
hf_status hf_maxwell_data_select_specimen(const hf_maxwell_data *data, const char *name,
                                          hf_maxwell_data **out, size_t *list_drop,
                                          hf_diag *diag);

/*
 * ---- measured force histories of drop tests: the
 * features F_M, t_M, t_c extracted from a raw load-cell trace, and
 * synthetic traces made from Hunter's model with a realistic acquisition
 * (sample rate, noise, baseline offset, quantisation).
 *
 * A trace is an hf_maxwell_trace (the data section above): times [s]
 * strictly increasing, forces [N].  Traces come from a test list read by
 * hf_maxwell_data_read (a `trace` column: see there).
 *
 * Extraction (hf_maxwell_trace_extract), per impact found in a trace:
 *  1. Baseline b and noise σ: mean and standard deviation of the
 *     pre-contact samples, those before the rise to 5 % of the largest
 *     excursion that leads to the first crossing of half of it, less a
 *     guard as long as that
 *     rise; with fewer than HF_MAXWELL_TRACE_MIN_BASELINE of them (a short
 *     pre-trigger), the post-contact samples (the same guard after the
 *     fall, to a later impact) join them; at least
 *     HF_MAXWELL_TRACE_MIN_BASELINE in all.
 *  2. The impact: the force passes 4 times the threshold
 *     b + max(5σ, 10⁻³ of the largest excursion) (20σ: noise does not);
 *     the impact runs from where it last rose through the threshold until
 *     the force stays below it for 3 samples.
 *  3. Contact start t0 and end t1 from the edges, below the sampling
 *     interval: near the contact start a Hertzian contact follows
 *     s = T·u(z), z = (y/H)^{2/3} the normalised approach, y = F − b,
 *     H the peak excursion, u(z) = z + z^{7/2}/7 the Hertz time law to
 *     its first correction (from ω'' = −(5/4)ω^{3/2}, ω(0) = 0, ω'(0) = 1,
 *     Argatov Eq. 24 at ε = 0).  u is nearly linear in time on each edge,
 *     so a fit of u against t (weights from σ carried through u) crosses
 *     u = 0 at t0 on the rising edge and at t1 on the falling one; a
 *     quadratic term in t takes up the curvature the viscous terms add.
 *     The rising edge is fitted over the samples with y between 5 % and
 *     80 % of H with Hertz's exact time law, u(z) = ∫₀^z (1 − x^{5/2})^{−1/2}
 *     dx = (2/5) B(2/5, 1/2) I_{z^{5/2}}(2/5, 1/2) (GSL's incomplete beta
 *     function); the change of t0 when its window ends at 50 % instead is
 *     added to t0's uncertainty.  The falling edge fitted the same way
 *     (10 % to 50 % of H, the first correction) only starts the search
 *     for t1: Hunter's force ends in a step (hertzfit/maxwell.h) of O(ε²)
 *     of the peak, after which that fit's zero lands.  t1 minimises the
 *     residuals of a local model of the end below 65 % of H, S + A s^{3/2}
 *     + C s^{5/2} + D s^{7/2} before t1 (s = t1 − t, S >= 0 the step) and 0
 *     after it, profiled over its linear coefficients; its uncertainty is
 *     where the residual sum rises by one noise variance, with the change
 *     of t1 without the last term added (objectives/maxwell_trace.c,
 *     docs/traces.md).
 *  4. Peak: a quartic polynomial in t (GSL multifit, weights 1/σ²) over
 *     the samples within 25 % of the contact duration of the largest one
 *     (at least 7; chosen by time, as samples chosen by value would bias
 *     the peak up; quartic, as the pulse there is no parabola: a
 *     sine-like Hertz pulse has a quartic term and the viscous asymmetry
 *     a cubic one); its maximum, where the derivative is zero, gives F_M
 *     (above b) and the time of the peak.  Where F_M's statistical
 *     uncertainty is under twice the quartic's model error (4.3e-4 of
 *     the peak at ε = 0.25) the fits are recentred on the sample nearest
 *     the maximum and an s^6 term is added, over a window narrowed as the
 *     noise falls
 *     (~16 % of t_c at 10 MHz); the model's error bound is added to F_M's
 *     uncertainty.
 *  5. t_M = vertex time − t0, t_c = t1 − t0.
 * Standard uncertainties: from each fit's covariance, with the known σ
 * when σ > 0 (else the residual scatter), carried by first-order
 * propagation (the zero crossings and the maximum are implicit functions
 * of the fitted coefficients); b's own uncertainty σ/√n adds to F_M's.
 * A contact of fewer than HF_MAXWELL_TRACE_MIN_CONTACT samples, or a peak
 * under 40 σ, takes steps 3–5 from a fit of the whole pulse instead
 * (Hunter's force as a family of shapes, t0 and b free; uncertainties
 * from its covariance, the largest at the least squares and at the
 * skew's ±2 s.d., and its χ² profile in t0; an F test of its
 * residuals against σ, PULSE_MISFIT below 1e-3); a peak no sample of
 * which reaches step 2's level is found by the moving sum of the samples
 * that stands highest (8 σ) above the noise (docs/traces.md).
 */

/* Limits of a trace: samples per file (and per synthetic trace), samples
 * of all traces of one list, and the fewest samples a trace may have. */
#define HF_MAXWELL_TRACE_MAX_SAMPLES 2000000
#define HF_MAXWELL_TRACE_MAX_TOTAL 50000000
#define HF_MAXWELL_TRACE_MIN_SAMPLES 16
/* Fewest pre-contact samples the baseline and noise are measured on. */
#define HF_MAXWELL_TRACE_MIN_BASELINE 16
/* Fewest samples a contact must span to be read by its edges; contacts of
 * fewer (down to HF_MAXWELL_TRACE_MIN_PULSE) are read by a fit of the
 * whole pulse: at 31 samples (13.8 g at 10 kHz, 2 % noise) the edges' t_c
 * was within 2 % of the truth in 8 of 30 traces (worst 15 %), the pulse
 * fit's in 28 of 30 (worst 2.4 %). */
#define HF_MAXWELL_TRACE_MIN_CONTACT 40
/* Fewest samples above the threshold the whole-pulse fit reads a contact
 * from; fewer is "few-samples", with no values. */
#define HF_MAXWELL_TRACE_MIN_PULSE 8

/* ---- synthetic traces -------------------------------------------------- */

typedef struct hf_maxwell_trace_options {
    double rate;      /* samples per second, > 0 (default 100e3) */
    double pre;       /* s recorded before the contact start, >= 0 (default 1e-3);
                         the samples are at k/rate from 0, the contact starts at
                         pre, so a pre off the sample grid puts the start between
                         samples */
    double post;      /* s recorded after the contact end, >= 0 (default 1e-3) */
    double noise;     /* standard deviation of the added Gaussian noise,
                         relative to F_M, in [0, 1] (default 0) */
    double offset;    /* baseline offset [N] added to every sample (default 0) */
    unsigned bits;    /* 0: no quantisation (default); 2..32: the converter's
                         resolution */
    double range;     /* the converter reads [−range, range] [N] in 2^bits steps,
                         values outside clip to it; > 0 with bits (default 0) */
    uint64_t seed;    /* PCG32 seed of the noise (stream 0; default 0) */
    /* What a lab's record adds (all off by default): */
    double clock;     /* the clock's reading at the first sample [s] (a DAQ's
                         absolute time; default 0) */
    double drift;     /* baseline drift [N/s] added as drift·(t − clock) */
    double bounce_g;  /* > 0: the record holds the second bounce, after a flight
                         of 2 e V0/g at this g [m/s²] (e of the first impact), an
                         impact at e V0; 0: one impact (default) */
    int invert;       /* 1: the load cell's polarity is inverted (F → −F before
                         the converter) */
} hf_maxwell_trace_options;

void hf_maxwell_trace_options_init(hf_maxwell_trace_options *options);

/* Hunter's force history (hf_maxwell_force_history, default tolerances)
 * sampled as OPTIONS say: F_k = F(t_k − pre) [+ the second impact] +
 * offset + drift·t_k + noise·F_M·N(0,1), negated when inverted, then
 * quantised, the normal deviates drawn in sample order; the times written
 * are clock + t_k.  *out is the
 * caller's (hf_maxwell_trace_free).  HF_EDOM / HF_ERANGE naming the bad
 * option (a record over HF_MAXWELL_TRACE_MAX_SAMPLES samples is
 * HF_ERANGE), the codes of hf_maxwell_simulate. */
hf_status hf_maxwell_trace_synthesize(const hf_maxwell_material *material,
                                      const hf_maxwell_impact *impact,
                                      const hf_maxwell_trace_options *options,
                                      hf_maxwell_trace **out, hf_diag *diag);

void hf_maxwell_trace_free(hf_maxwell_trace *trace);

/* Writes TRACE to PATH atomically as CSV t_s,F_N (%.10g, %.9g), after the
 * lines of COMMENT (may be NULL) each prefixed with "# ".  HF_EWRITE /
 * HF_EIO naming PATH. */
hf_status hf_maxwell_trace_write(const char *path, const hf_maxwell_trace *trace,
                                 const char *comment, hf_diag *diag);

/* ---- conditioning ------------------------------------------------------ */

/* What a trace needs before Hunter's single impact can be fitted to it, as
 * measured by hf_maxwell_trace_condition (the whole-curve fit conditions
 * every drop this way and the program reports each step):
 *  - origin: the clock of the fit starts at the first sample, so absolute
 *    time stamps (a DAQ's clock, UNIX time) lose no digits to t − t0;
 *  - used: only the first impact and the flight after it are fitted; a
 *    later impact (the second bounce) is cut at the middle of the flight
 *    between them;
 *  - clipped: samples on a converter's rail — 3 or more samples sharing
 *    the trace's largest value (or its smallest, when that is an
 *    excursion) — and the samples around them while the force stays
 *    within 6 σ of the rail are left out of the fit;
 *  - drift: a straight line fitted to the pre- and post-contact samples;
 *    its slope is removed when it differs from 0 by more than 3 standard
 *    errors (else left: noise);
 *  - noise: the scatter of the pre-contact samples about their own line,
 *    the noise the fit's residuals are compared with.
 * It refuses (HF_EDOM, naming the cause) a trace whose largest excursion
 * from the baseline is negative (a load cell of inverted polarity: negate
 * its force column), and — with an impactor — a trace whose impulse
 * ∫(F − b)dt over the impact is outside [HF_MAXWELL_IMPULSE_MIN,
 * HF_MAXWELL_IMPULSE_MAX]·m V0 (between m V0 and 2 m V0 for any
 * restitution: outside by a factor 2, a unit slip in t_s or F_N, or a V0
 * that is not the drop's; a clipped trace is held to the upper bound only). */
#define HF_MAXWELL_IMPULSE_MIN 0.5
#define HF_MAXWELL_IMPULSE_MAX 4.0

typedef struct hf_maxwell_conditioning {
    double origin;        /* time of the first sample [s] */
    size_t used;          /* samples fitted from the start (the rest cut) */
    size_t cut;           /* samples cut after a later impact */
    size_t clipped;       /* samples left out around a rail: clip_from .. clip_to−1 */
    double rail;          /* the rail's value [N] (NaN without one) */
    size_t clip_from, clip_to; /* the samples from the first on the rail to the
                             last, widened while the force stays within 6 σ of
                             the rail, and 2 more each side: chosen by time, not
                             sample by sample (a sample whose noise took it over
                             the rail is clipped and one whose noise kept it
                             under is not: a choice by value is censored) */
    double drift, drift_se; /* baseline slope [N/s] and its standard error */
    int drift_removed;    /* 1 when the slope was significant and is removed */
    double baseline;      /* mean of the pre-contact samples [N] */
    double noise;         /* their scatter about their line [N] (NaN: too few) */
    size_t noise_samples; /* pre-contact samples (0 when the trace starts in contact) */
    double impulse;       /* ∫(F − b) dt over the first impact [N s] */
} hf_maxwell_conditioning;

/* Fewest pre-contact samples a noise measure is taken on. */
#define HF_MAXWELL_NOISE_MIN_SAMPLES 8

/* Conditions TRACE (see above) into *out; IMPACT (may be NULL) is the
 * drop's impactor, for the impulse check.  HF_EINVAL for a NULL argument
 * or fewer than 3 samples, HF_EDOM for inverted polarity, a unit slip, a
 * non-finite sample or times that do not increase (each naming the
 * trace's file and the values). */
hf_status hf_maxwell_trace_condition(const hf_maxwell_trace *trace,
                                     const hf_maxwell_impact *impact,
                                     hf_maxwell_conditioning *out, hf_diag *diag);

/* ---- extraction -------------------------------------------------------- */

typedef enum hf_maxwell_extract_status {
    HF_MAXWELL_EXTRACT_OK,           /* "ok" */
    HF_MAXWELL_EXTRACT_FEW_SAMPLES,  /* "few-samples": the contact spans fewer than
                                        HF_MAXWELL_TRACE_MIN_PULSE samples; no
                                        values */
    HF_MAXWELL_EXTRACT_CLIPPED,      /* "clipped": 3 or more samples share the
                                        largest value (a saturated converter) */
    HF_MAXWELL_EXTRACT_NO_IMPACT,    /* "no-impact": nothing rises above the noise */
    HF_MAXWELL_EXTRACT_NO_BASELINE,  /* "no-baseline": too few pre-contact samples */
    HF_MAXWELL_EXTRACT_NO_EDGE,      /* "no-edge": an edge or the peak has too few
                                        samples to fit */
    HF_MAXWELL_EXTRACT_UNIT_SLIP,    /* "unit-slip": the first impact's impulse is
                                        outside [HF_MAXWELL_IMPULSE_MIN,
                                        HF_MAXWELL_IMPULSE_MAX]·m V0 (any restitution
                                        gives m V0 to 2 m V0): a time or force column
                                        off by a unit (ms labelled s gives 1000 m V0)
                                        or a V0 that is not the drop's; not usable */
    HF_MAXWELL_EXTRACT_PULSE_MISFIT  /* "pulse-misfit": a pulse read by the whole-pulse
                                        fit (few samples or a low peak) that is not
                                        of Hunter's shapes within the noise (χ²
                                        probability below 1e-3); values computed,
                                        not to be trusted */
} hf_maxwell_extract_status;

const char *hf_maxwell_extract_status_name(hf_maxwell_extract_status status);

/* One impact found in a trace.  Times on the trace's clock except t_M and
 * t_c (from the contact start); forces above the baseline.  The values
 * are NaN unless status is OK, CLIPPED or PULSE_MISFIT (then they are
 * computed but not to be trusted). */
typedef struct hf_maxwell_impact_features {
    size_t impact;          /* 1 for the first impact of the trace */
    double t0, t0_se;       /* contact start [s] and its standard uncertainty */
    double F_M, F_M_se;     /* peak force above the baseline [N] */
    double t_M, t_M_se;     /* time of the peak from the contact start [s] */
    double t_c, t_c_se;     /* contact duration [s] */
    double impulse;         /* ∫(F − b) dt over the contact [N s] */
    double V0;              /* approach speed [m/s]: the drop's for the first
                               impact; for a bounce, the previous impact's
                               rebound speed impulse/m − V_in (free flight
                               returns the ball at the speed it left); NaN
                               without an impactor */
    double baseline;        /* b [N] */
    double noise;           /* σ [N] */
    size_t contact_samples; /* samples in the contact */
    hf_maxwell_extract_status status;
    double e, e_se;         /* restitution V_out/V_in = impulse/(m V0) − 1 (momentum
                               of a ball on a fixed anvil) and its standard
                               uncertainty: the impulse's (sample noise σ·Δt·√n and
                               the baseline's, over the contact) and, for a bounce,
                               that of V0, itself carried from the impulses before;
                               NaN without an impactor */
    double e_flight, e_flight_se; /* restitution from the free flight to the next
                               impact, T = its contact start - this contact's end:
                               g T/(2 V0) for the first impact (V0 the drop's),
                               T/T_before for a bounce (its approach speed from the
                               flight before, g T_before/2: g cancels); its standard
                               uncertainty from the two contact edges' (each T's).
                               Set by hf_maxwell_extract (which knows g: the
                               data's); NaN for the last impact of a record, and
                               from hf_maxwell_trace_extract alone */
} hf_maxwell_impact_features;

/* The impacts of TRACE in time order, at most MAX_IMPACTS of them (1: the
 * first impact only), into out[0 .. *nout-1]; IMPACT (may be NULL) is the
 * drop's impactor, for the approach speeds.  A trace with no impact
 * gives one entry with status NO_IMPACT (or NO_BASELINE).  Deterministic,
 * no allocation beyond GSL's small fit workspaces.  HF_EINVAL for a NULL
 * argument, MAX_IMPACTS 0, or a trace with fewer than
 * HF_MAXWELL_TRACE_MIN_SAMPLES samples; HF_ENOMEM. */
hf_status hf_maxwell_trace_extract(const hf_maxwell_trace *trace,
                                   const hf_maxwell_impact *impact, size_t max_impacts,
                                   hf_maxwell_impact_features *out, size_t *nout,
                                   hf_diag *diag);

/*
 * ---- estimates of a Maxwell material (μ0, η)
 * from drop tests (the data sections above): Argatov's regressions, and
 * the full-model misfit as an optimisation problem.  The fit that runs an
 * optimiser on that problem is hertzfit/maxwell_fit.h.
 *
 *  - regression (Argatov Section 4): a straight line on
 *      Eq. 57: F_M/(m V0) = (5/4)/C0 · 𝒱 − c_M^F η            (x = 𝒱)
 *      Eq. 60: 𝒱 t_M = τ_m⁰ C0 − c_M^t η C0² · (1/𝒱)           (x = 1/𝒱)
 *      Eq. 62: 𝒱 t_c = 2τ_m⁰ C0 + c_c^t η C0² · (1/𝒱)          (x = 1/𝒱)
 *    by ordinary least squares (GSL's gsl_fit_linear: the plain linear
 *    regression Argatov describes; standard errors from the residual
 *    variance), or with weights 1/y² (gsl_fit_wlinear, covariance scaled
 *    by the residual variance) when the measurement errors are a fixed
 *    fraction of the value, as with a relative noise: y spans a factor ~6
 *    over a typical data set, and unweighted standard errors then
 *    misstate the scatter (by ~25 % for μ0 from F_M at 1 % noise).
 *    C0 and η come from the two coefficients and μ0 from Eq. 59; their
 *    standard errors are propagated from the coefficient covariance
 *    (first order).  These formulas truncate at first order in ε, so the
 *    estimates are biased when ε is not small (Argatov: < 5 % error for
 *    ε <= 0.2); the estimate reports the largest ε so callers can warn.
 *    Tests whose observable is missing (NaN) are left out of its line.
 *  - full (hertzfit's own): the sum of squared relative residuals
 *    (model − measured)/measured of every observable present, the model
 *    being Hunter's numerical solution (no truncation).  At a point of
 *    that problem, hf_maxwell_objective_estimate gives the estimate with
 *    standard errors s²(JᵀJ)⁻¹ (gsl_multifit_covar), J the Jacobian of the
 *    relative residuals by central differences and s² = SSR/(N − 2), N the
 *    number of measured values (missing ones are not fitted).
 */

typedef enum hf_maxwell_method {
    HF_MAXWELL_REGRESSION,   /* Argatov's straight line */
    HF_MAXWELL_FULL,         /* Hunter's model, all observables at once */
    HF_MAXWELL_CURVE         /* Hunter's model, the whole force histories
                                (hertzfit/maxwell_fit.h) */
} hf_maxwell_method;

/* "regression", "full", "curve". */
const char *hf_maxwell_method_name(hf_maxwell_method method);

/* The weights of a regression line. */
typedef enum hf_maxwell_weights {
    HF_MAXWELL_WEIGHTS_NONE,       /* ordinary least squares (Argatov Section 4) */
    HF_MAXWELL_WEIGHTS_RELATIVE    /* 1/y²: errors proportional to the value */
} hf_maxwell_weights;

/* One identification result. */
typedef struct hf_maxwell_estimate {
    hf_maxwell_method method;
    hf_maxwell_weights weights;  /* regression only */
    unsigned observables;     /* bits 1 << obs: the one regressed, or those fitted
                                 (hf_maxwell_observables_name spells them); 0 for
                                 the curve fit, which fits F(t) */
    size_t n;                 /* tests used (with the observable, for a regression) */
    double mu0, mu0_se;       /* Pa; NaN when the line gives C0 <= 0 (no μ0) */
    double eta, eta_se;       /* 1/s */
    double C0, C0_se;         /* Eq. 52 */
    double r2;                /* regression: R² of the line (weighted with its
                                 weights); full: 1 − SSR/SST
                                 with SST the sum over fitted observables of
                                 ((y − ȳ)/y)² */
    double max_eps;           /* largest ε = η C0/𝒱 over the tests, at the estimate */
    /* regression only: y = intercept + slope·x and their covariance */
    double intercept, slope, cov00, cov01, cov11;
    /* full only */
    double misfit;            /* sum of squared relative residuals */
    /* Goodness of fit (the curve fit, and a regression or a full fit on
     * data that carry the standard uncertainties of their features,
     * hf_maxwell_data's uncertainty[]; gof_dof 0 where there is no
     * independent noise measure: features without uncertainties).
     * chi2_red = Σ (r/σ_i)²/gof_dof with σ_i each drop's noise measured
     * before contact (a regression: each feature's uncertainty carried to
     * the line's y, on n − 2 dof; a full fit: (model − value)/uncertainty
     * of every fitted value, on their count − 2 dof); it is ~1 ± √(2/dof)
     * when the residuals are noise.  runs_z: the Wald–Wolfowitz runs test on
     * the residual signs (each drop's runs summed), (R − E[R])/√Var R: far
     * below 0 (too few sign changes) when the residuals follow a curve. */
    double chi2_red;          /* reduced χ² against the pre-contact noise */
    size_t gof_dof;           /* its degrees of freedom: samples fitted − parameters */
    size_t noise_dof;         /* degrees of freedom of the noise measure */
    double runs_z;            /* runs test statistic (NaN without residuals) */
    double mu0_eta_corr;      /* correlation of the (μ0, η) estimates from the
                                 covariance: the curve and full fits; NaN
                                 for the regressions) */
    double sls_alpha;         /* the relaxing fraction a regression's η was read
                                 for (hf_maxwell_estimate_to_sls); 0 = Maxwell */
    /* A regression's first-order bias (0 for the fits, which use Hunter's
     * exact model): the same line fitted, with the same weights, through
     * Hunter's exact features (hf_maxwell_regression_model) of the same
     * tests at this estimate gives μ0 + mu0_bias and η + eta_bias.  Argatov's
     * lines are first order in ε, so this is what they make of data that
     * follow the model exactly; NaN when it cannot be computed (C0 or η
     * <= 0, ε beyond Hunter's model). */
    double mu0_bias, eta_bias;
} hf_maxwell_estimate;

/* How far an estimate can be trusted.  Only a well-determined one is
 * "ok": μ0 and η positive (a Maxwell material has no other) and μ0 at most
 * HF_MAXWELL_MU0_MAX, each with a standard error that is finite, > 0 and
 * at most HF_MAXWELL_RSE_MAX of the value (a zero standard error is a
 * singular Jacobian or a pinned estimate, never an exact answer), R² at
 * least HF_MAXWELL_R2_MIN, and — where the goodness of fit is measured
 * (gof_dof > 0) — residuals that are noise: reduced χ² not above the
 * noise's F-distribution's 1 − HF_MAXWELL_GOF_P quantile, and no fewer
 * runs of residual signs than that level allows (runs_z above the normal
 * quantile of HF_MAXWELL_GOF_P, checked when χ² is above 1: structure
 * below the noise does not matter). */
typedef enum hf_maxwell_quality {
    HF_MAXWELL_WELL_DETERMINED,    /* "ok" */
    HF_MAXWELL_NONPHYSICAL,        /* "nonphysical": μ0 or η <= 0, no μ0, or μ0 above
                                      any solid's */
    HF_MAXWELL_POORLY_DETERMINED,  /* "poorly-determined": se (zero, non-finite,
                                      large) or R² */
    HF_MAXWELL_MODEL_INADEQUATE,   /* "model-inadequate": the residuals are not noise,
                                      the model does not describe the data */
    HF_MAXWELL_FIRST_ORDER_BIASED  /* "first-order-biased": a regression whose
                                      first-order bias (mu0_bias, eta_bias) exceeds
                                      its standard error: at these ε Argatov's line
                                      is further off than its own uncertainty */
} hf_maxwell_quality;

#define HF_MAXWELL_RSE_MAX 0.5
#define HF_MAXWELL_R2_MIN 0.5
/* The largest plausible shear modulus [Pa]: diamond's is 5.4e11 Pa; a μ0
 * above 1e12 Pa comes from units or geometry, never from a material. */
#define HF_MAXWELL_MU0_MAX 1e12
/* False-alarm probability of each goodness-of-fit test on residuals that
 * are noise (one-sided). */
#define HF_MAXWELL_GOF_P 1e-3
/* A regression read for a standard linear solid sees only the short-time
 * slope μ0 α/τ of its relaxation (Eqs. 48-49): it holds while the contact's
 * time scale C0/𝒱 is short against τ, i.e. max_eps/α <= this. */
#define HF_MAXWELL_SLS_TAU_RATIO_MAX 1.0

/* "ok", "nonphysical", "poorly-determined", "model-inadequate",
 * "first-order-biased". */
const char *hf_maxwell_quality_name(hf_maxwell_quality quality);

/* The quality of ESTIMATE; when reason is not NULL, one sentence saying
 * why it is not ok ("eta = -12.3 1/s is not positive", "the relative
 * standard error of eta is 79 % > 50 %", "R^2 = 0.41 < 0.5"), or "" for
 * ok, into reason (at most size bytes). */
hf_maxwell_quality hf_maxwell_estimate_quality(const hf_maxwell_estimate *estimate,
                                               char *reason, size_t size);

/* ---- Argatov's regressions ---------------------------------------------- */

/* The regression coordinates of Eqs. 57, 60 and 62 of one test: x = 𝒱
 * and y = F_M/(m V0) for F_M; x = 1/𝒱 and y = 𝒱·MEASURED for t_M and t_c
 * (𝒱 = (R V0/m²)^{1/5}).  Pure function (NaN for e, which has no
 * regression). */
void hf_maxwell_regression_point(const hf_maxwell_impact *impact, hf_maxwell_observable obs,
                                 double measured, double *x, double *y);

/* A regression estimate read for a standard linear solid of relaxing
 * fraction alpha (Argatov Eqs. 48–49): the regressions see only the
 * short-time slope of the relaxation modulus, μ0 α/τ, so their η is α/τ;
 * this divides eta and eta_se by alpha, giving 1/τ of Eq. 47, and
 * records alpha in sls_alpha (the quality then asks max_eps/alpha <=
 * HF_MAXWELL_SLS_TAU_RATIO_MAX).  μ0, C0,
 * the line and max_eps (then Eq. 49's ε) are unchanged; the first-order
 * bias grows as alpha falls (docs/argatov.md).  HF_EDOM for alpha outside
 * (0, 1], HF_EINVAL for a full-fit estimate (its η is already 1/τ). */
hf_status hf_maxwell_estimate_to_sls(hf_maxwell_estimate *estimate, double alpha,
                                     hf_diag *diag);

/* The abscissa of Eqs. 57, 60, 62 at 𝒱: 𝒱 for F_M, 1/𝒱 for t_M and t_c. */
double hf_maxwell_regression_x(hf_maxwell_observable obs, double speed_parameter);

/* Hunter's model (default tolerances) in the regression coordinates of
 * OBS at 𝒱 = speed_parameter for a material of compliance C0 (Eq. 52) and
 * η: every observable depends on 𝒱 alone there (ε = η C0/𝒱), so this is
 * the full model's curve on the plot of a regression.  OBS is F_M, t_M or
 * t_c (HF_EINVAL for e); the errors of hf_hunter_simulate. */
hf_status hf_maxwell_regression_model(double C0, double eta, hf_maxwell_observable obs,
                                      double speed_parameter, double *y, hf_diag *diag);

/* Eq. 57 / 60 / 62 regression on observable F_M, t_M or t_c, with
 * WEIGHTS, over the tests that have it.  HF_ENOTFOUND when the column is
 * absent, HF_EINVAL for e (no regression in the paper) or fewer than 3
 * tests with a value, HF_ESINGULAR when every test has the same 𝒱,
 * HF_EDOM for ν outside [0, 0.5], HF_ERANGE when a coordinate, a weight,
 * a variance or μ0 leaves the double range.  A line that gives C0 <= 0
 * (data not of the form of the equation) is returned (HF_OK) with μ0 NaN:
 * hf_maxwell_estimate_quality calls it nonphysical. */
hf_status hf_maxwell_regress(const hf_maxwell_data *data, double nu,
                             hf_maxwell_observable obs, hf_maxwell_weights weights,
                             const hf_argatov_constants *constants,
                             hf_maxwell_estimate *out, hf_diag *diag);

/* ---- the full-model misfit ------------------------------------------------ */

typedef struct hf_maxwell_objective_options {
    double nu;                /* Poisson's ratio, [0, 0.5] (default 0.5) */
    double mu0_ref, eta_ref;  /* centre of the search box, > 0 (the fit of
                                 hertzfit/maxwell_fit.h takes <= 0 to mean
                                 "centre on the regression estimate") */
    double mu0_box;           /* μ0 in mu0_ref·[1 − mu0_box, 1 + mu0_box] (default 0.5) */
    double eta_box;           /* η in eta_ref·[1 − eta_box, 1 + eta_box] (default 0.95) */
    unsigned mask;            /* observables to fit (bits 1 << obs); 0 = all present */
    hf_hunter_options ode;    /* tolerances of each simulation */
    double fd_step;           /* relative step of the Jacobian (default 1e-5) */
    double alpha;             /* the material model: 1 (default) the Maxwell
                                 solid; in (0, 1) the standard linear solid of
                                 that (μ0 − μ∞)/μ0 (Argatov Eq. 47), whose
                                 η = 1/τ is then fitted with μ0 */
} hf_maxwell_objective_options;

/* The defaults above; mu0_ref = eta_ref = 0 (to be set). */
void hf_maxwell_objective_options_init(hf_maxwell_objective_options *options);

/* The full-model misfit as an optimisation problem.  Variables are scaled
 * so both are of order 1: x0 = μ0/mu0_ref, x1 = η/eta_ref, bounds from the
 * boxes above.  The objective is the sum of squared relative residuals; a
 * simulation failure (ε beyond HF_HUNTER_EPS_MAX) gives NaN, which the
 * optimiser wrapper counts as a failed evaluation.  The 2-variable problem
 * is registered as `maxwell-full` by the benchmark suite.  The objective
 * evaluates the tests on OpenMP threads and sums them in a fixed order, so
 * its value does not depend on the thread count; it is safe to call from
 * several threads.  obj borrows data (keep it alive).
 *
 * Example (built and run by the test header_examples): the misfit of the
 * clean synthetic data vanishes at the material that made them.
 * ```c
 * hf_diag diag = {{0}};
 * hf_maxwell_data *data = NULL;         // owned: hf_maxwell_data_free
 * hf_maxwell_objective *obj = NULL;     // owned: hf_maxwell_objective_free
 * hf_maxwell_objective_options options;
 * hf_maxwell_objective_options_init(&options);
 * options.nu = 0.5;
 * options.mu0_ref = 1e7;                // x = (1, 1) is (mu0_ref, eta_ref)
 * options.eta_ref = 300.0;
 * hf_status st = hf_maxwell_data_read("data/maxwell_synthetic_clean.csv", NULL, &data, &diag);
 * if (st == HF_OK) st = hf_maxwell_objective_alloc(data, &options, &obj, &diag);
 * double at_truth = NAN;
 * if (st == HF_OK) {
 *     const hf_problem *p = hf_maxwell_objective_problem(obj);   // lives with obj
 *     const double x[2] = {1.0, 1.0};
 *     at_truth = p->f(x, p->ctx);
 * }
 * hf_maxwell_objective_free(obj);
 * hf_maxwell_data_free(data);
 * return st == HF_OK && at_truth < 1e-12 ? 0 : 1;
 * ```
 */
typedef struct hf_maxwell_objective hf_maxwell_objective;

/* HF_EDOM for a reference point that is not finite and > 0, HF_ERANGE
 * for boxes or a Jacobian step outside their ranges, HF_ENOTFOUND when
 * the data have none of the observables to fit, HF_EINVAL for 2 measured
 * values or fewer, and the errors of hf_maxwell_data_check. */
hf_status hf_maxwell_objective_alloc(const hf_maxwell_data *data,
                                     const hf_maxwell_objective_options *options,
                                     hf_maxwell_objective **out, hf_diag *diag);
void hf_maxwell_objective_free(hf_maxwell_objective *obj);

/* The problem view ("maxwell-full", the scaled box); valid while obj lives. */
const hf_problem *hf_maxwell_objective_problem(const hf_maxwell_objective *obj);

#ifdef __cplusplus
}
#endif
#endif
