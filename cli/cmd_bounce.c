/*
 * cli/cmd_bounce.c — placeholder until its issue lands.
 */
#include "cli.h"

int hf_cmd_bounce(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return hf_cli_fail("bounce", "not implemented yet");
}
