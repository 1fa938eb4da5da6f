/*
 * hertzfit/maxwell_data.h — drop-test data for identifying a Maxwell
 * material (μ0, η): reading and checking a lab file, and making synthetic
 * data from Hunter's model with seeded noise.
 *
 * Data: a CSV with a header.  Required columns m_kg, R_m, V0_mps; optional
 * observables F_M_N, t_M_s, t_c_s, e (at least one).  Blank lines, '#'
 * comments and any column order are allowed; other columns are ignored.
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
    HF_MAXWELL_F_M,   /* peak contact force, column F_M_N */
    HF_MAXWELL_T_M,   /* time of the peak force, column t_M_s */
    HF_MAXWELL_T_C,   /* contact duration, column t_c_s */
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

typedef struct hf_maxwell_data {
    size_t n;                              /* number of tests */
    hf_maxwell_impact *impact;             /* n impacts (owned) */
    double *value[HF_MAXWELL_NOBS];        /* n values each (owned), NULL if absent */
    size_t *line;                          /* CSV line of each test (owned), or NULL */
    char *path;                            /* file it was read from (owned), or NULL */
} hf_maxwell_data;

/* Allocates n tests with the observables whose bit (1 << obs) is set in
 * mask; values are zero.  *out is owned by the caller (hf_maxwell_data_free).
 * HF_ENOMEM. */
hf_status hf_maxwell_data_alloc(size_t n, unsigned mask, hf_maxwell_data **out,
                                hf_diag *diag);
void hf_maxwell_data_free(hf_maxwell_data *data);

/* Reads and checks PATH (see above).  Every failure names PATH:LINE:COLUMN
 * where there is a cell to blame: HF_EIO, HF_EPARSE (not a number, ragged
 * row), HF_EDOM (NaN/inf, m, R, V0 or an observable <= 0, e > 1),
 * HF_ENOTFOUND (missing required column, or no observable column),
 * HF_EINVAL (no data rows). */
hf_status hf_maxwell_data_read(const char *path, hf_maxwell_data **out, hf_diag *diag);

/* Reads only the impacts (m_kg, R_m, V0_mps) of PATH, for simulating a
 * grid of tests; observable columns are ignored (mask 0).  Same errors. */
hf_status hf_maxwell_grid_read(const char *path, hf_maxwell_data **out, hf_diag *diag);

/* Checks values already in memory the same way (test index instead of
 * the line when the data did not come from a file). */
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

#ifdef __cplusplus
}
#endif
#endif
