/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/impact_cli.h — what the restitution and bounce subcommands and their
 * plots share: the list of damping models that --model (a name or "all")
 * and --a/--b select, and one bouncing-ball loop.  Private to cli/.
 */
#ifndef HERTZFIT_IMPACT_CLI_H
#define HERTZFIT_IMPACT_CLI_H

#include <stddef.h>
#include "cli.h"

/* Model names for --model MODEL ("all": every catalogue model, the
 * "profile" model only when have_profile, and the Poursina–Nikravesh
 * linear damper when with_linear).  Checks that a named model exists and
 * that "profile" comes with --a and --b.  *names (array of static
 * strings) is the caller's to free().  Returns 0, or 2 after printing one
 * line. */
int hfc_impact_models(const char *command, const char *model, int have_profile,
                      int with_linear, const char ***names, size_t *count);

/* One ball impact (Table 3) of `model` at restitution e, sampled at
 * `points` equally spaced times: t, delta, delta_dot, F are arrays of
 * `points` the caller owns.  Returns 0, or 2/1 after printing the
 * library's error. */
int hfc_ball_loop(const char *command, const char *model, double e, const double *ab,
                  int clamp, size_t points, double *t, double *delta, double *delta_dot,
                  double *force);

#endif
