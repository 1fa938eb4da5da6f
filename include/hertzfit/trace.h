/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/trace.h — the convergence trace of optimiser runs: one type in
 * memory and one CSV file format, written and read only here, shared by
 * repeated runs (hertzfit/runs.h) and benchmark campaigns
 * (hertzfit/campaign.h).
 *
 * A run's trace holds one point per improvement of its best value: the
 * first finite value, then every strictly lower one, each with the
 * iteration in progress (from 1) and the number of the evaluation that
 * made it, whatever the algorithm (hertzfit/optimizer.h).  The best value of
 * any run at any evaluation count is the last point at or before it.
 *
 * The file is CSV with a header row; each row is one point of one run:
 *     optimizer,problem,run,iteration,evaluations,best_f
 * (names as given, run from 0, best_f as %.17g so it reads back to the
 * same double).  Rows of one run are contiguous and in order.  Readers
 * find columns by name and ignore columns they do not know, so a column
 * can be added after best_f without breaking them; files written before
 * the iteration column existed read with iteration 0.  Names are data, never
 * comments: a name reaches a plot label only as a CSV cell.
 */
#ifndef HERTZFIT_TRACE_H
#define HERTZFIT_TRACE_H

#include <stddef.h>
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One improvement of a run's best value. */
typedef struct hf_trace_point {
    size_t iteration;     /* the iteration it happened in, from 1 */
    size_t evaluations;   /* the evaluation that made it, from 1 */
    double best_f;        /* finite, lower than the previous point's */
} hf_trace_point;

/* The improvements of one run, in order. */
typedef struct hf_trace {
    hf_trace_point *points;   /* count points (owned by whatever holds the trace) */
    size_t count;
} hf_trace;

/* A trace with the names that identify its run: a group of rows of the
 * file.  Pointers are borrowed when writing; owned by the hf_trace_file
 * when read. */
typedef struct hf_trace_run {
    const char *optimizer;
    const char *problem;
    size_t run;
    hf_trace trace;
    size_t line;              /* file line of its first row when read, else 0 */
} hf_trace_run;

/* Writes RUNS[0 .. n-1] to PATH (a temporary name in the same directory,
 * renamed at the end, so PATH is never left half-written).  A run with no
 * points writes no rows.  HF_EIO naming the file when its folder cannot
 * take it, HF_EWRITE when a write fails (a full disk); HF_EINVAL when a name holds a comma, a quote or a control
 * character (it would not read back as one cell). */
hf_status hf_trace_write(const char *path, const hf_trace_run *runs, size_t n,
                         hf_diag *diag);

/* A trace file in memory: its runs in file order.  Everything it points
 * to (runs, names, points, path) is owned and released by
 * hf_trace_file_free. */
typedef struct hf_trace_file {
    hf_trace_run *runs;
    size_t n_runs;
    const char *path;
} hf_trace_file;

/* Reads PATH.  *out is owned by the caller (hf_trace_file_free).
 * HF_EIO / HF_EPARSE naming PATH:LINE (and the column) for an unreadable
 * file, a missing column, a value that is not a count or a finite number,
 * a run whose rows are not contiguous, or a row that does not improve on
 * the previous row of its run (best_f not lower, or evaluations or
 * iteration going back). */
hf_status hf_trace_read(const char *path, hf_trace_file **out, hf_diag *diag);
void hf_trace_file_free(hf_trace_file *file);

/* The axis of a convergence band. */
typedef enum hf_trace_axis {
    HF_TRACE_ITERATIONS,     /* x = 1, 2, ... up to the last iteration of any point */
    HF_TRACE_EVALUATIONS     /* x = every evaluation count at which some run improved */
} hf_trace_axis;

/* The convergence of a set of runs (Fig. 9 of Sheikhi Azqandi & Safaeifar
 * 2023): at each x, each run's best value so far (its last point at or
 * before x; runs without one yet are left out) and their mean, minimum
 * and maximum. */
typedef struct hf_trace_band {
    size_t n;                /* points */
    double *x, *mean, *min, *max;   /* n each (owned) */
    size_t *runs;            /* n: how many runs have a value at x (owned) */
} hf_trace_band;

/* The band of RUNS[0 .. n-1] along AXIS.  *out is owned by the caller
 * (hf_trace_band_free).  HF_EINVAL when the runs hold no point, HF_ERANGE
 * when an iteration count is too large to step through (above 1e7). */
hf_status hf_trace_band_alloc(const hf_trace_run *runs, size_t n, hf_trace_axis axis,
                              hf_trace_band **out, hf_diag *diag);
void hf_trace_band_free(hf_trace_band *band);

#ifdef __cplusplus
}
#endif
#endif
