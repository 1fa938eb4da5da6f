/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/main.c — the hertzfit program: the table of commands.  Each entry
 * is defined in its cli/cmd_<name>.c with its sub-commands; the help, the
 * "valid: ..." lists and the dispatch come from these tables
 * (hfc_dispatch).
 */
#define _POSIX_C_SOURCE 200809L   /* setenv, execvp */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hertzfit/version.h"

static const hfc_command *const commands[] = {
    &hfc_hr_command,          &hfc_models_command, &hfc_profile_command,
    &hfc_grid_command,        &hfc_optimum_command, &hfc_fit_command,
    &hfc_maxwell_command,     &hfc_restitution_command, &hfc_copt_command,
    &hfc_bounce_command,      &hfc_bench_command,  &hfc_plot_command,
    &hfc_example_command,     &hfc_ev_command,     &hfc_export_command,
    &hfc_viscoelastic_command,
};

static const hfc_command program = {
    "hertzfit", "Calibration and identification of impact (contact-force) models.", NULL,
    commands, HFC_COUNT(commands),
    "  --version    print version and git hash"};

/* OpenMP threads that wait for work spin by default (libgomp: some 300 000
 * turns before they sleep), which on a machine shared with other jobs
 * steals the CPU the working threads need (`bench run --threads 1` on
 * maxwell-full, whose misfit then ran its own loop on every core, took
 * 3-6 s with spinning waits and 0.47 s with passive ones on the loaded
 * 2-core machine).  libgomp reads OMP_WAIT_POLICY once, when it loads, so the
 * program sets it and starts itself again; a policy the user set is kept,
 * and when the new start fails the program goes on as it is. */
static void wait_passively(char **argv)
{
    if (getenv("OMP_WAIT_POLICY") != NULL || setenv("OMP_WAIT_POLICY", "passive", 1) != 0)
        return;
    (void)execvp(argv[0], argv);
}

int main(int argc, char **argv)
{
    wait_passively(argv);
    hf_library_init();
    hfc_signals_install();
    if (argc == 2 && strcmp(argv[1], "--version") == 0) {
        printf("hertzfit %s (git %s)\n", HERTZFIT_VERSION, HERTZFIT_GIT_HASH);
        return hfc_close_stdout(0);
    }
    char root[] = "";
    argv[0] = root;   /* the full name of the program's own level */
    int rc = hfc_dispatch(&program, argc, argv);
    hfc_signals_main_returned();
    rc = hfc_close_stdout(rc);
    hfc_plugins_close();
    return rc;
}
