/*
 * cli/cli.h — what every hertzfit subcommand shares: option parsing with one
 * error style, aligned-table/CSV output, gnuplot, and the subcommand entry
 * points.  The library never prints; everything a user reads is written here.
 *
 * Exit codes: 0 success, 2 bad input or usage (one line on stderr naming
 * the argument and value), 1 a failure that is not the user's input.
 */
#ifndef HERTZFIT_CLI_H
#define HERTZFIT_CLI_H

#include <stddef.h>
#include <stdio.h>
#include "hertzfit/status.h"

/* ---- option parsing ---------------------------------------------------- */

typedef enum hf_cli_kind {
    HF_CLI_FLAG,        /* --name            value: int*, set to 1 */
    HF_CLI_DOUBLE,      /* --name X          value: double*, finite */
    HF_CLI_COUNT,       /* --name N          value: unsigned long long* */
    HF_CLI_STRING,      /* --name TEXT       value: const char** */
    HF_CLI_DOUBLES,     /* --name X [X ...]  value: hf_cli_doubles* (repeatable) */
    HF_CLI_STRINGS      /* --name T [T ...]  value: hf_cli_strings* (repeatable) */
} hf_cli_kind;

typedef struct hf_cli_doubles {
    double *values;     /* owned: hf_cli_doubles_free */
    size_t count;
} hf_cli_doubles;

typedef struct hf_cli_strings {
    const char **items; /* array owned (hf_cli_strings_free); items point into argv */
    size_t count;
} hf_cli_strings;

typedef struct hf_cli_opt {
    const char *name;   /* long name without "--" */
    hf_cli_kind kind;
    void *value;
    const char *arg;    /* metavariable shown in --help, e.g. "NAME" */
    const char *help;
    int given;          /* set by the parser when the option appeared */
    char short_name;    /* optional one-letter alias ('o' for -o), 0 for none */
} hf_cli_opt;

/* Declare options with designated initialisers, e.g.
 *   {.name = "output", .short_name = 'o', .kind = HF_CLI_STRING,
 *    .value = &out_path, .arg = "FILE", .help = "write the PNG to FILE"} */

typedef struct hf_cli_spec {
    const char *command;     /* "hr", "fit profile", ... */
    const char *usage;       /* after "hertzfit COMMAND " */
    const char *summary;     /* printed by --help, may hold newlines */
    hf_cli_opt *opts;
    size_t nopts;
    size_t min_positional;
    size_t max_positional;   /* (size_t)-1 for any number */
} hf_cli_spec;

/* Parses argv[1 .. argc-1] (argv[0] is the command word).  Options are
 * "--name value" or "--name=value"; -h/--help prints help; "--" ends the
 * options; anything else (including "-0.5") is positional.  List options
 * take values up to the next argument that starts with "--".
 * Returns 0 to proceed, -1 after printing help (exit 0), or 2 after
 * printing one error line.  *positional (caller frees with
 * hf_cli_strings_free) receives the positional arguments. */
int hf_cli_parse(hf_cli_spec *spec, int argc, char **argv,
                 hf_cli_strings *positional);
void hf_cli_print_help(const hf_cli_spec *spec, FILE *fp);

/* hf_cli_parse for subcommands that take no positional arguments (set
 * max_positional = 0): returns 1 to proceed (with *exit_code = 0), or 0
 * after printing help (*exit_code = 0) or one error line (*exit_code = 2).
 *   int rc;
 *   if (!hf_cli_parse_options(&spec, argc, argv, &rc))
 *       return rc; */
int hf_cli_parse_options(hf_cli_spec *spec, int argc, char **argv, int *exit_code);

void hf_cli_doubles_free(hf_cli_doubles *list);
void hf_cli_strings_free(hf_cli_strings *list);

/* Splits TEXT at every character of SEPARATORS (empty items skipped) into
 * *items, an array of *n malloc'ed strings owned by the caller, who frees
 * them with hf_cli_split_free.  Returns 0, or 1 when out of memory. */
int hf_cli_split(const char *text, const char *separators, char ***items, size_t *n);
void hf_cli_split_free(char **items, size_t n);

/* Prints "hertzfit CMD: MESSAGE" on stderr and returns 2. */
int hf_cli_fail(const char *command, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Prints the diag text (or hf_strerror) for a failed library call and
 * returns 2 for input errors, 1 for others. */
int hf_cli_fail_status(const char *command, hf_status status, const hf_diag *diag);

/* Parses a positional or option value as a finite double; on failure
 * prints "hertzfit CMD: WHAT: 'TEXT' is not a number" and returns 2. */
int hf_cli_parse_double(const char *command, const char *what, const char *text,
                        double *value);

/* ---- output ------------------------------------------------------------ */

/* A table collected row by row and printed at the end: aligned columns for
 * people, or CSV (header row, numbers as %.17g) with csv = 1.  Nothing is
 * printed before hf_table_print, so a failure half-way leaves no partial
 * output.  Non-finite numbers are printed as "nan"/"inf" — callers check
 * their results first.  A table that could not be created (NULL, out of
 * memory) may still be filled: the calls do nothing, and hf_table_print
 * reports the failure and returns 1, so callers need no check of their own. */
typedef struct hf_table hf_table;
hf_table *hf_table_create(int csv, size_t ncols, const char *const *headers);
void hf_table_str(hf_table *t, const char *text);
void hf_table_num(hf_table *t, double value);
/* Number with a given printf format in table mode (CSV stays %.17g). */
void hf_table_numf(hf_table *t, const char *table_format, double value);
void hf_table_int(hf_table *t, long long value);
/* Writes the table to fp and frees it; returns 0, or 1 on a write error. */
int hf_table_print(hf_table *t, FILE *fp);
void hf_table_free(hf_table *t);

/* ---- the profile objective from --sampling SPEC | --table FILE -------- */

/* The two option-table entries every profile-objective subcommand takes,
 * so their names and help read the same everywhere. */
#define HF_CLI_OBJECTIVE_OPTIONS(sampling_ptr, table_ptr)                          \
    {.name = "sampling", .kind = HF_CLI_STRING, .value = (sampling_ptr),           \
     .arg = "SPEC",                                                                \
     .help = "c_r sampling: start:step:stop, file:PATH or hgeom:h0:h1:n "          \
             "(default 0.01:0.01:0.99)"},                                          \
    {.name = "table", .kind = HF_CLI_STRING, .value = (table_ptr), .arg = "FILE",  \
     .help = "objective fitted to a published RMS table with columns a,b,rms_pct " \
             "(e.g. data/safaeifar2020_table2.csv)"}

struct hf_profile_objective;
/* Builds the objective named by the options (default sampling when both are
 * NULL; both given is an error).  On success returns 0 and *out is owned by
 * the caller (hf_profile_objective_free); otherwise prints one error line
 * and returns 2.  With verbose = 1 and a table, prints the quadratic fit's
 * size and worst residual on stderr as a '#' line. */
int hf_cli_profile_objective(const char *command, const char *sampling,
                             const char *table, int verbose,
                             struct hf_profile_objective **out);

/* ---- plotting ---------------------------------------------------------- */

/* Runs gnuplot on SCRIPT (written to a temporary file).  Returns 0, or
 * prints an error naming the problem and returns 1. */
int hf_cli_gnuplot(const char *command, const char *script);

/* TEXT followed by SUFFIX (may be NULL) as an inert gnuplot string: in
 * single quotes (where gnuplot expands neither backslashes nor back-
 * quoted commands), embedded single quotes doubled, control characters
 * dropped.  The one way text read from a file reaches a script.  Malloc'ed
 * (caller frees); NULL when out of memory. */
char *hf_cli_gnuplot_quote(const char *text, const char *suffix);

/* TEXT goes into a gnuplot script between quotes: refuses quotes,
 * backslashes and control characters, which would end the string or the
 * command.  Returns 0, or prints one error naming OPTION and returns 2. */
int hf_cli_check_plot_text(const char *command, const char *option, const char *text);

/* The same for an output file, which must also be creatable/writable, so
 * a bad -o is reported as bad input (exit 2) before any work is done. */
int hf_cli_check_plot_output(const char *command, const char *option, const char *path);

/* ---- subcommands: int hf_cmd_NAME(int argc, char **argv), argv[0] = NAME */

int hf_cmd_hr(int argc, char **argv);
int hf_cmd_models(int argc, char **argv);
int hf_cmd_profile(int argc, char **argv);
int hf_cmd_grid(int argc, char **argv);
int hf_cmd_optimum(int argc, char **argv);
int hf_cmd_fit(int argc, char **argv);
int hf_cmd_maxwell(int argc, char **argv);
int hf_cmd_restitution(int argc, char **argv);
int hf_cmd_copt(int argc, char **argv);
int hf_cmd_bounce(int argc, char **argv);
int hf_cmd_bench(int argc, char **argv);
int hf_cmd_plot(int argc, char **argv);

/* plot targets: argv[0] = target name */
int hf_plot_convergence(int argc, char **argv);
int hf_plot_maxwell(int argc, char **argv);
int hf_plot_restitution(int argc, char **argv);
int hf_plot_bounce(int argc, char **argv);

#endif
