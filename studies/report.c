/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/report.c — the benchmark report computed from a campaign in memory
 * (hertzfit/report.h gives every definition): per (optimiser, problem)
 * statistics, the runtime ECDF over problems, the per-problem ranking with
 * Holm-corrected Mann–Whitney tests, and the files that carry them.
 * Sorting, quantiles and the normal CDF come from GSL.
 */
#include "hertzfit/report.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "core/file.h"
#include "studies/campaign_internal.h"
#include "studies/report_internal.h"

void hf_report_options_init(hf_report_options *opt)
{
    opt->targets = NULL;
    opt->n_targets = 0;
    opt->alpha = 0.05;
    opt->force = 0;
    opt->finish = NULL;
    opt->finish_user = NULL;
}

hf_status hf_report_quartiles(const double *v, size_t n, double q[3], hf_diag *diag)
{
    if (n == 0)
        return hf_diag_set(diag, HF_EINVAL, "quartiles of no values");
    double *s = malloc(sizeof *s * n); /* freed below */
    if (s == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t i = 0; i < n; ++i) {
        if (isnan(v[i])) {
            free(s);
            return hf_diag_set(diag, HF_EINVAL, "quartiles: value %zu is NaN", i);
        }
        /* +inf becomes DBL_MAX so GSL's interpolation (1-d) a + d b never
         * forms 0 * inf = NaN.  A result above the largest finite value
         * gave DBL_MAX a positive weight, so the true quantile is +inf. */
        s[i] = v[i] > DBL_MAX ? DBL_MAX : v[i];
    }
    gsl_sort(s, 1, n);
    double max_finite = -INFINITY;
    for (size_t i = 0; i < n && s[i] < DBL_MAX; ++i)
        max_finite = s[i];
    static const double probs[3] = {0.25, 0.5, 0.75};
    for (int k = 0; k < 3; ++k) {
        q[k] = gsl_stats_quantile_from_sorted_data(s, 1, n, probs[k]);
        if (q[k] > max_finite)
            q[k] = INFINITY;
    }
    free(s);
    return HF_OK;
}

double hf_report_final_error(const hf_campaign *c, const hf_campaign_row *row)
{
    const hf_campaign_problem *p = &c->problems[row->problem];
    return p->has_optimum ? row->best_f - hf_campaign_row_f_opt(c, row) : row->best_f;
}

double hf_report_error_at(const hf_campaign *c, const hf_campaign_row *row, size_t budget)
{
    const hf_campaign_problem *p = &c->problems[row->problem];
    double best = INFINITY;
    for (size_t i = 0; i < row->trace_count; ++i) {
        const hf_trace_point *t = &c->trace[row->trace_first + i];
        if (t->evaluations > budget)
            break;
        best = t->best_f;  /* the trace only improves */
    }
    return (p->has_optimum && isfinite(best)) ? best - hf_campaign_row_f_opt(c, row) : best;
}

size_t hf_report_runtime(const hf_campaign *c, const hf_campaign_row *row, double delta,
                         int *hit)
{
    const hf_campaign_problem *p = &c->problems[row->problem];
    double level = (p->has_optimum ? hf_campaign_row_f_opt(c, row) : 0.0) + delta;
    size_t k = hf_campaign_first_hit(c, row, level);
    *hit = k < row->trace_count;
    return *hit ? c->trace[row->trace_first + k].evaluations : 0;
}

double hf_report_ert(const hf_campaign *c, size_t o, size_t p, double delta,
                     size_t *successes, size_t *runs)
{
    double spent = 0.0;
    size_t ok = 0, n = 0;
    for (size_t i = 0; i < c->n_rows; ++i) {
        const hf_campaign_row *r = &c->rows[i];
        if (r->optimizer != o || r->problem != p)
            continue;
        int hit = 0;
        size_t t = hf_report_runtime(c, r, delta, &hit);
        spent += (double)(hit ? t : r->evaluations);
        ok += (size_t)hit;
        ++n;
    }
    if (successes != NULL)
        *successes = ok;
    if (runs != NULL)
        *runs = n;
    return ok > 0 ? spent / (double)ok : INFINITY;
}

/* Mid-ranks of x (nx) then y (ny) in the pooled sample into rank[], and
 * the tie term Σ(t³ − t). */
static hf_status pooled_ranks(const double *x, size_t nx, const double *y, size_t ny,
                              double *rank, double *ties)
{
    size_t n = nx + ny;
    double *v = malloc(sizeof *v * n);   /* freed below */
    size_t *idx = malloc(sizeof *idx * n); /* freed below */
    if (v == NULL || idx == NULL) {
        free(v);
        free(idx);
        return HF_ENOMEM;
    }
    memcpy(v, x, sizeof *v * nx);
    memcpy(v + nx, y, sizeof *v * ny);
    gsl_sort_index(idx, v, 1, n);
    *ties = 0.0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j + 1 < n && v[idx[j + 1]] == v[idx[i]])
            ++j;
        double t = (double)(j - i + 1), mid = 0.5 * (double)(i + j) + 1.0;
        for (size_t k = i; k <= j; ++k)
            rank[idx[k]] = mid;
        *ties += t * t * t - t;
        i = j + 1;
    }
    free(v);
    free(idx);
    return HF_OK;
}

hf_status hf_report_mann_whitney(const double *x, size_t nx, const double *y, size_t ny,
                                 double *u, double *z, double *p, hf_diag *diag)
{
    if (nx == 0 || ny == 0)
        return hf_diag_set(diag, HF_EINVAL, "Mann-Whitney test of an empty sample");
    for (size_t i = 0; i < nx; ++i)
        if (isnan(x[i]))
            return hf_diag_set(diag, HF_EINVAL, "Mann-Whitney test: x[%zu] is NaN", i);
    for (size_t i = 0; i < ny; ++i)
        if (isnan(y[i]))
            return hf_diag_set(diag, HF_EINVAL, "Mann-Whitney test: y[%zu] is NaN", i);
    double *rank = malloc(sizeof *rank * (nx + ny)); /* freed below */
    if (rank == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    double ties = 0.0;
    hf_status st = pooled_ranks(x, nx, y, ny, rank, &ties);
    if (st != HF_OK) {
        free(rank);
        return hf_diag_set(diag, st, "out of memory");
    }
    double rx = 0.0, n1 = (double)nx, n2 = (double)ny, n = n1 + n2;
    for (size_t i = 0; i < nx; ++i)
        rx += rank[i];
    free(rank);
    *u = rx - n1 * (n1 + 1.0) / 2.0;
    double d = *u - n1 * n2 / 2.0;
    double var = n1 * n2 / 12.0 * ((n + 1.0) - ties / (n * (n - 1.0)));
    if (!(var > 0.0)) {      /* every value tied: no evidence either way */
        *z = 0.0;
        *p = 1.0;
        return HF_OK;
    }
    double corr = d > 0.0 ? 0.5 : (d < 0.0 ? -0.5 : 0.0);
    *z = (d - corr) / sqrt(var);
    *p = fmin(1.0, 2.0 * gsl_cdf_ugaussian_Q(fabs(*z)));
    return HF_OK;
}

hf_status hf_report_holm(const double *p, size_t m, double *adjusted, hf_diag *diag)
{
    if (m == 0)
        return HF_OK;
    size_t *idx = malloc(sizeof *idx * m); /* freed below */
    double *out = malloc(sizeof *out * m); /* freed below */
    if (idx == NULL || out == NULL) {
        free(idx);
        free(out);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    gsl_sort_index(idx, p, 1, m);
    double running = 0.0;
    for (size_t j = 0; j < m; ++j) {
        double a = fmin(1.0, (double)(m - j) * p[idx[j]]);
        running = fmax(running, a);
        out[idx[j]] = running;
    }
    memcpy(adjusted, out, sizeof *out * m);
    free(idx);
    free(out);
    return HF_OK;
}

/* ---- per-(optimiser, problem) samples ------------------------------------ */

/* Final errors of O on P into v (c->runs slots); returns the count. */
static size_t final_errors(const hf_campaign *c, size_t o, size_t p, double *v)
{
    size_t n = 0;
    for (size_t i = 0; i < c->n_rows; ++i)
        if (c->rows[i].optimizer == o && c->rows[i].problem == p)
            v[n++] = hf_report_final_error(c, &c->rows[i]);
    return n;
}

static size_t errors_at(const hf_campaign *c, size_t o, size_t p, size_t budget, double *v)
{
    /* an error at a budget the runs never had is no fixed-budget figure:
     * it would be the error at the runs' own, smaller budget */
    if (budget > c->problems[p].budget)
        return 0;
    size_t n = 0;
    for (size_t i = 0; i < c->n_rows; ++i)
        if (c->rows[i].optimizer == o && c->rows[i].problem == p)
            v[n++] = hf_report_error_at(c, &c->rows[i], budget);
    return n;
}

typedef struct report_ctx {
    const hf_campaign *c;
    const double *targets;
    size_t n_targets;
    double alpha;
    const char *dir;
    double *buf;      /* c->runs doubles of scratch, owned */
    double *buf2;
} report_ctx;

/* What a report directory holds (the plot the program draws beside the
 * tables included): the only entries it replaces without force. */
static const char *const report_entries[] = {"summary.md", "ert.csv", "final_error.csv",
                                             "fixed_budget.csv", "ecdf.csv", "ranking.csv",
                                             "ecdf.png", NULL};

static hf_status write_ert(const report_ctx *r, hf_diag *diag)
{
    const hf_campaign *c = r->c;
    hf_atomic_file *out = hf_campaign_open_file(r->dir, "ert.csv", diag);
    if (out == NULL)
        return HF_EIO;
    FILE *fp = hf_atomic_file_stream(out);
    fprintf(fp, "optimizer,problem,delta,successes,runs,success_rate,ert\n");
    for (size_t o = 0; o < c->n_optimizers; ++o)
        for (size_t p = 0; p < c->n_problems; ++p)
            for (size_t t = 0; t < r->n_targets; ++t) {
                size_t ok = 0, n = 0;
                double ert = hf_report_ert(c, o, p, r->targets[t], &ok, &n);
                fprintf(fp, "%s,%s,%.17g,%zu,%zu,%.17g,%.17g\n", c->optimizers[o],
                        c->problems[p].name, r->targets[t], ok, n,
                        n ? (double)ok / (double)n : 0.0, ert);
            }
    return hf_atomic_file_commit(out, diag);
}

static hf_status write_final(const report_ctx *r, hf_diag *diag)
{
    const hf_campaign *c = r->c;
    hf_atomic_file *out = hf_campaign_open_file(r->dir, "final_error.csv", diag);
    if (out == NULL)
        return HF_EIO;
    FILE *fp = hf_atomic_file_stream(out);
    fprintf(fp, "optimizer,problem,runs,best,q1,median,q3,worst\n");
    for (size_t o = 0; o < c->n_optimizers; ++o)
        for (size_t p = 0; p < c->n_problems; ++p) {
            size_t n = final_errors(c, o, p, r->buf);
            double q[3];
            if (n == 0 || hf_report_quartiles(r->buf, n, q, NULL) != HF_OK)
                continue;
            fprintf(fp, "%s,%s,%zu,%.17g,%.17g,%.17g,%.17g,%.17g\n", c->optimizers[o],
                    c->problems[p].name, n, gsl_stats_min(r->buf, 1, n), q[0], q[1], q[2],
                    gsl_stats_max(r->buf, 1, n));
        }
    return hf_atomic_file_commit(out, diag);
}

static hf_status write_fixed_budget(const report_ctx *r, hf_diag *diag)
{
    const hf_campaign *c = r->c;
    hf_atomic_file *out = hf_campaign_open_file(r->dir, "fixed_budget.csv", diag);
    if (out == NULL)
        return HF_EIO;
    FILE *fp = hf_atomic_file_stream(out);
    fprintf(fp, "optimizer,problem,budget,q1,median,q3\n");
    static const size_t factor[] = {10, 100, 1000};
    for (size_t o = 0; o < c->n_optimizers; ++o)
        for (size_t p = 0; p < c->n_problems; ++p)
            for (int k = 0; k < 3; ++k) {
                size_t b = factor[k] * c->problems[p].dim;
                size_t n = errors_at(c, o, p, b, r->buf);
                double q[3];
                if (n == 0 || hf_report_quartiles(r->buf, n, q, NULL) != HF_OK)
                    continue;
                fprintf(fp, "%s,%s,%zu,%.17g,%.17g,%.17g\n", c->optimizers[o],
                        c->problems[p].name, b, q[0], q[1], q[2]);
            }
    return hf_atomic_file_commit(out, diag);
}

/* Runtime ECDF of optimiser O over every (problem with f*, target, run):
 * the fraction reached within x·d evaluations, x on a log grid (10 points
 * per decade from 1 to the largest budget per dimension). */
static hf_status write_ecdf(const report_ctx *r, hf_diag *diag)
{
    const hf_campaign *c = r->c;
    hf_atomic_file *out = hf_campaign_open_file(r->dir, "ecdf.csv", diag);
    if (out == NULL)
        return HF_EIO;
    FILE *fp = hf_atomic_file_stream(out);
    fprintf(fp, "optimizer,evals_per_dim,fraction\n");
    double xmax = 1.0;
    for (size_t p = 0; p < c->n_problems; ++p)
        xmax = fmax(xmax, (double)c->problems[p].budget / (double)c->problems[p].dim);
    size_t npts = (size_t)ceil(10.0 * log10(xmax)) + 1;
    for (size_t o = 0; o < c->n_optimizers; ++o) {
        for (size_t g = 0; g < npts; ++g) {
            double x = fmin(pow(10.0, (double)g / 10.0), xmax);
            size_t reached = 0, total = 0;
            for (size_t i = 0; i < c->n_rows; ++i) {
                const hf_campaign_row *row = &c->rows[i];
                if (row->optimizer != o || !c->problems[row->problem].has_optimum)
                    continue;
                double d = (double)c->problems[row->problem].dim;
                for (size_t t = 0; t < r->n_targets; ++t) {
                    int hit = 0;
                    size_t rt = hf_report_runtime(c, row, r->targets[t], &hit);
                    reached += (size_t)(hit && (double)rt / d <= x);
                    ++total;
                }
            }
            fprintf(fp, "%s,%.17g,%.17g\n", c->optimizers[o], x,
                    total ? (double)reached / (double)total : 0.0);
        }
    }
    return hf_atomic_file_commit(out, diag);
}

/* The score of a run in the ranking and its test (hertzfit/report.h):
 * −1/runtime when the run reached the hardest target (the sooner, the
 * lower), else its final error; every solved run scores below every
 * unsolved one, whose error exceeds the hardest target. */
static double run_score(const report_ctx *r, const hf_campaign_row *row)
{
    int hit = 0;
    size_t runtime = hf_report_runtime(r->c, row, r->targets[r->n_targets - 1], &hit);
    if (hit)
        return -1.0 / (double)(runtime > 0 ? runtime : 1);
    return hf_report_final_error(r->c, row);
}

static size_t run_scores(const report_ctx *r, size_t o, size_t p, double *v)
{
    size_t n = 0;
    for (size_t i = 0; i < r->c->n_rows; ++i)
        if (r->c->rows[i].optimizer == o && r->c->rows[i].problem == p)
            v[n++] = run_score(r, &r->c->rows[i]);
    return n;
}

/* What orders the optimisers on one problem: per target, hardest first,
 * the successes and the ERT; then the median run score. */
typedef struct ranked {
    size_t o;
    size_t *successes;   /* r->n_targets, hardest first */
    double *ert;
    double median_score;
} ranked;

static int compare_ranked(const ranked *x, const ranked *y, size_t n_targets)
{
    for (size_t t = 0; t < n_targets; ++t) {
        if (x->successes[t] != y->successes[t])
            return x->successes[t] > y->successes[t] ? -1 : 1;
        if (x->ert[t] != y->ert[t])
            return x->ert[t] < y->ert[t] ? -1 : 1;
    }
    if (x->median_score != y->median_score)
        return x->median_score < y->median_score ? -1 : 1;
    return x->o < y->o ? -1 : (x->o > y->o);
}

/* Fills ORDER (NO entries whose arrays the caller allocated) for problem
 * P and sorts it (insertion sort: a handful of optimisers). */
static void rank_problem(const report_ctx *r, size_t p, ranked *order, size_t no)
{
    for (size_t o = 0; o < no; ++o) {
        ranked *k = &order[o];
        k->o = o;
        for (size_t t = 0; t < r->n_targets; ++t) {
            double delta = r->targets[r->n_targets - 1 - t];
            k->ert[t] = hf_report_ert(r->c, o, p, delta, &k->successes[t], NULL);
        }
        double q[3] = {INFINITY, INFINITY, INFINITY};
        size_t n = run_scores(r, o, p, r->buf);
        if (n > 0)
            hf_report_quartiles(r->buf, n, q, NULL);
        k->median_score = q[1];
    }
    for (size_t i = 1; i < no; ++i) {
        ranked key = order[i];
        size_t j = i;
        for (; j > 0 && compare_ranked(&key, &order[j - 1], r->n_targets) < 0; --j)
            order[j] = order[j - 1];
        order[j] = key;
    }
}

/* Whether two runs are the same run: same evaluation count and the same
 * trace, point for point (the best value is its last point). */
static int same_run(const hf_campaign *c, const hf_campaign_row *a, const hf_campaign_row *b)
{
    if (a->evaluations != b->evaluations || a->trace_count != b->trace_count ||
        memcmp(&a->best_f, &b->best_f, sizeof a->best_f) != 0)
        return 0;
    for (size_t k = 0; k < a->trace_count; ++k) {
        const hf_trace_point *x = &c->trace[a->trace_first + k], *y = &c->trace[b->trace_first + k];
        if (x->evaluations != y->evaluations || memcmp(&x->best_f, &y->best_f, sizeof x->best_f))
            return 0;
    }
    return 1;
}

/* 1 when every run of O on P is the same run (same trace, same evaluation
 * count): a deterministic optimiser on one instance, whose N runs are one
 * sample. */
static int runs_identical(const hf_campaign *c, size_t o, size_t p)
{
    const hf_campaign_row *first = NULL;
    size_t n = 0;
    for (size_t i = 0; i < c->n_rows; ++i) {
        const hf_campaign_row *row = &c->rows[i];
        if (row->optimizer != o || row->problem != p)
            continue;
        ++n;
        if (first == NULL)
            first = row;
        else if (!same_run(c, row, first))
            return 0;
    }
    return n > 1;
}

/* Pairwise tests on P of the run scores, the quantity the ranking orders
 * by: p-values (Holm-adjusted) in padj[o1 * no + o2], U and raw p written
 * to ranking.csv. */
static hf_status problem_tests(const report_ctx *r, size_t p, double *padj, FILE *fp)
{
    const hf_campaign *c = r->c;
    size_t no = c->n_optimizers, m = no * (no - 1) / 2, k = 0;
    double *praw = malloc(sizeof *praw * (m ? m : 1)); /* freed below */
    double *us = malloc(sizeof *us * (m ? m : 1));     /* freed below */
    double *adj = malloc(sizeof *adj * (m ? m : 1));   /* freed below */
    hf_status st = (praw && us && adj) ? HF_OK : HF_ENOMEM;
    for (size_t a = 0; a < no && st == HF_OK; ++a)
        for (size_t b = a + 1; b < no && st == HF_OK; ++b, ++k) {
            size_t na = run_scores(r, a, p, r->buf), nb = run_scores(r, b, p, r->buf2);
            double z = 0.0;
            st = hf_report_mann_whitney(r->buf, na, r->buf2, nb, &us[k], &z, &praw[k], NULL);
        }
    if (st == HF_OK)
        st = hf_report_holm(praw, m, adj, NULL);
    k = 0;
    for (size_t a = 0; a < no && st == HF_OK; ++a)
        for (size_t b = a + 1; b < no; ++b, ++k) {
            padj[a * no + b] = padj[b * no + a] = adj[k];
            fprintf(fp, "%s,%s,%s,%.17g,%.17g,%.17g\n", c->problems[p].name, c->optimizers[a],
                    c->optimizers[b], us[k], praw[k], adj[k]);
        }
    free(praw);
    free(us);
    free(adj);
    return st;
}

static void md_number(FILE *fp, double v)
{
    if (isnan(v))   /* no such figure (a budget beyond the runs') */
        fprintf(fp, " — |");
    else if (isinf(v))
        fprintf(fp, " ∞ |");
    else
        fprintf(fp, " %.3g |", v);
}

/* The Markdown rows of problem P, optimisers in rank order. */
/* The heading and the table head of problem P's section, the SHOWN
 * targets (N_SHOWN of them) as columns. */
static void problem_heading(const report_ctx *r, const hf_campaign_problem *pr,
                            const double *shown, size_t n_shown, FILE *md)
{
    fprintf(md, "\n### %s (d = %zu, budget %zu", pr->name, pr->dim, pr->budget);
    if (pr->run_f_opt != NULL)
        fprintf(md, ", f* of each run's instance");
    else if (pr->has_optimum)
        fprintf(md, ", f* = %.10g", pr->f_opt);
    fprintf(md, ")\n\n| rank | optimizer | median error | Q1 | Q3 | median error @100·d |");
    for (size_t t = 0; t < n_shown; ++t)
        fprintf(md, " success Δ=%.0e | ERT Δ=%.0e |", shown[t], shown[t]);
    fprintf(md, " better than (Holm p < %.2g) |\n|---:|---|---:|---:|---:|---:|", r->alpha);
    for (size_t t = 0; t < n_shown; ++t)
        fprintf(md, "---:|---:|");
    fprintf(md, "---|\n");
}

/* The optimisers ranked below ORDER[i] that it beats (Holm-adjusted p
 * below alpha, a better median score). */
static void better_than(const report_ctx *r, const ranked *order, const double *padj,
                        size_t i, FILE *md)
{
    const hf_campaign *c = r->c;
    size_t no = c->n_optimizers, o = order[i].o;
    int any = 0;
    for (size_t j = i + 1; j < no; ++j) {
        size_t o2 = order[j].o;
        if (padj[o * no + o2] < r->alpha && order[j].median_score > order[i].median_score) {
            fprintf(md, "%s%s", any ? ", " : " ", c->optimizers[o2]);
            any = 1;
        }
    }
    fprintf(md, "%s |\n", any ? "" : " —");
}

/* The row of the optimiser ranked I on problem P; 1 when its runs were
 * all the same run. */
static int problem_row(const report_ctx *r, size_t p, const ranked *order, const double *padj,
                       size_t i, const double *shown, size_t n_shown, FILE *md)
{
    const hf_campaign *c = r->c;
    size_t o = order[i].o, ok = 0, n = 0;
    double q[3] = {NAN, NAN, NAN}, qb[3] = {NAN, NAN, NAN};
    size_t nf = final_errors(c, o, p, r->buf);
    if (nf > 0)
        hf_report_quartiles(r->buf, nf, q, NULL);
    size_t nb = errors_at(c, o, p, 100 * c->problems[p].dim, r->buf);
    if (nb > 0)
        hf_report_quartiles(r->buf, nb, qb, NULL);
    int identical = runs_identical(c, o, p);
    fprintf(md, "| %zu | %s%s |", i + 1, c->optimizers[o], identical ? " ¹" : "");
    md_number(md, q[1]);
    md_number(md, q[0]);
    md_number(md, q[2]);
    md_number(md, qb[1]);
    for (size_t t = 0; t < n_shown; ++t) {
        double ert = hf_report_ert(c, o, p, shown[t], &ok, &n);
        fprintf(md, " %zu/%zu |", ok, n);
        md_number(md, ert);
    }
    better_than(r, order, padj, i, md);
    return identical;
}

static void problem_markdown(const report_ctx *r, size_t p, const ranked *order,
                             const double *padj, FILE *md)
{
    const hf_campaign *c = r->c;
    /* targets are sorted decreasing: a middle one and the final one */
    size_t n_shown = r->n_targets > 1 ? 2 : 1;
    double shown[2] = {r->targets[(r->n_targets - 1) / 2], r->targets[r->n_targets - 1]};
    if (n_shown == 1)
        shown[0] = shown[1];
    problem_heading(r, &c->problems[p], shown, n_shown, md);
    int any_identical = 0;
    for (size_t i = 0; i < c->n_optimizers; ++i)
        any_identical |= problem_row(r, p, order, padj, i, shown, n_shown, md);
    if (any_identical)
        fprintf(md, "\n¹ every run was the same run (the same trace and evaluation count): a "
                    "deterministic optimiser on one instance, so its %zu runs are one sample "
                    "(`--shift` gives each run of a test function a function of its own; `bbob:F:D` "
                    "gives each run an instance).\n",
                c->runs);
}

/* The heading of summary.md: the campaign, the versions, and how the
 * optimisers are ranked. */
static void summary_heading(const hf_campaign *c, FILE *md)
{
    size_t no = c->n_optimizers;
    fprintf(md, "## Benchmark summary\n\n%zu optimisers × %zu problems × %zu runs, seed %llu; "
                "hertzfit %s (git %s), NLopt %s, GSL %s.\n"
                "Error = best f − f*; ERT = evaluations spent / successes (COCO). "
                "Optimisers ranked by successes and ERT at each target, hardest first, then "
                "by the median run score (−1/runtime for a run that reached the hardest "
                "target, else its final error: every error below the hardest target ties as "
                "solved); pairwise two-sided Mann–Whitney U on the run scores, "
                "Holm-corrected within each problem.\n",
            no, c->n_problems, c->runs, (unsigned long long)c->seed,
            hf_campaign_field(c, "hertzfit_version") ? hf_campaign_field(c, "hertzfit_version") : "?",
            hf_campaign_field(c, "git_hash") ? hf_campaign_field(c, "git_hash") : "?",
            hf_campaign_field(c, "nlopt_version") ? hf_campaign_field(c, "nlopt_version") : "?",
            hf_campaign_field(c, "gsl_version") ? hf_campaign_field(c, "gsl_version") : "?");
}

static hf_status write_ranking(const report_ctx *r, hf_diag *diag)
{
    const hf_campaign *c = r->c;
    size_t no = c->n_optimizers;
    hf_atomic_file *csv_out = hf_campaign_open_file(r->dir, "ranking.csv", diag);
    if (csv_out == NULL)
        return HF_EIO;
    hf_atomic_file *md_out = hf_campaign_open_file(r->dir, "summary.md", diag);
    if (md_out == NULL) {
        hf_atomic_file_discard(csv_out);
        return HF_EIO;
    }
    FILE *fp = hf_atomic_file_stream(csv_out), *md = hf_atomic_file_stream(md_out);
    fprintf(fp, "problem,optimizer_a,optimizer_b,u_a,p,p_holm\n");
    summary_heading(c, md);
    ranked *order = malloc(sizeof *order * no);      /* freed below */
    double *padj = calloc(no * no, sizeof *padj);    /* freed below */
    size_t *successes = malloc(sizeof *successes * no * r->n_targets); /* freed below */
    double *ert = malloc(sizeof *ert * no * r->n_targets);              /* freed below */
    hf_status st = (order && padj && successes && ert)
                       ? HF_OK : hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t p = 0; p < c->n_problems && st == HF_OK; ++p) {
        for (size_t o = 0; o < no; ++o) {
            order[o].successes = successes + o * r->n_targets;
            order[o].ert = ert + o * r->n_targets;
        }
        rank_problem(r, p, order, no);
        st = problem_tests(r, p, padj, fp);
        if (st != HF_OK)
            st = hf_diag_set(diag, st, "Mann-Whitney test failed on '%s'", c->problems[p].name);
        else
            problem_markdown(r, p, order, padj, md);
    }
    free(order);
    free(padj);
    free(successes);
    free(ert);
    hf_status s1 = hf_atomic_file_commit(csv_out, diag);
    hf_status s2 = hf_atomic_file_commit(md_out, diag);
    return st != HF_OK ? st : (s1 != HF_OK ? s1 : s2);
}

/* The campaign C can be reported: it holds runs, all of them (no shard). */
static hf_status check_campaign(const hf_campaign *c, hf_diag *diag)
{
    if (c->n_rows == 0)
        return hf_diag_set(diag, HF_EINVAL, "the campaign holds no runs");
    if (c->shard_count > 1)
        return hf_diag_set(diag, HF_EINVAL, "the campaign is shard %zu/%zu: merge its shards "
                           "first (a shard lacks runs every statistic needs)", c->shard_index,
                           c->shard_count);
    return HF_OK;
}

/* The targets of the report (OPT's, else the campaign's), checked and in
 * the decreasing order of `bench run`'s targets, into *sorted (the
 * caller's to free). */
static hf_status report_targets(const hf_campaign *c, const hf_report_options *opt,
                                double **sorted, size_t *n_targets, hf_diag *diag)
{
    const double *given = opt->targets ? opt->targets : c->targets;
    *n_targets = opt->targets ? opt->n_targets : c->n_targets;
    *sorted = NULL;
    if (*n_targets == 0)
        return hf_diag_set(diag, HF_EINVAL, "no targets to report");
    *sorted = malloc(sizeof **sorted * *n_targets); /* the caller's */
    if (*sorted == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    memcpy(*sorted, given, sizeof **sorted * *n_targets);
    hf_status st = hf_campaign_sort_targets(*sorted, *n_targets, diag);
    if (st != HF_OK) {
        free(*sorted);
        *sorted = NULL;
    }
    return st;
}

/* The report folder DIR opened for writing: an existing report is
 * replaced only with FORCE. */
static hf_status open_report_dir(const char *dir, int force, hf_atomic_dir **out,
                                 hf_diag *diag)
{
    hf_diag why = {{0}};
    hf_status st = hf_atomic_dir_check(dir, report_entries, &why);
    if (st == HF_EEXIST && !force)
        return hf_diag_set(diag, st, "%s; refused without force", why.text);
    if (st != HF_OK && st != HF_EEXIST)
        return hf_diag_set(diag, st, "%s", why.text);
    return hf_atomic_dir_open(dir, out, diag);
}

/* Every file of the report into R's folder, then OPT's finish. */
static hf_status write_files(report_ctx *r, const hf_report_options *opt, hf_diag *why)
{
    hf_status st = HF_OK;
    if (st == HF_OK) st = write_ert(r, why);
    if (st == HF_OK) st = write_final(r, why);
    if (st == HF_OK) st = write_fixed_budget(r, why);
    if (st == HF_OK) st = write_ecdf(r, why);
    if (st == HF_OK) st = write_ranking(r, why);
    if (st == HF_OK && opt->finish != NULL)
        st = opt->finish(r->dir, opt->finish_user, why);
    return st;
}

hf_status hf_report_write(const hf_campaign *c, const hf_report_options *opt, const char *dir,
                          hf_diag *diag)
{
    hf_report_options defaults;
    if (opt == NULL) {
        hf_report_options_init(&defaults);
        opt = &defaults;
    }
    hf_status st = check_campaign(c, diag);
    double *sorted = NULL; /* freed below */
    size_t n_targets = 0;
    if (st == HF_OK)
        st = report_targets(c, opt, &sorted, &n_targets, diag);
    hf_atomic_dir *out = NULL; /* committed or discarded below */
    if (st == HF_OK)
        st = open_report_dir(dir, opt->force, &out, diag);
    if (st != HF_OK) {
        free(sorted);
        return st;
    }
    hf_diag why = {{0}};
    report_ctx r = {c, sorted, n_targets, opt->alpha, hf_atomic_dir_path(out), NULL, NULL};
    r.buf = malloc(sizeof *r.buf * (c->n_rows + 1));   /* freed below */
    r.buf2 = malloc(sizeof *r.buf2 * (c->n_rows + 1)); /* freed below */
    if (r.buf == NULL || r.buf2 == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    if (st == HF_OK)
        st = write_files(&r, opt, &why);
    free(r.buf);
    free(r.buf2);
    free(sorted);
    if (st != HF_OK) {
        hf_atomic_dir_discard(out);
        return why.text[0] ? hf_diag_set(diag, st, "writing '%s': %s", dir, why.text) : st;
    }
    return hf_atomic_dir_commit(out, diag);
}
