/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cli.h — what every hertzfit subcommand shares: the command tables and
 * their dispatch, option tables and their one parser, aligned-table/CSV
 * output, and the gnuplot script builder.  Private to the program: every
 * name here starts with hfc_, so that hf_ means the library.  The library
 * never prints; everything a user reads is written by cli/.
 *
 * Exit codes: 0 success, 2 bad input or usage (one line on stderr naming
 * the argument and value), 1 a failure that is not the user's input.
 */
#ifndef HERTZFIT_CLI_H
#define HERTZFIT_CLI_H

#include <stddef.h>
#include <stdio.h>
#include "hertzfit/profile_objective.h"
#include "hertzfit/runs.h"
#include "hertzfit/status.h"

#if defined(__GNUC__)
#define HFC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define HFC_PRINTF(f, a)
#endif

/* The number of elements of array A. */
#define HFC_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---- commands ------------------------------------------------------------ */

/* One (sub)command.  A leaf has `run`; a group has `subs`; a command with
 * both (copt) runs `run` when no sub-command word follows it.  `run` gets
 * argv[0] = the full command ("bench run"), which it names in messages. */
typedef struct hfc_command {
    const char *name;
    const char *summary;                    /* one line, in the parent's list */
    int (*run)(int argc, char **argv);
    const struct hfc_command *const *subs;
    size_t nsubs;
    const char *details;                    /* extra lines of a group's --help */
} hfc_command;

/* Runs COMMAND on argv[1 ..] (argv[0] is its full name, "" for the
 * program itself): picks the sub-command named by argv[1], prints the
 * group's help, or fails with one line listing the valid names. */
int hfc_dispatch(const hfc_command *command, int argc, char **argv);

extern const hfc_command hfc_hr_command, hfc_models_command, hfc_profile_command,
    hfc_grid_command, hfc_optimum_command, hfc_fit_command, hfc_maxwell_command,
    hfc_restitution_command, hfc_copt_command, hfc_bounce_command, hfc_bench_command,
    hfc_plot_command;
extern const hfc_command hfc_example_command;
extern const hfc_command hfc_ev_command, hfc_export_command;
extern const hfc_command hfc_viscoelastic_command;

/* ---- option tables ----------------------------------------------------- */

typedef enum hfc_kind {
    HFC_FLAG,    /* --name            value: int*, set to 1 */
    HFC_REAL,    /* --name X          value: double*, finite, within the limits */
    HFC_INT,     /* --name N          value: unsigned long long*, within the limits */
    HFC_SEED,    /* --name S          value: unsigned long long*, 0 .. 2^64 - 1 */
    HFC_TEXT,    /* --name TEXT       value: const char** (points into argv) */
    HFC_WORD,    /* --name WORD       value: const char**, one of .words */
    HFC_REALS,   /* --name X,X,...    value: hfc_reals*, each within the limits */
    HFC_TEXTS,   /* --name T,T,...    value: hfc_texts* */
    HFC_GRID     /* --name START:STEP:STOP  value: hfc_grid*, START and STOP
                    within the limits */
} hfc_kind;

/* Lists: comma-separated values in one argument, and the option may be
 * repeated (the values add up).  Owned by the parser: hfc_free. */
typedef struct hfc_reals {
    double *v;
    size_t n;
} hfc_reals;

typedef struct hfc_texts {
    char **v;
    size_t n;
} hfc_texts;

/* START:STEP:STOP, or one number X (the grid X:1:X). */
typedef struct hfc_grid {
    double start, step, stop;
} hfc_grid;

/* .limits: which of .min/.max apply, and whether they are excluded. */
enum {
    HFC_MIN = 1u,        /* value >= min */
    HFC_MAX = 2u,        /* value <= max */
    HFC_ABOVE = 4u,      /* value > min */
    HFC_BELOW = 8u       /* value < max */
};

typedef struct hfc_opt {
    const char *name;        /* long name without "--" */
    char short_name;         /* 'o' for -o, or 0 */
    hfc_kind kind;
    void *value;
    const char *arg;         /* metavariable: "N", "FILE" (a list's item) */
    const char *help;        /* the limits and "required" are added by --help */
    int required;
    unsigned limits;
    double min, max;         /* for REAL, INT and the items of REALS */
    size_t count_min, count_max;   /* items of a list, 0 = no limit */
    const char *const *words;      /* WORD: the valid words, NULL-terminated */
    const char *needs;       /* given only together with this option */
    const char *excludes;    /* never together with this option */
    const char *unless;      /* required unless this option is given */
    int output;              /* TEXT naming a file or folder the command writes:
                                never one of its other files (the parser checks) */
    int given;               /* set by the parser */
} hfc_opt;

typedef struct hfc_spec {
    const char *command;      /* argv[0] of the leaf: "bench run" */
    const char *summary;      /* what --help says after the usage */
    hfc_opt *opts;
    size_t nopts;
    hfc_opt *positional;      /* NULL, or a REALS/TEXTS option (.arg, counts,
                                 limits) that receives the positional words,
                                 one value per word */
    const hfc_command *group; /* a command that also has sub-commands */
} hfc_spec;

/* Parses argv[1 ..]: "--name value", "--name=value", "-o value"; -h/--help
 * prints the help; "--" ends the options; a single value given twice
 * keeps the last, a list adds up.  A value that looks like an
 * option ("-o", "--csv"; not "-0.5") is never taken as a value.  Checks
 * every value against the table (numbers, limits, words, list lengths,
 * required, needs, excludes, unless).  Returns 1 to proceed (the lists are
 * then the caller's to release with hfc_free); otherwise 0 with *exit_code
 * 0 (help printed) or 2 (one error line printed), the lists already
 * released (hfc_free may still be called). */
int hfc_parse(hfc_spec *spec, int argc, char **argv, int *exit_code);

/* Whether option NAME was given; NAME must be in the table. */
int hfc_given(const hfc_spec *spec, const char *name);

/* Releases the lists a parse filled (every REALS/TEXTS value). */
void hfc_free(hfc_spec *spec);

void hfc_print_help(const hfc_spec *spec, FILE *fp);

/* Options that several subcommands take, declared once so that they read,
 * and are checked, the same everywhere. */
#define HFC_THREADS_MAX HF_THREADS_MAX
#define HFC_OPT_CSV(ptr)                                                              \
    {.name = "csv", .kind = HFC_FLAG, .value = (ptr),                                 \
     .help = "one CSV table on stdout (numbers as %.17g), commentary behind '#'"}
#define HFC_OPT_THREADS(ptr)                                                          \
    {.name = "threads", .kind = HFC_INT, .value = (ptr), .arg = "T",                  \
     .limits = HFC_MAX, .max = HFC_THREADS_MAX,                                       \
     .help = "OpenMP threads (default 0 = all); results do not depend on it"}
#define HFC_OPT_SEED(ptr, what)                                                       \
    {.name = "seed", .kind = HFC_SEED, .value = (ptr), .arg = "S", .help = (what)}
#define HFC_OPT_OUTPUT(ptr, metavar, what, is_required)                               \
    {.name = "output", .short_name = 'o', .kind = HFC_TEXT, .value = (ptr),           \
     .arg = (metavar), .help = (what), .required = (is_required), .output = 1}
/* The damping model of hr, restitution, bounce and the plots, and the
 * exponents of the profile model. */
#define HFC_OPT_MODEL(ptr, what)                                                      \
    {.name = "model", .kind = HFC_TEXT, .value = (ptr), .arg = "NAME|all", .help = (what)}
#define HFC_OPT_PROFILE_AB(a_ptr, b_ptr, what)                                        \
    {.name = "a", .kind = HFC_REAL, .value = (a_ptr), .arg = "A", .limits = HFC_ABOVE,  \
     .min = 0.0, .needs = "b", .help = "profile exponent a" what},                    \
    {.name = "b", .kind = HFC_REAL, .value = (b_ptr), .arg = "B", .limits = HFC_ABOVE,  \
     .min = 0.0, .needs = "a", .help = "profile exponent b" what}
/* The profile objective: --sampling SPEC or --table FILE. */
#define HFC_OPT_OBJECTIVE(sampling_ptr, table_ptr)                                    \
    {.name = "sampling", .kind = HFC_TEXT, .value = (sampling_ptr), .arg = "SPEC",    \
     .excludes = "table",                                                             \
     .help = "c_r sampling: START:STEP:STOP, file:PATH (a CSV with a c_r column) "    \
             "or hgeom:H0:H1:N (default " HFC_SAMPLING_DEFAULT ")"},                  \
    {.name = "table", .kind = HFC_TEXT, .value = (table_ptr), .arg = "FILE",          \
     .excludes = "sampling",                                                          \
     .help = "objective fitted to a published RMS table with columns a,b,rms_pct "    \
             "(e.g. data/safaeifar2020_table2.csv)"}

/* ---- messages ------------------------------------------------------------ */

/* Prints "hertzfit CMD: MESSAGE" on stderr and returns 2. */
int hfc_fail(const char *command, const char *fmt, ...) HFC_PRINTF(2, 3);

/* Prints the diag text (or hf_strerror) for a failed library call, after
 * PREFIX (an option name, or NULL), and returns 2 for input errors, 1 for
 * others. */
int hfc_fail_status(const char *command, const char *prefix, hf_status status,
                    const hf_diag *diag);

/* Flushes and closes stdout once the command has returned RC; a failed
 * write, flush or close (a full disk, a closed pipe) prints one line
 * naming the standard output and turns RC 0 into 1.  Returns the exit
 * code. */
int hfc_close_stdout(int rc);

/* The exit code of a failed library call: 2 for bad input, 130 for an
 * interrupted call (HF_EINTERRUPTED), 1 otherwise. */
int hfc_status_exit(hf_status status);

/* Commentary: on stdout, behind "# " when CSV is set. */
void hfc_note(int csv, const char *fmt, ...) HFC_PRINTF(2, 3);

/* ---- text specs (grids, samplings) --------------------------------------- */

/* Parses a grid spec; returns 0, or 2 after printing one line naming WHAT
 * (the option) and the text.  Requires step > 0 and start <= stop. */
int hfc_grid_parse(const char *command, const char *what, const char *text, hfc_grid *grid);

/* The values start, start + step, ... up to stop (included when within
 * 1e-9 steps of the grid) into *values (caller frees).  Returns 0, or 1
 * after printing a message when out of memory. */
int hfc_grid_values(const char *command, const hfc_grid *grid, double **values, size_t *n);

/* The c_r values of a --sampling SPEC from the library's constructors;
 * returns 0, or 2/1 after printing one line.  No SPEC is the library's
 * default sampling (hf_profile_objective_alloc), named in the help as
 * HFC_SAMPLING_DEFAULT from the library's constants. */
#define HFC_TEXT_OF(x) #x
#define HFC_TEXT_OF_MACRO(x) HFC_TEXT_OF(x)
#define HFC_SAMPLING_DEFAULT                                                          \
    HFC_TEXT_OF_MACRO(HF_SAMPLING_START) ":" HFC_TEXT_OF_MACRO(HF_SAMPLING_STEP) ":"   \
    HFC_TEXT_OF_MACRO(HF_SAMPLING_STOP)
int hfc_sampling(const char *command, const char *spec, double **values, size_t *n);

struct hf_profile_objective;
/* Builds the objective named by --sampling/--table (default sampling when
 * both are NULL).  On success returns 0 and *out is the caller's
 * (hf_profile_objective_free); otherwise prints one line and returns 2/1. */
int hfc_profile_objective(const char *command, const char *sampling, const char *table,
                          struct hf_profile_objective **out);

/* Commentary on a table objective (its size and worst residual), for
 * hfc_note; nothing for a sampling objective. */
void hfc_note_objective(int csv, const char *table, const struct hf_profile_objective *obj);

/* ---- tables ------------------------------------------------------------- */

/* A table collected row by row and printed at the end: aligned columns for
 * people, or CSV (header row, numbers as %.17g) with csv = 1.  Nothing is
 * printed before hfc_table_print, so a failure half-way leaves no partial
 * output.  A table that could not be created (NULL, out of memory) may
 * still be filled: the calls do nothing, and hfc_table_print reports the
 * failure and returns 1. */
typedef struct hfc_table hfc_table;
hfc_table *hfc_table_alloc(int csv, size_t ncols, const char *const *headers);
void hfc_table_str(hfc_table *t, const char *text);
void hfc_table_num(hfc_table *t, double value);
/* Number with a given printf format in table mode (CSV stays %.17g). */
void hfc_table_numf(hfc_table *t, const char *table_format, double value);
void hfc_table_int(hfc_table *t, long long value);
/* Writes the table to stdout and frees it; returns 0, or 1 out of memory.
 * A failed write is found and reported by hfc_close_stdout. */
int hfc_table_print(hfc_table *t);
/* TEXT as one CSV cell (RFC 4180): quoted, inner quotes doubled, when it
 * holds a comma, a quote or a newline. */
void hfc_print_csv_cell(FILE *fp, const char *text);
void hfc_table_free(hfc_table *t);

/* ---- gnuplot ------------------------------------------------------------ */

/* A gnuplot script that writes one PNG, built piece by piece and run
 * without a shell.  Program text goes in with hfc_plot_cmd (numbers only:
 * a %s or %c in its format is refused), every other string — a path, a
 * title, a name read from a file — only with hfc_plot_str, which makes it
 * an inert single-quoted gnuplot string; data go in as inline data blocks
 * ($name << EOD), so no data file is written.  Failures (out of memory,
 * refused text) are remembered and reported by hfc_plot_run. */
typedef struct hfc_plot hfc_plot;

/* Starts a script: "set terminal pngcairo size W,H TERMINAL_OPTIONS" (a
 * literal such as "enhanced font 'sans,10'") and "set output 'OUTPUT'". */
hfc_plot *hfc_plot_alloc(const char *output, int width, int height,
                         const char *terminal_options);
void hfc_plot_cmd(hfc_plot *p, const char *fmt, ...) HFC_PRINTF(2, 3);
/* TEXT (then SUFFIX, may be NULL) as one single-quoted string: embedded
 * quotes doubled, control characters replaced by blanks. */
void hfc_plot_str(hfc_plot *p, const char *text, const char *suffix);
/* A data block named by FMT (numbers only), rows of N numbers, its end. */
void hfc_plot_block(hfc_plot *p, const char *fmt, ...) HFC_PRINTF(2, 3);
void hfc_plot_row(hfc_plot *p, size_t n, const double *values);
void hfc_plot_block_end(hfc_plot *p);
/* Runs gnuplot on the script and frees P.  Returns 0, or prints one line
 * naming the failure and returns 1. */
int hfc_plot_run(hfc_plot *p, const char *command);
void hfc_plot_free(hfc_plot *p);

/* Checks the name of an output PATH before any work: no control
 * characters (the script could not name the file written).  Returns 0, or
 * prints one line naming OPTION and returns 2. */
int hfc_check_name(const char *command, const char *option, const char *path);

/* The same, and PATH creatable/writable. */
int hfc_check_output(const char *command, const char *option, const char *path);

/* ---- plug-ins (cli/plugins.c) ----------------------------------------- */

/* Loads the plug-in of every "plugin:PATH.so[:NAME]" item of ITEMS (an
 * option's list, owned by the parser), registers what it brings and
 * replaces the item by the optimiser's plain name; 0, or the exit code
 * after one error line naming OPTION and the plug-in. */
int hfc_plugin_optimizers(const char *command, const char *option, char **items, size_t n);

/* The same for problems: "plugin:PATH.so:NAME[:DIM]" becomes "NAME[:DIM]". */
int hfc_plugin_problems(const char *command, const char *option, char **items, size_t n);

/* The paths of the plug-ins loaded so far (for a campaign's manifest). */
const char *const *hfc_plugin_paths(size_t *n);

/* Closes every loaded plug-in (at the end of the program). */
void hfc_plugins_close(void);

/* ---- ends that are not main's return (cli/signals.c) -------------------- */

/* Installs the handlers that remove unfinished outputs' temporaries on
 * SIGINT/SIGTERM/SIGHUP/SIGQUIT and on a crash (naming the plug-in whose
 * code crashed), ignores SIGPIPE and SIGXFSZ (the write fails and is
 * reported instead), and turns a plug-in's exit() into one line and
 * exit code 1. */
void hfc_signals_install(void);

/* Starts the exit() check (at the first plug-in's loading). */
void hfc_signals_watch_exit(void);

/* Tells the exit() check that main is returning: the end is the program's. */
void hfc_signals_main_returned(void);

#endif
