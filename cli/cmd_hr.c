/*
 * cli/cmd_hr.c — placeholder until its issue lands.
 */
#include "cli.h"

int hf_cmd_hr(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return hf_cli_fail("hr", "not implemented yet");
}
