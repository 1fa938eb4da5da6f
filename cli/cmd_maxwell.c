/*
 * cli/cmd_maxwell.c — placeholder until its issue lands.
 */
#include "cli.h"

int hf_cmd_maxwell(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return hf_cli_fail("maxwell", "not implemented yet");
}
