/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/campaign_ioh.c — the campaign's runs in IOHprofiler's format, as
 * IOHexperimenter's analyzer logger writes it (ioh::logger::Analyzer, JSON
 * meta-data, format version 0.3.23), so that IOHanalyzer loads them as a
 * minimisation with the functions' names.
 *
 * Under DIR/ioh/ALG (ALG = optimiser name, ':' and '/' replaced by '-'):
 *   IOHprofiler_fID_NAME.json   one per function family: version, suite,
 *                               function id and name (a BBOB function's
 *                               as IOHexperimenter names it; every id
 *                               within IOH's 16-bit type), "maximization": false,
 *                               the algorithm, the attributes
 *                               ["evaluations", "raw_y"] and one scenario per
 *                               dimension listing its runs (instance, the
 *                               run's evaluations, the best value, the
 *                               evaluation that found it and its point).
 *   data_fID_NAME/IOHprofiler_fID_DIMd.dat
 *                               per run the header "evaluations raw_y", then
 *                               one row per improvement of the trace and a
 *                               last row at the run's final evaluation.
 * IOHanalyzer pairs the runs of a scenario with the blocks of its .dat file
 * by position, so both are written in the same (run) order.  raw_y is
 * f − f_opt on BBOB functions (what IOH's own BBOB problems log) and f
 * elsewhere; values are printed %.17g (IOH prints 10 decimals, which would
 * turn errors below 1e-10 into 0).  Each run's best point is written as
 * "best": {"evals", "y", "x"}, as the analyzer logger always writes it.
 * IOHanalyzer takes a folder holding COCO's .info files for a COCO folder,
 * so these files live in their own folder beside coco/, never inside it.
 */
#include "studies/campaign_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/bench_problems.h"

/* The version of IOHexperimenter's format the files follow: IOHanalyzer
 * reads the JSON meta-data only from version 0.3.3 on. */
#define IOH_FORMAT_VERSION "0.3.23"

/* A problem's function in IOH's terms: id, display name, a name usable in
 * a file name, and whether its runs are instances of their own. */
typedef struct ioh_function {
    size_t id;
    char name[96];
    char file_name[96];
    int bbob;
    unsigned long bbob_instance;   /* I of "bbob:F:D:I", 0 when run r solves r + 1 */
} ioh_function;

/* BBOB's function F (1..24) as IOHexperimenter names it (its problem
 * classes, include/ioh/problem/bbob/), so that IOH's tools take these runs
 * for those of IOH's own BBOB problems. */
static const char *const ioh_bbob_names[HF_BBOB_FUNCTION_COUNT] = {
    "Sphere", "Ellipsoid", "Rastrigin", "BuecheRastrigin", "LinearSlope", "AttractiveSector",
    "StepEllipsoid", "Rosenbrock", "RosenbrockRotated", "EllipsoidRotated", "Discus",
    "BentCigar", "SharpRidge", "DifferentPowers", "RastriginRotated", "Weierstrass",
    "Schaffers10", "Schaffers1000", "GriewankRosenbrock", "Schwefel", "Gallagher101",
    "Gallagher21", "Katsuura", "LunacekBiRastrigin"};

/* The function of the problem NAME whose identity is BBOB: "bbob:F:D" (or
 * "bbob:F:D:I") is BBOB's function F, with BBOB's id and name; any other
 * problem is its family (the name before ':') with the
 * family's fixed id (hf_bench_problem_id). */
static void function_of(const char *name, const hf_campaign_bbob *bbob, ioh_function *fn)
{
    fn->bbob_instance = 0;
    if (bbob->function != 0) {
        fn->id = (size_t)bbob->function;
        fn->bbob = 1;
        fn->bbob_instance = bbob->instance;
        snprintf(fn->name, sizeof fn->name, "%s", ioh_bbob_names[bbob->function - 1]);
    } else {
        unsigned id = 0;
        fn->id = hf_bench_problem_id(name, &id, NULL) == HF_OK ? id : 0;
        fn->bbob = 0;
        size_t n = strcspn(name, ":");
        snprintf(fn->name, sizeof fn->name, "%.*s", (int)n, name);
        /* a family the registry does not know (a plug-in's, read back
         * without the plug-in) has the id its registration would give */
        if (fn->id == 0)
            fn->id = hf_bench_problem_user_id(fn->name);
    }
    snprintf(fn->file_name, sizeof fn->file_name, "%s", fn->name);
    for (char *s = fn->file_name; *s; ++s)
        if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
              *s == '-' || *s == '_'))
            *s = '_';
}

static int same_function(const ioh_function *a, const ioh_function *b)
{
    return a->id == b->id && a->bbob == b->bbob && strcmp(a->name, b->name) == 0;
}

/* TEXT as a JSON string. */
static void json_string(FILE *fp, const char *text)
{
    fputc('"', fp);
    for (const unsigned char *s = (const unsigned char *)text; *s; ++s) {
        if (*s == '"' || *s == '\\')
            fprintf(fp, "\\%c", *s);
        else if (*s < 0x20)
            fprintf(fp, "\\u%04x", *s);
        else
            fputc(*s, fp);
    }
    fputc('"', fp);
}

/* The instance run R stands for (FN: the function of R's own problem, whose
 * instance may differ from its scenario's first problem's): BBOB's instance of the run (the last
 * number of "bbob:F:D:I", else run + 1, as a COCO experiment does), run + 1
 * when the campaign moved each run's optimum, else 1 (every run solves the
 * same function). */
static unsigned long instance_of(const hf_campaign *c, const hf_campaign_row *r,
                                 const ioh_function *fn)
{
    if (fn->bbob) {
        hf_campaign_bbob id = {1, fn->bbob_instance};
        return hf_campaign_bbob_instance(c, &id, r->run);
    }
    return c->shifted ? (unsigned long)r->run + 1 : 1;
}

/* f − f* of the run's own instance on a BBOB function, f elsewhere. */
static double raw_y(const ioh_function *fn, const hf_campaign *c, const hf_campaign_row *r,
                    double f)
{
    return fn->bbob ? f - hf_campaign_row_f_opt(c, r) : f;
}

/* Whether row R is a run of optimiser O on function FN in dimension D:
 * every problem of that function and dimension (two instances of one BBOB
 * function, say) shares one scenario and one .dat file. */
static int in_scenario(const hf_campaign *c, const ioh_function *fns, const hf_campaign_row *r,
                       size_t o, const ioh_function *fn, size_t d)
{
    return r->optimizer == o && r->trace_count > 0 && c->problems[r->problem].dim == d &&
           same_function(fn, &fns[r->problem]);
}

/* The .dat file of optimiser O on function FN in dimension D: its runs in
 * campaign order, the order of the scenario's run list. */
static hf_status write_data(const hf_campaign *c, const ioh_function *fns, size_t o,
                            const ioh_function *fn, size_t d, const char *alg_dir, hf_diag *diag)
{
    char dir[2048], name[160];
    if (snprintf(dir, sizeof dir, "%s/data_f%zu_%s", alg_dir, fn->id, fn->file_name) >=
        (int)sizeof dir)
        return hf_diag_set(diag, HF_EINVAL, "path too long under '%s'", alg_dir);
    hf_status st = hf_campaign_mkdir(dir, diag);
    if (st != HF_OK)
        return st;
    snprintf(name, sizeof name, "IOHprofiler_f%zu_DIM%zu.dat", fn->id, d);
    hf_atomic_file *out = hf_campaign_open_file(dir, name, diag);
    if (out == NULL)
        return HF_EIO;
    FILE *fp = hf_atomic_file_stream(out);
    for (size_t i = 0; i < c->n_rows; ++i) {
        const hf_campaign_row *r = &c->rows[i];
        if (!in_scenario(c, fns, r, o, fn, d))
            continue;
        fputs("evaluations raw_y\n", fp);
        const hf_trace_point *t = &c->trace[r->trace_first];
        for (size_t k = 0; k < r->trace_count; ++k)
            fprintf(fp, "%zu %.17g\n", t[k].evaluations, raw_y(fn, c, r, t[k].best_f));
        if (t[r->trace_count - 1].evaluations < r->evaluations)
            fprintf(fp, "%zu %.17g\n", r->evaluations,
                    raw_y(fn, c, r, t[r->trace_count - 1].best_f));
    }
    return hf_atomic_file_commit(out, diag);
}

/* ', "x": [x0, x1, ...]' of a run's best point, as IOHexperimenter's
 * analyzer writes it after "y" (its BestPoint); nothing for a campaign
 * read from a folder of format 3 or older, which keeps no point. */
static void best_x(FILE *fp, const double *x, size_t dim)
{
    if (x == NULL)
        return;
    fputs(", \"x\": [", fp);
    for (size_t k = 0; k < dim; ++k)
        fprintf(fp, k == 0 ? "%.17g" : ", %.17g", x[k]);
    fputc(']', fp);
}

/* The scenario (one dimension) of optimiser O on function FN in the JSON. */
static void scenario(FILE *fp, const hf_campaign *c, const ioh_function *fns, size_t o,
                     const ioh_function *fn, size_t d, int first)
{
    fprintf(fp, "%s\t\t{\"dimension\": %zu,\n\t\t\"path\": \"data_f%zu_%s/IOHprofiler_f%zu_DIM%zu.dat\",\n"
                "\t\t\"runs\": [",
            first ? "" : ",\n", d, fn->id, fn->file_name, fn->id, d);
    int first_run = 1;
    for (size_t i = 0; i < c->n_rows; ++i) {
        const hf_campaign_row *r = &c->rows[i];
        if (!in_scenario(c, fns, r, o, fn, d))
            continue;
        const hf_trace_point *best = &c->trace[r->trace_first + r->trace_count - 1];
        fprintf(fp, "%s\n\t\t\t{\"instance\": %lu, \"evals\": %zu, \"best\": {\"evals\": %zu, "
                    "\"y\": %.17g",
                first_run ? "" : ",", instance_of(c, r, &fns[r->problem]), r->evaluations, best->evaluations,
                raw_y(fn, c, r, best->best_f));
        best_x(fp, r->best_x, d);
        fputs("}}", fp);
        first_run = 0;
    }
    fputs("\n\t\t]}", fp);
}

/* The JSON file of optimiser O for the function of problem P0, one
 * scenario per dimension of that function, with their data files. */
static hf_status write_function(const hf_campaign *c, const ioh_function *fns, size_t o,
                                size_t p0, const ioh_function *fn, const char *alg, const char *alg_dir,
                                hf_diag *diag)
{
    char name[192];
    snprintf(name, sizeof name, "IOHprofiler_f%zu_%s.json", fn->id, fn->file_name);
    hf_atomic_file *out = hf_campaign_open_file(alg_dir, name, diag);
    if (out == NULL)
        return HF_EIO;
    FILE *fp = hf_atomic_file_stream(out);
    fprintf(fp, "{\n\t\"version\": \"%s\",\n\t\"suite\": \"%s\",\n\t\"function_id\": %zu,\n"
                "\t\"function_name\": ",
            IOH_FORMAT_VERSION, fn->bbob ? "BBOB" : "hertzfit", fn->id);
    json_string(fp, fn->name);
    fputs(",\n\t\"maximization\": false,\n\t\"algorithm\": {\"name\": ", fp);
    json_string(fp, alg);
    fprintf(fp, ", \"info\": \"hertzfit campaign, seed %llu\"},\n"
                "\t\"attributes\": [\"evaluations\", \"raw_y\"],\n\t\"scenarios\": [\n",
            (unsigned long long)c->seed);
    hf_status st = HF_OK;
    int first = 1;
    for (size_t p = p0; p < c->n_problems && st == HF_OK; ++p) {
        size_t d = c->problems[p].dim;
        int seen = 0; /* the dimension's scenario was written at its first problem */
        for (size_t q = p0; q < p && !seen; ++q)
            seen = same_function(fn, &fns[q]) && c->problems[q].dim == d;
        if (!same_function(fn, &fns[p]) || seen)
            continue;
        scenario(fp, c, fns, o, fn, d, first);
        first = 0;
        st = write_data(c, fns, o, fn, d, alg_dir, diag);
    }
    fputs("\n\t]\n}\n", fp);
    if (st != HF_OK) {
        hf_atomic_file_discard(out);
        return st;
    }
    return hf_atomic_file_commit(out, diag);
}

static hf_status write_algorithm(const hf_campaign *c, const ioh_function *fns, size_t o,
                                 const char *ioh_dir, hf_diag *diag)
{
    char alg[256], alg_dir[2048];
    hf_status st = hf_campaign_algorithm_dir(c, o, ioh_dir, alg, sizeof alg, alg_dir,
                                             sizeof alg_dir, diag);
    for (size_t p = 0; p < c->n_problems && st == HF_OK; ++p) {
        int seen = 0; /* the function's file was written at its first problem */
        for (size_t q = 0; q < p && !seen; ++q)
            seen = same_function(&fns[p], &fns[q]);
        if (!seen)
            st = write_function(c, fns, o, p, &fns[p], c->optimizers[o], alg_dir, diag);
    }
    return st;
}

hf_status hf_campaign_write_ioh(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    char ioh_dir[2048];
    if (snprintf(ioh_dir, sizeof ioh_dir, "%s/ioh", dir) >= (int)sizeof ioh_dir)
        return hf_diag_set(diag, HF_EINVAL, "path too long: '%s/ioh'", dir);
    /* every problem's function worked out once, not once per row and scenario */
    hf_campaign_bbob *ids = NULL;                                         /* freed below */
    ioh_function *fns = malloc(sizeof *fns * (c->n_problems ? c->n_problems : 1)); /* freed below */
    hf_status st = fns ? hf_campaign_bbob_identities(c, &ids, diag)
                       : hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t p = 0; st == HF_OK && p < c->n_problems; ++p)
        function_of(c->problems[p].name, &ids[p], &fns[p]);
    if (st == HF_OK)
        st = hf_campaign_mkdir(ioh_dir, diag);
    for (size_t o = 0; o < c->n_optimizers && st == HF_OK; ++o)
        st = write_algorithm(c, fns, o, ioh_dir, diag);
    free(ids);
    free(fns);
    return st;
}
