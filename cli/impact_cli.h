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
#include "hertzfit/damping.h"

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

/* The value a figure of every model draws against c_r (hf_damping_hr's
 * form). */
typedef hf_status (*hfc_model_value)(hf_damping_id id, double c_r, const double *ab,
                                     double *value, hf_diag *diag);

/* A figure of every damping model (`plot hr`, `plot restitution`): its
 * models, and its plot with a data block "$mI" of (c_r, value) at c_r =
 * 1/N, 2/N, ..., 1 for each model I. */
typedef struct hfc_model_plot {
    const char **names;   /* the models, the caller's to free() */
    size_t count;
    hfc_plot *plot;       /* NULL when there is nothing to draw (--help, an error) */
} hfc_model_plot;

/* Parses the options such a figure takes (--output, --model, --a/--b,
 * --points; DESCRIPTION its help, POINTS_HELP --points'), opens a WIDTH x
 * HEIGHT figure and writes every model's block of VALUE.  Returns 0 (with
 * out->plot NULL after --help), or 2/1 after printing one line, with
 * nothing to free. */
int hfc_model_plot_begin(int argc, char **argv, const char *description,
                         const char *points_help, int width, int height,
                         hfc_model_value value, hfc_model_plot *out);

#endif
