/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/timing.c — monotonic wall clock, so run times never go negative when
 * the system clock is adjusted.
 */
#define _POSIX_C_SOURCE 200809L
#include "core/timing.h"

#include <time.h>

double hf_wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
