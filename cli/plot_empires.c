/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/plot_empires.c — `hertzfit plot empires SNAPSHOT.csv -o fig.png`:
 * the countries of one run on the (a, b) plane at each iteration its
 * snapshot file holds (`hertzfit fit profile --snapshot ITER,...
 * --snapshot-file FILE`), like Figs. 7–8 of Sheikhi Azqandi & Safaeifar
 * 2023: imperialists as stars sized by their number of colonies, colonies
 * as circles in their empire's colour, one panel per iteration.  The
 * valley I(a, b) = I* of the objective (every point of it is optimal) is
 * drawn through each panel from the library's hf_profile_valley_a.
 */
#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/csv.h"
#include "hertzfit/profile.h"
#include "hertzfit/profile_objective.h"

#define MAX_PANELS 8
#define VALLEY_POINTS 200

typedef struct empire_options {
    const char *output, *title, *sampling, *table;
    unsigned long long run;
} empire_options;

/* The columns of a snapshot file. */
enum { C_RUN, C_ITER, C_EMPIRE, C_ROLE, C_A, C_B, C_COUNT };

typedef struct snapshot_row {
    unsigned long long run, iter, empire;
    int imperialist;
    double a, b;
} snapshot_row;

static hf_status read_row(const hf_csv *csv, size_t r, const size_t *col, snapshot_row *out,
                          hf_diag *diag)
{
    hf_status st = hf_csv_count(csv, r, col[C_RUN], &out->run, diag);
    if (st == HF_OK)
        st = hf_csv_count(csv, r, col[C_ITER], &out->iter, diag);
    if (st == HF_OK)
        st = hf_csv_count(csv, r, col[C_EMPIRE], &out->empire, diag);
    if (st == HF_OK)
        st = hf_csv_number(csv, r, col[C_A], &out->a, diag);
    if (st == HF_OK)
        st = hf_csv_number(csv, r, col[C_B], &out->b, diag);
    if (st != HF_OK)
        return st;
    const char *role = hf_csv_cell(csv, r, col[C_ROLE]);
    out->imperialist = strcmp(role, "imperialist") == 0;
    if (!out->imperialist && strcmp(role, "colony") != 0)
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu: role '%s' is neither imperialist nor "
                           "colony", hf_csv_path(csv), hf_csv_line(csv, r), role);
    return HF_OK;
}

/* The iterations of run RUN in file order (at most MAX_PANELS). */
static int panel_iterations(const char *command, const hf_csv *csv, const size_t *col,
                            unsigned long long run, unsigned long long *iters, size_t *n)
{
    *n = 0;
    for (size_t r = 0; r < hf_csv_nrows(csv); ++r) {
        snapshot_row row;
        hf_diag diag = {{0}};
        hf_status st = read_row(csv, r, col, &row, &diag);
        if (st != HF_OK)
            return hfc_fail_status(command, NULL, st, &diag);
        if (row.run != run || (*n > 0 && iters[*n - 1] == row.iter))
            continue;
        if (*n == MAX_PANELS)
            return hfc_fail(command, "%s: run %llu has more than %d snapshot iterations",
                            hf_csv_path(csv), run, MAX_PANELS);
        iters[(*n)++] = row.iter;
    }
    if (*n == 0)
        return hfc_fail(command, "%s: no row of run %llu", hf_csv_path(csv), run);
    return 0;
}

/* Block $V: the valley a(b) with I(a, b) = I* across the b range. */
static void valley_block(hfc_plot *p, const hf_profile_objective *obj)
{
    const hf_problem *prob = hf_profile_objective_problem(obj);
    double k0, i_star, rms;
    hf_profile_objective_optimum(obj, &k0, &i_star, &rms);
    hfc_plot_block(p, "V");
    for (int j = 0; j <= VALLEY_POINTS; ++j) {
        double b = prob->lower[1] + (prob->upper[1] - prob->lower[1]) * j / VALLEY_POINTS, a;
        if (hf_profile_valley_a(b, i_star, &a, NULL) == HF_OK && isfinite(a)) {
            const double row[2] = {a, b};
            hfc_plot_row(p, 2, row);
        }
    }
    hfc_plot_block_end(p);
}

/* Blocks $I<panel> (imperialists: a, b, colonies, empire) and
 * $C<panel> (colonies: a, b, empire) of one iteration. */
/* The colonies of each empire (below 64) in RUN at ITER. */
static void count_colonies(const hf_csv *csv, const size_t *col, unsigned long long run,
                           unsigned long long iter, size_t colonies[64])
{
    for (size_t r = 0; r < hf_csv_nrows(csv); ++r) {
        snapshot_row row;
        if (read_row(csv, r, col, &row, NULL) == HF_OK && row.run == run && row.iter == iter &&
            !row.imperialist && row.empire < 64)
            colonies[row.empire]++;
    }
}

/* The block of the imperialists (I, with their colony counts) or of the
 * colonies (C) of PANEL. */
static void panel_block(hfc_plot *p, const hf_csv *csv, const size_t *col,
                        unsigned long long run, unsigned long long iter, size_t panel,
                        int imperialists, const size_t colonies[64])
{
    if (imperialists)
        hfc_plot_block(p, "I%zu", panel);
    else
        hfc_plot_block(p, "C%zu", panel);
    for (size_t r = 0; r < hf_csv_nrows(csv); ++r) {
        snapshot_row row;
        if (read_row(csv, r, col, &row, NULL) != HF_OK || row.run != run ||
            row.iter != iter || row.imperialist != imperialists)
            continue;
        double n = row.empire < 64 ? (double)colonies[row.empire] : 0.0;
        const double imp[4] = {row.a, row.b, n, (double)row.empire};
        const double colony[3] = {row.a, row.b, (double)row.empire};
        hfc_plot_row(p, imperialists ? 4 : 3, imperialists ? imp : colony);
    }
    hfc_plot_block_end(p);
}

static void panel_blocks(hfc_plot *p, const hf_csv *csv, const size_t *col,
                         unsigned long long run, unsigned long long iter, size_t panel)
{
    size_t colonies[64] = {0};
    count_colonies(csv, col, run, iter, colonies);
    for (int imperialists = 1; imperialists >= 0; --imperialists)
        panel_block(p, csv, col, run, iter, panel, imperialists, colonies);
}

static hfc_plot *build_script(const empire_options *o, const hf_csv *csv, const size_t *col,
                              const unsigned long long *iters, size_t n,
                              const hf_profile_objective *obj)
{
    const hf_problem *prob = hf_profile_objective_problem(obj);
    hfc_plot *p = hfc_plot_alloc(o->output, 480 * (int)(n < 3 ? n : 3),
                                 n > 3 ? 960 : 480, "font 'Sans,10'");
    valley_block(p, obj);
    for (size_t k = 0; k < n; ++k)
        panel_blocks(p, csv, col, o->run, iters[k], k);
    hfc_plot_cmd(p, "set multiplot layout %zu,%zu title ", (n + 2) / 3, n < 3 ? n : (size_t)3);
    hfc_plot_str(p, o->title, NULL);
    hfc_plot_cmd(p, " noenhanced\nset grid\nset key top right font ',8'\n"
                    "set xlabel 'a'\nset ylabel 'b'\nset xrange [%.17g:%.17g]\n"
                    "set yrange [%.17g:%.17g]\n",
                 prob->lower[0], prob->upper[0], prob->lower[1], prob->upper[1]);
    for (size_t k = 0; k < n; ++k) {
        hfc_plot_cmd(p, "set title 'run %llu, iteration %llu'\n", o->run, iters[k]);
        hfc_plot_cmd(p, "plot $V using 1:2 with lines lw 2 lc 'gray40' title 'I(a,b) = I*', "
                        "$C%zu using 1:2:($3+1) with points pt 6 ps 1.2 lc variable "
                        "title 'colonies', "
                        "$I%zu using 1:2:(1.5+0.25*$3):($4+1) with points pt 3 ps variable "
                        "lc variable lw 2 title 'imperialists (size: colonies)'\n",
                     k, k);
    }
    hfc_plot_cmd(p, "unset multiplot\n");
    return p;
}

static int run_plot_empires(int argc, char **argv)
{
    empire_options o = {.output = NULL, .title = "Empires on the (a, b) plane (cf. ICACO "
                                                 "paper Figs. 7-8)"};
    hfc_texts files = {0};
    hfc_opt opts[] = {
        HFC_OPT_OUTPUT(&o.output, "FILE.png", "write the figure to FILE.png", 1),
        {.name = "run", .kind = HFC_INT, .value = &o.run, .arg = "R",
         .help = "the run to draw (default 0)"},
        HFC_OPT_OBJECTIVE(&o.sampling, &o.table),
        {.name = "title", .kind = HFC_TEXT, .value = &o.title, .arg = "TEXT",
         .help = "figure title"},
    };
    hfc_opt positional = {.name = "snapshot file", .kind = HFC_TEXTS, .value = &files,
                          .arg = "SNAPSHOT.csv", .count_min = 1, .count_max = 1};
    hfc_spec spec = {argv[0],
                     "Imperialists and colonies of one run at each iteration of a snapshot file\n"
                     "(fit profile --snapshot ITER,... --snapshot-file FILE), with the valley\n"
                     "I(a, b) = I* of the objective (give the fit's --table or --sampling).",
                     opts, HFC_COUNT(opts), &positional, NULL};
    int rc;
    if (!hfc_parse(&spec, argc, argv, &rc) ||
        (rc = hfc_check_output(argv[0], "--output", o.output)) != 0) {
        hfc_free(&spec);
        return rc;
    }
    static const char *const names[C_COUNT] = {"run", "iter", "empire", "role", "x0", "x1"};
    size_t col[C_COUNT];
    hf_csv *csv = NULL;
    hf_profile_objective *obj = NULL;
    hf_diag diag = {{0}};
    hf_status st = hf_csv_read(files.v[0], NULL, &csv, &diag);
    for (int c = 0; st == HF_OK && c < C_COUNT; ++c)
        st = hf_csv_require(csv, names[c], &col[c], &diag);
    if (st != HF_OK)
        rc = hfc_fail_status(argv[0], NULL, st, &diag);
    unsigned long long iters[MAX_PANELS];
    size_t n = 0;
    if (rc == 0)
        rc = panel_iterations(argv[0], csv, col, o.run, iters, &n);
    if (rc == 0)
        rc = hfc_profile_objective(argv[0], o.sampling, o.table, &obj);
    if (rc == 0)
        rc = hfc_plot_run(build_script(&o, csv, col, iters, n, obj), argv[0]);
    hf_profile_objective_free(obj);
    hf_csv_free(csv);
    hfc_free(&spec);
    return rc;
}

const hfc_command hfc_plot_empires_command = {
    "empires", "imperialists and colonies on the (a, b) plane (ICACO Figs. 7-8)",
    run_plot_empires, NULL, 0, NULL};
