/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz/support.c — the scratch files of the fuzz targets.
 */
#define _XOPEN_SOURCE 700 /* nftw */
#include "fuzz_target.h"
#include "hertzfit/status.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char scratch_dir[512];
static char scratch_path[640];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    hf_library_init();
    return 0;
}

const char *hf_fuzz_scratch_dir(void)
{
    if (scratch_dir[0] == '\0') {
        const char *tmp = getenv("TMPDIR");
        snprintf(scratch_dir, sizeof scratch_dir, "%s/hertzfit-fuzz-XXXXXX",
                 tmp && *tmp ? tmp : "/tmp");
        if (mkdtemp(scratch_dir) == NULL) {
            perror("hertzfit fuzz: mkdtemp");
            exit(1);
        }
    }
    return scratch_dir;
}

const char *hf_fuzz_scratch(const char *file_name, const uint8_t *data, size_t size)
{
    snprintf(scratch_path, sizeof scratch_path, "%s/%s", hf_fuzz_scratch_dir(), file_name);
    FILE *fp = fopen(scratch_path, "wb");
    if (fp == NULL)
        return NULL;
    int ok = fwrite(data, 1, size, fp) == size;
    ok &= fclose(fp) == 0;
    return ok ? scratch_path : NULL;
}

static int remove_entry(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
    (void)sb;
    (void)type;
    (void)ftw;
    return remove(path);
}

void hf_fuzz_scratch_remove(void)
{
    if (scratch_dir[0] != '\0')
        nftw(scratch_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    scratch_dir[0] = '\0';
}
