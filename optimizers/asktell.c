/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * optimizers/asktell.c — ask/tell runs (hertzfit/optimizer.h): the caller
 * asks for points, evaluates them however it likes and tells the values.
 *
 * The algorithm is not rewritten as a state machine: it runs, unchanged,
 * through hf_optimize on a thread of its own, and its evaluator takes a
 * batch's values from this module instead of the objective.  A batch
 * (hf_evaluator_eval_batch; a single hf_evaluator_eval is a batch of one)
 * is one ask; the algorithm's thread sleeps on a condition variable until
 * the tell, and the caller's thread sleeps while the algorithm runs, so
 * exactly one of the two works at any time (no parallel work, no spinning)
 * and the run is the one hf_optimize makes with the same seed, stream and
 * values: the same points, the same best, the same counts and trace.
 * Every optimiser works this way, since every one evaluates through the
 * evaluator; population methods (ica, icaco, random) ask for a whole
 * population at a time, the others for one point.
 */
#include "optimizers/optimizer_internal.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef enum asktell_state {
    ASKTELL_RUNNING,  /* the algorithm works; the caller waits */
    ASKTELL_WAITING,  /* the algorithm waits for the values of a batch */
    ASKTELL_DONE      /* the algorithm returned */
} asktell_state;

struct hf_asktell {
    const hf_optimizer *opt;   /* borrowed */
    size_t dim;
    double *lower, *upper;     /* owned copies */
    double *x0;                /* owned copy of run->x0, or NULL */
    hf_problem problem;
    hf_run_config run;
    hf_result *result;         /* owned */
    hf_status status;          /* hf_optimize's, once done */
    hf_diag diag;
    pthread_t thread;
    int sync_ready;            /* lock and changed initialised */
    int started;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    asktell_state state;
    int cancel;                /* hf_asktell_free during a run */
    const double *x;           /* the batch asked for (the algorithm's memory) */
    size_t n;
    double *f;                 /* where its values go */
};

/* The problem's objective is never called: the evaluator takes every
 * value from asktell_values. */
static double asktell_no_objective(const double *x, void *ctx)
{
    (void)x;
    (void)ctx;
    return NAN;
}

/* The evaluator's value source: hands the batch to the caller, waits for
 * the tell (or the cancel of hf_asktell_free). */
static hf_status asktell_values(void *user, const double *x, size_t n, double *f)
{
    hf_asktell *at = user;
    pthread_mutex_lock(&at->lock);
    at->x = x;
    at->n = n;
    at->f = f;
    at->state = ASKTELL_WAITING;
    pthread_cond_broadcast(&at->changed);
    while (at->state == ASKTELL_WAITING && !at->cancel)
        pthread_cond_wait(&at->changed, &at->lock);
    int cancelled = at->cancel;
    pthread_mutex_unlock(&at->lock);
    return cancelled ? HF_EINVAL : HF_OK;
}

static void *asktell_thread(void *user)
{
    hf_asktell *at = user;
    hf_diag diag = {{0}};
    hf_status st = hf_optimize_from(at->opt, &at->problem, &at->run, at->result,
                                    asktell_values, at, &diag);
    pthread_mutex_lock(&at->lock);
    at->status = st;
    at->diag = diag;
    at->x = NULL;
    at->n = 0;
    at->state = ASKTELL_DONE;
    pthread_cond_broadcast(&at->changed);
    pthread_mutex_unlock(&at->lock);
    return NULL;
}

/* Waits until the algorithm asks or ends (the lock held by the caller). */
static void wait_for_algorithm(hf_asktell *at)
{
    while (at->state == ASKTELL_RUNNING)
        pthread_cond_wait(&at->changed, &at->lock);
}

static hf_status copy_bounds(hf_asktell *at, const double *lower, const double *upper,
                             const hf_run_config *run)
{
    size_t d = at->dim;
    at->lower = malloc(d * sizeof *at->lower);
    at->upper = malloc(d * sizeof *at->upper);
    at->x0 = run->x0 != NULL ? malloc(d * sizeof *at->x0) : NULL;
    if (at->lower == NULL || at->upper == NULL || (run->x0 != NULL && at->x0 == NULL))
        return HF_ENOMEM;
    memcpy(at->lower, lower, d * sizeof *lower);
    memcpy(at->upper, upper, d * sizeof *upper);
    if (run->x0 != NULL)
        memcpy(at->x0, run->x0, d * sizeof *at->x0);
    return HF_OK;
}

hf_status hf_asktell_alloc(const hf_optimizer *opt, const double *lower, const double *upper,
                           const hf_run_config *run, hf_asktell **out, hf_diag *diag)
{
    *out = NULL;
    if (opt == NULL || lower == NULL || upper == NULL || run == NULL)
        return hf_diag_set(diag, HF_EINVAL, "ask/tell: missing optimizer, bounds or run");
    /* at and what it holds are owned by the caller: hf_asktell_free */
    hf_asktell *at = calloc(1, sizeof *at);
    if (at == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "ask/tell: out of memory");
    at->opt = opt;
    at->dim = hf_optimizer_dim_of(opt);
    hf_status st = copy_bounds(at, lower, upper, run);
    if (st == HF_OK)
        st = hf_result_alloc(at->dim, &at->result, diag);
    if (st != HF_OK) {
        hf_asktell_free(at);
        return st == HF_ENOMEM ? hf_diag_set(diag, st, "ask/tell: out of memory") : st;
    }
    at->problem = (hf_problem){"ask/tell", at->dim, at->lower, at->upper,
                               asktell_no_objective, NULL, 0, 0.0};
    at->run = *run;
    at->run.x0 = at->x0;
    at->run.threads = 1; /* the caller evaluates: the run itself needs no team */
    pthread_mutex_init(&at->lock, NULL);
    pthread_cond_init(&at->changed, NULL);
    at->sync_ready = 1;
    at->state = ASKTELL_RUNNING;
    if (pthread_create(&at->thread, NULL, asktell_thread, at) != 0) {
        hf_asktell_free(at);
        return hf_diag_set(diag, HF_ENOMEM, "ask/tell: could not start the optimiser's thread");
    }
    at->started = 1;
    pthread_mutex_lock(&at->lock);
    wait_for_algorithm(at);
    st = at->state == ASKTELL_DONE ? at->status : HF_OK;
    if (st != HF_OK && diag != NULL)
        *diag = at->diag;
    pthread_mutex_unlock(&at->lock);
    if (st != HF_OK) {
        /* refused before the first ask (bounds, x0, parameters) */
        hf_asktell_free(at);
        return st;
    }
    *out = at;
    return HF_OK;
}

void hf_asktell_free(hf_asktell *at)
{
    if (at == NULL)
        return;
    if (at->started) {
        pthread_mutex_lock(&at->lock);
        at->cancel = 1; /* a waiting algorithm sees its run stopped and returns */
        pthread_cond_broadcast(&at->changed);
        pthread_mutex_unlock(&at->lock);
        pthread_join(at->thread, NULL);
    }
    if (at->sync_ready) {
        pthread_cond_destroy(&at->changed);
        pthread_mutex_destroy(&at->lock);
    }
    hf_result_free(at->result);
    free(at->lower);
    free(at->upper);
    free(at->x0);
    free(at);
}

hf_status hf_asktell_ask(hf_asktell *at, const double **x, size_t *n, hf_diag *diag)
{
    if (at == NULL || x == NULL || n == NULL)
        return hf_diag_set(diag, HF_EINVAL, "ask: missing handle or output");
    pthread_mutex_lock(&at->lock);
    *x = at->state == ASKTELL_WAITING ? at->x : NULL;
    *n = at->state == ASKTELL_WAITING ? at->n : 0;
    pthread_mutex_unlock(&at->lock);
    return HF_OK;
}

/* HF_OK when X is the batch asked for, N values long. */
static hf_status check_tell(const hf_asktell *at, const double *x, size_t n, hf_diag *diag)
{
    if (at->state != ASKTELL_WAITING)
        return hf_diag_set(diag, HF_EINVAL, "tell: the run has ended, nothing was asked");
    if (n != at->n)
        return hf_diag_set(diag, HF_EMISMATCH, "tell: %zu values for the %zu points asked", n,
                           at->n);
    for (size_t i = 0; i < n; ++i)
        if (memcmp(x + i * at->dim, at->x + i * at->dim, at->dim * sizeof *x) != 0)
            return hf_diag_set(diag, HF_EMISMATCH, "tell: point %zu is not the point asked "
                               "(points are told in the order and with the values asked)", i);
    return HF_OK;
}

hf_status hf_asktell_tell(hf_asktell *at, const double *x, const double *f, size_t n,
                          hf_diag *diag)
{
    if (at == NULL || (n > 0 && (x == NULL || f == NULL)))
        return hf_diag_set(diag, HF_EINVAL, "tell: missing handle, points or values");
    pthread_mutex_lock(&at->lock);
    hf_status st = check_tell(at, x, n, diag);
    if (st == HF_OK) {
        memcpy(at->f, f, n * sizeof *f);
        at->state = ASKTELL_RUNNING;
        pthread_cond_broadcast(&at->changed);
        wait_for_algorithm(at);
        if (at->state == ASKTELL_DONE && at->status != HF_OK) {
            st = at->status;
            if (diag != NULL)
                *diag = at->diag;
        }
    }
    pthread_mutex_unlock(&at->lock);
    return st;
}

const hf_result *hf_asktell_result(const hf_asktell *at) { return at->result; }
