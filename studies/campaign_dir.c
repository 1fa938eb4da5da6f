/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/campaign_dir.c — a campaign folder as a whole: written (the data
 * files, coco/, ioh/, then the manifest describing them) into a folder
 * put in place at once, and read back with its integrity checks.
 */
#include "studies/campaign_internal.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/file.h"

/* Writes runs.csv, trace.csv, coco/, ioh/ and, describing them,
 * manifest.txt into DIR. */
static hf_status write_campaign(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    hf_status st = hf_campaign_write_data(c, dir, diag);
    if (st == HF_OK) st = hf_campaign_write_coco(c, dir, diag);
    if (st == HF_OK) st = hf_campaign_write_ioh(c, dir, diag);
    if (st == HF_OK) st = hf_campaign_write_manifest(c, dir, diag);
    return st;
}

hf_status hf_campaign_output(const hf_campaign *c, const char *dir, hf_atomic_dir *out,
                             hf_diag *diag)
{
    hf_status st = HF_OK;
    if (out == NULL)   /* committed or discarded below */
        st = hf_atomic_dir_open(dir, &out, diag);
    if (st != HF_OK)
        return st;
    hf_diag why = {{0}};
    st = write_campaign(c, hf_atomic_dir_path(out), &why);
    if (st != HF_OK) {
        hf_atomic_dir_discard(out);
        return hf_diag_set(diag, st, "writing '%s': %s", dir, why.text);
    }
    return hf_atomic_dir_commit(out, diag);
}

hf_status hf_campaign_read(const char *dir, hf_campaign **out, hf_diag *diag)
{
    *out = NULL;
    hf_campaign *c = calloc(1, sizeof *c); /* freed below or by the caller */
    if (c == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    char path[2048];
    snprintf(path, sizeof path, "%s/manifest.txt", dir);
    size_t *task_of_point = NULL;
    hf_status st = hf_campaign_read_manifest(path, c, diag);
    if (st == HF_OK) st = hf_campaign_read_data(dir, c, &task_of_point, diag);
    if (st == HF_OK) st = hf_campaign_sort_rows(c, task_of_point, dir, diag);
    if (st == HF_OK) st = hf_campaign_verify_data(c, dir, diag);
    free(task_of_point);
    if (st != HF_OK) {
        hf_campaign_free(c);
        return st;
    }
    *out = c;
    return HF_OK;
}
