/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/example_cli.h — what "hertzfit example" and "hertzfit plot example"
 * share: the options that change an example's set-up, and one run of an
 * example with a named model.  Private to cli/.
 */
#ifndef HERTZFIT_EXAMPLE_CLI_H
#define HERTZFIT_EXAMPLE_CLI_H

#include "cli.h"
#include "hertzfit/examples.h"

/* The name --model takes for the impulse–momentum method. */
#define HFC_EXAMPLE_PIECEWISE "piecewise"

typedef struct hfc_example_opts {
    double e, gap, friction, xi, offset, crank_speed, block_speed, duration, step, ab[2];
    int crank_driven;
} hfc_example_opts;

/* The set-up options, in a table that also names them in hfc_example_setup. */
#define HFC_OPT_EXAMPLE(o)                                                                 \
    {.name = "e", .kind = HFC_REAL, .value = &(o)->e, .arg = "E", .limits = HFC_MIN | HFC_MAX, \
     .min = 1e-6, .max = 1.0, .help = "restitution of every impact (default: the paper's)"}, \
    {.name = "gap", .kind = HFC_REAL, .value = &(o)->gap, .arg = "D",                      \
     .limits = HFC_ABOVE | HFC_MAX, .min = 0.0, .max = 1.0,                                 \
     .help = "impact damper: distance between the stoppers in m (default 0.02)"},          \
    {.name = "friction", .kind = HFC_REAL, .value = &(o)->friction, .arg = "MU",           \
     .limits = HFC_MIN | HFC_MAX, .min = 0.0, .max = 10.0,                                  \
     .help = "impact damper: friction coefficient (default 0.1)"},                         \
    {.name = "xi", .kind = HFC_REAL, .value = &(o)->xi, .arg = "XI",                       \
     .limits = HFC_MIN | HFC_BELOW, .min = 0.0, .max = 1.0,                                 \
     .help = "impact damper: damping ratio of the primary mass (default 0.003)"},          \
    {.name = "offset", .kind = HFC_REAL, .value = &(o)->offset, .arg = "X",                \
     .help = "impact damper: start of the impact mass from the container's centre, m "     \
             "(default 0)"},                                                                \
    {.name = "crank-speed", .kind = HFC_REAL, .value = &(o)->crank_speed, .arg = "W",     \
     .limits = HFC_MIN | HFC_MAX, .min = -1e4, .max = 1e4,                                  \
     .help = "slider-crank: initial crank speed, counter-clockwise, rad/s (default 200)"}, \
    {.name = "block-speed", .kind = HFC_REAL, .value = &(o)->block_speed, .arg = "V",     \
     .limits = HFC_MIN | HFC_MAX, .min = -1e3, .max = 1e3,                                  \
     .help = "slider-crank: initial block speed to the left, m/s (default 20)"},           \
    {.name = "duration", .kind = HFC_REAL, .value = &(o)->duration, .arg = "T",            \
     .limits = HFC_ABOVE | HFC_MAX, .min = 0.0, .max = 1e4,                                 \
     .help = "simulated time in s (default: the paper's)"},                                \
    {.name = "step", .kind = HFC_REAL, .value = &(o)->step, .arg = "DT",                   \
     .limits = HFC_ABOVE | HFC_MAX, .min = 0.0, .max = 1.0,                                 \
     .help = "spacing of the time series in s (default 0.005); bouncing-ball samples "  \
             "its one contact at it, with at least 201 samples"},                           \
    HFC_OPT_PROFILE_AB(&(o)->ab[0], &(o)->ab[1], " (the profile model)"),                  \
    {.name = "crank-driven", .kind = HFC_FLAG, .value = &(o)->crank_driven,                \
     .help = "slider-crank: a motor turns the crank at the constant --crank-speed "        \
             "(default: the paper's free crank)"}

/* The example's config: the paper's set-up, changed by the options given,
 * with MODEL (a catalogue name, the linear damper, HFC_EXAMPLE_PIECEWISE,
 * or NULL for the example's default).  Returns 0, or 2 after one line. */
int hfc_example_setup(const char *command, const hfc_spec *spec, hf_example_id id,
                      const hfc_example_opts *o, const char *model, hf_example_config *c);

/* Runs C into *out; 0, or 2/1 after printing the library's error. */
int hfc_example_run(const char *command, const hf_example_config *c, hf_example **out);

/* The model's name in C, for tables and keys. */
const char *hfc_example_model_name(const hf_example_config *c);

#endif
