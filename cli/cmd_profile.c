/*
 * cli/cmd_profile.c — placeholder until its issue lands.
 */
#include "cli.h"

int hf_cmd_profile(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return hf_cli_fail("profile", "not implemented yet");
}
