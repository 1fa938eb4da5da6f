/*
 * cli/cmd_bench.c — placeholder until its issue lands.
 */
#include "cli.h"

int hf_cmd_bench(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return hf_cli_fail("bench", "not implemented yet");
}
