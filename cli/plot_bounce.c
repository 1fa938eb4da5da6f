/*
 * cli/plot_bounce.c — placeholder until its issue lands.
 */
#include "cli.h"

int hf_plot_bounce(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return hf_cli_fail("plot bounce", "not implemented yet");
}
