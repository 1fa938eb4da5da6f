/*
 * cli/main.c — the hertzfit program: the table of commands.  Each entry
 * is defined in its cli/cmd_<name>.c with its sub-commands; the help, the
 * "valid: ..." lists and the dispatch come from these tables
 * (hfc_dispatch).
 */
#include "cli.h"

#include <string.h>

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

int main(int argc, char **argv)
{
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
