/*
 * cli/impact_cli.h — what the restitution and bounce subcommands and their
 * plots share: turning --model (a name or "all") and --profile into the
 * list of damping models to run, and computing one bouncing-ball loop.
 */
#ifndef HERTZFIT_IMPACT_CLI_H
#define HERTZFIT_IMPACT_CLI_H

#include <stddef.h>
#include "cli.h"

/* Model names for --model MODEL ("all" or NULL: every catalogue model, the
 * "profile" model only when have_profile, and the Poursina–Nikravesh
 * linear damper when with_linear).  Checks that a named model exists and
 * that "profile" comes with --profile.  *names (array of static strings)
 * is the caller's to free().  Returns 0, or 2 after printing one line. */
int hf_cli_impact_models(const char *command, const char *model, int have_profile,
                         int with_linear, const char ***names, size_t *count);

/* Checks a restitution given as `what` (an option name such as "--e")
 * against the supported [HF_IMPACT_E_MIN, 1] of hertzfit/impact.h.
 * Returns 0, or 2 after printing one line naming it. */
int hf_cli_check_restitution(const char *command, const char *what, double e);

/* Checks --profile A B: exactly two positive numbers.  Returns 0 or 2. */
int hf_cli_profile_check(const char *command, const hf_cli_doubles *profile);

/* One ball impact (Table 3) of `model` at restitution e, sampled at
 * `points` equally spaced times: t, delta, delta_dot, F are arrays of
 * `points` the caller owns.  *e_out, *delta_max, *force_max may be NULL.
 * Returns 0, or 2/1 after printing the library's error. */
int hf_cli_ball_loop(const char *command, const char *model, double e, const double *ab,
                     int clamp, size_t points, double *t, double *delta, double *delta_dot,
                     double *force, double *e_out);

#endif
