/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/timing.h — wall-clock time for run results and benchmarks.
 */
#ifndef HERTZFIT_TIMING_H
#define HERTZFIT_TIMING_H

#ifdef __cplusplus
extern "C" {
#endif

/* Seconds from an arbitrary fixed origin, monotonic (CLOCK_MONOTONIC). */
double hf_wall_seconds(void);

#ifdef __cplusplus
}
#endif
#endif
