/*
 * cli/cmd_grid.c — placeholder until its issue lands.
 */
#include "cli.h"

int hf_cmd_grid(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return hf_cli_fail("grid", "not implemented yet");
}
