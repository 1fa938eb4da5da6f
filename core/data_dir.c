/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/data_dir.c — where the shipped data sets are: $HERTZFIT_DATA, else
 * share/hertzfit of the installation the library was loaded from, found
 * relative to the library's own file (dladdr) or, when the library is
 * linked statically, to the program's (/proc/self/exe), so an installed
 * tree works from any prefix and keeps working when moved; else "data".
 * The relative paths from the library and program folders to the data
 * folder come from the build (GNUInstallDirs), never an absolute path.
 */
#define _GNU_SOURCE
#include "core/file.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef HERTZFIT_DATA_FROM_LIBDIR
#define HERTZFIT_DATA_FROM_LIBDIR "../share/hertzfit"
#endif
#ifndef HERTZFIT_DATA_FROM_BINDIR
#define HERTZFIT_DATA_FROM_BINDIR "../share/hertzfit"
#endif

static hf_status put(char *out, size_t size, const char *path, hf_diag *diag)
{
    size_t n = strlen(path);
    if (out == NULL || n >= size)
        return hf_diag_set(diag, HF_ERANGE, "data folder '%s' does not fit %zu bytes", path,
                           size);
    memcpy(out, path, n + 1);
    return HF_OK;
}

/* FILE's folder joined with RELATIVE, canonical, into FOUND (PATH_MAX
 * bytes), when that folder exists. */
static int data_beside(const char *file, const char *relative, char *found)
{
    char real[PATH_MAX], joined[2 * PATH_MAX];
    if (file == NULL || realpath(file, real) == NULL)
        return 0;
    char *slash = strrchr(real, '/');
    if (slash == NULL)
        return 0;
    *slash = '\0';
    snprintf(joined, sizeof joined, "%s/%s", real, relative);
    struct stat st;
    return realpath(joined, found) != NULL && stat(found, &st) == 0 && S_ISDIR(st.st_mode);
}

/* An object of the library, whose address dladdr maps to the library's
 * file (a function's address would need a cast ISO C forbids). */
static const char library_anchor;

hf_status hf_data_dir(char *out, size_t size, hf_diag *diag)
{
    const char *env = getenv("HERTZFIT_DATA");
    if (env != NULL && env[0] != '\0')
        return put(out, size, env, diag);
    char found[PATH_MAX];
    Dl_info info;
    if (dladdr(&library_anchor, &info) != 0 &&
        data_beside(info.dli_fname, HERTZFIT_DATA_FROM_LIBDIR, found))
        return put(out, size, found, diag);
    if (data_beside("/proc/self/exe", HERTZFIT_DATA_FROM_BINDIR, found))
        return put(out, size, found, diag);
    return put(out, size, "data", diag);
}
