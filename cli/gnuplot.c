/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/gnuplot.c — the one way a figure is drawn: a gnuplot script built
 * piece by piece (program text, inert quoted strings, inline data blocks)
 * and run by gnuplot started without a shell.
 *
 * Why the pieces: a string that reaches a script from a file, a manifest
 * or an option could otherwise end its quotes and run a command (gnuplot
 * has system() and back-quotes).  Such text enters only through
 * hfc_plot_str, single-quoted — where gnuplot expands neither backslashes
 * nor back-quotes — with embedded quotes doubled and control characters
 * (a newline would end the command) replaced by blanks; program text
 * enters through hfc_plot_cmd, whose format may hold numbers but no
 * strings.  Data go inline ($name << EOD), so no data file is written and
 * no file name of ours appears in the script.
 *
 * The figure is an atomic output (hertzfit/file.h): gnuplot writes a
 * temporary file beside it, which becomes the PNG only when gnuplot
 * succeeded and the file ends with the PNG's end chunk — gnuplot exits 0
 * after a failed write of its output (a full disk), leaving a cut file.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/file.h"

extern char **environ;

struct hfc_plot {
    char *text;     /* owned: the script so far */
    size_t len, cap;
    int oom;        /* out of memory */
    int refused;    /* a format that would have put text unquoted */
    hf_atomic_file *out;   /* owned: the figure's temporary file, or NULL */
    hf_diag out_diag;      /* why it could not be created */
};

static void append(hfc_plot *p, const char *s, size_t n)
{
    if (p == NULL || p->oom)
        return;
    if (p->len + n + 1 > p->cap) {
        size_t cap = p->cap ? p->cap : 4096;
        while (cap < p->len + n + 1)
            cap *= 2;
        char *grown = realloc(p->text, cap); /* owned by the plot */
        if (grown == NULL) {
            p->oom = 1;
            return;
        }
        p->text = grown;
        p->cap = cap;
    }
    memcpy(p->text + p->len, s, n);
    p->len += n;
    p->text[p->len] = '\0';
}

static void append_v(hfc_plot *p, const char *fmt, va_list ap)
{
    char buf[512];
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(buf, sizeof buf, fmt, copy);
    va_end(copy);
    if (n < 0) {
        p->oom = 1;
    } else if ((size_t)n < sizeof buf) {
        append(p, buf, (size_t)n);
    } else {
        char *big = malloc((size_t)n + 1); /* freed below */
        if (big == NULL) {
            p->oom = 1;
            return;
        }
        vsnprintf(big, (size_t)n + 1, fmt, ap);
        append(p, big, (size_t)n);
        free(big);
    }
}

/* 1 when FMT has a %s or %c conversion: program text only takes numbers. */
static int formats_text(const char *fmt)
{
    for (const char *f = fmt; *f != '\0'; ++f) {
        if (*f != '%')
            continue;
        ++f;
        if (*f == '%')
            continue;
        f += strspn(f, "-+ #0123456789.*hlLqjzt");
        if (*f == 's' || *f == 'c' || *f == 'n' || *f == '\0')
            return 1;
    }
    return 0;
}

hfc_plot *hfc_plot_alloc(const char *output, int width, int height,
                         const char *terminal_options)
{
    hfc_plot *p = calloc(1, sizeof *p); /* owned by the caller: hfc_plot_run/free */
    if (p == NULL)
        return NULL;
    hfc_plot_cmd(p, "set terminal pngcairo size %d,%d ", width, height);
    append(p, terminal_options, strlen(terminal_options));
    hfc_plot_cmd(p, "\nset output ");
    if (hf_atomic_file_open(output, &p->out, &p->out_diag) == HF_OK)
        hfc_plot_str(p, hf_atomic_file_temporary(p->out), NULL);
    else
        hfc_plot_str(p, output, NULL);   /* never run: hfc_plot_run reports */
    hfc_plot_cmd(p, "\n");
    return p;
}

/* Program text from FMT: numbers only, a string conversion is refused. */
static void append_program(hfc_plot *p, const char *fmt, va_list ap)
{
    if (p == NULL)
        return;
    if (formats_text(fmt))
        p->refused = 1;
    else
        append_v(p, fmt, ap);
}

void hfc_plot_cmd(hfc_plot *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    append_program(p, fmt, ap);
    va_end(ap);
}

void hfc_plot_str(hfc_plot *p, const char *text, const char *suffix)
{
    const char *parts[2] = {text, suffix ? suffix : ""};
    append(p, "'", 1);
    for (int k = 0; k < 2; ++k)
        for (const unsigned char *c = (const unsigned char *)parts[k]; *c; ++c) {
            if (*c == '\'')
                append(p, "''", 2);
            else if (*c < 0x20 || *c == 0x7f)
                append(p, " ", 1);
            else
                append(p, (const char *)c, 1);
        }
    append(p, "'", 1);
}

void hfc_plot_block(hfc_plot *p, const char *fmt, ...)
{
    append(p, "$", 1);
    va_list ap;
    va_start(ap, fmt);
    append_program(p, fmt, ap);
    va_end(ap);
    append(p, " << EOD\n", 8);
}

void hfc_plot_row(hfc_plot *p, size_t n, const double *values)
{
    for (size_t i = 0; i < n; ++i) {
        if (i > 0)
            append(p, " ", 1);
        /* gnuplot skips a point with an undefined coordinate */
        if (values[i] != values[i])
            append(p, "NaN", 3);
        else
            hfc_plot_cmd(p, "%.17g", values[i]);
    }
    append(p, "\n", 1);
}

void hfc_plot_block_end(hfc_plot *p)
{
    append(p, "EOD\n", 4);
}

void hfc_plot_free(hfc_plot *p)
{
    if (p == NULL)
        return;
    hf_atomic_file_discard(p->out);
    free(p->text);
    free(p);
}

/* 1 when PATH is a whole PNG: its last 12 bytes are the IEND chunk. */
static int png_is_complete(const char *path)
{
    static const unsigned char iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D',
                                           0xAE, 0x42, 0x60, 0x82};
    unsigned char tail[12];
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        return 0;
    int ok = fseek(fp, -12L, SEEK_END) == 0 && fread(tail, 1, sizeof tail, fp) == sizeof tail &&
             memcmp(tail, iend, sizeof tail) == 0;
    fclose(fp);
    return ok;
}

/* Writes the script to a temporary file in $TMPDIR (or /tmp) through the
 * library's atomic output, never committed: its temporary name is the
 * script, and a signal handler removes it with the outputs'
 * (hf_atomic_remove_temporaries).  *script is discarded by the caller;
 * NULL after an error line. */
static hf_atomic_file *write_script(const hfc_plot *p, const char *command)
{
    const char *dir = getenv("TMPDIR");
    char path[1024];
    snprintf(path, sizeof path, "%s/hertzfit-gnuplot-%ld", dir && dir[0] ? dir : "/tmp",
             (long)getpid());
    hf_diag diag = {{0}};
    hf_atomic_file *script = NULL;
    if (hf_atomic_file_open(path, &script, &diag) != HF_OK) {
        fprintf(stderr, "hertzfit %s: cannot write a temporary gnuplot script: %s\n", command,
                diag.text);
        return NULL;
    }
    FILE *fp = hf_atomic_file_stream(script);
    if (fwrite(p->text, 1, p->len, fp) != p->len || fflush(fp) != 0) {
        fprintf(stderr, "hertzfit %s: cannot write a temporary gnuplot script: %s\n", command,
                strerror(errno));
        hf_atomic_file_discard(script);
        return NULL;
    }
    return script;
}

/* Runs gnuplot on SCRIPT and waits for it; 0, or the error number of the
 * spawn.  gnuplot gets SIGPIPE's default back (this program ignores it,
 * and an ignored signal stays ignored across exec); SIGXFSZ stays ignored,
 * so that a figure cut by a file-size limit is found incomplete afterwards
 * rather than killing gnuplot. */
static int spawn_gnuplot(const char *script, int *status)
{
    char *argv[] = {"gnuplot", (char *)script, NULL};
    pid_t pid;
    fflush(NULL);
    posix_spawnattr_t attr;
    sigset_t pipe_only;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    int err = posix_spawnattr_init(&attr);
    if (err == 0)
        err = posix_spawnattr_setsigdefault(&attr, &pipe_only);
    if (err == 0)
        err = posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
    if (err == 0)
        err = posix_spawnp(&pid, "gnuplot", NULL, &attr, argv, environ);
    posix_spawnattr_destroy(&attr);
    if (err == 0 && waitpid(pid, status, 0) < 0)
        err = errno;
    return err;
}

/* How gnuplot ended (ERR from the spawn, its exit STATUS) and whether the
 * figure at OUT is whole: 0, or 1 after an error line. */
static int gnuplot_outcome(const char *command, int err, int status, const char *out)
{
    if (err == ENOENT)
        fprintf(stderr, "hertzfit %s: gnuplot not found (apt-get install gnuplot-nox)\n",
                command);
    else if (err != 0)
        fprintf(stderr, "hertzfit %s: cannot run gnuplot: %s\n", command, strerror(err));
    else if (WIFSIGNALED(status))
        fprintf(stderr, "hertzfit %s: gnuplot was killed by signal %d\n", command,
                WTERMSIG(status));
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        fprintf(stderr, "hertzfit %s: gnuplot failed (exit %d)\n", command,
                WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    else if (!png_is_complete(out))
        fprintf(stderr, "hertzfit %s: gnuplot could not write a whole figure (a full disk?)\n",
                command);
    else
        return 0;
    return 1;
}

/* Whether P can be run: 0, or 1 after an error line. */
static int plot_ready(const hfc_plot *p, const char *command)
{
    if (p == NULL || p->oom)
        fprintf(stderr, "hertzfit %s: out of memory while building the gnuplot script\n",
                command);
    else if (p->refused)
        fprintf(stderr, "hertzfit %s: internal error: text outside the quoting function of "
                        "the gnuplot script\n", command);
    else if (p->out == NULL)
        fprintf(stderr, "hertzfit %s: %s\n", command, p->out_diag.text);
    else
        return 0;
    return 1;
}

/* The figure of P written by gnuplot to P's temporary output: 0, or 1
 * after an error line. */
static int draw(const hfc_plot *p, const char *command)
{
    hf_atomic_file *script = write_script(p, command);
    if (script == NULL)
        return 1;
    int status = 0;
    int err = spawn_gnuplot(hf_atomic_file_temporary(script), &status);
    int rc = gnuplot_outcome(command, err, status, hf_atomic_file_temporary(p->out));
    hf_atomic_file_discard(script);
    return rc;
}

int hfc_plot_run(hfc_plot *p, const char *command)
{
    int rc = plot_ready(p, command);
    if (rc == 0)
        rc = draw(p, command);
    if (rc == 0) {
        hf_diag diag = {{0}};
        hf_atomic_file *out = p->out;
        p->out = NULL;
        if (hf_atomic_file_commit(out, &diag) != HF_OK) {
            fprintf(stderr, "hertzfit %s: %s\n", command, diag.text);
            rc = 1;
        }
    }
    hfc_plot_free(p);
    return rc;
}

int hfc_check_name(const char *command, const char *option, const char *path)
{
    for (const unsigned char *c = (const unsigned char *)path; *c; ++c)
        if (*c < 0x20 || *c == 0x7f)
            return hfc_fail(command, "%s: the file name contains a control character", option);
    return 0;
}

int hfc_check_output(const char *command, const char *option, const char *path)
{
    int rc = hfc_check_name(command, option, path);
    if (rc != 0)
        return rc;
    /* the checks of the output itself (a regular file or none, in a
     * writable folder), without touching PATH */
    hf_diag diag = {{0}};
    hf_atomic_file *probe = NULL;
    if (hf_atomic_file_open(path, &probe, &diag) != HF_OK)
        return hfc_fail(command, "%s: %s", option, diag.text);
    hf_atomic_file_discard(probe);
    return 0;
}
