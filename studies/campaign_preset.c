/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/campaign_preset.c — named campaigns (hertzfit/campaign.h), so
 * that a program or a binding names a published campaign instead of
 * repeating its lists and budgets.
 */
#include "hertzfit/campaign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "objectives/bench_internal.h"
#include "core/csv.h"

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

/* The BBOB suite as a COCO experiment states it: the 24 functions at
 * dimensions 2, 3, 5 and 10 (and 20 in bbob-full), 15 runs — run r on
 * instance r + 1, as "bbob:F:D" defines — and a budget of 100 evaluations
 * per dimension.  The optimisers: ICA and ICACO next to a global and a
 * local NLopt algorithm and random search as the baseline. */
#define BBOB_AT(d)                                                                       \
    "bbob:1:" #d, "bbob:2:" #d, "bbob:3:" #d, "bbob:4:" #d, "bbob:5:" #d, "bbob:6:" #d,   \
    "bbob:7:" #d, "bbob:8:" #d, "bbob:9:" #d, "bbob:10:" #d, "bbob:11:" #d,              \
    "bbob:12:" #d, "bbob:13:" #d, "bbob:14:" #d, "bbob:15:" #d, "bbob:16:" #d,           \
    "bbob:17:" #d, "bbob:18:" #d, "bbob:19:" #d, "bbob:20:" #d, "bbob:21:" #d,           \
    "bbob:22:" #d, "bbob:23:" #d, "bbob:24:" #d
static const char *const bbob_optimizers[] = {"ica", "icaco", "nlopt:GN_CRS2_LM",
                                              "nlopt:LN_BOBYQA", "random"};
static const char *const bbob_problems[] = {BBOB_AT(2), BBOB_AT(3), BBOB_AT(5), BBOB_AT(10),
                                            BBOB_AT(20)};
#define BBOB_PER_DIMENSION 24
static const hf_budget_rule bbob_budget[] = {{0, HF_BUDGET_PER_DIMENSION, 100}};

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
    /* the first four dimensions of the list, then all five */
    {"bbob", bbob_optimizers, COUNT(bbob_optimizers), bbob_problems, 4 * BBOB_PER_DIMENSION,
     15, bbob_budget, COUNT(bbob_budget)},
    {"bbob-full", bbob_optimizers, COUNT(bbob_optimizers), bbob_problems,
     COUNT(bbob_problems), 15, bbob_budget, COUNT(bbob_budget)},
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

hf_status hf_campaign_preset_larger(const char *name, hf_campaign_config *cfg, hf_diag *diag)
{
    /* a larger size is the preset of the same name with "-full" */
    char larger[128];
    snprintf(larger, sizeof larger, "%s-full", name);
    for (size_t i = 0; i < COUNT(presets); ++i)
        if (strcmp(larger, presets[i].name) == 0)
            return hf_campaign_preset(larger, cfg, diag);
    hf_status st = hf_campaign_preset(name, cfg, diag);
    return st != HF_OK ? st
                       : hf_diag_set(diag, HF_EINVAL, "preset '%s' has no larger size (bbob has)",
                                     name);
}

/* COCO's instances of its bbob suite by workshop year (COCO's
 * suite_bbob.c): from each year on until the next listed one. */
static const struct {
    int from_year;
    const char *instances;
} bbob_years[] = {
    {2009, "1-5,1-5,1-5"}, {2010, "1-15"},       {2012, "1-5,21-30"},  {2013, "1-5,31-40"},
    {2015, "1-5,41-50"},   {2016, "1-5,51-60"},  {2017, "1-5,61-70"},  {2018, "1-5,71-80"},
    {2021, "1-5,91-100"},  {2023, "1-5,101-110"},
};

/* Appends FIRST..LAST to *list (grown). */
static int append_range(unsigned long **list, size_t *n, unsigned long first,
                        unsigned long last)
{
    unsigned long *grown = realloc(*list, sizeof *grown * (*n + (last - first) + 1));
    if (grown == NULL)
        return 0;
    *list = grown;
    for (unsigned long i = first; i <= last; ++i)
        grown[(*n)++] = i;
    return 1;
}

/* The instance list of COCO's bbob suite for YEAR (TEXT: four digits of
 * 1000 or more); *list NULL, HF_EINVAL, for a year before 2009; *list
 * TEXT itself when TEXT is no year. */
static hf_status year_instances(const char *text, const char **list, hf_diag *diag)
{
    unsigned long long year = 0;
    *list = text;
    /* a year is four digits; an instance list has a comma, a range or a
     * number below 1000 */
    if (strlen(text) != 4 || hf_parse_count(text, &year, NULL) != HF_OK || year < 1000)
        return HF_OK;
    *list = NULL;
    for (size_t i = 0; i < COUNT(bbob_years); ++i)
        if ((int)year >= bbob_years[i].from_year)
            *list = bbob_years[i].instances;
    if (*list == NULL)
        return hf_diag_set(diag, HF_EINVAL, "instances '%s': COCO's bbob suite has no "
                           "instances before 2009", text);
    return HF_OK;
}

/* The LEN characters at P, an instance I or a range I-J, into FIRST and
 * LAST (1 <= I <= J <= HF_BBOB_MAX_INSTANCE, the list kept below a
 * million with the N instances before it); 0 when it is neither. */
static int parse_instance_item(const char *p, size_t len, size_t n, unsigned long long *first,
                               unsigned long long *last)
{
    char item[64];
    if (len == 0 || len >= sizeof item)
        return 0;
    memcpy(item, p, len);
    item[len] = '\0';
    char *dash = strchr(item, '-');
    if (dash != NULL)
        *dash = '\0';
    return hf_parse_count(item, first, NULL) == HF_OK &&
           (dash == NULL ? (*last = *first, 1) : hf_parse_count(dash + 1, last, NULL) == HF_OK) &&
           *first >= 1 && *first <= *last && *last <= HF_BBOB_MAX_INSTANCE &&
           n + (*last - *first) < 1000000;
}

hf_status hf_campaign_instances_parse(const char *text, unsigned long **instances, size_t *n,
                                      hf_diag *diag)
{
    *instances = NULL;
    *n = 0;
    const char *list = NULL;
    hf_status st = year_instances(text, &list, diag);
    if (st != HF_OK)
        return st;
    for (const char *p = list; *p;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        unsigned long long first = 0, last = 0;
        int ok = parse_instance_item(p, len, *n, &first, &last);
        if (!ok || !append_range(instances, n, (unsigned long)first, (unsigned long)last)) {
            free(*instances);
            *instances = NULL;
            *n = 0;
            return hf_diag_set(diag, ok ? HF_ENOMEM : HF_EINVAL,
                               "instances '%s': '%.*s' is neither a year (2009, 2023, ...) nor "
                               "an instance I or range I-J in 1..%lu", text, (int)len, p,
                               (unsigned long)HF_BBOB_MAX_INSTANCE);
        }
        p += len + (end != NULL);
    }
    if (*n == 0)
        return hf_diag_set(diag, HF_EINVAL, "instances '%s': none listed", text);
    return HF_OK;
}
