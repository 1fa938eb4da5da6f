/*
 * cli/cmd_copt.c — placeholder until its issue lands.
 */
#include "cli.h"

int hf_cmd_copt(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return hf_cli_fail("copt", "not implemented yet");
}
