/*
 * cli/cmd_fit.c — placeholder until its issue lands.
 */
#include "cli.h"

int hf_cmd_fit(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return hf_cli_fail("fit", "not implemented yet");
}
