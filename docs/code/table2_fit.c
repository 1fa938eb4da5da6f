/* Fits the profile exponents (a, b) to Table 2 of Safaeifar & Farshidianfar
 * (2020) with one seeded ICACO run: the library calls behind
 * `hertzfit fit profile --optimizer icaco --table ... --runs 1`.
 * Build: cc -o table2_fit table2_fit.c $(pkg-config --cflags --libs hertzfit) */
#include <stdio.h>
#include <hertzfit/hertzfit.h>

int main(void)
{
    hf_diag diag = {{0}};
    hf_profile_objective *obj = NULL;   /* owned: hf_profile_objective_free */
    hf_optimizer *opt = NULL;           /* owned: hf_optimizer_free */
    const hf_problem *problem = NULL;   /* owned by obj; its box is Table 2's range */
    hf_result *res = NULL;              /* owned: hf_result_free */
    hf_run_config run;

    hf_library_init();                  /* once, before any thread */
    hf_run_config_init(&run);
    run.seed = 1;                       /* run i of a series: run.stream = i */
    hf_status st = hf_profile_objective_alloc_table("data/safaeifar2020_table2.csv", &obj, &diag);
    if (st == HF_OK)
        problem = hf_profile_objective_problem(obj);
    if (st == HF_OK)
        st = hf_optimizer_alloc("icaco", 2, &opt, &diag);
    if (st == HF_OK)
        st = hf_result_alloc(2, &res, &diag);
    if (st == HF_OK)
        st = hf_optimize(opt, problem, &run, res, &diag);
    if (st == HF_OK)
        printf("a = %.4f  b = %.4f  RMS = %.6f %% (closed-form minimum %.6f %%), %zu evaluations\n",
               res->x[0], res->x[1], res->f, problem->f_opt, res->evaluations);
    else
        fprintf(stderr, "table2_fit: %s: %s\n", hf_strerror(st), diag.text);
    hf_result_free(res);
    hf_optimizer_free(opt);
    hf_profile_objective_free(obj);
    return st == HF_OK ? 0 : 1;
}
