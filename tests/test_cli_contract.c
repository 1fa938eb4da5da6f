/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_cli_contract.c — what every subcommand of hertzfit promises,
 * checked on every subcommand the program lists (found by walking
 * `hertzfit --help` and each group's --help, so a new command is covered
 * without editing this file):
 *
 *  - --help exits 0 with a usage line that names every option of the
 *    options list;
 *  - --csv writes exactly one CSV table on stdout: one header, the same
 *    number of cells on every line that is not a '#' comment;
 *  - bad input (an unknown option, a missing required option, a value
 *    that is not a number, a number out of range, an unknown list item, a
 *    list swallowing the next option) exits 2 with exactly one line on
 *    stderr and nothing on stdout;
 *  - text from an option or a file reaches a gnuplot script inert: every
 *    plot, given back-quotes, quotes, system(...) and newlines in its
 *    titles, labels and file names, runs no command.
 */
#define _POSIX_C_SOURCE 200809L
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DATA "'" HERTZFIT_SOURCE_DIR "/data/"

/* ---- the commands, as the program lists them ------------------------------- */

#define MAX_COMMANDS 64

typedef struct command_list {
    char name[MAX_COMMANDS][64];
    size_t n;
} command_list;

/* The names of the section TITLE ("commands:", "subcommands:") of a help
 * text: the first word of each indented line up to a blank line. */
static void section_names(const char *help, const char *title, const char *prefix,
                          command_list *out)
{
    const char *p = strstr(help, title);
    if (p == NULL)
        return;
    p = strchr(p, '\n');
    while (p != NULL && p[1] == ' ' && p[2] == ' ' && p[3] != '-' && p[3] != ' ') {
        char word[48];
        if (sscanf(p + 1, "%47s", word) == 1 && out->n < MAX_COMMANDS)
            snprintf(out->name[out->n++], sizeof out->name[0], "%s%s%s", prefix,
                     prefix[0] ? " " : "", word);
        p = strchr(p + 1, '\n');
    }
}

static char *help_of(const char *command)
{
    char args[128];
    snprintf(args, sizeof args, "%s --help", command);
    char *out = NULL, *err = NULL;
    int rc = hf_test_cli(args, &out, &err);
    if (rc != 0 || strncmp(out, "usage: hertzfit", 15) != 0)
        print_error("hertzfit %s -> %d\nstdout: %s\nstderr: %s\n", args, rc, out, err);
    assert_int_equal(rc, 0);
    assert_int_equal(strncmp(out, "usage: hertzfit", 15), 0);
    free(err);
    return out;
}

/* Every command that takes options (leaves, and copt, which has both). */
static void leaf_commands(command_list *leaves)
{
    char *top = help_of("");
    command_list tops = {0};
    section_names(top, "commands:", "", &tops);
    free(top);
    assert_true(tops.n >= 10);
    leaves->n = 0;
    for (size_t i = 0; i < tops.n; ++i) {
        char *help = help_of(tops.name[i]);
        command_list subs = {0};
        section_names(help, "subcommands:", tops.name[i], &subs);
        if (subs.n == 0 || strstr(help, "\noptions:\n") != NULL)
            snprintf(leaves->name[leaves->n++], sizeof leaves->name[0], "%s", tops.name[i]);
        for (size_t j = 0; j < subs.n; ++j)
            snprintf(leaves->name[leaves->n++], sizeof leaves->name[0], "%s", subs.name[j]);
        free(help);
    }
}

/* ---- --help: the usage names every option ------------------------------------ */

static void test_usage_lists_every_option(void **state)
{
    (void)state;
    command_list leaves;
    leaf_commands(&leaves);
    assert_true(leaves.n >= 20);
    for (size_t i = 0; i < leaves.n; ++i) {
        char *help = help_of(leaves.name[i]);
        const char *blank = strstr(help, "\n\n");
        assert_non_null(blank);
        size_t usage_len = (size_t)(blank - help);
        const char *opts = strstr(help, "\noptions:\n");
        assert_non_null(opts);
        for (const char *p = strchr(opts + 1, '\n'); p != NULL; p = strchr(p + 1, '\n')) {
            if (strncmp(p, "\n  -", 4) != 0)
                continue;
            /* "  -o, --output FILE" or "  --name ARG": find the long name */
            const char *dash = strstr(p, "--");
            char name[64] = "", alias[8] = "";
            sscanf(dash, "%63[^ \n]", name);
            if (p[4] != '-')
                snprintf(alias, sizeof alias, "-%c ", p[4]);
            if (strcmp(name, "--help") == 0)
                continue;
            char with_space[72];
            snprintf(with_space, sizeof with_space, "%s ", name);
            int found = 0;
            for (const char *u = help; u < help + usage_len && !found; ++u)
                found = strncmp(u, with_space, strlen(with_space)) == 0 ||
                        (strncmp(u, name, strlen(name)) == 0 &&
                         (u[strlen(name)] == ']' || u[strlen(name)] == ')' ||
                          u[strlen(name)] == '\n')) ||
                        (alias[0] && strncmp(u, alias, strlen(alias)) == 0);
            if (!found)
                print_error("hertzfit %s: the usage does not name %s\n%s\n", leaves.name[i],
                            name, help);
            assert_true(found);
        }
        free(help);
    }
}

/* ---- --csv: exactly one table ------------------------------------------------- */

/* Cells of one CSV line (RFC 4180 quotes). */
static size_t csv_cells(const char *line, size_t len)
{
    size_t cells = 1;
    int quoted = 0;
    for (size_t i = 0; i < len; ++i) {
        if (line[i] == '"')
            quoted = !quoted;
        else if (line[i] == ',' && !quoted)
            ++cells;
    }
    return cells;
}

/* Asserts that TEXT is one CSV table: no blank line, one header, every
 * other non-'#' line with the header's cell count, at least one row. */
static void assert_one_table(const char *args, const char *text)
{
    size_t header = 0, rows = 0, line_no = 0;
    for (const char *p = text; *p != '\0';) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        ++line_no;
        if (len == 0 || p[0] != '#') {
            size_t cells = csv_cells(p, len);
            if (len == 0 || (header != 0 && cells != header))
                print_error("hertzfit %s: line %zu has %zu cells, the header %zu:\n%s\n", args,
                            line_no, len ? cells : 0, header, text);
            assert_true(len > 0);
            if (header == 0)
                header = cells;
            else
                ++rows;
            assert_int_equal(cells, header);
        }
        p += len + (end != NULL);
    }
    if (rows == 0)
        print_error("hertzfit %s: no data rows\n%s\n", args, text);
    assert_true(header > 0 && rows > 0);
}

/* One cheap invocation of every command that has --csv. */
static const char *const csv_cases[][2] = {
    {"hr", "hr --csv --model all 0.5"},
    {"models", "models --csv"},
    {"profile", "profile --a 2 --b 2 --csv --table data/safaeifar2020_table2.csv"},
    {"grid", "grid --csv --sampling 0.1:0.1:0.9"},
    {"optimum", "optimum --csv --table data/safaeifar2020_table2.csv"},
    {"fit profile", "fit profile --optimizer ica --runs 2 --max-evals 200 --csv"},
    {"maxwell constants", "maxwell constants --csv"},
    {"maxwell curves", "maxwell curves --points 3 --eps-max 0.1 --csv"},
    {"maxwell simulate", "maxwell simulate --mu0 1e7 --nu 0.5 --eta 300 --R 0.01 --m 0.03 "
                         "--v0 1 --csv"},
    {"maxwell fit", "maxwell fit --data " DATA "maxwell_synthetic_noisy.csv' --nu 0.5 --method full --csv"},
    {"maxwell extract", "maxwell extract --data " DATA "drop_traces/drops.csv' --csv"},
    {"maxwell compare", "maxwell compare --data " DATA "maxwell_specimens.csv' --nu 0.5 --csv"},
    {"viscoelastic simulate", "viscoelastic simulate --mu0 1e7 --nu 0.5 --eta 300,3000 "
                              "--weight 0.4,0.3 --R 0.01 --m 0.03 --v0 1 --csv"},
    {"viscoelastic curves", "viscoelastic curves --points 3 --eps-max 0.1 --csv"},
    {"viscoelastic fit", "viscoelastic fit --data " DATA "drop_traces/drops.csv' --nu 0.5 "
                         "--model maxwell --csv"},
    {"restitution", "restitution --csv 0.5"},
    {"copt", "copt --e 0.5,0.7 --csv"},
    {"copt fit", "copt fit --n-grid 1.5 --e-grid 0.5:0.1:1 --csv"},
    {"bounce", "bounce --e 0.5 --summary --csv"},
    {"example", "example pendulums --model piecewise --table impacts --csv"},
    {"ev", "ev --form fixed --points 3 --csv"},
};

static void test_csv_is_one_table(void **state)
{
    (void)state;
    command_list leaves;
    leaf_commands(&leaves);
    size_t ncases = sizeof csv_cases / sizeof csv_cases[0], with_csv = 0;
    /* every command whose help offers --csv has a case here */
    for (size_t i = 0; i < leaves.n; ++i) {
        char *help = help_of(leaves.name[i]);
        int has_csv = strstr(help, "\n  --csv ") != NULL;
        free(help);
        if (!has_csv)
            continue;
        ++with_csv;
        int covered = 0;
        for (size_t k = 0; k < ncases; ++k)
            covered |= strcmp(csv_cases[k][0], leaves.name[i]) == 0;
        if (!covered)
            print_error("hertzfit %s has --csv but no case in this test\n", leaves.name[i]);
        assert_true(covered);
    }
    assert_int_equal(with_csv, ncases);
    for (size_t k = 0; k < ncases; ++k) {
        char *out = NULL, *err = NULL;
        int rc = hf_test_cli(csv_cases[k][1], &out, &err);
        if (rc != 0 || err[0] != '\0')
            print_error("hertzfit %s -> %d\nstderr: %s\n", csv_cases[k][1], rc, err);
        assert_int_equal(rc, 0);
        assert_string_equal(err, "");
        assert_one_table(csv_cases[k][1], out);
        free(out);
        free(err);
    }
}

/* ---- bad input: one line, exit 2 ------------------------------------------------ */

/* Per command: a missing required option, a value that is not a number,
 * a number out of range, an unknown list item or word. */
static const char *const bad_cases[][2] = {
    {"hr x", "c_r: 'x' is not a number"},
    {"hr 0.5 --model nope", "unknown damping model 'nope'"},
    {"hr 0.5 --a 2", "--a needs --b"},
    {"hr 2", "c_r: 2 is outside (0, 1]"},
    {"models --csv=yes", "--csv takes no value"},
    {"profile --b 2", "--a is required"},
    {"profile --a two --b 2", "--a: 'two' is not a number"},
    {"profile --a 1 --b 2 --sampling 0.1:0.1", "is not START:STEP:STOP"},
    {"profile --a 1 --b 2 --sampling hgeom:1:2:1", "must be an integer from 2"},
    {"grid --sampling 0:0.1:0.5", "outside (0, 1]"},
    {"grid --sampling 0.1:0.1:0.9 --table x.csv", "give either --sampling or --table"},
    {"optimum --valley-b 1,x", "--valley-b: 'x' is not a number"},
    {"optimum --valley-b 0", "--valley-b: 0 must be > 0"},
    {"fit profile", "--optimizer is required (or --list)"},
    {"fit profile --optimizer ica --runs 2000000", "--runs: 2000000 is outside [1, 1000000]"},
    {"fit profile --optimizer ica --threads 5000", "--threads: 5000 must be <= 4096"},
    {"fit profile --optimizer ica --runs many", "--runs: 'many' is not a whole number"},
    {"fit profile --optimizer ica --bounds 1,2,3", "--bounds needs 4 values"},
    {"fit profile --optimizer nope", "unknown optimizer 'nope' (valid: ica"},
    {"fit profile --optimizer ica --set countries=20 --set", "--set needs a value"},
    {"maxwell constants extra", "unexpected argument 'extra'"},
    {"maxwell simulate --nu 0.5 --eta 1 --grid x.csv", "--mu0 is required"},
    {"maxwell simulate --mu0 1e7 --nu 0.9 --eta 1 --grid x.csv", "--nu: 0.9 is outside [0, 0.5]"},
    {"maxwell simulate --mu0 1e7 --nu 0.5 --eta 1 --grid x.csv --noise 0.5",
     "--noise: 0.5 is outside [0, 0.2]"},
    {"maxwell curves --alpha 2", "--alpha: 2 is outside (0, 1]"},
    {"maxwell compare --data x.csv --nu 0.5 --level 1", "--level: 1 is outside (0, 1)"},
    /* a list parsed before a later option fails: released by the parser
     * (the sanitizer build's leak check turns a leak into exit 1) */
    {"maxwell curves --alpha 0.5 --tol nan", "--tol: 'nan' is not finite"},
    {"fit profile --optimizer ica --set beta=1 --bounds 1,2,3", "--bounds"},
    {"maxwell fit --nu 0.5", "--data is required"},
    {"maxwell extract --data x.csv --impact some", "--impact: unknown value 'some'"},
    {"maxwell fit --data x.csv --nu 0.5 --method best", "--method: unknown value 'best'"},
    {"maxwell fit --data x.csv --nu 0.5 --max-evals 0", "--max-evals: 0 must be >= 1"},
    {"maxwell fit --data " DATA "drop_traces/drops.csv' --nu 0.5 --method curve --alpha 0.5",
     "--method curve fits a Maxwell solid only"},
    {"viscoelastic simulate --mu0 1e7 --nu 0.5 --eta 1,2 --weight 0.7 --R 1 --m 1 --v0 1",
     "--weight: 1 weights for 2 rates"},
    {"viscoelastic simulate --mu0 1e7 --nu 0.5 --eta 1,2 --weight 0.7,0.6 --R 1 --m 1 --v0 1",
     "--weight: the weights sum to 1.3"},
    {"viscoelastic curves --alpha 0", "--alpha: 0 is outside (0, 1]"},
    {"viscoelastic fit --data " DATA "drop_traces/drops.csv' --nu 0.5 --model prony:9",
     "--model: law 'prony:9': 1 to 4 Prony terms"},
    {"restitution", "missing argument C"},
    {"restitution 0.5 --model nope", "unknown damping model 'nope'"},
    {"restitution 0.5 --b x", "--b: 'x' is not a number"},
    {"copt", "--e is required"},
    {"copt --e 0.5,,0.7", "--e: empty item in the list"},
    {"copt --e 0.5 --n 3", "--n: 3 is outside [1, 2]"},
    {"copt --e 0.5 --c-max -1", "--c-max: -1 must be >= 0"},
    {"copt nope", "unknown subcommand 'nope' (valid: fit)"},
    {"copt fit --n-grid 1:0.1", "--n-grid: '1:0.1' is not START:STEP:STOP"},
    {"copt fit --e-grid 0.5:0.1:2", "--e-grid: 0.5:0.1:2 is outside [1e-06, 1]"},
    {"bounce", "--e is required"},
    {"bounce --e 0.5 --points 1", "--points: 1 is outside [2, 1000000]"},
    {"bounce --e 0.5 --model nope", "unknown damping model 'nope'"},
    {"bench", "missing subcommand (valid: run, merge, report, eval)"},
    {"bench run --optimizers ica --problems sphere:2", "--output is required"},
    {"bench run --optimizers ica --problems spere -o x", "unknown problem 'spere'"},
    {"bench run --optimizers icca --problems sphere:2 -o x", "unknown optimizer 'icca'"},
    {"bench run --optimizers ica --problems -o x", "--problems needs a value"},
    {"bench run --preset fast -o x",
     "unknown campaign preset 'fast' (valid: paper, bbob, bbob-full)"},
    {"bench run --preset paper --full -o x", "--full: preset 'paper' has no larger size"},
    {"bench run --optimizers ica --problems sphere:2 --full -o x", "--full needs --preset"},
    {"bench run --optimizers ica --problems sphere:2 --budget 100*x -o x",
     "--budget: '100*x' is not E, B*d, DIM=E or DIM=B*d"},
    {"bench run --optimizers ica --problems sphere:2 --budget 0*d -o x", "--budget: '0*d'"},
    {"bench run --optimizers ica --problems bbob:3:45 -o x",
     "BBOB dimension 45 is not in 2..44"},
    {"bench run --optimizers ica --problems sphere:2 --budget x -o x", "--budget: 'x'"},
    {"bench run --optimizers ica --problems sphere:2 --targets 1,y -o x",
     "--targets: 'y' is not a number"},
    {"bench merge a", "--output is required"},
    {"bench merge -o x", "missing argument DIR"},
    {"bench report", "missing argument DIR"},
    {"bench eval bbob:1:2:1 0", "bbob:1:2:1 has dimension 2: give 2 coordinates, not 1"},
    {"bench report a b", "unexpected argument 'b'"},
    {"plot", "missing subcommand (valid: convergence, empires, maxwell, hr, restitution, bounce, "
             "maxwell-curves, example, trace)"},
    {"plot trace --data x.csv --nu 0.5 --eta 1 -o x.png", "--eta needs --mu0"},
    {"plot trace --data x.csv --mu0 1e6 --eta 1 --max-iter 3 --nu 0.5 -o x.png",
     "give either --max-iter or --mu0, not both"},
    {"plot empires s.csv", "--output is required"},
    {"plot empires -o x.png", "missing argument SNAPSHOT.csv"},
    {"plot empires s.csv -o x.png --run x", "--run: 'x' is not a whole number"},
    {"plot convergence t.csv", "--output is required"},
    {"plot convergence t.csv -o x.png --x time", "--x: unknown value 'time'"},
    {"plot maxwell --data x.csv -o x.png", "--nu is required"},
    {"plot maxwell-curves --alpha 0 -o x.png", "--alpha: 0 is outside (0, 1]"},
    {"plot restitution -o x.png --points 1", "--points: 1 is outside [2, 100000]"},
    {"plot hr -o x.png --model nope", "unknown damping model 'nope'"},
    {"plot bounce -o x.png --e 0.5,2", "--e: 2 is outside [1e-06, 1]"},
    {"plot example bouncing-ball -o x.png --figure 9 --e 0.5",
     "--e: the bouncing ball's Fig. 9 is drawn at c_r = 0.4"},
    {"plot example pendulums -o x.png --figure 13",
     "--figure: pendulums has figures 11 to 12, not 13"},
    {"example nope", "unknown example 'nope' (valid: bouncing-ball,"},
    {"ev --v-min 2 --v-max 1", "--v-min 2 is above --v-max 1"},
    {"export nope", "unknown engine 'nope' (valid: mbdyn, chrono, drake,"},
    {"plot nope", "unknown subcommand 'nope'"},
    {"", "missing command (valid: hr,"},
    {"nope", "unknown command 'nope' (valid: hr,"},
    {"maxwell report --data x.csv --nu 0.5", "--output is required"},
    {"maxwell report --data x.csv --nu 0.5 -o .",
     "--output: . exists; refused without --force"},
};

static void test_bad_input_is_one_line(void **state)
{
    (void)state;
    command_list leaves;
    leaf_commands(&leaves);
    for (size_t i = 0; i < leaves.n; ++i) {
        char args[160];
        snprintf(args, sizeof args, "%s --no-such-option 1", leaves.name[i]);
        hf_test_expect_failure(args, 2, "unknown option '--no-such-option' (valid: --");
        /* every command has a case of its own above */
        int covered = 0;
        size_t len = strlen(leaves.name[i]);
        for (size_t k = 0; k < sizeof bad_cases / sizeof bad_cases[0]; ++k)
            covered |= strncmp(bad_cases[k][0], leaves.name[i], len) == 0 &&
                       (bad_cases[k][0][len] == ' ' || bad_cases[k][0][len] == '\0') &&
                       !(strcmp(leaves.name[i], "copt") == 0 &&
                         strncmp(bad_cases[k][0], "copt fit", 8) == 0);
        if (!covered)
            print_error("hertzfit %s has no bad-input case in this test\n", leaves.name[i]);
        assert_true(covered);
    }
    for (size_t k = 0; k < sizeof bad_cases / sizeof bad_cases[0]; ++k)
        hf_test_expect_failure(bad_cases[k][0], 2, bad_cases[k][1]);
}

/* ---- gnuplot: hostile text stays inert ------------------------------------------ */

/* TEXT as one shell word (single-quoted), appended to BUF. */
static void shell_word(char *buf, size_t size, const char *text)
{
    size_t n = strlen(buf);
    if (n + 1 < size)
        buf[n++] = '\'';
    for (const char *p = text; *p != '\0' && n + 5 < size; ++p) {
        if (*p == '\'') {
            memcpy(buf + n, "'\\''", 4);
            n += 4;
        } else {
            buf[n++] = *p;
        }
    }
    if (n + 1 < size)
        buf[n++] = '\'';
    buf[n] = '\0';
}

/* A string that would run `touch MARK` if it reached gnuplot or a shell
 * as anything but an inert string. */
static void hostile(char *buf, size_t size, const char *mark)
{
    snprintf(buf, size, "x' . system('touch %s') . '`touch %s`\"$(touch %s)\"; !touch %s \\",
             mark, mark, mark, mark);
}

static int exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0;
}

/* The mark a hostile file name would touch: a name without '/', relative
 * to the directory the program runs in (the test's). */
static char rel_mark[256];

/* Runs ARGS (which writes PNG): exit 0, the PNG at that exact name, and
 * neither MARK nor rel_mark created. */
static void expect_inert(const char *args, const char *png, const char *mark)
{
    char *out = NULL, *err = NULL;
    int rc = hf_test_cli(args, &out, &err);
    if (rc != 0 || exists(mark) || exists(rel_mark))
        print_error("hertzfit %s -> %d\nstderr: %s\n", args, rc, err);
    assert_false(exists(mark));
    assert_false(exists(rel_mark));
    assert_int_equal(rc, 0);
    hf_test_assert_png(png);
    remove(png);
    free(out);
    free(err);
}

static void test_plots_keep_hostile_text_inert(void **state)
{
    (void)state;
    if (!hf_test_have_gnuplot())
        skip();
    char dir[512], mark[600], evil[3000], png[4200], trace[600], args[16384];
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("hostile"));
    snprintf(args, sizeof args, "rm -rf '%s' && mkdir -p '%s'", dir, dir);
    assert_int_equal(system(args), 0);
    snprintf(mark, sizeof mark, "%s/mark", dir);
    hostile(evil, sizeof evil, mark);
    /* the hostile text as a file name: one name, so its mark is relative */
    char name[3000];
    snprintf(rel_mark, sizeof rel_mark, "hostile-mark-%ld", (long)getpid());
    remove(rel_mark);
    hostile(name, sizeof name, rel_mark);
    snprintf(png, sizeof png, "%s/%s.png", dir, name);

    /* plot convergence: a label from the file, a title, a file name */
    snprintf(trace, sizeof trace, "%s/trace.csv", dir);
    char text[8192];
    snprintf(text, sizeof text, "optimizer,problem,run,iteration,evaluations,best_f\n"
                                "%s,profile,0,1,20,13.5\n%s,profile,0,2,40,12.9\n",
             evil, evil);
    hf_test_write_file(trace, text);
    snprintf(args, sizeof args, "plot convergence '%s' --title ", trace);
    shell_word(args, sizeof args, evil);
    strcat(args, " -o ");
    shell_word(args, sizeof args, png);
    expect_inert(args, png, mark);
    /* plot empires: a title and a file name */
    char snap[600];
    snprintf(snap, sizeof snap, "%s/snap.csv", dir);
    hf_test_write_file(snap, "run,iter,empire,role,x0,x1,f\n"
                             "0,0,0,imperialist,3,3.5,12.6\n0,0,0,colony,2,4,12.7\n");
    snprintf(args, sizeof args, "plot empires '%s' --table " DATA "safaeifar2020_table2.csv' "
                                "--title ", snap);
    shell_word(args, sizeof args, evil);
    strcat(args, " -o ");
    shell_word(args, sizeof args, png);
    expect_inert(args, png, mark);
    /* a newline in a title is a blank; in a file name, bad input */
    snprintf(args, sizeof args, "plot convergence '%s' --title \"$(printf 'a\\nset output \\047"
                                "%s/other.png\\047\\nb')\" -o '%s/conv.png'", trace, dir, dir);
    snprintf(png, sizeof png, "%s/conv.png", dir);
    expect_inert(args, png, mark);
    snprintf(png, sizeof png, "%s/other.png", dir);
    assert_false(exists(png));
    snprintf(args, sizeof args, "plot convergence '%s' -o \"$(printf '%s/a\\nb.png')\"", trace,
             dir);
    hf_test_expect_failure(args, 2, "--output: the file name contains a control character");
    /* an output that cannot be written is found before any work */
    hf_test_expect_failure("plot bounce -o /nonexistent-dir/x.png", 2,
                           "--output: cannot write '/nonexistent-dir/x.png'");
    hf_test_expect_failure("plot restitution -o /nonexistent-dir/x.png", 2, "cannot write");
    hf_test_expect_failure("plot maxwell --data " DATA "maxwell_synthetic_clean.csv' --nu 0.5 "
                           "-o /nonexistent-dir/m.png", 2, "cannot write");

    snprintf(png, sizeof png, "%s/%s.png", dir, name);
    snprintf(args, sizeof args, "plot restitution --points 4 --model exact -o ");
    shell_word(args, sizeof args, png);
    expect_inert(args, png, mark);

    snprintf(args, sizeof args, "plot bounce --points 10 --e 0.5 --model exact -o ");
    shell_word(args, sizeof args, png);
    expect_inert(args, png, mark);

    snprintf(args, sizeof args, "plot maxwell --data " DATA "maxwell_synthetic_clean.csv' "
                                "--nu 0.5 -o ");
    shell_word(args, sizeof args, png);
    expect_inert(args, png, mark);

    /* bench report: an output directory and optimiser names from the
     * campaign's files */
    char camp[600], report[3600];
    snprintf(camp, sizeof camp, "%s/camp", dir);
    snprintf(args, sizeof args, "bench run --optimizers ica,random --problems sphere:2 --runs 2 "
                                "--budget 100 -o '%s'", camp);
    assert_int_equal(hf_test_cli(args, NULL, NULL), 0);
    snprintf(report, sizeof report, "%s/%s", dir, name);
    snprintf(args, sizeof args, "bench report '%s' -o ", camp);
    shell_word(args, sizeof args, report);
    snprintf(png, sizeof png, "%s/ecdf.png", report);
    expect_inert(args, png, mark);
    /* optimiser names as a campaign's files give them (a manifest list
     * is split at blanks, so the hostile name has none); the sender
     * records the digests of the files it changed, so that the campaign
     * passes its integrity checks and reaches the plot */
    snprintf(args, sizeof args,
             "cd '%s' && for f in manifest.txt runs.csv trace.csv; do sed -i "
             "'s|random|r'\\''.system('\\''touch${IFS}%s'\\'').'\\''`touch${IFS}%s`|g' $f; "
             "done && for f in runs.csv trace.csv; do h=$(sha256sum $f | cut -d' ' -f1); "
             "sed -i \"s|^data[.]$f[.]sha256 = .*|data.$f.sha256 = $h|\" manifest.txt; "
             "done && grep -q 'touch[$]' manifest.txt", camp, mark, mark);
    assert_int_equal(system(args), 0);
    snprintf(args, sizeof args, "bench report '%s' -o '%s/r2'", camp, dir);
    snprintf(png, sizeof png, "%s/r2/ecdf.png", dir);
    expect_inert(args, png, mark);
    snprintf(args, sizeof args, "rm -rf '%s'", dir);
    assert_int_equal(system(args), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_usage_lists_every_option),
        cmocka_unit_test(test_csv_is_one_table),
        cmocka_unit_test(test_bad_input_is_one_line),
        cmocka_unit_test(test_plots_keep_hostile_text_inert),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
