/*
 * objectives/sampling.c — c_r samplings for the profile objective:
 * an inclusive grid "start:step:stop", a file of values "file:PATH", or
 * "hgeom:h0:h1:n", geometric in h_r and mapped to c_r by the exact inverse
 * relation (which spreads the samples evenly over the decades of damping,
 * where a grid in c_r crowds them near elastic impacts).
 */
#define _POSIX_C_SOURCE 200809L /* getline */
#include "hertzfit/profile_objective.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/csv.h"
#include "hertzfit/restitution.h"

#define MAX_SAMPLES 10000000u

static hf_status check_cr(double c, const char *where, hf_diag *diag)
{
    if (!(c > 0.0 && c <= 1.0))
        return hf_diag_set(diag, HF_EDOM, "%s: c_r = %.17g is outside (0, 1]", where, c);
    return HF_OK;
}

/* Splits "x:y:z" in place at ':' into fields; returns the field count
 * (only the first n are stored). */
static int split_fields(char *buf, char **fields, int n)
{
    int count = 0;
    for (char *p = buf;; ) {
        char *colon = strchr(p, ':');
        if (count < n)
            fields[count] = p;
        ++count;
        if (colon == NULL)
            return count;
        *colon = '\0';
        p = colon + 1;
    }
}

static hf_status parse_field(const char *spec, const char *name, const char *text,
                             double *value, hf_diag *diag)
{
    hf_status st = hf_parse_double(text, value, NULL);
    if (st != HF_OK)
        return hf_diag_set(diag, st, "sampling '%s': %s '%s' is not a finite number",
                           spec, name, text);
    return HF_OK;
}

static hf_status parse_grid(const char *spec, double **values, size_t *count, hf_diag *diag)
{
    char buf[256], *f[3];
    snprintf(buf, sizeof buf, "%s", spec);
    if (split_fields(buf, f, 3) != 3)
        return hf_diag_set(diag, HF_EPARSE,
                           "sampling '%s': expected start:step:stop, file:PATH or hgeom:h0:h1:n",
                           spec);
    double start, step, stop;
    hf_status st;
    if ((st = parse_field(spec, "start", f[0], &start, diag)) != HF_OK ||
        (st = parse_field(spec, "step", f[1], &step, diag)) != HF_OK ||
        (st = parse_field(spec, "stop", f[2], &stop, diag)) != HF_OK)
        return st;
    if (!(step > 0.0))
        return hf_diag_set(diag, HF_EDOM, "sampling '%s': step %g must be positive", spec, step);
    if (start > stop)
        return hf_diag_set(diag, HF_EDOM, "sampling '%s': start %g is above stop %g",
                           spec, start, stop);
    if ((st = check_cr(start, "sampling start", diag)) != HF_OK ||
        (st = check_cr(stop, "sampling stop", diag)) != HF_OK)
        return st;
    /* Inclusive: stop counts when it is within 1e-9 steps of the grid. */
    double span = (stop - start) / step;
    if (span >= MAX_SAMPLES)
        return hf_diag_set(diag, HF_EDOM, "sampling '%s': more than %u points", spec,
                           MAX_SAMPLES);
    size_t n = (size_t)floor(span + 1e-9) + 1;
    double *v = malloc(sizeof(double) * n);   /* caller frees */
    if (v == NULL)
        return HF_ENOMEM;
    for (size_t i = 0; i < n; ++i)
        v[i] = fmin(start + (double)i * step, 1.0);
    *values = v;
    *count = n;
    return HF_OK;
}

static hf_status parse_hgeom(const char *spec, double **values, size_t *count, hf_diag *diag)
{
    char buf[256], *f[3];
    snprintf(buf, sizeof buf, "%s", spec + strlen("hgeom:"));
    if (split_fields(buf, f, 3) != 3)
        return hf_diag_set(diag, HF_EPARSE, "sampling '%s': expected hgeom:h0:h1:n", spec);
    double h0, h1;
    unsigned long long n;
    hf_status st;
    if ((st = parse_field(spec, "h0", f[0], &h0, diag)) != HF_OK ||
        (st = parse_field(spec, "h1", f[1], &h1, diag)) != HF_OK)
        return st;
    if (hf_parse_count(f[2], &n, NULL) != HF_OK || n < 2 || n > MAX_SAMPLES)
        return hf_diag_set(diag, HF_EDOM, "sampling '%s': n '%s' must be an integer from 2 to %u",
                           spec, f[2], MAX_SAMPLES);
    if (!(h0 > 0.0 && h1 > h0))
        return hf_diag_set(diag, HF_EDOM, "sampling '%s': need 0 < h0 < h1 (got %g, %g)",
                           spec, h0, h1);
    double *v = malloc(sizeof(double) * n);   /* caller frees */
    if (v == NULL)
        return HF_ENOMEM;
    for (size_t i = 0; i < n; ++i) {
        double h = h0 * pow(h1 / h0, (double)i / (double)(n - 1));
        st = hf_restitution_cr_exact(h, &v[i], NULL);
        if (st != HF_OK || !(v[i] > 0.0)) {
            free(v);
            return hf_diag_set(diag, HF_EDOM, "sampling '%s': h = %g has no representable c_r",
                               spec, h);
        }
    }
    *values = v;
    *count = n;
    return HF_OK;
}

static hf_status parse_file(const char *spec, double **values, size_t *count, hf_diag *diag)
{
    const char *path = spec + strlen("file:");
    FILE *fp = fopen(path, "r");
    if (fp == NULL)
        return hf_diag_set(diag, HF_EIO, "sampling file %s: cannot open", path);
    size_t n = 0, cap = 128, line_no = 0;
    double *v = malloc(sizeof(double) * cap);   /* caller frees on success */
    char *line = NULL;                          /* getline's buffer, freed below */
    size_t line_cap = 0;
    hf_status st = v ? HF_OK : HF_ENOMEM;
    while (st == HF_OK && getline(&line, &line_cap, fp) != -1) {
        ++line_no;
        char *p = line + strspn(line, " \t\r\n");
        if (*p == '\0' || *p == '#')
            continue;
        p[strcspn(p, "\r\n")] = '\0';
        double c;
        if (hf_parse_double(p, &c, NULL) != HF_OK) {
            st = hf_diag_set(diag, HF_EPARSE, "%s:%zu:1: '%.40s%s' is not a number", path,
                             line_no, p, strlen(p) > 40 ? "..." : "");
        } else if (!(c > 0.0 && c <= 1.0)) {
            st = hf_diag_set(diag, HF_EDOM, "%s:%zu:1: c_r = %s is outside (0, 1]", path,
                             line_no, p);
        } else {
            if (n == cap) {
                /* the grown array stays owned here until returned to the caller */
                double *grown = realloc(v, sizeof(double) * (cap *= 2));
                if (grown == NULL) {
                    st = HF_ENOMEM;
                    break;
                }
                v = grown;
            }
            v[n++] = c;
        }
    }
    free(line);
    fclose(fp);
    if (st == HF_OK && n == 0)
        st = hf_diag_set(diag, HF_EPARSE, "%s: no c_r values", path);
    if (st != HF_OK) {
        free(v);
        return st;
    }
    *values = v;
    *count = n;
    return HF_OK;
}

hf_status hf_sampling_parse(const char *spec, double **values, size_t *count,
                            hf_diag *diag)
{
    *values = NULL;
    *count = 0;
    if (spec == NULL || spec[0] == '\0')
        return hf_diag_set(diag, HF_EPARSE, "empty sampling spec");
    if (strlen(spec) >= 200 && strncmp(spec, "file:", 5) != 0)
        return hf_diag_set(diag, HF_EPARSE, "sampling spec is too long");
    if (strncmp(spec, "file:", 5) == 0)
        return parse_file(spec, values, count, diag);
    if (strncmp(spec, "hgeom:", 6) == 0)
        return parse_hgeom(spec, values, count, diag);
    return parse_grid(spec, values, count, diag);
}
