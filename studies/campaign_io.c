/*
 * studies/campaign_io.c — a campaign directory on disk: the manifest (written,
 * read, compared field by field), runs.csv and trace.csv (numbers as %.17g
 * so they read back bit-identical), and the merge of shards with its
 * checks (same manifest, every task exactly once).
 */
#include "studies/campaign_internal.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

static hf_status push_field(hf_campaign *c, const char *key, const char *value)
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
    return push_field(c, key, value);
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
    return push_field(c, key, value);
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
    free(c->rows);
    free(c->trace);
    free(c);
}

/* Task number in the full campaign: (optimizer * n_problems + problem) * runs + run. */
static size_t task_number(const hf_campaign *c, const hf_campaign_row *row)
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

/* KEY is in SKIP (NULL-terminated), or is a data-file field. */
static int skipped(const char *key, const char *const *skip)
{
    if (strncmp(key, HF_CAMPAIGN_DATA_PREFIX, strlen(HF_CAMPAIGN_DATA_PREFIX)) == 0)
        return 1;
    for (; skip != NULL && *skip != NULL; ++skip)
        if (strcmp(key, *skip) == 0)
            return 1;
    return 0;
}

/* First key of A missing from or different in B. */
static const char *first_difference(const hf_campaign *a, const hf_campaign *b,
                                    const char *const *skip)
{
    for (size_t i = 0; i < a->n_fields; ++i) {
        if (skipped(a->keys[i], skip))
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
static hf_status compare_manifests(const hf_campaign *a, const char *what_a,
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
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              *s == '_' || *s == '.' || *s == '+' || *s == '-'))
            *s = '-';
    if (snprintf(dir, dir_cap, "%s/%s", parent, alg) >= (int)dir_cap)
        return hf_diag_set(diag, HF_EINVAL, "path too long under '%s'", parent);
    return hf_campaign_mkdir(dir, diag);
}

static hf_status read_manifest_fields(const char *path, hf_campaign *c, hf_diag *diag);
static hf_status write_campaign(const hf_campaign *c, const char *dir, hf_diag *diag);

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
        if (compare_manifests(c, "this campaign", old, path, skip, &why) != HF_OK)
            st = hf_diag_set(diag, HF_EEXIST,
                             "'%s' already holds a different campaign (%s); refused without "
                             "force", dir, why.text);
    }
    hf_campaign_free(old);
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

unsigned long hf_campaign_bbob_instance(const hf_campaign_bbob *id, size_t run)
{
    return id->instance != 0 ? id->instance : (unsigned long)run + 1;
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
        hf_status st = hf_file_sha256(path, 0, hex, diag);
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
static hf_status write_manifest(const hf_campaign *c, const char *dir, hf_diag *diag)
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

static hf_status write_runs(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    hf_atomic_file *out = hf_campaign_open_file(dir, "runs.csv", diag);
    if (out == NULL)
        return HF_EIO;
    FILE *fp = hf_atomic_file_stream(out);
    fprintf(fp, "optimizer,problem,dim,run,seed,stream,best_f,evaluations,stop,seconds\n");
    for (size_t i = 0; i < c->n_rows; ++i) {
        const hf_campaign_row *r = &c->rows[i];
        fprintf(fp, "%s,%s,%zu,%zu,%llu,%llu,%.17g,%zu,%s,%.6f\n", c->optimizers[r->optimizer],
                c->problems[r->problem].name, c->problems[r->problem].dim, r->run,
                (unsigned long long)r->seed, (unsigned long long)r->stream, r->best_f,
                r->evaluations, hf_stop_reason_name(r->stop), r->seconds);
    }
    return hf_atomic_file_commit(out, diag);
}

static hf_status write_trace(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    char path[2048];
    if (snprintf(path, sizeof path, "%s/trace.csv", dir) >= (int)sizeof path)
        return hf_diag_set(diag, HF_EIO, "path too long: '%s/trace.csv'", dir);
    hf_trace_run *runs = calloc(c->n_rows ? c->n_rows : 1, sizeof *runs); /* freed below */
    if (runs == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t i = 0; i < c->n_rows; ++i) {
        const hf_campaign_row *r = &c->rows[i];
        runs[i] = (hf_trace_run){c->optimizers[r->optimizer], c->problems[r->problem].name,
                                 r->run, {c->trace + r->trace_first, r->trace_count}, 0};
    }
    hf_status st = hf_trace_write(path, runs, c->n_rows, diag);
    free(runs);
    return st;
}

/* Writes runs.csv, trace.csv, coco/, ioh/ and, describing them,
 * manifest.txt into DIR. */
static hf_status write_campaign(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    hf_status st = write_runs(c, dir, diag);
    if (st == HF_OK) st = write_trace(c, dir, diag);
    if (st == HF_OK) st = hf_campaign_write_coco(c, dir, diag);
    if (st == HF_OK) st = hf_campaign_write_ioh(c, dir, diag);
    if (st == HF_OK) st = write_manifest(c, dir, diag);
    return st;
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
        st = push_field(c, trim(s), trim(eq + 3));
        if (st == HF_ENOMEM)
            st = hf_diag_set(diag, st, "%s: out of memory", path);
    }
    free(text);
    if (st == HF_OK && hf_campaign_field(c, "format") == NULL)
        st = hf_diag_set(diag, HF_EPARSE, "%s: no 'format' field (not a hertzfit manifest)", path);
    else if (st == HF_OK && strcmp(hf_campaign_field(c, "format"), HF_CAMPAIGN_FORMAT) != 0 &&
             strcmp(hf_campaign_field(c, "format"), HF_CAMPAIGN_FORMAT_2) != 0 &&
             strcmp(hf_campaign_field(c, "format"), HF_CAMPAIGN_FORMAT_1) != 0)
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
    const char *slash = strchr(v, '/');
    char first[32];
    unsigned long long i = 0, k = 0;
    if (slash == NULL || (size_t)(slash - v) >= sizeof first)
        return hf_diag_set(diag, HF_EPARSE, "%s: field 'shard' = '%s' is not i/k", path, v);
    memcpy(first, v, (size_t)(slash - v));
    first[slash - v] = '\0';
    if (hf_parse_count(first, &i, NULL) != HF_OK ||
        hf_parse_count(slash + 1, &k, NULL) != HF_OK ||
        k < 1 || i >= k)
        return hf_diag_set(diag, HF_EPARSE, "%s: field 'shard' = '%s' is not i/k with "
                           "0 <= i < k", path, v);
    c->shard_index = (size_t)i;
    c->shard_count = (size_t)k;
    return HF_OK;
}

/* The fields a campaign in memory needs, from the manifest's key/values. */
static hf_status parse_manifest(const char *path, hf_campaign *c, hf_diag *diag)
{
    const char *v;
    size_t seed = 0;
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
    if (st == HF_OK) st = need_count(c, path, "seed", &seed, diag);
    c->seed = seed;
    if (st == HF_OK) st = parse_target_field(path, c, diag);
    if (st == HF_OK) st = parse_shard_field(path, c, diag);
    if (st == HF_OK && (v = hf_campaign_field(c, "threads")) != NULL)
        c->threads = atoi(v);
    c->shifted = hf_campaign_field(c, "shift") != NULL;
    return st;
}

static long find_name(char *const *names, size_t n, size_t stride, const char *name)
{
    for (size_t i = 0; i < n; ++i)
        if (strcmp(*(char *const *)((const char *)names + i * stride), name) == 0)
            return (long)i;
    return -1;
}

static hf_status parse_u64(const hf_csv *csv, size_t row, long col, uint64_t *out,
                           hf_diag *diag)
{
    const char *text = hf_csv_cell(csv, row, (size_t)col);
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || text[0] == '-')
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu:%ld: column '%s': '%s' is not an unsigned "
                           "64-bit integer", hf_csv_path(csv), hf_csv_line(csv, row), col + 1,
                           hf_csv_header(csv, (size_t)col), text);
    *out = (uint64_t)v;
    return HF_OK;
}

/* A best value: finite, or "inf" for a run whose every evaluation failed. */
static hf_status parse_best(const hf_csv *csv, size_t row, long col, double *out,
                            hf_diag *diag)
{
    const char *text = hf_csv_cell(csv, row, (size_t)col);
    if (strcmp(text, "inf") == 0) {
        *out = INFINITY;
        return HF_OK;
    }
    return hf_csv_number(csv, row, (size_t)col, out, diag);
}

static hf_status columns(const hf_csv *csv, const char *const *names, long *cols, size_t n,
                         hf_diag *diag)
{
    for (size_t i = 0; i < n; ++i) {
        size_t col = 0;
        hf_status st = hf_csv_require(csv, names[i], &col, diag);
        if (st != HF_OK)
            return st;
        cols[i] = (long)col;
    }
    return HF_OK;
}

/* Row ROW's (optimizer, problem, run) as indices into the manifest lists. */
static hf_status row_task(const hf_campaign *c, const hf_csv *csv, size_t row, const long *col,
                          size_t *o, size_t *p, size_t *r, hf_diag *diag)
{
    const char *on = hf_csv_cell(csv, row, (size_t)col[0]);
    const char *pn = hf_csv_cell(csv, row, (size_t)col[1]);
    long oi = find_name(c->optimizers, c->n_optimizers, sizeof *c->optimizers, on);
    long pi = find_name(&c->problems[0].name, c->n_problems, sizeof *c->problems, pn);
    unsigned long long run = 0;
    if (oi < 0 || pi < 0)
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu: %s '%s' is not in the manifest",
                           hf_csv_path(csv), hf_csv_line(csv, row), oi < 0 ? "optimizer" : "problem",
                           oi < 0 ? on : pn);
    hf_status st = hf_csv_count(csv, row, (size_t)col[2], &run, diag);
    if (st != HF_OK)
        return st;
    if (run >= c->runs)
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu:%ld: run %llu is not in 0..%zu",
                           hf_csv_path(csv), hf_csv_line(csv, row), col[2] + 1, run,
                           c->runs - 1);
    *o = (size_t)oi;
    *p = (size_t)pi;
    *r = (size_t)run;
    return HF_OK;
}

static hf_status stop_from_name(const char *text, hf_stop_reason *out)
{
    for (int s = HF_STOP_NONE; s <= HF_STOP_FAILURE; ++s)
        if (strcmp(hf_stop_reason_name((hf_stop_reason)s), text) == 0) {
            *out = (hf_stop_reason)s;
            return HF_OK;
        }
    return HF_EPARSE;
}

static hf_status read_runs(const char *dir, hf_campaign *c, hf_diag *diag)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/runs.csv", dir);
    hf_csv *csv = NULL;
    hf_status st = hf_csv_read(path, NULL, &csv, diag);
    if (st != HF_OK)
        return st;
    static const char *const names[] = {"optimizer", "problem", "run", "seed", "stream",
                                        "best_f", "evaluations", "stop", "seconds"};
    long col[9];
    st = columns(csv, names, col, 9, diag);
    size_t n = hf_csv_nrows(csv);
    c->rows = calloc(n ? n : 1, sizeof *c->rows); /* owned by c (hf_campaign_free) */
    if (c->rows == NULL && st == HF_OK)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t i = 0; i < n && st == HF_OK; ++i) {
        hf_campaign_row *r = &c->rows[i];
        unsigned long long evals = 0;
        st = row_task(c, csv, i, col, &r->optimizer, &r->problem, &r->run, diag);
        if (st == HF_OK) st = parse_u64(csv, i, col[3], &r->seed, diag);
        if (st == HF_OK) st = parse_u64(csv, i, col[4], &r->stream, diag);
        if (st == HF_OK) st = parse_best(csv, i, col[5], &r->best_f, diag);
        if (st == HF_OK) st = hf_csv_count(csv, i, (size_t)col[6], &evals, diag);
        r->evaluations = (size_t)evals;
        if (st == HF_OK && stop_from_name(hf_csv_cell(csv, i, (size_t)col[7]), &r->stop) != HF_OK)
            st = hf_diag_set(diag, HF_EPARSE, "%s:%zu: unknown stop reason '%s'", path,
                             hf_csv_line(csv, i), hf_csv_cell(csv, i, (size_t)col[7]));
        if (st == HF_OK) st = hf_csv_number(csv, i, (size_t)col[8], &r->seconds, diag);
        c->n_rows = i + 1;
    }
    hf_csv_free(csv);
    return st;
}

/* Reads trace.csv; *task_of_point (caller frees) gives each point's task. */
static hf_status read_trace(const char *dir, hf_campaign *c, size_t **task_of_point,
                            hf_diag *diag)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/trace.csv", dir);
    hf_trace_file *file = NULL;
    *task_of_point = NULL;
    hf_status st = hf_trace_read(path, &file, diag);
    if (st != HF_OK)
        return st;
    size_t n = 0;
    for (size_t i = 0; i < file->n_runs; ++i)
        n += file->runs[i].trace.count;
    c->trace = malloc(sizeof *c->trace * (n ? n : 1));             /* owned by c */
    *task_of_point = malloc(sizeof **task_of_point * (n ? n : 1)); /* caller frees */
    if (c->trace == NULL || *task_of_point == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t i = 0; i < file->n_runs && st == HF_OK; ++i) {
        const hf_trace_run *tr = &file->runs[i];
        long o = find_name(c->optimizers, c->n_optimizers, sizeof *c->optimizers, tr->optimizer);
        long p = find_name(&c->problems[0].name, c->n_problems, sizeof *c->problems, tr->problem);
        if (o < 0 || p < 0)
            st = hf_diag_set(diag, HF_EPARSE, "%s:%zu: %s '%s' is not in the manifest", path,
                             tr->line, o < 0 ? "optimizer" : "problem",
                             o < 0 ? tr->optimizer : tr->problem);
        else if (tr->run >= c->runs)
            st = hf_diag_set(diag, HF_EPARSE, "%s:%zu: run '%zu' is not in 0..%zu", path,
                             tr->line, tr->run, c->runs - 1);
        hf_campaign_row key = {.optimizer = (size_t)o, .problem = (size_t)p, .run = tr->run};
        for (size_t k = 0; k < tr->trace.count && st == HF_OK; ++k) {
            c->trace[c->n_trace] = tr->trace.points[k];
            (*task_of_point)[c->n_trace++] = task_number(c, &key);
        }
    }
    hf_trace_file_free(file);
    return st;
}

typedef struct keyed {
    size_t task;
    size_t index;
    size_t evaluations;
} keyed;

static int compare_keyed(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    if (x->task != y->task)
        return x->task < y->task ? -1 : 1;
    if (x->evaluations != y->evaluations)
        return x->evaluations < y->evaluations ? -1 : 1;
    return x->index < y->index ? -1 : (x->index > y->index);
}

static int compare_rows(const void *a, const void *b)
{
    const hf_campaign_row *x = a, *y = b;
    if (x->optimizer != y->optimizer)
        return x->optimizer < y->optimizer ? -1 : 1;
    if (x->problem != y->problem)
        return x->problem < y->problem ? -1 : 1;
    return x->run < y->run ? -1 : (x->run > y->run);
}

/* Sorts rows by task and trace points to follow them; fills trace ranges.
 * TASK_OF_POINT[i] is the task of trace point i (consumed); WHERE names the
 * campaign in a message. */
static hf_status sort_campaign(hf_campaign *c, size_t *task_of_point, const char *where,
                               hf_diag *diag)
{
    qsort(c->rows, c->n_rows, sizeof *c->rows, compare_rows);
    keyed *k = malloc(sizeof *k * (c->n_trace ? c->n_trace : 1));        /* freed below */
    hf_trace_point *t = malloc(sizeof *t * (c->n_trace ? c->n_trace : 1)); /* becomes c->trace, owned by c */
    if (k == NULL || t == NULL) {
        free(k);
        free(t);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    for (size_t i = 0; i < c->n_trace; ++i)
        k[i] = (keyed){task_of_point[i], i, c->trace[i].evaluations};
    qsort(k, c->n_trace, sizeof *k, compare_keyed);
    for (size_t i = 0; i < c->n_trace; ++i)
        t[i] = c->trace[k[i].index];
    free(c->trace);
    c->trace = t;
    size_t j = 0;
    hf_status st = HF_OK;
    for (size_t i = 0; i < c->n_rows && st == HF_OK; ++i) {
        size_t task = task_number(c, &c->rows[i]);
        if (j < c->n_trace && k[j].task < task)
            st = hf_diag_set(diag, HF_EPARSE, "%s: trace.csv holds points of a task missing "
                             "from runs.csv", where);
        c->rows[i].trace_first = j;
        while (j < c->n_trace && k[j].task == task)
            ++j;
        c->rows[i].trace_count = j - c->rows[i].trace_first;
    }
    if (st == HF_OK && j < c->n_trace)
        st = hf_diag_set(diag, HF_EPARSE, "%s: trace.csv holds points of a task missing "
                         "from runs.csv", where);
    free(k);
    return st;
}

/* ---- integrity ------------------------------------------------------- */

/* The rows and the SHA-256 the manifest records of DIR/NAME (format 3)
 * against the file and the rows read from it. */
static hf_status verify_data_file(const hf_campaign *c, const char *dir, const char *name,
                                  size_t rows_read, hf_diag *diag)
{
    char key[64], path[2048], hex[HF_FILE_SHA256_HEX];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(key, sizeof key, "%s%s.rows", HF_CAMPAIGN_DATA_PREFIX, name);
    const char *rows = hf_campaign_field(c, key);
    snprintf(key, sizeof key, "%s%s.sha256", HF_CAMPAIGN_DATA_PREFIX, name);
    const char *sha = hf_campaign_field(c, key);
    unsigned long long n = 0;
    if (rows == NULL || sha == NULL || hf_parse_count(rows, &n, NULL) != HF_OK)
        return hf_diag_set(diag, HF_EPARSE, "%s/manifest.txt: field '%s%s.%s' is missing or not "
                           "a count (a format-3 manifest records every data file)", dir,
                           HF_CAMPAIGN_DATA_PREFIX, name, rows == NULL ? "rows" : "sha256");
    if (n != rows_read)
        return hf_diag_set(diag, HF_EMISMATCH, "%s: row-count check failed: %zu data rows, the "
                           "manifest records %llu (cut or changed after the campaign was "
                           "written)", path, rows_read, n);
    hf_status st = hf_file_sha256(path, HF_CSV_MAX_BYTES, hex, diag);
    if (st != HF_OK)
        return st;
    if (strcmp(hex, sha) != 0)
        return hf_diag_set(diag, HF_EMISMATCH, "%s: SHA-256 check failed: %.16s..., the "
                           "manifest records %.16s... (changed after the campaign was written)",
                           path, hex, sha);
    return HF_OK;
}

/* Every run's last trace point is its runs.csv row: the same best value,
 * reached within the run's evaluations; a run without points found no
 * finite value.  A trace that lost a run's tail, even at a line boundary,
 * fails here. */
static hf_status verify_last_points(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    for (size_t i = 0; i < c->n_rows; ++i) {
        const hf_campaign_row *r = &c->rows[i];
        const hf_trace_point *last =
            r->trace_count > 0 ? &c->trace[r->trace_first + r->trace_count - 1] : NULL;
        int agrees = last != NULL ? last->best_f == r->best_f &&
                                        last->evaluations <= r->evaluations
                                  : !isfinite(r->best_f);
        if (!agrees)
            return hf_diag_set(diag, HF_EMISMATCH, "%s/trace.csv: last-point check failed for "
                               "(%s, %s, run %zu): %s%.17g after %zu evaluations, runs.csv "
                               "says best_f %.17g after %zu", dir,
                               c->optimizers[r->optimizer], c->problems[r->problem].name,
                               r->run, last ? "best_f " : "no point",
                               last ? last->best_f : 0.0, last ? last->evaluations : 0,
                               r->best_f, r->evaluations);
    }
    return HF_OK;
}

/* The checks a campaign read from DIR must pass before a report or a
 * merge uses it. */
static hf_status verify_campaign(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    hf_status st = HF_OK;
    if (strcmp(hf_campaign_field(c, "format"), HF_CAMPAIGN_FORMAT) == 0) {
        st = verify_data_file(c, dir, "runs.csv", c->n_rows, diag);
        if (st == HF_OK) st = verify_data_file(c, dir, "trace.csv", c->n_trace, diag);
    }
    return st != HF_OK ? st : verify_last_points(c, dir, diag);
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
    hf_status st = read_manifest_fields(path, c, diag);
    if (st == HF_OK) st = parse_manifest(path, c, diag);
    if (st == HF_OK) st = read_runs(dir, c, diag);
    if (st == HF_OK) st = read_trace(dir, c, &task_of_point, diag);
    if (st == HF_OK) st = sort_campaign(c, task_of_point, dir, diag);
    if (st == HF_OK) st = verify_campaign(c, dir, diag);
    free(task_of_point);
    if (st != HF_OK) {
        hf_campaign_free(c);
        return st;
    }
    *out = c;
    return HF_OK;
}

/* ---- merging ----------------------------------------------------------- */

/* Appends B's rows and trace to A; TASKS receives the task of every trace
 * point of A then B (grown). */
static hf_status append_campaign(hf_campaign *a, const hf_campaign *b, size_t **tasks,
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
        size_t task = task_number(b, r);
        for (size_t q = 0; q < r->trace_count; ++q) {
            a->trace[a->n_trace] = b->trace[r->trace_first + q];
            (*tasks)[a->n_trace++] = task;
        }
        a->rows[a->n_rows++] = *r;
    }
    return HF_OK;
}

/* Every task of the full campaign exactly once. */
static hf_status check_tasks(const hf_campaign *c, hf_diag *diag)
{
    size_t total = c->n_optimizers * c->n_problems * c->runs;
    for (size_t i = 0, expect = 0; i <= c->n_rows; ++i, ++expect) {
        size_t task = i < c->n_rows ? task_number(c, &c->rows[i]) : total;
        if (i > 0 && i < c->n_rows && task == task_number(c, &c->rows[i - 1])) {
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
            st = compare_manifests(merged, dirs[0], other, dirs[i], skip, diag);
        if (st == HF_OK)
            st = append_campaign(merged, other, &tasks, diag);
        hf_campaign_free(other);
    }
    if (st == HF_OK) st = sort_campaign(merged, tasks, "the merged campaigns", diag);
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
