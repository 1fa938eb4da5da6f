/*
 * cli/cmd_optimum.c — placeholder until its issue lands.
 */
#include "cli.h"

int hf_cmd_optimum(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return hf_cli_fail("optimum", "not implemented yet");
}
