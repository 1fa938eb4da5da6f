/*
 * cli/plot_convergence.c — placeholder until its issue lands.
 */
#include "cli.h"

int hf_plot_convergence(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return hf_cli_fail("plot convergence", "not implemented yet");
}
