/*
 * cli/gnuplot.c — runs gnuplot on a script the plot subcommands write.
 * Plots are drawn from CSV files the tool itself writes, never by hand.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int hf_cli_gnuplot(const char *command, const char *script)
{
    char path[] = "/tmp/hertzfit-gnuplot-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        fprintf(stderr, "hertzfit %s: cannot create a temporary gnuplot script\n", command);
        return 1;
    }
    FILE *fp = fdopen(fd, "w");
    if (fp == NULL) {
        close(fd);
        remove(path);
        fprintf(stderr, "hertzfit %s: cannot write a temporary gnuplot script\n", command);
        return 1;
    }
    fputs(script, fp);
    fclose(fp);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "gnuplot '%s'", path);
    int rc = system(cmd);
    remove(path);
    if (rc == -1 || !WIFEXITED(rc) || WEXITSTATUS(rc) != 0) {
        if (rc != -1 && WIFEXITED(rc) && WEXITSTATUS(rc) == 127)
            fprintf(stderr, "hertzfit %s: gnuplot not found (apt-get install gnuplot-nox)\n",
                    command);
        else
            fprintf(stderr, "hertzfit %s: gnuplot failed (exit %d)\n", command,
                    (rc != -1 && WIFEXITED(rc)) ? WEXITSTATUS(rc) : -1);
        return 1;
    }
    return 0;
}
