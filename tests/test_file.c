/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_file.c — the whole-file reader and the atomic outputs of
 * core/file.h: every accepted input and every refused one with its
 * message, and outputs whose writing fails (a file-size limit of the
 * process, set with setrlimit in a child, makes the writes fail with
 * EFBIG the way a full disk would) leaving the previous content or nothing.
 */
#define _POSIX_C_SOURCE 200809L   /* mkdtemp, fileno */
#include "hf_test.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/file.h"

/* A fresh empty folder under the test scratch area (static buffer). */
static const char *scratch_dir(const char *name)
{
    static char path[1024];
    snprintf(path, sizeof path, "%s", hf_test_tmp_path(name));
    char cmd[1100];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", path);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(mkdir(path, 0777), 0);
    return path;
}

static void expect_read_failure(const char *path, size_t max, hf_status expected,
                                const char *needle)
{
    char *text = (char *)path;   /* must come back NULL */
    size_t len = 7;
    hf_diag diag = {{0}};
    hf_status st = hf_file_read(path, max, &text, &len, &diag);
    if (st != expected || strstr(diag.text, needle) == NULL) {
        print_error("hf_file_read(%s): status %d (%s), diag '%s'; expected %d and '%s'\n",
                    path, st, hf_strerror(st), diag.text, expected, needle);
        fail();
    }
    assert_null(text);
}

static void test_reads_a_text_file(void **state)
{
    (void)state;
    const char *path = hf_test_tmp_path("file-text");
    hf_test_write_file(path, "a,b\n1,2\n");
    char *text = NULL;
    size_t len = 0;
    hf_diag diag = {{0}};
    assert_int_equal(hf_file_read(path, 0, &text, &len, &diag), HF_OK);
    assert_int_equal(len, 8);
    assert_string_equal(text, "a,b\n1,2\n");
    free(text);
    /* exactly the limit is fine, one byte more is not */
    assert_int_equal(hf_file_read(path, 8, &text, NULL, &diag), HF_OK);
    free(text);
    expect_read_failure(path, 7, HF_ERANGE, "8 bytes, more than the 7 bytes");
    remove(path);
    /* an empty file is an empty text */
    hf_test_write_file(path, "");
    assert_int_equal(hf_file_read(path, 0, &text, &len, &diag), HF_OK);
    assert_int_equal(len, 0);
    assert_string_equal(text, "");
    free(text);
    remove(path);
}

static void test_large_file_refused_by_its_size(void **state)
{
    (void)state;
    /* a sparse 1 GiB file: refused from fstat, nothing read */
    const char *path = hf_test_tmp_path("file-huge");
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, (off_t)1 << 30), 0);
    close(fd);
    char needle[128];
    snprintf(needle, sizeof needle, "1073741824 bytes, more than the %zu bytes",
             HF_FILE_MAX_BYTES);
    expect_read_failure(path, 0, HF_ERANGE, needle);
    remove(path);
}

static void test_refuses_special_files(void **state)
{
    (void)state;
    expect_read_failure("/dev/zero", 0, HF_EIO, "/dev/zero: is a character device, not a file");
    const char *dir = scratch_dir("file-dir");
    char needle[1100];
    snprintf(needle, sizeof needle, "%s: is a directory, not a file", dir);
    expect_read_failure(dir, 0, HF_EIO, needle);
    rmdir(dir);
    expect_read_failure("/nonexistent/hertzfit", 0, HF_EIO,
                        "/nonexistent/hertzfit: cannot open: No such file or directory");
}

static void test_nul_byte_is_named(void **state)
{
    (void)state;
    const char *path = hf_test_tmp_path("file-nul");
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    fwrite("ab\ncd\0e\n", 1, 8, fp);
    fclose(fp);
    char needle[1100];
    snprintf(needle, sizeof needle, "%s:2:3: a NUL byte", path);
    expect_read_failure(path, 0, HF_EPARSE, needle);
    remove(path);
}

/* A child writes N bytes of 'x' into the write end of a pipe. */
static pid_t pipe_writer(int fds[2], size_t n)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        char chunk[4096];
        memset(chunk, 'x', sizeof chunk);
        for (size_t done = 0; done < n;) {
            size_t k = n - done < sizeof chunk ? n - done : sizeof chunk;
            ssize_t w = write(fds[1], chunk, k);
            if (w <= 0)
                _exit(0);   /* the reader stopped reading: fine */
            done += (size_t)w;
        }
        _exit(0);
    }
    close(fds[1]);
    return pid;
}

static void test_pipe_read_up_to_the_limit(void **state)
{
    (void)state;
    signal(SIGPIPE, SIG_IGN);
    char path[64];
    for (int round = 0; round < 2; ++round) {
        int fds[2];
        assert_int_equal(pipe(fds), 0);
        size_t n = round == 0 ? 10000 : 100000;
        pid_t pid = pipe_writer(fds, n);
        snprintf(path, sizeof path, "/dev/fd/%d", fds[0]);
        char *text = NULL;
        size_t len = 0;
        hf_diag diag = {{0}};
        hf_status st = hf_file_read(path, 50000, &text, &len, &diag);
        close(fds[0]);
        waitpid(pid, NULL, 0);
        if (round == 0) {   /* under the limit: all of it */
            assert_int_equal(st, HF_OK);
            assert_int_equal(len, n);
            free(text);
        } else {            /* over it: refused once the limit is passed */
            assert_int_equal(st, HF_ERANGE);
            assert_non_null(strstr(diag.text, "more than 50000 bytes"));
            assert_null(text);
        }
    }
}

static void test_fifo_without_writer_does_not_hang(void **state)
{
    (void)state;
    const char *path = hf_test_tmp_path("file-fifo");
    remove(path);
    assert_int_equal(mkfifo(path, 0666), 0);
    char *text = NULL;
    size_t len = 1;
    hf_diag diag = {{0}};
    assert_int_equal(hf_file_read(path, 0, &text, &len, &diag), HF_OK);
    assert_int_equal(len, 0);
    free(text);
    remove(path);
}

static void test_atomic_file_commit_and_discard(void **state)
{
    (void)state;
    const char *dir = scratch_dir("file-atomic");
    char path[1100];
    snprintf(path, sizeof path, "%s/out.csv", dir);
    hf_diag diag = {{0}};
    hf_atomic_file *f = NULL;
    assert_int_equal(hf_atomic_file_open(path, &f, &diag), HF_OK);
    fputs("new\n", hf_atomic_file_stream(f));
    /* nothing at PATH until the commit */
    assert_int_equal(access(path, F_OK), -1);
    assert_int_equal(hf_test_count_entries(dir, ".tmp-"), 1);
    assert_int_equal(hf_atomic_file_commit(f, &diag), HF_OK);
    char *text = hf_test_read_file(path);
    assert_string_equal(text, "new\n");
    free(text);
    /* a discarded rewrite leaves the old content and no temporary file */
    assert_int_equal(hf_atomic_file_open(path, &f, &diag), HF_OK);
    fputs("half", hf_atomic_file_stream(f));
    hf_atomic_file_discard(f);
    text = hf_test_read_file(path);
    assert_string_equal(text, "new\n");
    free(text);
    assert_int_equal(hf_test_count_entries(dir, ".tmp-"), 0);
    hf_atomic_file_discard(NULL);
    /* a folder that does not exist, or a folder in the way */
    char bad[1200];
    snprintf(bad, sizeof bad, "%s/missing/out.csv", dir);
    assert_int_equal(hf_atomic_file_open(bad, &f, &diag), HF_EIO);
    assert_non_null(strstr(diag.text, "cannot write"));
    assert_non_null(strstr(diag.text, "No such file or directory"));
    assert_null(f);
    assert_int_equal(hf_atomic_file_open(dir, &f, &diag), HF_EIO);
    assert_non_null(strstr(diag.text, "it is a directory"));
    remove(path);
    rmdir(dir);
}

static int write_too_much(const void *arg)
{
    const char *path = arg;
    hf_diag diag = {{0}};
    hf_atomic_file *f = NULL;
    if (hf_atomic_file_open(path, &f, &diag) != HF_OK)
        return 4;
    for (int i = 0; i < 1000; ++i)
        fprintf(hf_atomic_file_stream(f), "row %d of a file larger than the limit\n", i);
    hf_status st = hf_atomic_file_commit(f, &diag);
    if (st != HF_EWRITE || strstr(diag.text, "File too large") == NULL) {
        fprintf(stderr, "commit: %d '%s'\n", st, diag.text);
        return 5;
    }
    return 0;
}

static void test_failed_write_keeps_the_old_file(void **state)
{
    (void)state;
    const char *dir = scratch_dir("file-efbig");
    char path[1100];
    snprintf(path, sizeof path, "%s/out.csv", dir);
    hf_test_write_file(path, "old\n");
    hf_test_with_file_limit(1000, write_too_much, path);
    hf_test_assert_file_is(path, "old\n");
    assert_int_equal(hf_test_count_entries(dir, ".tmp-"), 0);
    /* and where there was none, there is none */
    remove(path);
    hf_test_with_file_limit(1000, write_too_much, path);
    assert_int_equal(access(path, F_OK), -1);
    assert_int_equal(hf_test_count_entries(dir, ".tmp-"), 0);
    rmdir(dir);
}

/* Writes NAME with TEXT into folder DIR. */
static void put(const char *dir, const char *name, const char *text)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    hf_test_write_file(path, text);
}

static char *get(const char *dir, const char *name)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return hf_test_read_file(path);
}

static void test_atomic_dir_new_and_replaced(void **state)
{
    (void)state;
    const char *top = scratch_dir("file-adir");
    char path[1100];
    snprintf(path, sizeof path, "%s/result/", top);   /* a trailing slash is ignored */
    hf_diag diag = {{0}};
    assert_int_equal(hf_atomic_dir_check(path, NULL, &diag), HF_OK);
    hf_atomic_dir *d = NULL;
    assert_int_equal(hf_atomic_dir_open(path, &d, &diag), HF_OK);
    put(hf_atomic_dir_path(d), "a.txt", "first\n");
    assert_int_equal(access(path, F_OK), -1);   /* nothing in place yet */
    assert_int_equal(hf_atomic_dir_commit(d, &diag), HF_OK);
    char *text = get(path, "a.txt");
    assert_string_equal(text, "first\n");
    free(text);
    /* replaced as a whole: b.txt of the old one is gone */
    put(path, "b.txt", "old only\n");
    const char *own[] = {"a.txt", "b.txt", NULL};
    assert_int_equal(hf_atomic_dir_check(path, own, &diag), HF_OK);
    assert_int_equal(hf_atomic_dir_open(path, &d, &diag), HF_OK);
    put(hf_atomic_dir_path(d), "a.txt", "second\n");
    assert_int_equal(hf_atomic_dir_commit(d, &diag), HF_OK);
    text = get(path, "a.txt");
    assert_string_equal(text, "second\n");
    free(text);
    assert_null(get(path, "b.txt"));
    assert_int_equal(hf_test_count_entries(top, ".tmp-") + hf_test_count_entries(top, ".old-"), 0);
    /* a discarded rewrite leaves the folder as it was */
    assert_int_equal(hf_atomic_dir_open(path, &d, &diag), HF_OK);
    put(hf_atomic_dir_path(d), "a.txt", "third\n");
    hf_atomic_dir_discard(d);
    text = get(path, "a.txt");
    assert_string_equal(text, "second\n");
    free(text);
    assert_int_equal(hf_test_count_entries(top, ".tmp-"), 0);
    hf_atomic_dir_discard(NULL);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
    assert_int_equal(system(cmd), 0);
}

static void test_atomic_dir_check_refuses_what_it_would_delete(void **state)
{
    (void)state;
    const char *top = scratch_dir("file-adir-check");
    hf_diag diag = {{0}};
    put(top, "notes.txt", "mine\n");
    const char *own[] = {"a.txt", NULL};
    assert_int_equal(hf_atomic_dir_check(top, own, &diag), HF_EEXIST);
    assert_non_null(strstr(diag.text, "holds 'notes.txt', which writing it anew would delete"));
    char path[1100];
    snprintf(path, sizeof path, "%s/notes.txt", top);
    assert_int_equal(hf_atomic_dir_check(path, own, &diag), HF_EIO);
    assert_non_null(strstr(diag.text, "exists and is not a directory"));
    hf_atomic_dir *d = NULL;
    assert_int_equal(hf_atomic_dir_open(path, &d, &diag), HF_EIO);
    assert_null(d);
    snprintf(path, sizeof path, "%s/missing/result", top);
    assert_int_equal(hf_atomic_dir_check(path, own, &diag), HF_EIO);
    assert_non_null(strstr(diag.text, "is not a directory"));
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
    assert_int_equal(system(cmd), 0);
}

/* Fills a temporary folder beyond the size limit and discards it, as a
 * writer that failed does. */
static int fill_dir_too_much(const void *arg)
{
    const char *path = arg;
    hf_diag diag = {{0}};
    hf_atomic_dir *d = NULL;
    if (hf_atomic_dir_open(path, &d, &diag) != HF_OK)
        return 4;
    char file[1200];
    snprintf(file, sizeof file, "%s/a.txt", hf_atomic_dir_path(d));
    hf_atomic_file *f = NULL;
    if (hf_atomic_file_open(file, &f, &diag) != HF_OK)
        return 5;
    for (int i = 0; i < 1000; ++i)
        fprintf(hf_atomic_file_stream(f), "row %d of a file larger than the limit\n", i);
    if (hf_atomic_file_commit(f, &diag) != HF_EWRITE)
        return 6;
    hf_atomic_dir_discard(d);
    return 0;
}

static void test_failed_dir_keeps_the_old_one(void **state)
{
    (void)state;
    const char *top = scratch_dir("file-adir-efbig");
    char path[1100];
    snprintf(path, sizeof path, "%s/result", top);
    assert_int_equal(mkdir(path, 0777), 0);
    put(path, "a.txt", "old\n");
    hf_test_with_file_limit(1000, fill_dir_too_much, path);
    char *text = get(path, "a.txt");
    assert_string_equal(text, "old\n");
    free(text);
    assert_int_equal(hf_test_count_entries(top, ".tmp-"), 0);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_a_text_file),
        cmocka_unit_test(test_large_file_refused_by_its_size),
        cmocka_unit_test(test_refuses_special_files),
        cmocka_unit_test(test_nul_byte_is_named),
        cmocka_unit_test(test_pipe_read_up_to_the_limit),
        cmocka_unit_test(test_fifo_without_writer_does_not_hang),
        cmocka_unit_test(test_atomic_file_commit_and_discard),
        cmocka_unit_test(test_failed_write_keeps_the_old_file),
        cmocka_unit_test(test_atomic_dir_new_and_replaced),
        cmocka_unit_test(test_atomic_dir_check_refuses_what_it_would_delete),
        cmocka_unit_test(test_failed_dir_keeps_the_old_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
