/*
 * studies/campaign_preset.c — named campaigns (hertzfit/campaign.h), so
 * that a program or a binding names a published campaign instead of
 * repeating its lists and budgets.
 */
#include "hertzfit/campaign.h"

#include <string.h>

/* The paper campaign: every optimiser on the calibration problems and
 * four 10-D test functions, 30 runs, 1000 evaluations in 2-D and 10000
 * in 10-D. */
static const char *const paper_optimizers[] = {
    "ica", "icaco", "nlopt:GN_DIRECT_L", "nlopt:GN_CRS2_LM", "nlopt:GN_ISRES",
    "nlopt:GN_ESCH", "nlopt:LN_BOBYQA", "random"};
static const char *const paper_problems[] = {
    "profile", "profile-table", "rastrigin:2", "rastrigin:10", "rosenbrock:10",
    "ackley:10", "griewank:10"};
static const hf_budget_rule paper_budget[] = {{2, HF_BUDGET_EVALUATIONS, 1000},
                                              {10, HF_BUDGET_EVALUATIONS, 10000}};

typedef struct preset {
    const char *name;
    const char *const *optimizers;
    size_t n_optimizers;
    const char *const *problems;
    size_t n_problems;
    size_t runs;
    const hf_budget_rule *budget;
    size_t n_budget;
} preset;

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const preset presets[] = {
    {"paper", paper_optimizers, COUNT(paper_optimizers), paper_problems,
     COUNT(paper_problems), 30, paper_budget, COUNT(paper_budget)},
};

/* The names for the "valid: ..." list of an unknown preset. */
static const char *preset_name_at(size_t index, const void *ctx)
{
    (void)ctx;
    return index < COUNT(presets) ? presets[index].name : NULL;
}

hf_status hf_campaign_preset(const char *name, hf_campaign_config *cfg, hf_diag *diag)
{
    for (size_t i = 0; i < COUNT(presets); ++i) {
        const preset *p = &presets[i];
        if (strcmp(name, p->name) != 0)
            continue;
        cfg->optimizers = p->optimizers;
        cfg->n_optimizers = p->n_optimizers;
        cfg->problems = p->problems;
        cfg->n_problems = p->n_problems;
        cfg->runs = p->runs;
        cfg->budget = p->budget;
        cfg->n_budget = p->n_budget;
        return HF_OK;
    }
    return hf_unknown_name("campaign preset", name, COUNT(presets), preset_name_at, NULL, diag);
}
