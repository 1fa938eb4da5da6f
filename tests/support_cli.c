/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/support_cli.c — helpers shared by the tests: run the hertzfit
 * program and capture its output, scratch files.
 */
#define _POSIX_C_SOURCE 200809L
#include "hf_test.h"

#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

char *hf_test_read_file(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf != NULL && (got = fread(buf + len, 1, cap - len - 1, fp)) > 0) {
        len += got;
        if (len == cap - 1) {
            char *grown = realloc(buf, cap * 2);
            if (grown == NULL) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
            cap *= 2;
        }
    }
    fclose(fp);
    if (buf != NULL)
        buf[len] = '\0';
    return buf;
}

const char *hf_test_tmp_path(const char *name)
{
    static char path[1024];
    snprintf(path, sizeof path, "%s/%s-%ld", HERTZFIT_TEST_TMP, name, (long)getpid());
    return path;
}

void hf_test_write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    assert_int_equal(fputs(text, fp) >= 0, 1);
    assert_int_equal(fclose(fp), 0);
}

/* Runs PREFIX 'hertzfit' ARGS through the shell (see hf_test_cli), its
 * stdout into STDOUT_PATH (NULL: a scratch file read into *OUT). */
static int run_cli_to(const char *prefix, const char *args, const char *stdout_path,
                      char **out, char **err)
{
    char out_path[1024], err_path[1024];
    snprintf(out_path, sizeof out_path, "%s/cli-out-%ld", HERTZFIT_TEST_TMP, (long)getpid());
    if (stdout_path != NULL)
        snprintf(out_path, sizeof out_path, "%s", stdout_path);
    snprintf(err_path, sizeof err_path, "%s/cli-err-%ld", HERTZFIT_TEST_TMP, (long)getpid());
    size_t len = strlen(prefix) + strlen(HERTZFIT_EXE) + strlen(args) + 2 * sizeof out_path + 32;
    char *cmd = malloc(len);
    if (cmd == NULL)
        return -1;
    snprintf(cmd, len, "%s'%s' %s >'%s' 2>'%s' </dev/null", prefix, HERTZFIT_EXE, args,
             out_path, err_path);
    int rc = system(cmd);
    free(cmd);
    if (out != NULL)
        *out = stdout_path == NULL ? hf_test_read_file(out_path) : NULL;
    if (err != NULL)
        *err = hf_test_read_file(err_path);
    if (stdout_path == NULL)
        remove(out_path);
    remove(err_path);
    if (rc == -1 || !WIFEXITED(rc))
        return -1;
    return WEXITSTATUS(rc);
}

static int run_cli(const char *prefix, const char *args, char **out, char **err)
{
    return run_cli_to(prefix, args, NULL, out, err);
}

int hf_test_cli(const char *args, char **out, char **err)
{
    return run_cli("", args, out, err);
}

int hf_test_cli_table(const char *args, char **out, char **err)
{
    int rc = run_cli("", args, out, err);
    if (out == NULL || *out == NULL)
        return rc;
    char *w = *out;
    for (const char *r = *out; *r != '\0';) {
        const char *end = strchr(r, '\n');
        size_t len = end ? (size_t)(end - r) + 1 : strlen(r);
        if (r[0] != '#') {
            memmove(w, r, len);
            w += len;
        }
        r += len;
    }
    *w = '\0';
    return rc;
}

void hf_test_cli_ok(const char *args)
{
    char *err = NULL;
    int rc = hf_test_cli(args, NULL, &err);
    if (rc != 0)
        print_error("hertzfit %s -> %d: %s\n", args, rc, err ? err : "(no stderr)");
    assert_int_equal(rc, 0);
    free(err);
}

int hf_test_cli_with_file_limit(unsigned blocks, const char *args, char **out, char **err)
{
    /* SIGXFSZ ignored before the exec stays ignored, so a write past the
     * limit fails with EFBIG, as on a full disk */
    char prefix[96];
    snprintf(prefix, sizeof prefix, "trap '' XFSZ; ulimit -f %u; exec ", blocks);
    return run_cli(prefix, args, out, err);
}

size_t hf_test_count_lines(const char *text)
{
    size_t n = 0;
    const char *p = text;
    for (; *p; ++p)
        n += (*p == '\n');
    if (p > text && p[-1] != '\n')
        ++n;
    return n;
}

void hf_test_expect_failure(const char *args, int expected_rc, const char *needle)
{
    char *out = NULL, *err = NULL;
    int rc = hf_test_cli(args, &out, &err);
    int ok = rc == expected_rc && out != NULL && err != NULL && out[0] == '\0' &&
             strstr(err, needle) != NULL && hf_test_count_lines(err) == 1;
    if (!ok)
        print_error("hertzfit %s -> exit %d (wanted %d)\nstdout: %s\nstderr: %s\n(wanted "
                    "one stderr line containing '%s')\n", args, rc, expected_rc,
                    out ? out : "(none)", err ? err : "(none)", needle);
    free(out);
    free(err);
    assert_true(ok);
}

void hf_test_expect_stdout_failure(const char *args, const char *stdout_path,
                                   const char *needle)
{
    char *err = NULL;
    int rc = run_cli_to("", args, stdout_path, NULL, &err);
    int ok = rc == 1 && err != NULL && strstr(err, needle) != NULL &&
             hf_test_count_lines(err) == 1;
    if (!ok)
        print_error("hertzfit %s > %s -> exit %d (wanted 1)\nstderr: %s\n(wanted one "
                    "stderr line containing '%s')\n", args, stdout_path, rc,
                    err ? err : "(none)", needle);
    free(err);
    assert_true(ok);
}

void hf_test_assert_png(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        print_error("%s was not written\n", path);
    assert_non_null(fp);
    unsigned char magic[8] = {0};
    size_t got = fread(magic, 1, sizeof magic, fp);
    fclose(fp);
    assert_int_equal(got, sizeof magic);
    assert_memory_equal(magic, "\x89PNG\r\n\x1a\n", sizeof magic);
}

int hf_test_have_gnuplot(void)
{
    return system("command -v gnuplot > /dev/null 2>&1") == 0;
}

void hf_test_plot_to_png(const char *plot_args, const char *name)
{
    if (!hf_test_have_gnuplot())
        skip();
    char png[1024];
    snprintf(png, sizeof png, "%s", hf_test_tmp_path(name));
    remove(png);
    size_t len = strlen(plot_args) + strlen(png) + 16;
    char *args = malloc(len);   /* freed below */
    assert_non_null(args);
    snprintf(args, len, "%s -o '%s'", plot_args, png);
    int rc = hf_test_cli(args, NULL, NULL);
    if (rc != 0)
        print_error("hertzfit %s -> exit %d\n", args, rc);
    free(args);
    assert_int_equal(rc, 0);
    hf_test_assert_png(png);
    remove(png);
}

void hf_test_with_file_limit(size_t bytes, int (*body)(const void *arg), const void *arg)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        /* a write past the limit then fails with EFBIG instead of killing
         * the process with SIGXFSZ */
        signal(SIGXFSZ, SIG_IGN);
        struct rlimit lim;
        getrlimit(RLIMIT_FSIZE, &lim);
        lim.rlim_cur = (rlim_t)bytes;
        if (setrlimit(RLIMIT_FSIZE, &lim) != 0)
            _exit(99);
        _exit(body(arg));
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        print_error("the child under a %zu-byte file limit ended with %d\n", bytes,
                    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

int hf_test_count_entries(const char *dir, const char *needle)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        n += strstr(e->d_name, needle) != NULL;
    closedir(d);
    return n;
}

void hf_test_assert_file_is(const char *path, const char *expected)
{
    char *text = hf_test_read_file(path);
    if (text == NULL)
        print_error("cannot read %s\n", path);
    assert_non_null(text);
    assert_string_equal(text, expected);
    free(text);
}
