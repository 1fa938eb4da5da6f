/*
 * cli/gnuplot.c — runs gnuplot on a script the plot subcommands write.
 * Plots are drawn from CSV files the tool itself writes, never by hand.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
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

char *hf_cli_gnuplot_quote(const char *text, const char *suffix)
{
    const char *parts[2] = {text, suffix ? suffix : ""};
    size_t cap = 3;
    for (int k = 0; k < 2; ++k)
        cap += 2 * strlen(parts[k]);
    char *out = malloc(cap); /* caller frees */
    if (out == NULL)
        return NULL;
    size_t n = 0;
    out[n++] = '\'';
    for (int k = 0; k < 2; ++k)
        for (const unsigned char *p = (const unsigned char *)parts[k]; *p; ++p) {
            if (*p < 0x20 || *p == 0x7f)
                continue;   /* a newline would end the command */
            if (*p == '\'')
                out[n++] = '\'';
            out[n++] = (char)*p;
        }
    out[n++] = '\'';
    out[n] = '\0';
    return out;
}

int hf_cli_check_plot_text(const char *command, const char *option, const char *text)
{
    int bad = 0;
    char shown[128];   /* the text with control characters shown as '?' */
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; ++p) {
        int control = *p < 0x20 || *p == 0x7f;
        bad |= control || *p == '\'' || *p == '"' || *p == '\\';
        if (n + 1 < sizeof shown)
            shown[n++] = control ? '?' : (char)*p;
    }
    shown[n] = '\0';
    if (bad)
        return hf_cli_fail(command, "%s: '%s' contains a quote, backslash or control "
                                    "character, which gnuplot cannot take", option, shown);
    return 0;
}

int hf_cli_check_plot_output(const char *command, const char *option, const char *path)
{
    int rc = hf_cli_check_plot_text(command, option, path);
    if (rc != 0)
        return rc;
    int existed = access(path, F_OK) == 0;
    FILE *fp = fopen(path, "a");   /* "a": an existing file is left as it is */
    if (fp == NULL)
        return hf_cli_fail(command, "%s: cannot write '%s': %s", option, path, strerror(errno));
    fclose(fp);
    if (!existed)
        remove(path);
    return 0;
}
