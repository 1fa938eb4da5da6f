/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/campaign_manifest.c — manifest.txt: written last (describing the
 * data files as they are on disk), read and parsed into the campaign's
 * lists with every number range-checked, compared field by field, and the
 * check that a folder may receive a campaign.
 */
#include "studies/campaign_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "objectives/bench_internal.h"
#include "core/csv.h"
#include "core/file.h"

static hf_status read_manifest_fields(const char *path, hf_campaign *c, hf_diag *diag);

static int skipped(const char *key, const char *const *skip)
{
    if (strncmp(key, HF_CAMPAIGN_DATA_PREFIX, strlen(HF_CAMPAIGN_DATA_PREFIX)) == 0)
        return 1;
    for (; skip != NULL && *skip != NULL; ++skip)
        if (strcmp(key, *skip) == 0)
            return 1;
    return 0;
}

/* "plugin.N": where plug-in N was loaded from.  A plug-in is identified by
 * its SHA-256 ("plugin.N.sha256"), so the same file at another path (another
 * machine's build folder) is the same campaign. */
static int plugin_path(const char *key)
{
    if (strncmp(key, "plugin.", 7) != 0 || key[7] == '\0')
        return 0;
    for (const char *s = key + 7; *s; ++s)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

/* First key of A missing from or different in B. */
static const char *first_difference(const hf_campaign *a, const hf_campaign *b,
                                    const char *const *skip)
{
    for (size_t i = 0; i < a->n_fields; ++i) {
        if (skipped(a->keys[i], skip) || plugin_path(a->keys[i]))
            continue;
        const char *vb = hf_campaign_field(b, a->keys[i]);
        if (vb == NULL || strcmp(vb, a->values[i]) != 0)
            return a->keys[i];
    }
    return NULL;
}

/* First field where A and B differ, ignoring the keys in SKIP (NULL-
 * terminated): HF_EMISMATCH with "field 'K' differs: 'VA' in WHAT_A vs
 * 'VB' in WHAT_B" in the diag. */
hf_status hf_campaign_compare_manifests(const hf_campaign *a, const char *what_a,
                                        const hf_campaign *b, const char *what_b,
                                        const char *const *skip, hf_diag *diag)
{
    const char *key = first_difference(a, b, skip);
    if (key == NULL)
        key = first_difference(b, a, skip);
    if (key == NULL)
        return HF_OK;
    const char *va = hf_campaign_field(a, key), *vb = hf_campaign_field(b, key);
    return hf_diag_set(diag, HF_EMISMATCH, "manifest field '%s' differs: '%s' in %s vs '%s' in %s",
                       key, va ? va : "(absent)", what_a, vb ? vb : "(absent)", what_b);
}

/* What a campaign directory holds: the only entries it replaces without
 * force. */
static const char *const campaign_entries[] = {"manifest.txt", "runs.csv", "trace.csv", "coco",
                                               "ioh", NULL};

hf_status hf_campaign_check_dir(const hf_campaign *c, const char *dir, int force,
                                hf_diag *diag)
{
    hf_diag why = {{0}};
    hf_status st = hf_atomic_dir_check(dir, campaign_entries, &why);
    if (st == HF_EEXIST && force)
        return HF_OK;
    if (st == HF_EEXIST)
        return hf_diag_set(diag, st, "%s; refused without force", why.text);
    if (st != HF_OK)
        return hf_diag_set(diag, st, "%s", why.text);
    char path[2048];
    snprintf(path, sizeof path, "%s/manifest.txt", dir);
    struct stat sb;
    if (force || stat(path, &sb) != 0)
        return HF_OK;            /* nothing there, or no campaign */
    hf_campaign *old = calloc(1, sizeof *old); /* freed below */
    if (old == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    st = read_manifest_fields(path, old, diag);
    if (st == HF_OK) {
        static const char *const skip[] = {"threads", NULL};
        if (hf_campaign_compare_manifests(c, "this campaign", old, path, skip, &why) != HF_OK)
            st = hf_diag_set(diag, HF_EEXIST,
                             "'%s' already holds a different campaign (%s); refused without "
                             "force", dir, why.text);
    }
    hf_campaign_free(old);
    return st;
}

/* ---- writing ----------------------------------------------------------- */

/* The data files a manifest describes, and the rows each holds. */
static const char *const data_files[] = {"runs.csv", "trace.csv"};

/* The "data.FILE.rows" and "data.FILE.sha256" lines of the data files
 * already written into DIR. */
static hf_status write_data_fields(const hf_campaign *c, const char *dir, FILE *fp,
                                   hf_diag *diag)
{
    const size_t rows[] = {c->n_rows, c->n_trace};
    for (size_t i = 0; i < 2; ++i) {
        char path[2048], hex[HF_FILE_SHA256_HEX];
        snprintf(path, sizeof path, "%s/%s", dir, data_files[i]);
        hf_status st = hf_file_sha256(path, HF_CAMPAIGN_DATA_MAX_BYTES, hex, diag);
        if (st != HF_OK)
            return st;
        fprintf(fp, "%s%s.rows = %zu\n%s%s.sha256 = %s\n", HF_CAMPAIGN_DATA_PREFIX,
                data_files[i], rows[i], HF_CAMPAIGN_DATA_PREFIX, data_files[i], hex);
    }
    return HF_OK;
}

/* The manifest, written last: its data fields describe the files as they
 * are in DIR.  Fields read from an older manifest (its format, its data
 * fields) are replaced by this writer's. */
hf_status hf_campaign_write_manifest(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    hf_atomic_file *out = hf_campaign_open_file(dir, "manifest.txt", diag);
    if (out == NULL)
        return HF_EIO;
    FILE *fp = hf_atomic_file_stream(out);
    fprintf(fp, "# hertzfit benchmark campaign: every field but shard, threads and data.*\n"
                "# must agree for shards to merge\n");
    for (size_t i = 0; i < c->n_fields; ++i) {
        if (strcmp(c->keys[i], "format") == 0)
            fprintf(fp, "format = %s\n", HF_CAMPAIGN_FORMAT);
        else if (!skipped(c->keys[i], NULL))
            fprintf(fp, "%s = %s\n", c->keys[i], c->values[i]);
    }
    hf_status st = write_data_fields(c, dir, fp, diag);
    if (st != HF_OK) {
        hf_atomic_file_discard(out);
        return st;
    }
    return hf_atomic_file_commit(out, diag);
}

/* ---- reading ----------------------------------------------------------- */

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        ++s;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' ||
                     s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

/* Whether FORMAT is this writer's or an older one the reader still takes. */
static int known_format(const char *format)
{
    static const char *const known[] = {HF_CAMPAIGN_FORMAT, HF_CAMPAIGN_FORMAT_3,
                                        HF_CAMPAIGN_FORMAT_2, HF_CAMPAIGN_FORMAT_1};
    for (size_t i = 0; i < sizeof known / sizeof *known; ++i)
        if (strcmp(format, known[i]) == 0)
            return 1;
    return 0;
}

/* A manifest holds a few hundred short fields; 16 MiB is far beyond any
 * real one and keeps a wrong file from being read whole. */
#define MANIFEST_MAX_BYTES ((size_t)16 << 20)

static hf_status read_manifest_fields(const char *path, hf_campaign *c, hf_diag *diag)
{
    char *text = NULL; /* freed below */
    hf_status st = hf_file_read(path, MANIFEST_MAX_BYTES, &text, NULL, diag);
    size_t lineno = 0;
    for (char *line = text, *next; st == HF_OK && line != NULL; line = next) {
        next = strchr(line, '\n');
        if (next != NULL)
            *next++ = '\0';
        ++lineno;
        char *s = trim(line);
        if (*s == '\0' || *s == '#')
            continue;
        char *eq = strstr(s, " = ");
        if (eq == NULL) {
            st = hf_diag_set(diag, HF_EPARSE, "%s:%zu: expected 'key = value'", path, lineno);
            break;
        }
        *eq = '\0';
        st = hf_campaign_push_field(c, trim(s), trim(eq + 3));
        if (st == HF_ENOMEM)
            st = hf_diag_set(diag, st, "%s: out of memory", path);
    }
    free(text);
    if (st == HF_OK && hf_campaign_field(c, "format") == NULL)
        st = hf_diag_set(diag, HF_EPARSE, "%s: no 'format' field (not a hertzfit manifest)", path);
    else if (st == HF_OK && !known_format(hf_campaign_field(c, "format")))
        st = hf_diag_set(diag, HF_EPARSE, "%s: format '%s' is not %s", path,
                         hf_campaign_field(c, "format"), HF_CAMPAIGN_FORMAT);
    return st;
}

static hf_status need_field(const hf_campaign *c, const char *path, const char *key,
                            const char **value, hf_diag *diag)
{
    *value = hf_campaign_field(c, key);
    if (*value == NULL)
        return hf_diag_set(diag, HF_EPARSE, "%s: field '%s' is missing", path, key);
    return HF_OK;
}

static hf_status need_count(const hf_campaign *c, const char *path, const char *key,
                            size_t *out, hf_diag *diag)
{
    const char *v;
    unsigned long long n = 0;
    hf_status st = need_field(c, path, key, &v, diag);
    if (st == HF_OK && hf_parse_count(v, &n, NULL) != HF_OK)
        st = hf_diag_set(diag, HF_EPARSE, "%s: field '%s' = '%s' is not a count", path, key, v);
    *out = (size_t)n;
    return st;
}

/* A count field within [MIN, MAX]: HF_EPARSE naming the file, the field,
 * its value and the range otherwise. */
static hf_status need_count_in(const hf_campaign *c, const char *path, const char *key,
                               unsigned long long min, unsigned long long max, size_t *out,
                               hf_diag *diag)
{
    hf_status st = need_count(c, path, key, out, diag);
    if (st == HF_OK && (*out < min || *out > max))
        st = hf_diag_set(diag, HF_EPARSE, "%s: field '%s' = %zu is outside [%llu, %llu]", path,
                         key, *out, min, max);
    return st;
}

/* The items of a manifest list field ("a b c", "1e1,1e0"): *items and
 * each item malloc'ed, owned by the caller (free_words).  Empty items are
 * skipped. */
static hf_status split_words(const char *text, char sep, char ***items, size_t *n)
{
    size_t cap = 1;
    for (const char *p = text; *p; ++p)
        cap += *p == sep;
    *n = 0;
    *items = calloc(cap, sizeof **items); /* caller frees */
    if (*items == NULL)
        return HF_ENOMEM;
    for (const char *p = text; *p;) {
        const char *end = strchr(p, sep);
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len > 0) {
            char *word = malloc(len + 1); /* owned by *items */
            if (word == NULL)
                return HF_ENOMEM;
            memcpy(word, p, len);
            word[len] = '\0';
            (*items)[(*n)++] = word;
        }
        p += len + (end != NULL);
    }
    return HF_OK;
}

static void free_words(char **items, size_t n)
{
    for (size_t i = 0; items != NULL && i < n; ++i)
        free(items[i]);
    free(items);
}

/* f* of every run ("bbob:F:D"): RUNS numbers in VALUE into p->run_f_opt,
 * and run 0's as p->f_opt. */
static hf_status parse_run_optima(const char *path, const char *key, const char *value,
                                  size_t runs, hf_campaign_problem *p, hf_diag *diag)
{
    char **words = NULL;
    size_t n = 0;
    hf_status st = split_words(value, ' ', &words, &n);
    p->run_f_opt = malloc(sizeof *p->run_f_opt * (runs ? runs : 1)); /* owned by the campaign */
    if (st != HF_OK || p->run_f_opt == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    else if (n != runs)
        st = hf_diag_set(diag, HF_EPARSE, "%s: '%s' has %zu values, not one per run (%zu)",
                         path, key, n, runs);
    for (size_t r = 0; r < n && st == HF_OK; ++r)
        if (hf_parse_double(words[r], &p->run_f_opt[r], NULL) != HF_OK)
            st = hf_diag_set(diag, HF_EPARSE, "%s: '%s': '%s' is not a number", path, key,
                             words[r]);
    if (st == HF_OK)
        p->f_opt = p->run_f_opt[0];
    free_words(words, n);
    return st;
}

/* The "problems" list and each problem's dim, budget and f*. */
static hf_status parse_problems(const char *path, hf_campaign *c, hf_diag *diag)
{
    const char *v;
    char **names = NULL; /* array freed here; its strings move into c->problems */
    size_t np = 0;
    hf_status st = need_field(c, path, "problems", &v, diag);
    if (st != HF_OK)
        return st;
    if (split_words(v, ' ', &names, &np) != HF_OK) {
        free_words(names, np);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    c->problems = calloc(np ? np : 1, sizeof *c->problems); /* owned by c (hf_campaign_free) */
    for (size_t i = 0; i < np; ++i) {
        if (c->problems != NULL)
            c->problems[i].name = names[i];   /* ownership moves */
        else
            free(names[i]);
    }
    free(names);
    if (c->problems == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    c->n_problems = np;
    for (size_t i = 0; i < np && st == HF_OK; ++i) {
        hf_campaign_problem *p = &c->problems[i];
        char key[512];
        snprintf(key, sizeof key, "problem.%s.dim", p->name);
        st = need_count_in(c, path, key, 1, HF_CAMPAIGN_DIM_MAX, &p->dim, diag);
        snprintf(key, sizeof key, "problem.%s.budget", p->name);
        if (st == HF_OK)
            st = need_count_in(c, path, key, 1, HF_CAMPAIGN_BUDGET_MAX, &p->budget, diag);
        snprintf(key, sizeof key, "problem.%s.f_opt", p->name);
        if (st == HF_OK) st = need_field(c, path, key, &v, diag);
        if (st == HF_OK && strcmp(v, "unknown") != 0) {
            p->has_optimum = 1;
            st = strchr(v, ' ') != NULL ? parse_run_optima(path, key, v, c->runs, p, diag)
                 : hf_parse_double(v, &p->f_opt, NULL) != HF_OK
                     ? hf_diag_set(diag, HF_EPARSE, "%s: '%s' = '%s' is not a number", path,
                                   key, v)
                     : HF_OK;
        }
    }
    return st;
}

/* The comma-separated "targets" field, with the checks of a campaign's
 * targets (hf_campaign_sort_targets). */
static hf_status parse_target_field(const char *path, hf_campaign *c, hf_diag *diag)
{
    const char *v;
    hf_status st = need_field(c, path, "targets", &v, diag);
    if (st != HF_OK)
        return st;
    char **words = NULL;
    size_t n = 0;
    st = split_words(v, ',', &words, &n);
    c->targets = malloc(sizeof *c->targets * (n ? n : 1)); /* owned by c (hf_campaign_free) */
    if (st != HF_OK || c->targets == NULL) {
        free_words(words, n);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    c->n_targets = n;
    hf_diag why = {{0}};
    for (size_t i = 0; i < n && st == HF_OK; ++i)
        if (hf_parse_double(words[i], &c->targets[i], NULL) != HF_OK)
            st = hf_diag_set(&why, HF_EINVAL, "target '%s' is not a number", words[i]);
    if (st == HF_OK)
        st = hf_campaign_sort_targets(c->targets, n, &why);
    free_words(words, n);
    if (st != HF_OK)
        return hf_diag_set(diag, HF_EPARSE, "%s: field 'targets': %s", path, why.text);
    return HF_OK;
}

/* The "shard" field, "i/k" with 0 <= i < k. */
static hf_status parse_shard_field(const char *path, hf_campaign *c, hf_diag *diag)
{
    const char *v;
    hf_status st = need_field(c, path, "shard", &v, diag);
    if (st != HF_OK)
        return st;
    hf_diag why = {{0}};
    if (hf_campaign_shard_parse(v, &c->shard_index, &c->shard_count, &why) != HF_OK)
        return hf_diag_set(diag, HF_EPARSE, "%s: field 'shard': %s", path, why.text);
    return HF_OK;
}

/* The "instances" field: the BBOB instances of the runs, space-separated. */
static hf_status parse_instances(const char *path, const char *value, hf_campaign *c,
                                 hf_diag *diag)
{
    char **words = NULL;
    size_t n = 0;
    hf_status st = split_words(value, ' ', &words, &n);
    c->instances = malloc(sizeof *c->instances * (n ? n : 1)); /* owned by c */
    if (st != HF_OK || c->instances == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    else if (n == 0)
        st = hf_diag_set(diag, HF_EPARSE, "%s: field 'instances' lists none", path);
    for (size_t i = 0; i < n && st == HF_OK; ++i) {
        unsigned long long v = 0;
        if (hf_parse_count(words[i], &v, NULL) != HF_OK || v < 1 || v > HF_BBOB_MAX_INSTANCE)
            st = hf_diag_set(diag, HF_EPARSE, "%s: field 'instances': '%s' is not a BBOB "
                             "instance", path, words[i]);
        c->instances[i] = (unsigned long)v;
    }
    c->n_instances = st == HF_OK ? n : 0;
    free_words(words, n);
    return st;
}

/* The fields a campaign in memory needs, from the manifest's key/values. */
/* The optimisers, runs and problems, and the task count they make. */
static hf_status parse_lists(const char *path, hf_campaign *c, hf_diag *diag)
{
    const char *v;
    hf_status st = need_field(c, path, "optimizers", &v, diag);
    /* c->optimizers and its words are owned by c (hf_campaign_free) */
    if (st == HF_OK && split_words(v, ' ', &c->optimizers, &c->n_optimizers) != HF_OK)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    /* runs before the problems: a problem's per-run f* list has one value
     * per run */
    if (st == HF_OK)
        st = need_count_in(c, path, "runs", 1, HF_CAMPAIGN_RUNS_MAX, &c->runs, diag);
    if (st == HF_OK) st = parse_problems(path, c, diag);
    /* the task numbers (optimizer * n_problems + problem) * runs + run
     * must not overflow */
    if (st == HF_OK && (c->n_optimizers == 0 || c->n_problems == 0))
        st = hf_diag_set(diag, HF_EPARSE, "%s: no %s listed", path,
                         c->n_optimizers == 0 ? "optimizer" : "problem");
    if (st == HF_OK && c->n_optimizers > HF_CAMPAIGN_TASKS_MAX / c->n_problems / c->runs)
        st = hf_diag_set(diag, HF_EPARSE, "%s: %zu optimisers x %zu problems x %zu runs is "
                         "above the limit of %d tasks", path, c->n_optimizers, c->n_problems,
                         c->runs, HF_CAMPAIGN_TASKS_MAX);
    return st;
}

/* The seed takes the whole 64-bit range, as the program's --seed does. */
static hf_status parse_seed_field(const char *path, hf_campaign *c, hf_diag *diag)
{
    const char *v;
    uint64_t seed = 0;
    hf_status st = need_field(c, path, "seed", &v, diag);
    if (st == HF_OK && hf_parse_seed(v, &seed, NULL) != HF_OK)
        st = hf_diag_set(diag, HF_EPARSE, "%s: field 'seed' = '%s' is not a seed (0 to "
                         "2^64 - 1)", path, v);
    c->seed = seed;
    return st;
}

static hf_status parse_fields(const char *path, hf_campaign *c, hf_diag *diag)
{
    const char *v;
    hf_status st = parse_lists(path, c, diag);
    if (st == HF_OK) st = parse_seed_field(path, c, diag);
    if (st == HF_OK && (v = hf_campaign_field(c, "instances")) != NULL)
        st = parse_instances(path, v, c, diag);
    if (st == HF_OK) st = parse_target_field(path, c, diag);
    if (st == HF_OK) st = parse_shard_field(path, c, diag);
    if (st == HF_OK && (v = hf_campaign_field(c, "threads")) != NULL)
        c->threads = atoi(v);
    c->shifted = hf_campaign_field(c, "shift") != NULL;
    return st;
}

hf_status hf_campaign_read_manifest(const char *path, hf_campaign *c, hf_diag *diag)
{
    hf_status st = read_manifest_fields(path, c, diag);
    return st != HF_OK ? st : parse_fields(path, c, diag);
}
