/*
 * cli/cmd_models.c — placeholder until its issue lands.
 */
#include "cli.h"

int hf_cmd_models(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return hf_cli_fail("models", "not implemented yet");
}
