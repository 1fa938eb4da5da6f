/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * optimizers/ica_ops.c — the ICA and ICACO operators declared in
 * ica_ops.h: empire formation, assimilation, revolution, swap, uniting,
 * total cost, competition, collapse, and the ICACO ant step.  Which source
 * each rule follows is written at each function in ica_ops.h.  Every
 * random number comes from the PCG32 generator passed in.
 */
#include "optimizers/ica_ops.h"

#include "core/rng_draw.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_sort.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

hf_ica_state *hf_ica_state_alloc(size_t dim, size_t n, size_t n_emp,
                                 const double *lower, const double *upper)
{
    /* the state and every array below are owned by the caller: hf_ica_state_free */
    hf_ica_state *st = calloc(1, sizeof *st);
    if (st == NULL)
        return NULL;
    st->dim = dim;
    st->n = n;
    st->n_emp = n_emp;
    st->lower = lower;
    st->upper = upper;
    size_t nscratch = 3 * n + 2 * dim;
    st->x = malloc(n * dim * sizeof *st->x);
    st->f = malloc(n * sizeof *st->f);
    st->owner = malloc(n * sizeof *st->owner);
    st->imp = malloc(n_emp * sizeof *st->imp);
    st->total = malloc(n_emp * sizeof *st->total);
    st->scratch = malloc(nscratch * sizeof *st->scratch);
    st->order = malloc(n * sizeof *st->order);
    st->counts = malloc(n_emp * sizeof *st->counts);
    if (!st->x || !st->f || !st->owner || !st->imp || !st->total || !st->scratch ||
        !st->order || !st->counts) {
        hf_ica_state_free(st);
        return NULL;
    }
    for (size_t i = 0; i < n; ++i) {
        st->f[i] = HUGE_VAL;
        st->owner[i] = 0;
    }
    for (size_t e = 0; e < n_emp; ++e) {
        st->imp[e] = HF_ICA_NONE;
        st->total[e] = HUGE_VAL;
    }
    return st;
}

void hf_ica_state_free(hf_ica_state *st)
{
    if (st == NULL)
        return;
    free(st->x);
    free(st->f);
    free(st->owner);
    free(st->imp);
    free(st->total);
    free(st->scratch);
    free(st->order);
    free(st->counts);
    free(st);
}

static double *pos(const hf_ica_state *st, size_t i) { return st->x + i * st->dim; }

size_t hf_ica_colony_count(const hf_ica_state *st, size_t empire)
{
    if (st->imp[empire] == HF_ICA_NONE)
        return 0;
    size_t count = 0;
    for (size_t i = 0; i < st->n; ++i)
        count += (st->owner[i] == empire && st->imp[empire] != i);
    return count;
}

size_t hf_ica_alive_count(const hf_ica_state *st)
{
    size_t alive = 0;
    for (size_t e = 0; e < st->n_emp; ++e)
        alive += (st->imp[e] != HF_ICA_NONE);
    return alive;
}

void hf_ica_bound(const hf_ica_state *st, double *x, int bounds)
{
    for (size_t k = 0; k < st->dim; ++k) {
        double lo = st->lower[k], hi = st->upper[k];
        if (bounds == HF_ICA_BOUNDS_REFLECT) {
            if (x[k] < lo)
                x[k] = lo + (lo - x[k]);
            else if (x[k] > hi)
                x[k] = hi - (x[k] - hi);
        }
        if (x[k] < lo)
            x[k] = lo;
        else if (x[k] > hi)
            x[k] = hi;
    }
}

void hf_ica_init_positions(hf_ica_state *st, hf_rng *rng)
{
    for (size_t i = 0; i < st->n; ++i)
        for (size_t k = 0; k < st->dim; ++k)
            pos(st, i)[k] = st->lower[k] + hf_rng_uniform(rng) * (st->upper[k] - st->lower[k]);
}

/* Largest finite value of v[0..n-1]; -inf when there is none. */
static double max_finite(const double *v, size_t n)
{
    double m = -HUGE_VAL;
    for (size_t i = 0; i < n; ++i)
        if (isfinite(v[i]) && v[i] > m)
            m = v[i];
    return m;
}

/* Shares `total` items among n parts in proportion to weight[] (>= 0) by
 * largest remainder; equal shares when the weights sum to 0. */
static void apportion(const double *weight, size_t n, size_t total, size_t *count,
                      double *remainder)
{
    double sum = 0.0;
    for (size_t i = 0; i < n; ++i)
        sum += weight[i];
    size_t given = 0;
    for (size_t i = 0; i < n; ++i) {
        double share = sum > 0.0 ? weight[i] / sum * (double)total : (double)total / (double)n;
        count[i] = (size_t)floor(share);
        remainder[i] = share - floor(share);
        given += count[i];
    }
    while (given < total) {
        size_t best = 0;
        for (size_t i = 1; i < n; ++i)
            if (remainder[i] > remainder[best])
                best = i;
        count[best]++;
        remainder[best] = -1.0;
        given++;
    }
}

void hf_ica_form_empires(hf_ica_state *st, hf_rng *rng)
{
    size_t n = st->n, ne = st->n_emp, ncol = n - ne;
    gsl_sort_index(st->order, st->f, 1, n); /* cheapest first; inf last */
    double *imp_cost = st->scratch, *power = st->scratch + ne, *rem = st->scratch + 2 * ne;
    size_t *count = st->counts;
    for (size_t e = 0; e < ne; ++e) {
        st->imp[e] = st->order[e];
        st->owner[st->order[e]] = e;
        imp_cost[e] = st->f[st->order[e]];
    }
    double m = max_finite(imp_cost, ne);
    double top = m > 0 ? 1.3 * m : 0.7 * m;
    for (size_t e = 0; e < ne; ++e)
        power[e] = isfinite(imp_cost[e]) ? fmax(top - imp_cost[e], 0.0) : 0.0;
    apportion(power, ne, ncol, count, rem);
    /* colonies in random order, handed out empire by empire */
    size_t *colonies = st->order + ne;
    gsl_rng view = hf_rng_gsl(rng);
    gsl_ran_shuffle(&view, colonies, ncol, sizeof *colonies);
    size_t next = 0;
    for (size_t e = 0; e < ne; ++e)
        for (size_t j = 0; j < count[e]; ++j)
            st->owner[colonies[next++]] = e;
}

/* The Gaussian draws of a direction orthogonal to unit vector v
 * (dim >= 2): u, unnormalised, with v's component removed; returns its
 * norm (the caller divides).  Redrawn in the (measure-zero) case of a
 * parallel draw.  The redraws are bounded so that a non-finite v (which
 * hf_problem_check's finite bounds should exclude) cannot loop forever:
 * the norm is then 0 and the deviation is dropped. */
static double random_orthogonal(hf_rng *rng, const double *restrict v, size_t dim,
                                double *restrict u)
{
    for (int attempt = 0; attempt < 64; ++attempt) {
        double dot = 0.0, norm = 0.0;
        for (size_t k = 0; k < dim; ++k) {
            u[k] = 0.0 + hf_rng_draw_gaussian(rng, 1.0); /* as hf_rng_normal: -0 -> +0 */
            dot += u[k] * v[k];
        }
        for (size_t k = 0; k < dim; ++k) {
            u[k] -= dot * v[k];
            norm += u[k] * u[k];
        }
        norm = sqrt(norm);
        if (norm > 1e-12)
            return norm;
    }
    return 0.0;
}

void hf_ica_assimilate(hf_ica_state *st, size_t c, const hf_ica_params *p, hf_rng *rng)
{
    double *restrict x = pos(st, c);
    const double *restrict imp = pos(st, st->imp[st->owner[c]]);
    size_t dim = st->dim;
    if (p->assimilation == HF_ICA_ASSIMILATE_COMPONENTWISE) {
        for (size_t k = 0; k < dim; ++k)
            x[k] += p->beta * hf_rng_draw_uniform(rng) * (imp[k] - x[k]);
        hf_ica_bound(st, x, p->bounds);
        return;
    }
    double *restrict v = st->scratch, *restrict u = st->scratch + dim;
    double d = 0.0;
    for (size_t k = 0; k < dim; ++k) {
        v[k] = imp[k] - x[k];
        d += v[k] * v[k];
    }
    d = sqrt(d);
    if (d == 0.0)
        return; /* on its imperialist: no direction to move in */
    for (size_t k = 0; k < dim; ++k)
        v[k] /= d;
    double step = hf_rng_draw_range(rng, 0.0, p->beta * d);
    double theta = hf_rng_draw_range(rng, -p->gamma, p->gamma);
    if (dim >= 2) {
        /* x += step (cos θ v + sin θ u), u the unit vector of the turn */
        double norm = random_orthogonal(rng, v, dim, u);
        double cos_t = cos(theta), sin_t = sin(theta);
        for (size_t k = 0; k < dim; ++k) {
            double uk = norm > 0.0 ? u[k] / norm : 0.0;
            x[k] += step * (cos_t * v[k] + sin_t * uk);
        }
    } else {
        x[0] += step * v[0];
    }
    hf_ica_bound(st, x, p->bounds);
}

size_t hf_ica_revolve(hf_ica_state *st, double rate, hf_rng *rng)
{
    size_t moved = 0;
    if (!(rate > 0.0))
        return 0; /* round(0 · colonies) = 0 everywhere: nothing to draw */
    for (size_t e = 0; e < st->n_emp; ++e) {
        size_t nc = hf_ica_colony_count(st, e);
        size_t k = (size_t)lround(rate * (double)nc);
        if (k == 0)
            continue;
        size_t m = 0;
        for (size_t i = 0; i < st->n; ++i)
            if (st->owner[i] == e && st->imp[e] != i)
                st->order[m++] = i;
        gsl_rng view = hf_rng_gsl(rng);
        gsl_ran_shuffle(&view, st->order, m, sizeof *st->order);
        for (size_t j = 0; j < k; ++j) {
            double *x = pos(st, st->order[j]);
            for (size_t d = 0; d < st->dim; ++d)
                x[d] = hf_rng_draw_range(rng, st->lower[d], st->upper[d]);
        }
        moved += k;
    }
    return moved;
}

/* Dearest colony of empire e; HF_ICA_NONE when it has none.  Ties go to
 * the lowest index. */
static size_t dearest_colony(const hf_ica_state *st, size_t e)
{
    size_t worst = HF_ICA_NONE;
    for (size_t i = 0; i < st->n; ++i) {
        if (st->owner[i] != e || st->imp[e] == i)
            continue;
        if (worst == HF_ICA_NONE || st->f[i] > st->f[worst])
            worst = i;
    }
    return worst;
}

size_t hf_ica_swap(hf_ica_state *st)
{
    /* Every empire's cheapest colony in one pass over the countries (ties
     * to the lowest index); a swap in one empire changes no other's. */
    size_t *cheapest = st->counts, swaps = 0;
    for (size_t e = 0; e < st->n_emp; ++e)
        cheapest[e] = HF_ICA_NONE;
    for (size_t i = 0; i < st->n; ++i) {
        size_t e = st->owner[i];
        if (!hf_ica_is_colony(st, i))
            continue;
        if (cheapest[e] == HF_ICA_NONE || st->f[i] < st->f[cheapest[e]])
            cheapest[e] = i;
    }
    for (size_t e = 0; e < st->n_emp; ++e) {
        size_t c = cheapest[e];
        if (c != HF_ICA_NONE && st->f[c] < st->f[st->imp[e]]) {
            st->imp[e] = c;
            ++swaps;
        }
    }
    return swaps;
}

static double distance(const hf_ica_state *st, size_t i, size_t j)
{
    double s = 0.0;
    for (size_t k = 0; k < st->dim; ++k) {
        double d = pos(st, i)[k] - pos(st, j)[k];
        s += d * d;
    }
    return sqrt(s);
}

/* Moves every country of empire `from` (imperialist included) to `to`;
 * `from` is collapsed. */
static void absorb(hf_ica_state *st, size_t from, size_t to)
{
    for (size_t i = 0; i < st->n; ++i)
        if (st->owner[i] == from)
            st->owner[i] = to;
    st->imp[from] = HF_ICA_NONE;
    st->total[from] = HUGE_VAL;
}

size_t hf_ica_unite(hf_ica_state *st, double threshold)
{
    if (!(threshold > 0.0))
        return 0;
    double diag = 0.0;
    for (size_t k = 0; k < st->dim; ++k)
        diag += (st->upper[k] - st->lower[k]) * (st->upper[k] - st->lower[k]);
    double limit = threshold * sqrt(diag);
    size_t merges = 0;
    for (size_t a = 0; a < st->n_emp; ++a)
        for (size_t b = a + 1; b < st->n_emp; ++b) {
            if (st->imp[a] == HF_ICA_NONE || st->imp[b] == HF_ICA_NONE)
                continue;
            if (distance(st, st->imp[a], st->imp[b]) >= limit)
                continue;
            int a_wins = st->f[st->imp[a]] <= st->f[st->imp[b]];
            absorb(st, a_wins ? b : a, a_wins ? a : b);
            ++merges;
        }
    return merges;
}

void hf_ica_total_costs(hf_ica_state *st, double xi)
{
    /* One pass over the countries for all empires (each empire's sum still
     * adds its colonies in index order). */
    double *sum = st->scratch, *nc = st->scratch + st->n_emp;   /* 3 n >= 2 n_emp */
    for (size_t e = 0; e < st->n_emp; ++e)
        sum[e] = nc[e] = 0.0;
    for (size_t i = 0; i < st->n; ++i) {
        size_t e = st->owner[i];
        if (st->imp[e] != HF_ICA_NONE && st->imp[e] != i) {
            sum[e] += st->f[i];
            nc[e] += 1.0;
        }
    }
    for (size_t e = 0; e < st->n_emp; ++e)
        st->total[e] = st->imp[e] == HF_ICA_NONE ? HUGE_VAL
                       : st->f[st->imp[e]] + (nc[e] > 0.0 ? xi * sum[e] / nc[e] : 0.0);
}

/* Alive empire with the highest total cost (infinite counts as highest). */
static size_t weakest_empire(const hf_ica_state *st)
{
    size_t w = HF_ICA_NONE;
    for (size_t e = 0; e < st->n_emp; ++e)
        if (st->imp[e] != HF_ICA_NONE && (w == HF_ICA_NONE || st->total[e] > st->total[w]))
            w = e;
    return w;
}

/* Alive empire other than `skip` with the lowest total cost. */
static size_t strongest_empire(const hf_ica_state *st, size_t skip)
{
    size_t s = HF_ICA_NONE;
    for (size_t e = 0; e < st->n_emp; ++e)
        if (e != skip && st->imp[e] != HF_ICA_NONE &&
            (s == HF_ICA_NONE || st->total[e] < st->total[s]))
            s = e;
    return s;
}

/* The 2007 paper's roulette over the alive empires other than `weak`. */
static size_t roulette_empire(hf_ica_state *st, size_t weak, hf_rng *rng)
{
    double m = -HUGE_VAL, sum = 0.0;
    for (size_t e = 0; e < st->n_emp; ++e)
        if (st->imp[e] != HF_ICA_NONE && isfinite(st->total[e]) && st->total[e] > m)
            m = st->total[e];
    double *power = st->scratch; /* n >= n_emp */
    for (size_t e = 0; e < st->n_emp; ++e) {
        int candidate = st->imp[e] != HF_ICA_NONE && e != weak;
        power[e] = (candidate && isfinite(st->total[e])) ? m - st->total[e] : 0.0;
        sum += power[e];
    }
    size_t winner = HF_ICA_NONE;
    double best = -HUGE_VAL;
    for (size_t e = 0; e < st->n_emp; ++e) {
        if (st->imp[e] == HF_ICA_NONE || e == weak)
            continue;
        double p = sum > 0.0 ? power[e] / sum : 0.0;
        double score = p - hf_rng_uniform(rng);
        if (score > best) {
            best = score;
            winner = e;
        }
    }
    return winner;
}

size_t hf_ica_compete(hf_ica_state *st, int competition, hf_rng *rng)
{
    if (hf_ica_alive_count(st) < 2)
        return HF_ICA_NONE;
    size_t weak = weakest_empire(st);
    size_t colony = dearest_colony(st, weak);
    if (colony == HF_ICA_NONE)
        return HF_ICA_NONE;
    size_t winner = competition == HF_ICA_COMPETE_ROULETTE ? roulette_empire(st, weak, rng)
                                                           : strongest_empire(st, weak);
    st->owner[colony] = winner;
    return winner;
}

size_t hf_ica_collapse(hf_ica_state *st)
{
    /* Colony counts and the living empires counted once, then kept up to
     * date as empires collapse: absorbing e hands its imperialist to the
     * strongest empire as one more colony. */
    size_t *colonies = st->counts, alive = hf_ica_alive_count(st);
    for (size_t e = 0; e < st->n_emp; ++e)
        colonies[e] = 0;
    for (size_t i = 0; i < st->n; ++i)
        colonies[st->owner[i]] += hf_ica_is_colony(st, i);
    size_t collapsed = 0;
    for (size_t e = 0; e < st->n_emp; ++e) {
        if (st->imp[e] == HF_ICA_NONE || colonies[e] > 0 || alive < 2)
            continue;
        size_t strongest = strongest_empire(st, e);
        absorb(st, e, strongest);
        colonies[strongest]++;
        alive--;
        ++collapsed;
    }
    return collapsed;
}

int hf_icaco_ant(const hf_ica_state *st, size_t c, double eta, hf_rng *rng, double *ant)
{
    const double *imp = pos(st, st->imp[st->owner[c]]);
    int inside = 1;
    for (size_t k = 0; k < st->dim; ++k) {
        ant[k] = imp[k] + hf_rng_draw_gaussian(rng, (st->upper[k] - st->lower[k]) * eta);
        inside &= ant[k] >= st->lower[k] && ant[k] <= st->upper[k];
    }
    return inside;
}

int hf_icaco_accept(hf_ica_state *st, size_t c, const double *ant, double ant_f)
{
    if (!isfinite(ant_f) || !(ant_f < st->f[c]))
        return 0;
    memcpy(pos(st, c), ant, st->dim * sizeof *ant);
    st->f[c] = ant_f;
    return 1;
}
