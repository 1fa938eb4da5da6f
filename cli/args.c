/*
 * cli/args.c — one option parser for every subcommand, so that every error
 * names the option and the value the same way and every --help has the
 * same shape.  Only long options: a leading '-' followed by a digit or '.'
 * is a (negative) number, which lets "hertzfit hr -0.5" report a domain
 * error instead of an unknown option.
 */
#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/csv.h"

int hf_cli_fail(const char *command, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "hertzfit %s: ", command);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 2;
}

int hf_cli_fail_status(const char *command, hf_status status, const hf_diag *diag)
{
    const char *text = (diag != NULL && diag->text[0] != '\0') ? diag->text
                                                                : hf_strerror(status);
    fprintf(stderr, "hertzfit %s: %s\n", command, text);
    switch (status) {
    case HF_EDOM: case HF_EINVAL: case HF_EIO: case HF_EPARSE:
    case HF_ENOTFOUND: case HF_EBOUNDS: case HF_ERANGE: case HF_EMISMATCH: case HF_EEXIST:
    case HF_EBRACKET: case HF_ESINGULAR:
        return 2;
    default:
        return 1;
    }
}

int hf_cli_parse_double(const char *command, const char *what, const char *text,
                        double *value)
{
    hf_status st = hf_parse_double(text, value, NULL);
    if (st == HF_EPARSE)
        return hf_cli_fail(command, "%s: '%s' is not a number", what, text);
    if (st == HF_EDOM)
        return hf_cli_fail(command, "%s: '%s' is not finite", what, text);
    return 0;
}

void hf_cli_doubles_free(hf_cli_doubles *list)
{
    free(list->values);
    list->values = NULL;
    list->count = 0;
}

void hf_cli_strings_free(hf_cli_strings *list)
{
    free(list->items);
    list->items = NULL;
    list->count = 0;
}

static int push_string(hf_cli_strings *list, const char *item)
{
    /* the list array is owned by the caller: hf_cli_strings_free */
    const char **grown = realloc(list->items, sizeof *grown * (list->count + 1));
    if (grown == NULL)
        return -1;
    grown[list->count++] = item;
    list->items = grown;
    return 0;
}

static int push_double(hf_cli_doubles *list, double v)
{
    /* owned by the caller: hf_cli_doubles_free */
    double *grown = realloc(list->values, sizeof *grown * (list->count + 1));
    if (grown == NULL)
        return -1;
    grown[list->count++] = v;
    list->values = grown;
    return 0;
}

static int is_option_word(const char *arg)
{
    return arg[0] == '-' && arg[1] == '-' && arg[2] != '\0';
}

static hf_cli_opt *find_short(hf_cli_spec *spec, char c)
{
    for (size_t i = 0; i < spec->nopts; ++i)
        if (spec->opts[i].short_name != 0 && spec->opts[i].short_name == c)
            return &spec->opts[i];
    return NULL;
}

static hf_cli_opt *find_opt(hf_cli_spec *spec, const char *name, size_t len)
{
    for (size_t i = 0; i < spec->nopts; ++i)
        if (strlen(spec->opts[i].name) == len && strncmp(spec->opts[i].name, name, len) == 0)
            return &spec->opts[i];
    return NULL;
}

void hf_cli_print_help(const hf_cli_spec *spec, FILE *fp)
{
    fprintf(fp, "usage: hertzfit %s %s\n\n%s\n", spec->command,
            spec->usage ? spec->usage : "", spec->summary ? spec->summary : "");
    if (spec->nopts > 0)
        fprintf(fp, "\noptions:\n");
    for (size_t i = 0; i < spec->nopts; ++i) {
        const hf_cli_opt *o = &spec->opts[i];
        char left[64], alias[8] = "";
        if (o->short_name != 0)
            snprintf(alias, sizeof alias, "-%c, ", o->short_name);
        if (o->kind == HF_CLI_FLAG)
            snprintf(left, sizeof left, "%s--%s", alias, o->name);
        else if (o->kind == HF_CLI_DOUBLES || o->kind == HF_CLI_STRINGS)
            snprintf(left, sizeof left, "%s--%s %s...", alias, o->name, o->arg ? o->arg : "X");
        else
            snprintf(left, sizeof left, "%s--%s %s", alias, o->name, o->arg ? o->arg : "X");
        fprintf(fp, "  %-24s %s\n", left, o->help ? o->help : "");
    }
    fprintf(fp, "  %-24s %s\n", "-h, --help", "show this help and exit");
}

/* Stores one value for option O; returns 0 or 2 after printing an error. */
static int store_value(const hf_cli_spec *spec, hf_cli_opt *o, const char *text)
{
    char what[80];
    snprintf(what, sizeof what, "--%s", o->name);
    switch (o->kind) {
    case HF_CLI_DOUBLE:
        return hf_cli_parse_double(spec->command, what, text, (double *)o->value);
    case HF_CLI_COUNT:
        if (hf_parse_count(text, (unsigned long long *)o->value, NULL) != HF_OK)
            return hf_cli_fail(spec->command, "%s: '%s' is not a non-negative integer below 2^63",
                               what, text);
        return 0;
    case HF_CLI_STRING:
        *(const char **)o->value = text;
        return 0;
    case HF_CLI_DOUBLES: {
        double v;
        int rc = hf_cli_parse_double(spec->command, what, text, &v);
        if (rc != 0)
            return rc;
        if (push_double((hf_cli_doubles *)o->value, v) != 0)
            return hf_cli_fail(spec->command, "out of memory");
        return 0;
    }
    case HF_CLI_STRINGS:
        if (push_string((hf_cli_strings *)o->value, text) != 0)
            return hf_cli_fail(spec->command, "out of memory");
        return 0;
    case HF_CLI_FLAG:
        break;
    }
    return 0;
}

int hf_cli_parse(hf_cli_spec *spec, int argc, char **argv, hf_cli_strings *positional)
{
    positional->items = NULL;
    positional->count = 0;
    int options_done = 0;
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (!options_done && (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0)) {
            hf_cli_print_help(spec, stdout);
            hf_cli_strings_free(positional);
            return -1;
        }
        if (!options_done && strcmp(arg, "--") == 0) {
            options_done = 1;
            continue;
        }
        if (options_done || !(arg[0] == '-' && arg[1] != '\0' && arg[1] != '.' &&
                              (arg[1] < '0' || arg[1] > '9'))) {
            if (push_string(positional, arg) != 0)
                return hf_cli_fail(spec->command, "out of memory");
            continue;
        }
        const char *name = arg + (arg[1] == '-' ? 2 : 1);
        const char *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        hf_cli_opt *o = (arg[1] == '-') ? find_opt(spec, name, len)
                        : (len == 1 ? find_short(spec, name[0]) : NULL);
        if (o == NULL) {
            hf_cli_strings_free(positional);
            return hf_cli_fail(spec->command, "unknown option '%s' (see hertzfit %s --help)",
                               arg, spec->command);
        }
        o->given = 1;
        if (o->kind == HF_CLI_FLAG) {
            if (eq != NULL) {
                hf_cli_strings_free(positional);
                return hf_cli_fail(spec->command, "--%s takes no value", o->name);
            }
            *(int *)o->value = 1;
            continue;
        }
        int rc = 0;
        if (eq != NULL) {
            rc = store_value(spec, o, eq + 1);
        } else if (i + 1 >= argc) {
            rc = hf_cli_fail(spec->command, "--%s needs a value (%s)", o->name,
                             o->arg ? o->arg : "X");
        } else if (o->kind == HF_CLI_DOUBLES || o->kind == HF_CLI_STRINGS) {
            size_t taken = 0;
            while (rc == 0 && i + 1 < argc && !is_option_word(argv[i + 1])) {
                rc = store_value(spec, o, argv[++i]);
                ++taken;
            }
            if (rc == 0 && taken == 0)
                rc = hf_cli_fail(spec->command, "--%s needs a value (%s)", o->name,
                                 o->arg ? o->arg : "X");
        } else {
            rc = store_value(spec, o, argv[++i]);
        }
        if (rc != 0) {
            hf_cli_strings_free(positional);
            return rc;
        }
    }
    if (positional->count < spec->min_positional) {
        hf_cli_strings_free(positional);
        return hf_cli_fail(spec->command, "missing argument (usage: hertzfit %s %s)",
                           spec->command, spec->usage ? spec->usage : "");
    }
    if (positional->count > spec->max_positional) {
        const char *extra = positional->items[spec->max_positional];
        char copy[128];
        snprintf(copy, sizeof copy, "%s", extra);
        hf_cli_strings_free(positional);
        return hf_cli_fail(spec->command, "unexpected argument '%s'", copy);
    }
    return 0;
}

int hf_cli_parse_options(hf_cli_spec *spec, int argc, char **argv, int *exit_code)
{
    hf_cli_strings positional;
    int rc = hf_cli_parse(spec, argc, argv, &positional);
    *exit_code = rc < 0 ? 0 : rc;
    if (rc != 0)
        return 0;
    hf_cli_strings_free(&positional);
    return 1;
}

void hf_cli_split_free(char **items, size_t n)
{
    for (size_t i = 0; items != NULL && i < n; ++i)
        free(items[i]);
    free(items);
}

int hf_cli_split(const char *text, const char *separators, char ***items, size_t *n)
{
    *items = NULL;
    *n = 0;
    size_t len = strlen(text);
    /* at most one item per two characters (an item and its separator) */
    char **out = calloc(len / 2 + 1, sizeof *out); /* caller frees (hf_cli_split_free) */
    if (out == NULL)
        return 1;
    size_t count = 0;
    /* walked by hand: strtok keeps hidden global state */
    for (const char *p = text; *p != '\0';) {
        p += strspn(p, separators);
        size_t span = strcspn(p, separators);
        if (span == 0)
            break;
        out[count] = malloc(span + 1); /* owned by OUT */
        if (out[count] == NULL) {
            hf_cli_split_free(out, count);
            return 1;
        }
        memcpy(out[count], p, span);
        out[count++][span] = '\0';
        p += span;
    }
    *items = out;
    *n = count;
    return 0;
}
