/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz/fuzz_campaign.c — the campaign folder reader (hertzfit/campaign.h:
 * manifest, runs.csv, trace.csv and their integrity checks) and the
 * report computed from what it read.  One input is a whole folder: its
 * files follow each other, each after a line "--8<-- NAME" (NAME one of
 * manifest.txt, runs.csv, trace.csv; text before the first such line is
 * ignored), as the files of fuzz/corpus/campaign show.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_target.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hertzfit/campaign.h"
#include "hertzfit/report.h"

static const char marker[] = "--8<-- ";
static const char *const names[] = {"manifest.txt", "runs.csv", "trace.csv"};

/* Writes the part of DATA after its marker line for NAME into DIR/NAME
 * (absent when the input has no such part). */
static void write_part(const char *dir, const char *name, const uint8_t *data, size_t size)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    unlink(path);
    char line[64];
    snprintf(line, sizeof line, "%s%s\n", marker, name);
    size_t len = strlen(line);
    const uint8_t *start = NULL;
    for (size_t i = 0; i + len <= size; ++i)
        if ((i == 0 || data[i - 1] == '\n') && memcmp(data + i, line, len) == 0) {
            start = data + i + len;
            break;
        }
    if (start == NULL)
        return;
    size_t n = (size_t)(data + size - start);
    for (size_t i = 0; i + sizeof marker - 1 <= n; ++i)
        if ((i == 0 || start[i - 1] == '\n') && memcmp(start + i, marker, sizeof marker - 1) == 0) {
            n = i;
            break;
        }
    FILE *fp = fopen(path, "wb");
    if (fp == NULL)
        return;
    fwrite(start, 1, n, fp);
    fclose(fp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char dir[1024], report[1100];
    snprintf(dir, sizeof dir, "%s/campaign", hf_fuzz_scratch_dir());
    snprintf(report, sizeof report, "%s/report", hf_fuzz_scratch_dir());
    mkdir(dir, 0700);
    for (size_t k = 0; k < sizeof names / sizeof names[0]; ++k)
        write_part(dir, names[k], data, size);
    hf_campaign *c = NULL;
    hf_diag diag = {{0}};
    if (hf_campaign_read(dir, &c, &diag) != HF_OK)
        return 0;
    hf_report_options opt;
    hf_report_options_init(&opt);
    opt.force = 1;
    (void)hf_report_write(c, &opt, report, &diag);
    hf_campaign_free(c);
    return 0;
}
