/*
 * studies/campaign_coco.c — the campaign's runs in the file layout of COCO's
 * "bbob" logger (COCO 2.x, code-experiments/src/logger_bbob.c), so that
 * cocopp or IOHanalyzer can read them next to their own data.
 *
 * Under DIR/coco/ALG (ALG = optimiser name with ':' replaced by '-'):
 *   bbobexp_fF_i1.info   per function F (funcId: the problem's fixed id,
 *                        hf_bench_problem_id, the same in every campaign;
 *                        DIR/coco/functions.txt maps F to the family), one
 *                        block per dimension: the header line
 *                        "suite = 'hertzfit', funcId = F, DIM = D,
 *                        Precision = P, algId = 'ALG', coco_version = '2.2'",
 *                        a "%" line, then the data file followed by
 *                        ", INSTANCE:EVALS|FINAL_ERROR" per run (instance
 *                        = run + 1, error as %.1e; f* of the run's own
 *                        instance for "bbob:F:D").
 *   data_fF/bbobexp_fF_DIMD_i1.dat   per run a "%" header with Fopt, then
 *                        one row per improvement: evaluations, f - Fopt,
 *                        best f - Fopt, f, best f (%+10.9e).
 *   data_fF/bbobexp_fF_DIMD_i1.tdat  the same rows plus a final row at the
 *                        run's last evaluation.
 * Differences from the logger: rows are written at every improvement
 * (a superset of the logger's target-triggered rows), the x columns are
 * left out (the logger too omits them from 22 variables on), f equals the
 * best f (the trace keeps only improvements), and no .rdat files.
 * Problems without a known optimum are not written.
 */
#include "studies/campaign_internal.h"

#include "hertzfit/bench_problems.h"

#include <stdio.h>
#include <string.h>

static const char dat_header[] =
    "%% function evaluation | noise-free fitness - Fopt (%13.12e) | "
    "best noise-free fitness - Fopt | measured fitness | best measured fitness | "
    "x1 | x2...\n";

/* The fixed id of problem P (hf_bench_problem_id): BBOB's function
 * number, or hertzfit's own from 101 on. */
static hf_status problem_id(const hf_campaign *c, size_t p, size_t *id, hf_diag *diag)
{
    unsigned v = 0;
    hf_status st = hf_bench_problem_id(c->problems[p].name, &v, diag);
    *id = v;
    return st;
}

/* Whether problem Q is the first of its id in the sorted list. */
static int first_of_id(const hf_campaign *c, size_t q, size_t id)
{
    for (size_t r = 0; r < q; ++r) {
        size_t other = 0;
        if (problem_id(c, r, &other, NULL) == HF_OK && other == id)
            return 0;
    }
    return 1;
}

static void dat_row(FILE *fp, size_t evals, double best, double f_opt)
{
    fprintf(fp, "%zu %+10.9e %+10.9e %+10.9e %+10.9e\n", evals, best - f_opt, best - f_opt,
            best, best);
}

/* The .dat and .tdat files of optimiser O on problem P. */
static hf_status write_data(const hf_campaign *c, size_t o, size_t p, const char *alg_dir,
                            size_t fid, hf_diag *diag)
{
    const hf_campaign_problem *pr = &c->problems[p];
    char dir[2048], name[128];
    if (snprintf(dir, sizeof dir, "%s/data_f%zu", alg_dir, fid) >= (int)sizeof dir)
        return hf_diag_set(diag, HF_EINVAL, "path too long under '%s'", alg_dir);
    hf_status st = hf_campaign_mkdir(dir, diag);
    for (int tdat = 0; tdat < 2 && st == HF_OK; ++tdat) {
        snprintf(name, sizeof name, "bbobexp_f%zu_DIM%zu_i1.%s", fid, pr->dim,
                 tdat ? "tdat" : "dat");
        hf_atomic_file *out = hf_campaign_open_file(dir, name, diag);
        if (out == NULL)
            return HF_EIO;
        FILE *fp = hf_atomic_file_stream(out);
        for (size_t i = 0; i < c->n_rows; ++i) {
            const hf_campaign_row *r = &c->rows[i];
            if (r->optimizer != o || r->problem != p)
                continue;
            double f_opt = hf_campaign_row_f_opt(c, r);
            fprintf(fp, dat_header, f_opt);
            for (size_t k = 0; k < r->trace_count; ++k) {
                const hf_trace_point *t = &c->trace[r->trace_first + k];
                dat_row(fp, t->evaluations, t->best_f, f_opt);
            }
            if (tdat && r->trace_count > 0)
                dat_row(fp, r->evaluations, c->trace[r->trace_first + r->trace_count - 1].best_f,
                        f_opt);
        }
        st = hf_atomic_file_commit(out, diag);
    }
    return st;
}

/* One .info block for optimiser O on problem P. */
static void info_block(FILE *fp, const hf_campaign *c, size_t o, size_t p, size_t fid,
                       const char *alg, int first_block)
{
    const hf_campaign_problem *pr = &c->problems[p];
    fprintf(fp, "%ssuite = 'hertzfit', funcId = %zu, DIM = %zu, Precision = %.3e, "
                "algId = '%s', coco_version = '2.2'\n%%\n",
            first_block ? "" : "\n", fid, pr->dim, c->targets[c->n_targets - 1], alg);
    fprintf(fp, "data_f%zu/bbobexp_f%zu_DIM%zu_i1.dat", fid, fid, pr->dim);
    for (size_t i = 0; i < c->n_rows; ++i) {
        const hf_campaign_row *r = &c->rows[i];
        if (r->optimizer == o && r->problem == p)
            fprintf(fp, ", %zu:%zu|%.1e", r->run + 1, r->evaluations,
                    r->best_f - hf_campaign_row_f_opt(c, r));
    }
}

/* One .info file per problem id, with a block per problem of that id
 * (its dimensions), in the sorted order. */
static hf_status write_algorithm(const hf_campaign *c, size_t o, const char *coco_dir,
                                 hf_diag *diag)
{
    char alg[256], alg_dir[2048], name[64];
    snprintf(alg, sizeof alg, "%s", c->optimizers[o]);
    for (char *s = alg; *s; ++s)
        if (*s == ':' || *s == '/')
            *s = '-';
    if (snprintf(alg_dir, sizeof alg_dir, "%s/%s", coco_dir, alg) >= (int)sizeof alg_dir)
        return hf_diag_set(diag, HF_EINVAL, "path too long under '%s'", coco_dir);
    hf_status st = hf_campaign_mkdir(alg_dir, diag);
    for (size_t p = 0; p < c->n_problems && st == HF_OK; ++p) {
        size_t fid = 0;
        st = problem_id(c, p, &fid, diag);
        if (st != HF_OK || !first_of_id(c, p, fid))
            continue;
        hf_atomic_file *info = NULL; /* opened at the id's first problem with f* */
        for (size_t q = p; q < c->n_problems && st == HF_OK; ++q) {
            size_t qid = 0;
            st = problem_id(c, q, &qid, diag);
            if (st != HF_OK || qid != fid || !c->problems[q].has_optimum)
                continue;
            int first_block = info == NULL;
            if (first_block) {
                snprintf(name, sizeof name, "bbobexp_f%zu_i1.info", fid);
                info = hf_campaign_open_file(alg_dir, name, diag);
                if (info == NULL)
                    return HF_EIO;
            }
            info_block(hf_atomic_file_stream(info), c, o, q, fid, alg, first_block);
            fputc('\n', hf_atomic_file_stream(info));
            st = write_data(c, o, q, alg_dir, fid, diag);
        }
        if (info != NULL && st == HF_OK)
            st = hf_atomic_file_commit(info, diag);
        else if (info != NULL)
            hf_atomic_file_discard(info);
    }
    return st;
}

hf_status hf_campaign_write_coco(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    char coco_dir[2048];
    snprintf(coco_dir, sizeof coco_dir, "%s/coco", dir);
    hf_status st = hf_campaign_mkdir(coco_dir, diag);
    if (st != HF_OK)
        return st;
    hf_atomic_file *out = hf_campaign_open_file(coco_dir, "functions.txt", diag);
    if (out == NULL)
        return HF_EIO;
    FILE *fp = hf_atomic_file_stream(out);
    fprintf(fp, "# funcId family (bbob-logger files in coco/ALG/; ids are fixed: "
                "BBOB's 1..24, hertzfit's from 101)\n");
    for (size_t p = 0; p < c->n_problems && st == HF_OK; ++p) {
        size_t fid = 0;
        st = problem_id(c, p, &fid, diag);
        if (st != HF_OK || !first_of_id(c, p, fid))
            continue;
        /* the family, or "bbob:F" for a BBOB function */
        const char *name = c->problems[p].name, *colon = strchr(name, ':');
        size_t len = colon ? (size_t)(colon - name) : strlen(name);
        if (strncmp(name, "bbob:", 5) == 0)
            len = strcspn(name + 5, ":") + 5;
        fprintf(fp, "%zu %.*s\n", fid, (int)len, name);
    }
    if (st == HF_OK)
        st = hf_atomic_file_commit(out, diag);
    else
        hf_atomic_file_discard(out);
    for (size_t o = 0; o < c->n_optimizers && st == HF_OK; ++o)
        st = write_algorithm(c, o, coco_dir, diag);
    return st;
}
