/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/options.c — the one option parser, the help and usage generated from
 * the option tables, and the dispatch of commands and sub-commands from
 * the command tables.  Every error names the option and the value the same
 * way, and a table entry is the only place an option's limits are written.
 */
#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/csv.h"

#define USAGE_WIDTH 79

/* ---- the table ------------------------------------------------------------ */

static hfc_opt *find_long(hfc_spec *spec, const char *name, size_t len)
{
    for (size_t i = 0; i < spec->nopts; ++i)
        if (strlen(spec->opts[i].name) == len && strncmp(spec->opts[i].name, name, len) == 0)
            return &spec->opts[i];
    return NULL;
}

static hfc_opt *find_short(hfc_spec *spec, char c)
{
    for (size_t i = 0; i < spec->nopts; ++i)
        if (spec->opts[i].short_name != 0 && spec->opts[i].short_name == c)
            return &spec->opts[i];
    return NULL;
}

/* The table entry NAME; a name missing from the table is a programming
 * error that no input can cause, so it stops the program. */
static const hfc_opt *entry(const hfc_spec *spec, const char *name)
{
    hfc_opt *o = find_long((hfc_spec *)spec, name, strlen(name));
    if (o == NULL) {
        fprintf(stderr, "hertzfit %s: internal error: no option --%s in the table\n",
                spec->command, name);
        abort();
    }
    return o;
}

int hfc_given(const hfc_spec *spec, const char *name)
{
    return entry(spec, name)->given;
}

static int is_list(const hfc_opt *o)
{
    return o->kind == HFC_REALS || o->kind == HFC_TEXTS;
}

static void free_list(hfc_opt *o)
{
    if (o->kind == HFC_REALS) {
        hfc_reals *l = o->value;
        free(l->v);
        l->v = NULL;
        l->n = 0;
    } else if (o->kind == HFC_TEXTS) {
        hfc_texts *l = o->value;
        for (size_t i = 0; i < l->n; ++i)
            free(l->v[i]);
        free(l->v);
        l->v = NULL;
        l->n = 0;
    }
}

void hfc_free(hfc_spec *spec)
{
    for (size_t i = 0; i < spec->nopts; ++i)
        free_list(&spec->opts[i]);
    if (spec->positional != NULL)
        free_list(spec->positional);
}

/* "--name", or the positional's name, for messages. */
static void option_label(const hfc_opt *o, int positional, char *buf, size_t size)
{
    if (positional)
        snprintf(buf, size, "%s", o->name);
    else
        snprintf(buf, size, "--%s", o->name);
}

/* ---- messages about limits ------------------------------------------------ */

/* The allowed range as text: "[1e-06, 1]", "(0, 1]", ">= 1", "<= 4096",
 * or "" without limits. */
static void limits_text(const hfc_opt *o, char *buf, size_t size)
{
    int lo = (o->limits & (HFC_MIN | HFC_ABOVE)) != 0;
    int hi = (o->limits & (HFC_MAX | HFC_BELOW)) != 0;
    if (lo && hi)
        snprintf(buf, size, "%c%.15g, %.15g%c", (o->limits & HFC_ABOVE) ? '(' : '[', o->min,
                 o->max, (o->limits & HFC_BELOW) ? ')' : ']');
    else if (lo)
        snprintf(buf, size, "%s %.15g", (o->limits & HFC_ABOVE) ? ">" : ">=", o->min);
    else if (hi)
        snprintf(buf, size, "%s %.15g", (o->limits & HFC_BELOW) ? "<" : "<=", o->max);
    else
        buf[0] = '\0';
}

static int within_limits(const hfc_opt *o, double v)
{
    if ((o->limits & HFC_MIN) && !(v >= o->min))
        return 0;
    if ((o->limits & HFC_ABOVE) && !(v > o->min))
        return 0;
    if ((o->limits & HFC_MAX) && !(v <= o->max))
        return 0;
    if ((o->limits & HFC_BELOW) && !(v < o->max))
        return 0;
    return 1;
}

/* One error line for a value outside the limits. */
static int fail_limits(const char *command, const char *label, const hfc_opt *o,
                       const char *text)
{
    char range[96];
    limits_text(o, range, sizeof range);
    int both = (o->limits & (HFC_MIN | HFC_ABOVE)) && (o->limits & (HFC_MAX | HFC_BELOW));
    return hfc_fail(command, "%s: %s %s %s", label, text, both ? "is outside" : "must be",
                    range);
}

/* ---- storing values ------------------------------------------------------- */

static int parse_real(const char *command, const char *label, const hfc_opt *o,
                      const char *text, double *v)
{
    hf_status st = hf_parse_double(text, v, NULL);
    if (st == HF_EPARSE)
        return hfc_fail(command, "%s: '%s' is not a number", label, text);
    if (st == HF_EDOM)
        return hfc_fail(command, "%s: '%s' is not finite", label, text);
    if (!within_limits(o, *v))
        return fail_limits(command, label, o, text);
    return 0;
}

static int push_real(hfc_reals *l, double v)
{
    double *grown = realloc(l->v, sizeof *grown * (l->n + 1)); /* owned: hfc_free */
    if (grown == NULL)
        return 1;
    grown[l->n++] = v;
    l->v = grown;
    return 0;
}

static int push_text(hfc_texts *l, const char *text, size_t len)
{
    char **grown = realloc(l->v, sizeof *grown * (l->n + 1)); /* owned: hfc_free */
    if (grown == NULL)
        return 1;
    l->v = grown;
    char *copy = malloc(len + 1); /* owned by the list */
    if (copy == NULL)
        return 1;
    memcpy(copy, text, len);
    copy[len] = '\0';
    l->v[l->n++] = copy;
    return 0;
}

/* One item of a list (ITEM, LEN characters, not terminated). */
static int store_item(const hfc_spec *spec, const char *label, hfc_opt *o, const char *item,
                      size_t len)
{
    char text[256];
    if (len == 0)
        return hfc_fail(spec->command, "%s: empty item in the list", label);
    if (o->kind == HFC_TEXTS)
        return push_text(o->value, item, len) ? hfc_fail(spec->command, "out of memory") : 0;
    if (len >= sizeof text)
        return hfc_fail(spec->command, "%s: '%.40s...' is not a number", label, item);
    memcpy(text, item, len);
    text[len] = '\0';
    double v;
    int rc = parse_real(spec->command, label, o, text, &v);
    if (rc == 0 && push_real(o->value, v) != 0)
        rc = hfc_fail(spec->command, "out of memory");
    return rc;
}

static int store_int(const hfc_spec *spec, const char *label, hfc_opt *o, const char *text)
{
    unsigned long long v;
    if (hf_parse_count(text, &v, NULL) != HF_OK)
        return hfc_fail(spec->command, "%s: '%s' is not a whole number from 0 below 2^63",
                        label, text);
    if (!within_limits(o, (double)v))
        return fail_limits(spec->command, label, o, text);
    *(unsigned long long *)o->value = v;
    return 0;
}

static int store_seed(const hfc_spec *spec, const char *label, hfc_opt *o, const char *text)
{
    uint64_t v;
    hf_diag diag = {{0}};
    if (hf_parse_seed(text, &v, &diag) != HF_OK)
        return hfc_fail(spec->command, "%s: %s", label, diag.text);
    *(unsigned long long *)o->value = v;
    return 0;
}

static int store_grid(const hfc_spec *spec, const char *label, hfc_opt *o, const char *text)
{
    hfc_grid *g = o->value;
    int rc = hfc_grid_parse(spec->command, label, text, g);
    if (rc == 0 && !(within_limits(o, g->start) && within_limits(o, g->stop)))
        rc = fail_limits(spec->command, label, o, text);
    return rc;
}

static int store_word(const hfc_spec *spec, const char *label, hfc_opt *o, const char *text)
{
    char valid[256] = "";
    for (const char *const *w = o->words; *w != NULL; ++w)
        if (strcmp(*w, text) == 0) {
            *(const char **)o->value = *w;
            return 0;
        }
    for (const char *const *w = o->words; *w != NULL; ++w)
        snprintf(valid + strlen(valid), sizeof valid - strlen(valid), "%s%s",
                 w == o->words ? "" : ", ", *w);
    return hfc_fail(spec->command, "%s: unknown value '%s' (valid: %s)", label, text, valid);
}

/* The items of a list TEXT, separated by commas; a comma inside braces
 * belongs to the item: an optimiser entry "ica{variant=2007,countries=30}"
 * is one item.  A positional value is one item. */
static int store_list(const hfc_spec *spec, const char *label, hfc_opt *o, int positional,
                      const char *text)
{
    if (positional)
        return store_item(spec, label, o, text, strlen(text));
    for (const char *p = text;; ++p) {
        size_t len = 0;
        for (int depth = 0; p[len] != '\0' && (p[len] != ',' || depth > 0); ++len)
            depth += p[len] == '{' ? 1 : p[len] == '}' ? -1 : 0;
        int rc = store_item(spec, label, o, p, len);
        if (rc != 0)
            return rc;
        p += len;
        if (*p == '\0')
            return 0;
    }
}

/* Stores TEXT as the value of O; returns 0 or 2 after printing one line. */
static int store(const hfc_spec *spec, hfc_opt *o, int positional, const char *text)
{
    char label[80];
    option_label(o, positional, label, sizeof label);
    switch (o->kind) {
    case HFC_REAL:
        return parse_real(spec->command, label, o, text, (double *)o->value);
    case HFC_INT:
        return store_int(spec, label, o, text);
    case HFC_SEED:
        return store_seed(spec, label, o, text);
    case HFC_TEXT:
        *(const char **)o->value = text;
        return 0;
    case HFC_GRID:
        return store_grid(spec, label, o, text);
    case HFC_WORD:
        return store_word(spec, label, o, text);
    case HFC_REALS:
    case HFC_TEXTS:
        return store_list(spec, label, o, positional, text);
    case HFC_FLAG:
        break;
    }
    return 0;
}

/* ---- parsing ----------------------------------------------------------------- */

/* A word that is an option, not a value: "-o", "--csv", but not "-0.5",
 * "-.5" or "-". */
static int looks_like_option(const char *arg)
{
    return arg[0] == '-' && arg[1] != '\0' && arg[1] != '.' && (arg[1] < '0' || arg[1] > '9');
}

static void valid_options(const hfc_spec *spec, char *buf, size_t size)
{
    buf[0] = '\0';
    for (size_t i = 0; i < spec->nopts; ++i)
        snprintf(buf + strlen(buf), size - strlen(buf), "--%s, ", spec->opts[i].name);
    snprintf(buf + strlen(buf), size - strlen(buf), "--help");
}

static int parse_word(hfc_spec *spec, int argc, char **argv, int *i)
{
    const char *arg = argv[*i];
    const char *name = arg + (arg[1] == '-' ? 2 : 1);
    const char *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    hfc_opt *o = arg[1] == '-' ? find_long(spec, name, len)
                               : (len == 1 ? find_short(spec, name[0]) : NULL);
    if (o == NULL) {
        char valid[1024];
        valid_options(spec, valid, sizeof valid);
        return hfc_fail(spec->command, "unknown option '%.*s' (valid: %s)",
                        (int)(eq ? (size_t)(eq - arg) : strlen(arg)), arg, valid);
    }
    o->given = 1;
    if (o->kind == HFC_FLAG) {
        if (eq != NULL)
            return hfc_fail(spec->command, "--%s takes no value", o->name);
        *(int *)o->value = 1;
        return 0;
    }
    if (eq != NULL)
        return store(spec, o, 0, eq + 1);
    if (*i + 1 >= argc || looks_like_option(argv[*i + 1]))
        return hfc_fail(spec->command, "--%s needs a value (%s)", o->name,
                        o->arg ? o->arg : "X");
    return store(spec, o, 0, argv[++*i]);
}

/* The option named NAME, given or not (for the cross-option rules). */
static const hfc_opt *other(const hfc_spec *spec, const char *name)
{
    return entry(spec, name);
}

static int check_rules(const hfc_spec *spec)
{
    const char *cmd = spec->command;
    for (size_t i = 0; i < spec->nopts; ++i) {
        const hfc_opt *o = &spec->opts[i];
        if (o->given && o->excludes != NULL && other(spec, o->excludes)->given)
            return hfc_fail(cmd, "give either --%s or --%s, not both", o->name, o->excludes);
        if (o->given && o->needs != NULL && !other(spec, o->needs)->given)
            return hfc_fail(cmd, "--%s needs --%s", o->name, o->needs);
        if (!o->given && o->required)
            return hfc_fail(cmd, "--%s is required", o->name);
        if (!o->given && o->unless != NULL && !other(spec, o->unless)->given)
            return hfc_fail(cmd, "--%s is required (or --%s)", o->name, o->unless);
    }
    return 0;
}

/* The two failures only positional words have: none, or too many. */
static int check_positional_count(const hfc_spec *spec, const hfc_opt *o, size_t n,
                                  const char *label)
{
    if (n == 0 && o->count_min > 0)
        return hfc_fail(spec->command, "missing argument %s (%s)", o->arg ? o->arg : label,
                        label);
    if (o->kind == HFC_TEXTS && o->count_max != 0 && n > o->count_max)
        return hfc_fail(spec->command, "unexpected argument '%s'",
                        ((const hfc_texts *)o->value)->v[o->count_max]);
    return 0;
}

/* Whether the file INPUT (a text option's value; "file:PATH" as a
 * --sampling spec says) is the file OUTPUT: the same name, or the same
 * file on disk (a link, another spelling of the path). */
static int same_file(const char *output, const struct stat *out_info, int out_exists,
                     const char *input, int input_is_output)
{
    if (strncmp(input, "file:", 5) == 0)
        input += 5;
    /* two outputs of the same new name; an input must exist to be read */
    if (input_is_output && strcmp(input, output) == 0)
        return 1;
    struct stat info;
    return out_exists && stat(input, &info) == 0 && info.st_dev == out_info->st_dev &&
           info.st_ino == out_info->st_ino;
}

/* The first text value of option O (a TEXT, or a TEXTS list's items) that
 * is the file OUTPUT, or NULL. */
static const char *input_that_is(const hfc_opt *o, const char *output,
                                 const struct stat *out_info, int out_exists)
{
    if (o->kind == HFC_TEXT && o->given && *(const char **)o->value != NULL &&
        same_file(output, out_info, out_exists, *(const char **)o->value, o->output))
        return *(const char **)o->value;
    if (o->kind == HFC_TEXTS) {
        const hfc_texts *t = o->value;
        for (size_t k = 0; k < t->n; ++k)
            if (same_file(output, out_info, out_exists, t->v[k], o->output))
                return t->v[k];
    }
    return NULL;
}

/* No output of a command may be one of its inputs or another of its
 * outputs: writing it would destroy what the command reads (fit profile
 * --table t.csv --trace t.csv) before or while it reads it. */
static int check_outputs(const hfc_spec *spec)
{
    for (size_t i = 0; i < spec->nopts; ++i) {
        const hfc_opt *o = &spec->opts[i];
        if (!o->output || !o->given || o->kind != HFC_TEXT || *(const char **)o->value == NULL)
            continue;
        const char *out = *(const char **)o->value;
        struct stat out_info;
        int exists = stat(out, &out_info) == 0;
        char label[80];
        option_label(o, 0, label, sizeof label);
        for (size_t j = 0; j <= spec->nopts; ++j) {
            const hfc_opt *in = j < spec->nopts ? &spec->opts[j] : spec->positional;
            if (in == NULL || in == o || (in->kind != HFC_TEXT && in->kind != HFC_TEXTS))
                continue;
            const char *hit = input_that_is(in, out, &out_info, exists);
            if (hit == NULL)
                continue;
            char other_label[80];
            option_label(in, in == spec->positional, other_label, sizeof other_label);
            return hfc_fail(spec->command, "%s '%s' is also %s '%s': a command never writes "
                            "over a file it reads or writes", label, out, other_label, hit);
        }
    }
    return 0;
}

/* List lengths, for options and positionals. */
static int check_count(const hfc_spec *spec, const hfc_opt *o, int positional)
{
    size_t n = o->kind == HFC_REALS ? ((const hfc_reals *)o->value)->n
                                    : ((const hfc_texts *)o->value)->n;
    char label[80];
    option_label(o, positional, label, sizeof label);
    if (!positional && !o->given)
        return 0;
    int rc = positional ? check_positional_count(spec, o, n, label) : 0;
    if (rc != 0)
        return rc;
    if (o->count_min != 0 && o->count_min == o->count_max && n != o->count_min)
        return hfc_fail(spec->command, "%s needs %zu values (%s), got %zu", label, o->count_min,
                        o->arg ? o->arg : "", n);
    if (n < o->count_min)
        return hfc_fail(spec->command, "%s needs at least %zu values, got %zu", label,
                        o->count_min, n);
    if (o->count_max != 0 && n > o->count_max)
        return hfc_fail(spec->command, "%s takes at most %zu values, got %zu", label,
                        o->count_max, n);
    return 0;
}

/* Whether ARG asks for help. */
static int is_help(const char *arg)
{
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

/* The counts of every list option and of the positional words. */
static int check_counts(const hfc_spec *spec)
{
    int rc = 0;
    for (size_t i = 0; i < spec->nopts && rc == 0; ++i)
        if (is_list(&spec->opts[i]))
            rc = check_count(spec, &spec->opts[i], 0);
    if (rc == 0 && spec->positional != NULL)
        rc = check_count(spec, spec->positional, 1);
    return rc;
}

int hfc_parse(hfc_spec *spec, int argc, char **argv, int *exit_code)
{
    int options_done = 0, rc = 0;
    *exit_code = 0;
    for (int i = 1; i < argc && rc == 0; ++i) {
        const char *arg = argv[i];
        if (!options_done && is_help(arg)) {
            hfc_print_help(spec, stdout);
            hfc_free(spec);
            return 0;
        }
        if (!options_done && strcmp(arg, "--") == 0)
            options_done = 1;
        else if (!options_done && looks_like_option(arg))
            rc = parse_word(spec, argc, argv, &i);
        else if (spec->positional == NULL)
            rc = hfc_fail(spec->command, "unexpected argument '%s'", arg);
        else
            rc = store(spec, spec->positional, 1, arg);
    }
    if (rc == 0)
        rc = check_counts(spec);
    if (rc == 0)
        rc = check_rules(spec);
    if (rc == 0)
        rc = check_outputs(spec);
    *exit_code = rc;
    /* the lists of a failed parse are released here, so that no caller
     * leaks them by returning at once (hfc_free again is harmless) */
    if (rc != 0)
        hfc_free(spec);
    return rc == 0;
}

/* ---- help and usage ----------------------------------------------------------- */

/* "--name ARG", "-o FILE", "--e E[,E...]" or "--csv" into BUF. */
static void synopsis(const hfc_opt *o, char *buf, size_t size)
{
    char name[64];
    if (o->short_name != 0)
        snprintf(name, sizeof name, "-%c", o->short_name);
    else
        snprintf(name, sizeof name, "--%s", o->name);
    char words[128] = "";
    for (const char *const *w = o->words; o->kind == HFC_WORD && *w != NULL; ++w)
        snprintf(words + strlen(words), sizeof words - strlen(words), "%s%s",
                 w == o->words ? "" : "|", *w);
    const char *arg = o->kind == HFC_WORD ? words : o->arg ? o->arg : "X";
    if (o->kind == HFC_FLAG)
        snprintf(buf, size, "%s", name);
    else if (is_list(o) && !(o->count_min > 1 && o->count_min == o->count_max))
        snprintf(buf, size, "%s %s[,%s...]", name, arg, arg);
    else
        snprintf(buf, size, "%s %s", name, arg);
}

/* Appends TEXT (LEN characters) to LINE, wrapping at USAGE_WIDTH under
 * INDENT. */
static void add_piece(char *line, size_t size, size_t *col, size_t indent, const char *text,
                      size_t len)
{
    if (*col + 1 + len > USAGE_WIDTH && *col > indent) {
        snprintf(line + strlen(line), size - strlen(line), "\n%*s", (int)indent, "");
        *col = indent;
    } else {
        snprintf(line + strlen(line), size - strlen(line), " ");
        ++*col;
    }
    snprintf(line + strlen(line), size - strlen(line), "%.*s", (int)len, text);
    *col += len;
}

/* Appends one usage item; an item too long for a line is split before
 * each option or '|' in it. */
static void add_item(char *line, size_t size, size_t *col, size_t indent, const char *item)
{
    if (indent + strlen(item) <= USAGE_WIDTH) {
        add_piece(line, size, col, indent, item, strlen(item));
        return;
    }
    const char *start = item;
    for (const char *p = item + 1;; ++p) {
        int cut = *p == '\0' || (p[-1] == ' ' && (p[0] == '-' || p[0] == '|'));
        if (!cut)
            continue;
        size_t len = (size_t)(p - start) - (*p != '\0');
        add_piece(line, size, col, indent, start, len);
        if (*p == '\0')
            return;
        start = p;
    }
}

/* "(A B | X)": option I and the ones after it that are required unless X,
 * then X when it follows, into ITEM; returns the index of the last option
 * the item covers. */
static size_t unless_item(const hfc_spec *spec, size_t i, const char *a, char *item, size_t size)
{
    const hfc_opt *o = &spec->opts[i];
    char b[160];
    size_t j = i;
    snprintf(item, size, "(%s", a);
    while (j + 1 < spec->nopts && spec->opts[j + 1].unless != NULL &&
           strcmp(spec->opts[j + 1].unless, o->unless) == 0) {
        synopsis(&spec->opts[++j], b, sizeof b);
        snprintf(item + strlen(item), size - strlen(item), " %s", b);
    }
    if (j + 1 < spec->nopts && strcmp(spec->opts[j + 1].name, o->unless) == 0) {
        synopsis(&spec->opts[++j], b, sizeof b);
        snprintf(item + strlen(item), size - strlen(item), " | %s)", b);
    } else {
        snprintf(item + strlen(item), size - strlen(item), ")");
    }
    return j;
}

/* Whether optional option I excludes the one after it: "[A | B]". */
static int excludes_next(const hfc_spec *spec, size_t i)
{
    const hfc_opt *o = &spec->opts[i];
    return o->excludes != NULL && i + 1 < spec->nopts &&
           strcmp(spec->opts[i + 1].name, o->excludes) == 0 && !o->required;
}

/* Whether optional option I and the one after it need each other: "[A B]". */
static int needs_next(const hfc_spec *spec, size_t i)
{
    const hfc_opt *o = &spec->opts[i];
    return o->needs != NULL && i + 1 < spec->nopts && !o->required &&
           strcmp(spec->opts[i + 1].name, o->needs) == 0 && spec->opts[i + 1].needs != NULL &&
           strcmp(spec->opts[i + 1].needs, o->name) == 0;
}

/* The usage item of option I into ITEM; returns the index of the last
 * option it covers (a group covers the options after I too). */
static size_t usage_item(const hfc_spec *spec, size_t i, char *item, size_t size)
{
    const hfc_opt *o = &spec->opts[i];
    char a[160], b[160];
    synopsis(o, a, sizeof a);
    if (o->unless != NULL)
        return unless_item(spec, i, a, item, size);
    if (excludes_next(spec, i)) {
        synopsis(&spec->opts[++i], b, sizeof b);
        snprintf(item, size, "[%s | %s]", a, b);
    } else if (needs_next(spec, i)) {
        synopsis(&spec->opts[++i], b, sizeof b);
        snprintf(item, size, "[%s %s]", a, b);
    } else if (o->required) {
        snprintf(item, size, "%s", a);
    } else {
        snprintf(item, size, "[%s]", a);
    }
    return i;
}

/* The usage line: required options bare, optional ones in brackets, two
 * options that exclude each other as [A | B], options required unless X
 * as (A B | X), then the positional words. */
static void usage_line(const hfc_spec *spec, char *line, size_t size)
{
    snprintf(line, size, "usage: hertzfit %s", spec->command);
    size_t indent = strlen(line) + 1, col = strlen(line);
    for (size_t i = 0; i < spec->nopts; ++i) {
        char item[512];
        i = usage_item(spec, i, item, sizeof item);
        add_item(line, size, &col, indent, item);
    }
    const hfc_opt *p = spec->positional;
    if (p != NULL) {
        char item[160];
        const char *arg = p->arg ? p->arg : "ARG";
        if (p->count_max == 1)
            snprintf(item, sizeof item, p->count_min ? "%s" : "[%s]", arg);
        else
            snprintf(item, sizeof item, p->count_min ? "%s..." : "[%s...]", arg);
        add_item(line, size, &col, indent, item);
    }
}

/* "  LEFT  TEXT" with TEXT wrapped at USAGE_WIDTH in a column of its own;
 * a LEFT wider than that column gets a line to itself. */
static void help_entry(FILE *fp, const char *left, const char *text)
{
    enum { COLUMN = 27 };
    size_t col;
    if (strlen(left) > COLUMN - 3) {
        fprintf(fp, "  %s\n%*s", left, COLUMN, "");
    } else {
        fprintf(fp, "  %-*s", COLUMN - 2, left);
    }
    col = COLUMN;
    for (const char *p = text; *p != '\0';) {
        p += strspn(p, " ");
        size_t len = strcspn(p, " ");
        if (len == 0)
            break;
        if (col > COLUMN && col + 1 + len > USAGE_WIDTH) {
            fprintf(fp, "\n%*s", COLUMN, "");
            col = COLUMN;
        } else if (col > COLUMN) {
            fputc(' ', fp);
            ++col;
        }
        fprintf(fp, "%.*s", (int)len, p);
        col += len;
        p += len;
    }
    fputc('\n', fp);
}

/* The help entry of option O: its names and argument, its text, its
 * limits and whether it is required. */
static void option_help(FILE *fp, const hfc_opt *o)
{
    char left[192], alias[8] = "", range[96], arg[160], text[1024];
    if (o->short_name != 0)
        snprintf(alias, sizeof alias, "-%c, ", o->short_name);
    synopsis(o, arg, sizeof arg);
    const char *after_name = strchr(arg, ' ');
    snprintf(left, sizeof left, "%s--%s%s", alias, o->name, after_name ? after_name : "");
    limits_text(o, range, sizeof range);
    int both = (o->limits & (HFC_MIN | HFC_ABOVE)) && (o->limits & (HFC_MAX | HFC_BELOW));
    snprintf(text, sizeof text, "%s%s%s%s%s%s", o->help ? o->help : "",
             range[0] ? "; " : "", range[0] && (is_list(o) || o->kind == HFC_GRID)
                                       ? "each " : "",
             range[0] && both ? "in " : "", range, o->required ? " (required)" : "");
    help_entry(fp, left, text);
}

void hfc_print_help(const hfc_spec *spec, FILE *fp)
{
    char line[4096];
    usage_line(spec, line, sizeof line);
    fprintf(fp, "%s\n", line);
    if (spec->group != NULL)
        fprintf(fp, "       hertzfit %s SUBCOMMAND [OPTIONS]\n", spec->command);
    fprintf(fp, "\n%s\n", spec->summary ? spec->summary : "");
    if (spec->group != NULL) {
        fprintf(fp, "\nsubcommands:\n");
        for (size_t i = 0; i < spec->group->nsubs; ++i)
            help_entry(fp, spec->group->subs[i]->name, spec->group->subs[i]->summary);
    }
    fprintf(fp, "\noptions:\n");
    for (size_t i = 0; i < spec->nopts; ++i)
        option_help(fp, &spec->opts[i]);
    help_entry(fp, "-h, --help", "show this help and exit");
}

/* ---- dispatch ------------------------------------------------------------------ */

static void valid_subs(const hfc_command *c, char *buf, size_t size)
{
    buf[0] = '\0';
    for (size_t i = 0; i < c->nsubs; ++i)
        snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", i ? ", " : "",
                 c->subs[i]->name);
}

static void group_help(const hfc_command *c, const char *path, FILE *fp)
{
    const char *word = path[0] ? "SUBCOMMAND" : "COMMAND";
    fprintf(fp, "usage: hertzfit %s%s%s [OPTIONS]   (hertzfit %s%s%s --help)\n\n%s\n\n%s:\n",
            path, path[0] ? " " : "", word, path, path[0] ? " " : "", word, c->summary,
            path[0] ? "subcommands" : "commands");
    for (size_t i = 0; i < c->nsubs; ++i)
        fprintf(fp, "  %-12s %s\n", c->subs[i]->name, c->subs[i]->summary);
    if (c->details != NULL)
        fprintf(fp, "\n%s\n", c->details);
}

/* The subcommand of C named NAME, or NULL. */
static const hfc_command *find_sub(const hfc_command *c, const char *name)
{
    for (size_t i = 0; i < c->nsubs; ++i)
        if (strcmp(name, c->subs[i]->name) == 0)
            return c->subs[i];
    return NULL;
}

int hfc_dispatch(const hfc_command *command, int argc, char **argv)
{
    const char *path = argv[0];
    const char *what = path[0] ? "subcommand" : "command";
    char full[128];
    const hfc_command *sub = argc >= 2 ? find_sub(command, argv[1]) : NULL;
    if (sub != NULL) {
        snprintf(full, sizeof full, "%s%s%s", path, path[0] ? " " : "", sub->name);
        argv[1] = full;
        return sub->run != NULL && sub->subs == NULL ? sub->run(argc - 1, argv + 1)
                                                     : hfc_dispatch(sub, argc - 1, argv + 1);
    }
    char valid[512];
    valid_subs(command, valid, sizeof valid);
    /* a command with options of its own takes no words before them */
    if (command->run != NULL && (argc < 2 || argv[1][0] == '-'))
        return command->run(argc, argv);
    if (argc < 2) {
        fprintf(stderr, "hertzfit%s%s: missing %s (valid: %s)\n", path[0] ? " " : "", path,
                what, valid);
        return 2;
    }
    if (is_help(argv[1])) {
        group_help(command, path, stdout);
        return 0;
    }
    fprintf(stderr, "hertzfit%s%s: unknown %s '%s' (valid: %s)\n", path[0] ? " " : "", path,
            what, argv[1], valid);
    return 2;
}
