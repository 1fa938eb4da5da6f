/*
 * cli/plot_maxwell.c — placeholder until its issue lands.
 */
#include "cli.h"

int hf_plot_maxwell(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return hf_cli_fail("plot maxwell", "not implemented yet");
}
