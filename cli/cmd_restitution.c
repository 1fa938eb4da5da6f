/*
 * cli/cmd_restitution.c — placeholder until its issue lands.
 */
#include "cli.h"

int hf_cmd_restitution(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return hf_cli_fail("restitution", "not implemented yet");
}
