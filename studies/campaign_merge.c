/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/campaign_merge.c — shards of one campaign merged: the same
 * manifest (but shard and threads), every task exactly once, written as
 * one campaign folder.
 */
#include "studies/campaign_internal.h"

#include <stdlib.h>

/* Appends B's rows and trace to A; TASKS receives the task of every trace
 * point of A then B (grown).  The rows' best points move to A (B's rows
 * are left without them). */
static hf_status append_campaign(hf_campaign *a, hf_campaign *b, size_t **tasks,
                                 hf_diag *diag)
{
    /* all three grown arrays stay owned by A (hf_campaign_free) or, for
     * TASKS, by the caller */
    hf_campaign_row *rows = realloc(a->rows, sizeof *rows * (a->n_rows + b->n_rows + 1));
    if (rows == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    a->rows = rows;
    hf_trace_point *t = realloc(a->trace, sizeof *t * (a->n_trace + b->n_trace + 1));
    if (t == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    a->trace = t;
    size_t *k = realloc(*tasks, sizeof *k * (a->n_trace + b->n_trace + 1));
    if (k == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    *tasks = k;
    for (size_t i = 0; i < b->n_rows; ++i) {
        const hf_campaign_row *r = &b->rows[i];
        size_t task = hf_campaign_task_number(b, r);
        for (size_t q = 0; q < r->trace_count; ++q) {
            a->trace[a->n_trace] = b->trace[r->trace_first + q];
            (*tasks)[a->n_trace++] = task;
        }
        a->rows[a->n_rows++] = *r;
        b->rows[i].best_x = NULL;
    }
    return HF_OK;
}

/* Every task of the full campaign exactly once. */
static hf_status check_tasks(const hf_campaign *c, hf_diag *diag)
{
    size_t total = c->n_optimizers * c->n_problems * c->runs;
    for (size_t i = 0, expect = 0; i <= c->n_rows; ++i, ++expect) {
        size_t task = i < c->n_rows ? hf_campaign_task_number(c, &c->rows[i]) : total;
        if (i > 0 && i < c->n_rows && task == hf_campaign_task_number(c, &c->rows[i - 1])) {
            const hf_campaign_row *r = &c->rows[i];
            return hf_diag_set(diag, HF_EMISMATCH, "task (%s, %s, run %zu) appears twice",
                               c->optimizers[r->optimizer], c->problems[r->problem].name, r->run);
        }
        if (task > expect) {
            size_t o = expect / (c->n_problems * c->runs);
            size_t p = (expect / c->runs) % c->n_problems, r = expect % c->runs;
            return hf_diag_set(diag, HF_EMISMATCH,
                               "task (%s, %s, run %zu) is missing (%zu of %zu tasks present)",
                               c->optimizers[o], c->problems[p].name, r, c->n_rows, total);
        }
    }
    return HF_OK;
}

hf_status hf_campaign_merge(const char *const *dirs, size_t n, const char *out_dir, int force,
                            hf_diag *diag)
{
    if (n == 0)
        return hf_diag_set(diag, HF_EINVAL, "no campaign directory to merge");
    hf_campaign *merged = NULL;
    size_t *tasks = NULL;
    hf_status st = hf_campaign_read(dirs[0], &merged, diag);
    if (st == HF_OK) {
        /* restart the accumulation from nothing, keeping the manifest */
        hf_campaign first = *merged;
        merged->rows = NULL;
        merged->trace = NULL;
        merged->n_rows = merged->n_trace = 0;
        st = append_campaign(merged, &first, &tasks, diag);
        free(first.rows);
        free(first.trace);
    }
    static const char *const skip[] = {"shard", "threads", NULL};
    for (size_t i = 1; i < n && st == HF_OK; ++i) {
        hf_campaign *other = NULL;
        st = hf_campaign_read(dirs[i], &other, diag);
        if (st == HF_OK)
            st = hf_campaign_compare_manifests(merged, dirs[0], other, dirs[i], skip, diag);
        if (st == HF_OK)
            st = append_campaign(merged, other, &tasks, diag);
        hf_campaign_free(other);
    }
    if (st == HF_OK) st = hf_campaign_sort_rows(merged, tasks, "the merged campaigns", diag);
    if (st == HF_OK) st = check_tasks(merged, diag);
    if (st == HF_OK) {
        merged->shard_index = 0;
        merged->shard_count = 1;
        st = hf_campaign_set_field(merged, "shard", "0/1");
    }
    if (st == HF_OK) st = hf_campaign_check_dir(merged, out_dir, force, diag);
    if (st == HF_OK) st = hf_campaign_output(merged, out_dir, NULL, diag);
    free(tasks);
    hf_campaign_free(merged);
    return st;
}
