/*
 * hertzfit/maxwell_trace.h — measured force histories of drop tests: the
 * features F_M, t_M, t_c extracted from a raw load-cell trace, and
 * synthetic traces made from Hunter's model with a realistic acquisition
 * (sample rate, noise, baseline offset, quantisation).
 *
 * A trace is an hf_maxwell_trace (hertzfit/maxwell_data.h): times [s]
 * strictly increasing, forces [N].  Traces come from a test list read by
 * hf_maxwell_data_read (a `trace` column: see there).
 *
 * Extraction (hf_maxwell_trace_extract), per impact found in a trace:
 *  1. Baseline b and noise σ: mean and standard deviation of the
 *     pre-contact samples, those before the first rise to 5 % of the
 *     largest excursion, less a guard as long as that rise; at least
 *     HF_MAXWELL_TRACE_MIN_BASELINE of them.
 *  2. The impact: the force passes 4 times the threshold
 *     b + max(5σ, 10⁻³ of the largest excursion) (20σ: noise does not);
 *     the impact runs from where it last rose through the threshold until
 *     the force stays below it for 3 samples.
 *  3. Contact start t0 and end t1 from the edges, below the sampling
 *     interval: near the contact start a Hertzian contact follows
 *     s = T·u(z), z = (y/H)^{2/3} the normalised approach, y = F − b,
 *     H the peak excursion, u(z) = z + z^{7/2}/7 the Hertz time law to
 *     its first correction (from ω'' = −(5/4)ω^{3/2}, ω(0) = 0, ω'(0) = 1,
 *     Argatov Eq. 24 at ε = 0).  u is nearly linear in time on each edge,
 *     so a fit of u against t (weights from σ carried through u) crosses
 *     u = 0 at t0 on the rising edge and at t1 on the falling one; a
 *     quadratic term in t takes up the curvature the viscous terms add.
 *     The rising edge is fitted over the samples with y between 5 % and
 *     80 % of H with Hertz's exact time law, u(z) = ∫₀^z (1 − x^{5/2})^{−1/2}
 *     dx = (2/5) B(2/5, 1/2) I_{z^{5/2}}(2/5, 1/2) (GSL's incomplete beta
 *     function); the change of t0 when its window ends at 50 % instead is
 *     added to t0's uncertainty.  The falling edge is fitted between 10 %
 *     and 50 % of H with the first correction: Hunter's force ends in a
 *     small step (hertzfit/hunter.h), of O(ε²) of the peak, which bends
 *     the lowest samples of the falling edge, and the change of t1 when
 *     its window starts at 20 % instead is added to t1's uncertainty.
 *  4. Peak: a quartic polynomial in t (GSL multifit, weights 1/σ²) over
 *     the samples within 25 % of the contact duration of the largest one
 *     (at least 7; chosen by time, as samples chosen by value would bias
 *     the peak up; quartic, as the pulse there is no parabola: a
 *     sine-like Hertz pulse has a quartic term and the viscous asymmetry
 *     a cubic one); its maximum, where the derivative is zero, gives F_M
 *     (above b) and the time of the peak.
 *  5. t_M = vertex time − t0, t_c = t1 − t0.
 * Standard uncertainties: from each fit's covariance, with the known σ
 * when σ > 0 (else the residual scatter), carried by first-order
 * propagation (the zero crossings and the maximum are implicit functions
 * of the fitted coefficients); b's own uncertainty σ/√n adds to F_M's.
 */
#ifndef HERTZFIT_MAXWELL_TRACE_H
#define HERTZFIT_MAXWELL_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_data.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Limits of a trace: samples per file (and per synthetic trace), samples
 * of all traces of one list, and the fewest samples a trace may have. */
#define HF_MAXWELL_TRACE_MAX_SAMPLES 2000000
#define HF_MAXWELL_TRACE_MAX_TOTAL 50000000
#define HF_MAXWELL_TRACE_MIN_SAMPLES 16
/* Fewest pre-contact samples the baseline and noise are measured on. */
#define HF_MAXWELL_TRACE_MIN_BASELINE 16
/* Fewest samples a contact must span to be extracted as ok. */
#define HF_MAXWELL_TRACE_MIN_CONTACT 20

/* ---- synthetic traces -------------------------------------------------- */

typedef struct hf_maxwell_trace_options {
    double rate;      /* samples per second, > 0 (default 100e3) */
    double pre;       /* s recorded before the contact start, >= 0 (default 1e-3);
                         the samples are at k/rate from 0, the contact starts at
                         pre, so a pre off the sample grid puts the start between
                         samples */
    double post;      /* s recorded after the contact end, >= 0 (default 1e-3) */
    double noise;     /* standard deviation of the added Gaussian noise,
                         relative to F_M, in [0, 1] (default 0) */
    double offset;    /* baseline offset [N] added to every sample (default 0) */
    unsigned bits;    /* 0: no quantisation (default); 2..32: the converter's
                         resolution */
    double range;     /* the converter reads [−range, range] [N] in 2^bits steps,
                         values outside clip to it; > 0 with bits (default 0) */
    uint64_t seed;    /* PCG32 seed of the noise (stream 0; default 0) */
    /* What a lab's record adds (all off by default): */
    double clock;     /* the clock's reading at the first sample [s] (a DAQ's
                         absolute time; default 0) */
    double drift;     /* baseline drift [N/s] added as drift·(t − clock) */
    double bounce_g;  /* > 0: the record holds the second bounce, after a flight
                         of 2 e V0/g at this g [m/s²] (e of the first impact), an
                         impact at e V0; 0: one impact (default) */
    int invert;       /* 1: the load cell's polarity is inverted (F → −F before
                         the converter) */
} hf_maxwell_trace_options;

void hf_maxwell_trace_options_init(hf_maxwell_trace_options *options);

/* Hunter's force history (hf_maxwell_force_history, default tolerances)
 * sampled as OPTIONS say: F_k = F(t_k − pre) [+ the second impact] +
 * offset + drift·t_k + noise·F_M·N(0,1), negated when inverted, then
 * quantised, the normal deviates drawn in sample order; the times written
 * are clock + t_k.  *out is the
 * caller's (hf_maxwell_trace_free).  HF_EDOM / HF_ERANGE naming the bad
 * option (a record over HF_MAXWELL_TRACE_MAX_SAMPLES samples is
 * HF_ERANGE), the codes of hf_maxwell_simulate. */
hf_status hf_maxwell_trace_synthesize(const hf_maxwell_material *material,
                                      const hf_maxwell_impact *impact,
                                      const hf_maxwell_trace_options *options,
                                      hf_maxwell_trace **out, hf_diag *diag);

void hf_maxwell_trace_free(hf_maxwell_trace *trace);

/* Writes TRACE to PATH atomically as CSV t_s,F_N (%.10g, %.9g), after the
 * lines of COMMENT (may be NULL) each prefixed with "# ".  HF_EWRITE /
 * HF_EIO naming PATH. */
hf_status hf_maxwell_trace_write(const char *path, const hf_maxwell_trace *trace,
                                 const char *comment, hf_diag *diag);

/* ---- conditioning ------------------------------------------------------ */

/* What a trace needs before Hunter's single impact can be fitted to it, as
 * measured by hf_maxwell_trace_condition (the whole-curve fit conditions
 * every drop this way and the program reports each step):
 *  - origin: the clock of the fit starts at the first sample, so absolute
 *    time stamps (a DAQ's clock, UNIX time) lose no digits to t − t0;
 *  - used: only the first impact and the flight after it are fitted; a
 *    later impact (the second bounce) is cut at the middle of the flight
 *    between them;
 *  - clipped: samples on a converter's rail — 3 or more samples sharing
 *    the trace's largest value (or its smallest, when that is an
 *    excursion) — and the samples around them while the force stays
 *    within 6 σ of the rail are left out of the fit;
 *  - drift: a straight line fitted to the pre- and post-contact samples;
 *    its slope is removed when it differs from 0 by more than 3 standard
 *    errors (else left: noise);
 *  - noise: the scatter of the pre-contact samples about their own line,
 *    the noise the fit's residuals are compared with.
 * It refuses (HF_EDOM, naming the cause) a trace whose largest excursion
 * from the baseline is negative (a load cell of inverted polarity: negate
 * its force column), and — with an impactor — a trace whose impulse
 * ∫(F − b)dt over the impact is outside [HF_MAXWELL_IMPULSE_MIN,
 * HF_MAXWELL_IMPULSE_MAX]·m V0 (between m V0 and 2 m V0 for any
 * restitution: outside by a factor 2, a unit slip in t_s or F_N, or a V0
 * that is not the drop's; a clipped trace is held to the upper bound only). */
#define HF_MAXWELL_IMPULSE_MIN 0.5
#define HF_MAXWELL_IMPULSE_MAX 4.0

typedef struct hf_maxwell_conditioning {
    double origin;        /* time of the first sample [s] */
    size_t used;          /* samples fitted from the start (the rest cut) */
    size_t cut;           /* samples cut after a later impact */
    size_t clipped;       /* samples left out around a rail: clip_from .. clip_to−1 */
    double rail;          /* the rail's value [N] (NaN without one) */
    size_t clip_from, clip_to; /* the samples from the first on the rail to the
                             last, widened while the force stays within 6 σ of
                             the rail, and 2 more each side: chosen by time, not
                             sample by sample (a sample whose noise took it over
                             the rail is clipped and one whose noise kept it
                             under is not: a choice by value is censored) */
    double drift, drift_se; /* baseline slope [N/s] and its standard error */
    int drift_removed;    /* 1 when the slope was significant and is removed */
    double baseline;      /* mean of the pre-contact samples [N] */
    double noise;         /* their scatter about their line [N] (NaN: too few) */
    size_t noise_samples; /* pre-contact samples (0 when the trace starts in contact) */
    double impulse;       /* ∫(F − b) dt over the first impact [N s] */
} hf_maxwell_conditioning;

/* Fewest pre-contact samples a noise measure is taken on. */
#define HF_MAXWELL_NOISE_MIN_SAMPLES 8

/* Conditions TRACE (see above) into *out; IMPACT (may be NULL) is the
 * drop's impactor, for the impulse check.  HF_EINVAL for a NULL argument
 * or fewer than 3 samples, HF_EDOM for inverted polarity, a unit slip, a
 * non-finite sample or times that do not increase (each naming the
 * trace's file and the values). */
hf_status hf_maxwell_trace_condition(const hf_maxwell_trace *trace,
                                     const hf_maxwell_impact *impact,
                                     hf_maxwell_conditioning *out, hf_diag *diag);

/* ---- extraction -------------------------------------------------------- */

typedef enum hf_maxwell_extract_status {
    HF_MAXWELL_EXTRACT_OK,           /* "ok" */
    HF_MAXWELL_EXTRACT_FEW_SAMPLES,  /* "few-samples": the contact spans fewer than
                                        HF_MAXWELL_TRACE_MIN_CONTACT samples */
    HF_MAXWELL_EXTRACT_CLIPPED,      /* "clipped": 3 or more samples share the
                                        largest value (a saturated converter) */
    HF_MAXWELL_EXTRACT_NO_IMPACT,    /* "no-impact": nothing rises above the noise */
    HF_MAXWELL_EXTRACT_NO_BASELINE,  /* "no-baseline": too few pre-contact samples */
    HF_MAXWELL_EXTRACT_NO_EDGE       /* "no-edge": an edge or the peak has too few
                                        samples to fit */
} hf_maxwell_extract_status;

const char *hf_maxwell_extract_status_name(hf_maxwell_extract_status status);

/* One impact found in a trace.  Times on the trace's clock except t_M and
 * t_c (from the contact start); forces above the baseline.  The values
 * are NaN unless status is OK, FEW_SAMPLES or CLIPPED (then they are
 * computed but not to be trusted). */
typedef struct hf_maxwell_impact_features {
    size_t impact;          /* 1 for the first impact of the trace */
    double t0, t0_se;       /* contact start [s] and its standard uncertainty */
    double F_M, F_M_se;     /* peak force above the baseline [N] */
    double t_M, t_M_se;     /* time of the peak from the contact start [s] */
    double t_c, t_c_se;     /* contact duration [s] */
    double impulse;         /* ∫(F − b) dt over the contact [N s] */
    double V0;              /* approach speed [m/s]: the drop's for the first
                               impact; for a bounce, the previous impact's
                               rebound speed impulse/m − V_in (free flight
                               returns the ball at the speed it left); NaN
                               without an impactor */
    double baseline;        /* b [N] */
    double noise;           /* σ [N] */
    size_t contact_samples; /* samples in the contact */
    hf_maxwell_extract_status status;
} hf_maxwell_impact_features;

/* The impacts of TRACE in time order, at most MAX_IMPACTS of them (1: the
 * first impact only), into out[0 .. *nout-1]; IMPACT (may be NULL) is the
 * drop's impactor, for the approach speeds.  A trace with no impact
 * gives one entry with status NO_IMPACT (or NO_BASELINE).  Deterministic,
 * no allocation beyond GSL's small fit workspaces.  HF_EINVAL for a NULL
 * argument, MAX_IMPACTS 0, or a trace with fewer than
 * HF_MAXWELL_TRACE_MIN_SAMPLES samples; HF_ENOMEM. */
hf_status hf_maxwell_trace_extract(const hf_maxwell_trace *trace,
                                   const hf_maxwell_impact *impact, size_t max_impacts,
                                   hf_maxwell_impact_features *out, size_t *nout,
                                   hf_diag *diag);

/* 1 when F's features can be fitted — F_M, t_M, t_c and V0 finite and
 * > 0: status ok, or a status that only warns (few-samples, clipped) —
 * else 0 (the extraction could not measure the impact). */
int hf_maxwell_impact_features_usable(const hf_maxwell_impact_features *f);

#ifdef __cplusplus
}
#endif
#endif
