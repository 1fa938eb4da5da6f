/*
 * studies/campaign_coco.c — the campaign's runs in the file layout of COCO's
 * "bbob" logger (COCO 2.x, code-experiments/src/logger_bbob.c), so that
 * cocopp or IOHanalyzer can read them next to their own data.
 *
 * Under DIR/coco/ALG (ALG = optimiser name with ':' replaced by '-'):
 *   bbobexp_fF_i1.info   per function family F (funcId, numbered in the
 *                        campaign's sorted family order; DIR/coco/
 *                        functions.txt maps F to the family name), one
 *                        block per dimension: the header line
 *                        "suite = 'hertzfit', funcId = F, DIM = D,
 *                        Precision = P, algId = 'ALG', coco_version = '2.2'",
 *                        a "%" line, then the data file followed by
 *                        ", INSTANCE:EVALS|FINAL_ERROR" per run (instance
 *                        = run + 1, error as %.1e).
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

#include <stdio.h>
#include <string.h>

static const char dat_header[] =
    "%% function evaluation | noise-free fitness - Fopt (%13.12e) | "
    "best noise-free fitness - Fopt | measured fitness | best measured fitness | "
    "x1 | x2...\n";

/* "rastrigin:10" -> "rastrigin". */
static void family_of(const char *name, char *out, size_t cap)
{
    const char *colon = strchr(name, ':');
    size_t n = colon ? (size_t)(colon - name) : strlen(name);
    if (n >= cap)
        n = cap - 1;
    memcpy(out, name, n);
    out[n] = '\0';
}

/* Whether problem Q is the first of its family in the sorted list. */
static int first_of_family(const hf_campaign *c, size_t q)
{
    char fam[64], other[64];
    family_of(c->problems[q].name, fam, sizeof fam);
    for (size_t r = 0; r < q; ++r) {
        family_of(c->problems[r].name, other, sizeof other);
        if (strcmp(fam, other) == 0)
            return 0;
    }
    return 1;
}

size_t hf_campaign_family_id(const hf_campaign *c, size_t p)
{
    char fam[64], other[64];
    family_of(c->problems[p].name, fam, sizeof fam);
    size_t id = 0;
    for (size_t q = 0; q < c->n_problems; ++q) {
        if (!first_of_family(c, q))
            continue;
        ++id;
        family_of(c->problems[q].name, other, sizeof other);
        if (strcmp(fam, other) == 0)
            break;
    }
    return id;
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
            fprintf(fp, dat_header, pr->f_opt);
            for (size_t k = 0; k < r->trace_count; ++k) {
                const hf_trace_point *t = &c->trace[r->trace_first + k];
                dat_row(fp, t->evaluations, t->best_f, pr->f_opt);
            }
            if (tdat && r->trace_count > 0)
                dat_row(fp, r->evaluations, c->trace[r->trace_first + r->trace_count - 1].best_f,
                        pr->f_opt);
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
            fprintf(fp, ", %zu:%zu|%.1e", r->run + 1, r->evaluations, r->best_f - pr->f_opt);
    }
}

/* The problems of a family are contiguous in the sorted list (a family
 * name is followed by ':' or nothing), so each family's .info file is
 * written in one go: opened at its first problem, committed after its
 * last. */
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
    hf_atomic_file *info = NULL; /* the open family's .info file */
    size_t info_fid = 0;
    for (size_t p = 0; p < c->n_problems && st == HF_OK; ++p) {
        if (!c->problems[p].has_optimum)
            continue;
        size_t fid = hf_campaign_family_id(c, p);
        int first_block = info == NULL || fid != info_fid;
        if (first_block) {
            if (info != NULL) {
                st = hf_atomic_file_commit(info, diag);
                info = NULL;
                if (st != HF_OK)
                    break;
            }
            snprintf(name, sizeof name, "bbobexp_f%zu_i1.info", fid);
            info = hf_campaign_open_file(alg_dir, name, diag);
            if (info == NULL)
                return HF_EIO;
            info_fid = fid;
        }
        info_block(hf_atomic_file_stream(info), c, o, p, fid, alg, first_block);
        fputc('\n', hf_atomic_file_stream(info));
        st = write_data(c, o, p, alg_dir, fid, diag);
    }
    if (info != NULL && st == HF_OK)
        st = hf_atomic_file_commit(info, diag);
    else if (info != NULL)
        hf_atomic_file_discard(info);
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
    fprintf(fp, "# funcId family (bbob-logger files in coco/ALG/)\n");
    for (size_t p = 0; p < c->n_problems; ++p) {
        char fam[64];
        family_of(c->problems[p].name, fam, sizeof fam);
        if (first_of_family(c, p))
            fprintf(fp, "%zu %s\n", hf_campaign_family_id(c, p), fam);
    }
    st = hf_atomic_file_commit(out, diag);
    for (size_t o = 0; o < c->n_optimizers && st == HF_OK; ++o)
        st = write_algorithm(c, o, coco_dir, diag);
    return st;
}
