/*
 * cli/plot_restitution.c — placeholder until its issue lands.
 */
#include "cli.h"

int hf_plot_restitution(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return hf_cli_fail("plot restitution", "not implemented yet");
}
