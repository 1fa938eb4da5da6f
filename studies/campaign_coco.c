/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/campaign_coco.c — the campaign's runs on BBOB functions in the
 * files of COCO's current "bbob" logger (numbbo/coco-experiment,
 * src/logger_bbob.c, data format "bbob-new2"), so that cocopp processes
 * them and compares them with its reference algorithms.
 *
 * Under DIR/coco/ALG (ALG = optimiser name, ':' and '/' replaced by '-'):
 *   bbobexp_fF.info    per BBOB function F, one entry of three lines per
 *                      dimension D: "suite = 'bbob', funcId = F, DIM = D,
 *                      Precision = P, algId = 'ALG', logger = 'bbob',
 *                      data_format = 'bbob-new2'" (P: the campaign's final
 *                      target, where the runs stop; 1e-8 by default), a "% "
 *                      line (cocopp skips
 *                      an entry without it), then the data file and
 *                      ", INSTANCE:EVALUATIONS|PRECISION" per run, PRECISION
 *                      being the run's best − f_opt (%.1e).
 *   data_fF/bbobexp_fF_DIMD.dat and .tdat
 *                      per run a "%" header line naming f_opt, then rows
 *                      "evaluations 0 best−f_opt measured best" (%+10.9e)
 *                      where the logger writes them: in the .dat at the
 *                      first evaluation and at each new best value that
 *                      reaches a new target (dat_rows), in the .tdat at
 *                      COCO's evaluation counts (tdat_rows), and in both
 *                      at the run's last evaluation unless written already.
 * best is max(best, f_opt), as the logger computes it, so best − f_opt is
 * never negative.  The runs of a (function, dimension) follow each other in
 * run order in the data files and in the .info entry (cocopp pairs them by
 * position); a run's instance is BBOB's (hertzfit/bench_problems.h).
 *
 * Differences from the logger, each read identically by cocopp (checked on
 * a copy of the logger's own output changed that way): the measured column
 * of a .tdat row holds the best value (the trace keeps improvements only,
 * not the value of every evaluation); no x columns, no .rdat or .mdat.
 *
 * Only BBOB functions are written: cocopp compares every function of suite
 * 'bbob' with BBOB's reference data for that function id and has no suite
 * for other problems.  Every problem is in ioh/ (campaign_ioh.c).
 */
#include "studies/campaign_internal.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "hertzfit/bench_problems.h"

static const char run_header[] =
    "%% f evaluations | g evaluations | best noise-free fitness - Fopt (%13.12e) + sum g_i+ | "
    "measured fitness | best measured fitness or single-digit g-values | x1 | x2...\n";

/* COCO's logger clamps the best value at f_opt (a value below it can come
 * only from rounding). */
static double precision_of(double best, double f_opt)
{
    return (best > f_opt ? best : f_opt) - f_opt;
}

/* One row of a data file: the evaluation count, 0 constraint evaluations,
 * best − f_opt, the measured value and the best value (the logger's
 * clamped best, max(best, f_opt)). */
static void data_row(FILE *fp, size_t evals, double measured, double best, double f_opt)
{
    double clamped = best > f_opt ? best : f_opt;
    fprintf(fp, "%zu 0 %+10.9e %+10.9e %+10.9e\n", evals, clamped - f_opt, measured, clamped);
}

/* COCO's target triggers for the .dat file (coco_observer.c, bbob observer
 * defaults): a logarithmic target every 10^(1/20) down to 1e-8 (below it
 * 1e-8 itself, and 1e-9 for an error of exactly 0), and a linear target
 * every 1e5; a new best value is written when it reaches a target lower
 * than every one reached before. */
enum { COCO_TARGETS_PER_DECADE = 20 };
static const double coco_log_precision = 1e-8, coco_lin_precision = 1e5;

typedef struct coco_targets {
    int log_exponent;        /* of the lowest logarithmic target reached */
    double lin_value;        /* the lowest linear target reached */
} coco_targets;

/* ERROR rounded up to a multiple of the linear precision, a quotient within
 * 1e-12 of an integer counting as that integer (the logger's rounding of
 * float noise). */
static double lin_target_of(double error)
{
    double up = ceil(error / coco_lin_precision) * coco_lin_precision;
    double nearest = floor(error / coco_lin_precision + 0.5) * coco_lin_precision;
    if (fabs(nearest - up) < coco_lin_precision)
        return up;
    return fabs(error - nearest) < 1e-12 ? nearest : up;
}

/* Whether an error (>= 0) reaches a new target; records it. */
static int target_reached(coco_targets *t, double error)
{
    double v = error == 0.0 ? coco_log_precision / 10.0
                            : error < coco_log_precision ? coco_log_precision : error;
    int exponent = (int)ceil(log10(v) * (double)COCO_TARGETS_PER_DECADE);
    int log_hit = exponent < t->log_exponent;
    if (log_hit)
        t->log_exponent = exponent;
    double lin = lin_target_of(error);
    int lin_hit = lin < t->lin_value;
    if (lin_hit)
        t->lin_value = lin;
    return log_hit || lin_hit;
}

/* The .dat rows of one run (COCO's logger_bbob_evaluate and _free): the
 * first evaluation, every improvement of the clamped best that reaches a
 * new target, and the run's last evaluation unless its row is written. */
static void dat_rows(FILE *fp, const hf_trace_point *t, size_t n, size_t evaluations, double f_opt)
{
    coco_targets targets = {INT_MAX, DBL_MAX};
    double best = t[0].best_f > f_opt ? t[0].best_f : f_opt;
    size_t last = t[0].evaluations;
    data_row(fp, t[0].evaluations, t[0].best_f, best, f_opt);
    /* the first row is written without consulting the targets: they start
     * at the first improvement after it */
    for (size_t k = 1; k < n; ++k) {
        double clamped = t[k].best_f > f_opt ? t[k].best_f : f_opt;
        if (!(clamped < best))
            continue; /* below f_opt already: no improvement to the logger */
        best = clamped;
        if (target_reached(&targets, best - f_opt)) {
            data_row(fp, t[k].evaluations, t[k].best_f, best, f_opt);
            last = t[k].evaluations;
        }
    }
    if (last != evaluations)
        data_row(fp, evaluations, best, best, f_opt);
}

/* The .tdat rows of one run in dimension D: the best value after each
 * evaluation count of COCO's evaluation triggers (coco_observer.c):
 * floor(10^(i/20)) for i = 0, 1, … and D·{1, 2, 5}·10^j for j = 0, 1, …,
 * and the run's last evaluation unless its row is written.  The measured
 * column holds the best value (the trace keeps improvements only). */
static void tdat_rows(FILE *fp, const hf_trace_point *t, size_t n, size_t evaluations, double f_opt,
                      size_t d)
{
    static const size_t base[3] = {1, 2, 5};
    size_t exponent1 = 0, next1 = 1;            /* the first trigger */
    size_t exponent2 = 0, index2 = 0, next2 = d; /* the second */
    size_t k = 0, last = 0;
    for (;;) {
        size_t at = next1 < next2 ? next1 : next2;
        if (at > evaluations)
            break;
        if (next1 == at) {
            while ((size_t)floor(pow(10.0, (double)exponent1 / COCO_TARGETS_PER_DECADE)) <= next1)
                ++exponent1;
            next1 = (size_t)floor(pow(10.0, (double)exponent1 / COCO_TARGETS_PER_DECADE));
        }
        if (next2 == at) {
            if (++index2 == 3) {
                index2 = 0;
                ++exponent2;
            }
            next2 = (size_t)floor(pow(10.0, (double)exponent2) * (double)d * (double)base[index2] +
                                  0.5);
        }
        while (k < n && t[k].evaluations <= at)
            ++k;
        if (k == 0)
            continue; /* no value yet */
        data_row(fp, at, t[k - 1].best_f, t[k - 1].best_f, f_opt);
        last = at;
    }
    if (last != evaluations) {
        double best = t[n - 1].best_f > f_opt ? t[n - 1].best_f : f_opt;
        data_row(fp, evaluations, best, best, f_opt);
    }
}

/* Whether row R is a run of optimiser O on BBOB function F in dimension D
 * (IDS: the problems' identities). */
static int in_entry(const hf_campaign *c, const hf_campaign_bbob *ids, const hf_campaign_row *r,
                    size_t o, int f, size_t d)
{
    return r->optimizer == o && r->trace_count > 0 && ids[r->problem].function == f &&
           c->problems[r->problem].dim == d;
}

/* The .dat and .tdat files of optimiser O on function F in dimension D. */
static hf_status write_data(const hf_campaign *c, const hf_campaign_bbob *ids, size_t o, int f,
                            size_t d, const char *alg_dir, hf_diag *diag)
{
    char dir[2048], name[96];
    if (snprintf(dir, sizeof dir, "%s/data_f%d", alg_dir, f) >= (int)sizeof dir)
        return hf_diag_set(diag, HF_EINVAL, "path too long under '%s'", alg_dir);
    hf_status st = hf_campaign_mkdir(dir, diag);
    for (int tdat = 0; tdat < 2 && st == HF_OK; ++tdat) {
        snprintf(name, sizeof name, "bbobexp_f%d_DIM%zu.%s", f, d, tdat ? "tdat" : "dat");
        hf_atomic_file *out = hf_campaign_open_file(dir, name, diag);
        if (out == NULL)
            return HF_EIO;
        FILE *fp = hf_atomic_file_stream(out);
        for (size_t i = 0; i < c->n_rows; ++i) {
            const hf_campaign_row *r = &c->rows[i];
            if (!in_entry(c, ids, r, o, f, d))
                continue;
            double f_opt = hf_campaign_row_f_opt(c, r); /* of the run's own instance */
            const hf_trace_point *t = &c->trace[r->trace_first];
            fprintf(fp, run_header, f_opt);
            if (tdat)
                tdat_rows(fp, t, r->trace_count, r->evaluations, f_opt, d);
            else
                dat_rows(fp, t, r->trace_count, r->evaluations, f_opt);
        }
        st = hf_atomic_file_commit(out, diag);
    }
    return st;
}

/* The .info entry of optimiser O on function F in dimension D. */
static void info_entry(FILE *fp, const hf_campaign *c, const hf_campaign_bbob *ids, size_t o,
                       int f, size_t d, const char *alg, int first)
{
    /* Precision is the final target the runs stopped at (cocopp's "final
     * ftarget - fopt": it ignores targets below it), COCO's 1e-8 unless the
     * campaign's targets stop above it */
    fprintf(fp, "%ssuite = 'bbob', funcId = %d, DIM = %zu, Precision = %.3e, "
                "algId = '%s', logger = 'bbob', data_format = 'bbob-new2'\n"
                "%% hertzfit campaign, seed %llu\ndata_f%d/bbobexp_f%d_DIM%zu.dat",
            first ? "" : "\n", f, d, c->n_targets > 0 ? c->targets[c->n_targets - 1] : 1e-8, alg,
            (unsigned long long)c->seed, f, f, d);
    for (size_t i = 0; i < c->n_rows; ++i) {
        const hf_campaign_row *r = &c->rows[i];
        if (!in_entry(c, ids, r, o, f, d))
            continue;
        const hf_trace_point *last = &c->trace[r->trace_first + r->trace_count - 1];
        fprintf(fp, ", %lu:%zu|%.1e", hf_campaign_bbob_instance(c, &ids[r->problem], r->run),
                r->evaluations, precision_of(last->best_f, hf_campaign_row_f_opt(c, r)));
    }
}

/* Whether the pair (F, D) already had its entry: at its first problem in
 * the sorted list. */
static int seen_before(const hf_campaign *c, const hf_campaign_bbob *ids, size_t p, int f,
                       size_t d)
{
    for (size_t q = 0; q < p; ++q)
        if (ids[q].function == f && c->problems[q].dim == d)
            return 1;
    return 0;
}

/* bbobexp_fF.info of optimiser O, with every dimension of F, and their
 * data files. */
static hf_status write_function(const hf_campaign *c, const hf_campaign_bbob *ids, size_t o,
                                int f, const char *alg, const char *alg_dir, hf_diag *diag)
{
    char name[64];
    snprintf(name, sizeof name, "bbobexp_f%d.info", f);
    hf_atomic_file *info = hf_campaign_open_file(alg_dir, name, diag);
    if (info == NULL)
        return HF_EIO;
    FILE *fp = hf_atomic_file_stream(info);
    hf_status st = HF_OK;
    int first = 1;
    for (size_t p = 0; p < c->n_problems && st == HF_OK; ++p) {
        size_t d = c->problems[p].dim;
        if (ids[p].function != f || seen_before(c, ids, p, f, d))
            continue;
        info_entry(fp, c, ids, o, f, d, alg, first);
        first = 0;
        st = write_data(c, ids, o, f, d, alg_dir, diag);
    }
    fputc('\n', fp);
    if (st != HF_OK) {
        hf_atomic_file_discard(info);
        return st;
    }
    return hf_atomic_file_commit(info, diag);
}

static hf_status write_algorithm(const hf_campaign *c, const hf_campaign_bbob *ids, size_t o,
                                 const char *coco_dir, hf_diag *diag)
{
    char alg[256], alg_dir[2048];
    hf_status st = hf_campaign_algorithm_dir(c, o, coco_dir, alg, sizeof alg, alg_dir,
                                             sizeof alg_dir, diag);
    for (int f = 1; f <= HF_BBOB_FUNCTION_COUNT && st == HF_OK; ++f) {
        int present = 0;
        for (size_t p = 0; p < c->n_problems && !present; ++p)
            present = ids[p].function == f;
        if (present)
            st = write_function(c, ids, o, f, alg, alg_dir, diag);
    }
    return st;
}

hf_status hf_campaign_write_coco(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    hf_campaign_bbob *ids = NULL; /* freed below */
    hf_status st = hf_campaign_bbob_identities(c, &ids, diag);
    if (st != HF_OK)
        return st;
    int any = 0;
    for (size_t p = 0; p < c->n_problems && !any; ++p)
        any = ids[p].function != 0;
    char coco_dir[2048];
    if (!any) {
        free(ids);
        return HF_OK; /* no BBOB function: nothing cocopp could read */
    }
    if (snprintf(coco_dir, sizeof coco_dir, "%s/coco", dir) >= (int)sizeof coco_dir)
        st = hf_diag_set(diag, HF_EINVAL, "path too long: '%s/coco'", dir);
    if (st == HF_OK)
        st = hf_campaign_mkdir(coco_dir, diag);
    for (size_t o = 0; o < c->n_optimizers && st == HF_OK; ++o)
        st = write_algorithm(c, ids, o, coco_dir, diag);
    free(ids);
    return st;
}
