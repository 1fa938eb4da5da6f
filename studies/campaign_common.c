/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/campaign_common.c — a campaign in memory as every campaign file
 * uses it: the manifest's fields, task numbers, targets, first hits, the
 * BBOB identity of its problems, and the folders and files the writers
 * open.  It calls no other campaign file.
 */
#include "studies/campaign_internal.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <gsl/gsl_sort.h>

#include "hertzfit/bench_problems.h"
#include "core/csv.h"
#include "core/file.h"

char *hf_campaign_strdup(const char *text)
{
    size_t n = strlen(text) + 1;
    char *copy = malloc(n); /* caller frees */
    if (copy != NULL)
        memcpy(copy, text, n);
    return copy;
}

hf_status hf_campaign_push_field(hf_campaign *c, const char *key, const char *value)
{
    char **k = realloc(c->keys, sizeof *k * (c->n_fields + 1)); /* owned by c */
    if (k == NULL)
        return HF_ENOMEM;
    c->keys = k;
    char **v = realloc(c->values, sizeof *v * (c->n_fields + 1)); /* owned by c */
    if (v == NULL)
        return HF_ENOMEM;
    c->values = v;
    c->keys[c->n_fields] = hf_campaign_strdup(key);     /* owned by c (hf_campaign_free) */
    c->values[c->n_fields] = hf_campaign_strdup(value); /* owned by c (hf_campaign_free) */
    c->n_fields++;
    return (c->keys[c->n_fields - 1] && c->values[c->n_fields - 1]) ? HF_OK : HF_ENOMEM;
}

hf_status hf_campaign_add_field(hf_campaign *c, const char *key, const char *fmt, ...)
{
    char value[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(value, sizeof value, fmt, ap);
    va_end(ap);
    return hf_campaign_push_field(c, key, value);
}

const char *hf_campaign_field(const hf_campaign *c, const char *key)
{
    for (size_t i = 0; i < c->n_fields; ++i)
        if (strcmp(c->keys[i], key) == 0)
            return c->values[i];
    return NULL;
}

hf_status hf_campaign_set_field(hf_campaign *c, const char *key, const char *value)
{
    for (size_t i = 0; i < c->n_fields; ++i)
        if (strcmp(c->keys[i], key) == 0) {
            char *copy = hf_campaign_strdup(value); /* replaces c->values[i], owned by c */
            if (copy == NULL)
                return HF_ENOMEM;
            free(c->values[i]);
            c->values[i] = copy;
            return HF_OK;
        }
    return hf_campaign_push_field(c, key, value);
}

double hf_campaign_row_f_opt(const hf_campaign *c, const hf_campaign_row *row)
{
    const hf_campaign_problem *p = &c->problems[row->problem];
    if (!p->has_optimum)
        return NAN;
    return p->run_f_opt != NULL && row->run < c->runs ? p->run_f_opt[row->run] : p->f_opt;
}

void hf_campaign_free(hf_campaign *c)
{
    if (c == NULL)
        return;
    for (size_t i = 0; c->optimizers && i < c->n_optimizers; ++i)
        free(c->optimizers[i]);
    for (size_t i = 0; c->problems && i < c->n_problems; ++i) {
        free(c->problems[i].name);
        free(c->problems[i].run_f_opt);
    }
    for (size_t i = 0; i < c->n_fields; ++i) {
        free(c->keys[i]);
        free(c->values[i]);
    }
    free(c->optimizers);
    free(c->problems);
    free(c->targets);
    free(c->keys);
    free(c->values);
    for (size_t i = 0; c->rows && i < c->n_rows; ++i)
        free(c->rows[i].best_x);
    free(c->rows);
    free(c->trace);
    free(c->instances);
    free(c);
}

/* Task number in the full campaign: (optimizer * n_problems + problem) * runs + run. */
size_t hf_campaign_task_number(const hf_campaign *c, const hf_campaign_row *row)
{
    return (row->optimizer * c->n_problems + row->problem) * c->runs + row->run;
}

size_t hf_campaign_first_hit(const hf_campaign *c, const hf_campaign_row *row, double level)
{
    for (size_t i = 0; i < row->trace_count; ++i)
        if (c->trace[row->trace_first + i].best_f <= level)
            return i;
    return row->trace_count;
}


hf_status hf_campaign_shard_parse(const char *text, size_t *index, size_t *count,
                                  hf_diag *diag)
{
    char first[64];
    const char *slash = strchr(text, '/');
    unsigned long long i = 0, k = 0;
    if (slash == NULL || (size_t)(slash - text) >= sizeof first)
        return hf_diag_set(diag, HF_EINVAL, "'%s' is not of the form i/k", text);
    memcpy(first, text, (size_t)(slash - text));
    first[slash - text] = '\0';
    if (hf_parse_count(first, &i, NULL) != HF_OK || hf_parse_count(slash + 1, &k, NULL) != HF_OK)
        return hf_diag_set(diag, HF_EINVAL, "'%s' is not of the form i/k", text);
    if (k < 1 || i >= k)
        return hf_diag_set(diag, HF_EINVAL, "'%s': need 0 <= i < k (shards are numbered from 0)",
                           text);
    *index = (size_t)i;
    *count = (size_t)k;
    return HF_OK;
}

hf_status hf_campaign_sort_targets(double *values, size_t n, hf_diag *diag)
{
    if (n == 0)
        return hf_diag_set(diag, HF_EINVAL, "no targets given");
    for (size_t i = 0; i < n; ++i)
        if (!isfinite(values[i]) || !(values[i] > 0.0))
            return hf_diag_set(diag, HF_EINVAL,
                               "target %g is not a finite positive number (targets are "
                               "distances to f*: 1e1,1e0,...)", values[i]);
    gsl_sort(values, 1, n);
    for (size_t i = 0; i < n / 2; ++i) {   /* decreasing: easiest target first */
        double t = values[i];
        values[i] = values[n - 1 - i];
        values[n - 1 - i] = t;
    }
    for (size_t i = 1; i < n; ++i)
        if (values[i] == values[i - 1])
            return hf_diag_set(diag, HF_EINVAL, "target %g is listed twice", values[i]);
    return HF_OK;
}

hf_status hf_campaign_mkdir(const char *dir, hf_diag *diag)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return hf_diag_set(diag, HF_EIO, "cannot create directory '%s': %s", dir,
                           strerror(errno));
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
        return hf_diag_set(diag, HF_EIO, "'%s' is not a directory", dir);
    return HF_OK;
}

/* Whether C may stay in a folder name: letters, digits, '_', '.', '+', '-'. */
static int folder_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '.' || c == '+' || c == '-';
}

hf_status hf_campaign_algorithm_dir(const hf_campaign *c, size_t o, const char *parent,
                                    char *alg, size_t alg_cap, char *dir, size_t dir_cap,
                                    hf_diag *diag)
{
    /* a folder name from any optimiser name a campaign file may carry: only
     * letters, digits, '_', '.', '+' and '-' stay, and never "." or ".." */
    int dots = strcmp(c->optimizers[o], ".") == 0 || strcmp(c->optimizers[o], "..") == 0;
    snprintf(alg, alg_cap, "%s%s", dots || c->optimizers[o][0] == '\0' ? "alg-" : "",
             c->optimizers[o]);
    for (char *s = alg; *s; ++s)
        if (!folder_name_char(*s))
            *s = '-';
    if (snprintf(dir, dir_cap, "%s/%s", parent, alg) >= (int)dir_cap)
        return hf_diag_set(diag, HF_EINVAL, "path too long under '%s'", parent);
    return hf_campaign_mkdir(dir, diag);
}

/* ---- BBOB functions in a campaign ---------------------------------------- */

hf_status hf_campaign_bbob_identities(const hf_campaign *c, hf_campaign_bbob **out,
                                      hf_diag *diag)
{
    /* owned by the caller */
    hf_campaign_bbob *ids = calloc(c->n_problems ? c->n_problems : 1, sizeof *ids);
    if (ids == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t p = 0; p < c->n_problems; ++p)
        if (!hf_bench_problem_bbob(c->problems[p].name, &ids[p].function, &ids[p].instance))
            ids[p] = (hf_campaign_bbob){0, 0};
    *out = ids;
    return HF_OK;
}

unsigned long hf_campaign_bbob_instance(const hf_campaign *c, const hf_campaign_bbob *id,
                                        size_t run)
{
    if (id->instance != 0)
        return id->instance;
    return c->n_instances > 0 ? c->instances[run % c->n_instances] : (unsigned long)run + 1;
}

/* ---- writing ----------------------------------------------------------- */

hf_atomic_file *hf_campaign_open_file(const char *dir, const char *name, hf_diag *diag)
{
    char path[2048];
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path) {
        hf_diag_set(diag, HF_EIO, "path too long: '%s/%s'", dir, name);
        return NULL;
    }
    hf_atomic_file *out = NULL;
    hf_atomic_file_open(path, &out, diag);
    return out;
}
