/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz/replay.c — runs a fuzz target on every file of the folders (or
 * files) given, in name order, so that a corpus and its past crash
 * reproducers are replayed without libFuzzer: by ctest on the Release and
 * the sanitizer builds.  Exit 0 when every input ran (a crash, a sanitizer
 * report or a hang ends the process before that).
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_target.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int run_file(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 1;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap); /* freed below */
    for (size_t got; buf != NULL && (got = fread(buf + n, 1, cap - n, fp)) > 0;) {
        n += got;
        if (n == cap) {
            uint8_t *grown = realloc(buf, cap *= 2);
            if (grown == NULL) {
                free(buf);
                buf = NULL;
            } else {
                buf = grown;
            }
        }
    }
    fclose(fp);
    if (buf == NULL) {
        fprintf(stderr, "replay: out of memory reading %s\n", path);
        return 1;
    }
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file of DIR, in name order; *count gets their number. */
static int run_dir(const char *dir, size_t *count)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        fprintf(stderr, "replay: cannot open folder %s\n", dir);
        return 1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            char **grown = realloc(names, sizeof *names * (cap = cap ? 2 * cap : 64));
            if (grown == NULL) {
                rc = 1;
                break;
            }
            names = grown;
        }
        names[n] = strdup(e->d_name);
        rc = names[n] == NULL;
        n += rc == 0;
    }
    closedir(d);
    if (n > 1) /* qsort of a NULL array, even of length 0, is undefined */
        qsort(names, n, sizeof *names, compare_names);
    for (size_t i = 0; i < n; ++i) {
        char path[4096];
        struct stat sb;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (rc == 0 && stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
            rc = run_file(path);
            ++*count;
        }
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv)
{
    size_t count = 0;
    LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; ++i) {
        struct stat sb;
        if (stat(argv[i], &sb) != 0) {
            fprintf(stderr, "replay: no such file or folder: %s\n", argv[i]);
            return 1;
        }
        int rc = S_ISDIR(sb.st_mode) ? run_dir(argv[i], &count) : run_file(argv[i]);
        count += !S_ISDIR(sb.st_mode);
        if (rc != 0)
            return 1;
    }
    if (count == 0) {
        fprintf(stderr, "replay: no input found in the folders given\n");
        return 1;
    }
    printf("replay: %zu inputs ran\n", count);
    hf_fuzz_scratch_remove();
    return 0;
}
