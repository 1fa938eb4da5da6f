/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_plot.c — "hertzfit plot TARGET ...": the table of plots, one per
 * capability (cli/plot_<target>.c), all drawn by gnuplot.
 */
#include "cli.h"

extern const hfc_command hfc_plot_convergence_command, hfc_plot_empires_command,
    hfc_plot_maxwell_command, hfc_plot_restitution_command, hfc_plot_bounce_command,
    hfc_plot_example_command, hfc_plot_trace_command;
extern const hfc_command hfc_plot_maxwell_curves_command, hfc_plot_hr_command;

static const hfc_command *const targets[] = {
    &hfc_plot_convergence_command, &hfc_plot_empires_command, &hfc_plot_maxwell_command,
    &hfc_plot_hr_command, &hfc_plot_restitution_command, &hfc_plot_bounce_command,
    &hfc_plot_maxwell_curves_command, &hfc_plot_example_command, &hfc_plot_trace_command};

const hfc_command hfc_plot_command = {
    "plot", "figures drawn with gnuplot", NULL, targets, HFC_COUNT(targets),
    "Every plot writes a PNG: hertzfit plot TARGET -o FILE.png [OPTIONS]."};
