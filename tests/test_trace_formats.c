/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_trace_formats.c — trace files as instruments write them
 * (objectives/trace_formats.c): every accepted form of the shipped trace
 * data/drop_traces/drop01.csv is read to the same numbers as the plain
 * CSV, bit for bit where the form writes the same decimal digits; every
 * refused form is refused with a message naming the file and the place.
 * The .mat file was written by Octave (data/lab_forms/make_mat.m),
 * the HDF5 files are written here with libhdf5, the .lvm files by hand
 * after LabVIEW's text measurement format.  The sample limits are
 * checked on files over them that cost little to write: a compressed
 * .mat and an HDF5 dataset never written hold millions of samples in a
 * few kilobytes.
 */
#define _POSIX_C_SOURCE 200809L
#include "hf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <hdf5.h>
#include <matio.h>

#include "hertzfit/maxwell_data.h"
#include "objectives/maxwell_internal.h"

#define REFERENCE HERTZFIT_SOURCE_DIR "/data/drop_traces/drop01.csv"
#define OCTAVE_MAT HERTZFIT_SOURCE_DIR "/data/lab_forms/drop01.mat"

/* The reference samples as written: the time and force texts. */
static char *ref_t[1000], *ref_F[1000];
static size_t ref_n;
static hf_maxwell_data *ref;
static char dir[1100];

static int setup(void **state)
{
    (void)state;
    hf_library_init();
    char *text = hf_test_read_file(REFERENCE);
    char *save = NULL;
    int header = 1;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#')
            continue;
        if (header) {
            header = 0;
            continue;
        }
        char *comma = strchr(line, ',');
        *comma = '\0';
        ref_t[ref_n] = strdup(line);
        ref_F[ref_n++] = strdup(comma + 1);
    }
    free(text);
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("trace-forms"));
    mkdir(dir, 0755);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    for (size_t k = 0; k < ref_n; ++k) {
        free(ref_t[k]);
        free(ref_F[k]);
    }
    hf_maxwell_data_free(ref);
    return 0;
}

/* NAME in the scratch folder; the last 8 paths stay valid. */
static const char *in_dir(const char *name)
{
    static char path[8][1200];
    static unsigned next;
    char *p = path[next++ % 8];
    snprintf(p, sizeof path[0], "%s/%s", dir, name);
    return p;
}

/* Writes the one-drop list naming TRACE (absolute, or in the scratch
 * folder) into the scratch folder's list.csv. */
static void write_list(const char *trace)
{
    char text[1400];
    snprintf(text, sizeof text, "m_g,D_mm,h_mm,trace\n4.08,10,20,%s\n", trace);
    hf_test_write_file(in_dir("list.csv"), text);
}

/* Reads the list naming TRACE with FORMAT (may be NULL); *diag filled on
 * failure. */
static hf_status read_one(const char *trace, const hf_maxwell_trace_format *format,
                          hf_maxwell_data **d, hf_diag *diag)
{
    write_list(trace);
    char list[1200];
    snprintf(list, sizeof list, "%s", in_dir("list.csv"));
    hf_maxwell_read_options o;
    hf_maxwell_read_options_init(&o);
    if (format != NULL)
        o.trace_format = *format;
    return hf_maxwell_data_read(list, &o, d, diag);
}

/* TRACE read with FORMAT holds the reference's samples: bit for bit when
 * rel is 0, else within rel of each. */
static void assert_same(const char *trace, const hf_maxwell_trace_format *format, double rel)
{
    hf_maxwell_data *d = NULL;
    hf_diag diag = {{0}};
    hf_status st = read_one(trace, format, &d, &diag);
    if (st != HF_OK)
        print_error("%s: %s\n", trace, diag.text);
    assert_int_equal(st, HF_OK);
    const hf_maxwell_trace *a = &d->trace[0], *b = &ref->trace[0];
    assert_int_equal(a->n, b->n);
    /* the count that bounds the limits before reading is the samples read */
    size_t counted = 0;
    char path[1200];
    snprintf(path, sizeof path, "%s", trace[0] == '/' ? trace : in_dir(trace));
    assert_int_equal(hf_maxwell_trace_count_file(path, format, &counted, &diag), HF_OK);
    assert_int_equal(counted, a->n);
    if (rel == 0.0) {
        assert_memory_equal(a->t, b->t, sizeof(double) * a->n);
        assert_memory_equal(a->F, b->F, sizeof(double) * a->n);
    } else {
        for (size_t k = 0; k < a->n; ++k) {
            HF_ASSERT_CLOSE(a->t[k], b->t[k], 0.0, rel);
            HF_ASSERT_CLOSE(a->F[k], b->F[k], 0.0, rel);
        }
    }
    hf_maxwell_data_free(d);
}

static void assert_refused(const char *trace, const hf_maxwell_trace_format *format,
                           hf_status want, const char *needle)
{
    hf_maxwell_data *d = NULL;
    hf_diag diag = {{0}};
    hf_status st = read_one(trace, format, &d, &diag);
    if (st != want || strstr(diag.text, needle) == NULL)
        print_error("%s: status %d (wanted %d): %s\n(wanted '%s')\n", trace, st, want,
                    diag.text, needle);
    assert_int_equal(st, want);
    assert_non_null(strstr(diag.text, needle));
    /* the list's cell, then the trace file */
    assert_non_null(strstr(diag.text, "list.csv:2:4: trace file:"));
    assert_null(d);
}

/* A text file NAME in the scratch folder: HEADER, then one line per
 * sample made by ROW from the reference texts. */
typedef void (*row_fn)(char *buf, size_t size, size_t k);
static const char *write_rows(const char *name, const char *header, row_fn row)
{
    size_t size = 4096 + 100 * ref_n, len = 0;
    char *text = malloc(size);
    assert_non_null(text);
    len += (size_t)snprintf(text, size, "%s", header);
    for (size_t k = 0; k < ref_n; ++k) {
        row(text + len, size - len, k);
        len += strlen(text + len);
    }
    const char *path = in_dir(name);
    hf_test_write_file(path, text);
    free(text);
    return path;
}

static void comma(char *s)
{
    for (; *s; ++s)
        if (*s == '.')
            *s = ',';
}
static void row_decimal_comma(char *buf, size_t size, size_t k)
{
    snprintf(buf, size, "%s;%s\n", ref_t[k], ref_F[k]);
    comma(buf);
}
static void row_plain(char *buf, size_t size, size_t k)
{
    snprintf(buf, size, "%s,%s\n", ref_t[k], ref_F[k]);
}
static void row_two_channels(char *buf, size_t size, size_t k)
{
    snprintf(buf, size, "%s,7.5,%s\n", ref_t[k], ref_F[k]);
}
static void row_index(char *buf, size_t size, size_t k)
{
    snprintf(buf, size, "%zu,%s\n", k, ref_F[k]);
}
static void row_force_only(char *buf, size_t size, size_t k)
{
    snprintf(buf, size, "%s\n", ref_F[k]);
}
/* milliseconds and millinewtons, 17 digits */
static void row_milli(char *buf, size_t size, size_t k)
{
    snprintf(buf, size, "%.17g;%.17g\n", strtod(ref_t[k], NULL) * 1e3,
             strtod(ref_F[k], NULL) * 1e3);
}
static void row_lvm(char *buf, size_t size, size_t k)
{
    snprintf(buf, size, "%s\t%s\t\n", ref_t[k], ref_F[k]);
}
static void row_lvm_comma(char *buf, size_t size, size_t k)
{
    snprintf(buf, size, "%s\t%s\t\n", ref_t[k], ref_F[k]);
    comma(buf);
}
static void row_lvm_csv(char *buf, size_t size, size_t k)
{
    snprintf(buf, size, "%s,%s,\n", ref_t[k], ref_F[k]);
}
static void row_lvm_two(char *buf, size_t size, size_t k)
{
    snprintf(buf, size, "%s\t%s\t0.5\t\n", ref_t[k], ref_F[k]);
}

static void test_reference(void **state)
{
    (void)state;
    hf_diag diag = {{0}};
    assert_int_equal(read_one(REFERENCE, NULL, &ref, &diag), HF_OK);
    assert_int_equal(ref->trace[0].n, ref_n);
    assert_true(ref_n > 400);
}

static void test_csv_forms(void **state)
{
    (void)state;
    hf_maxwell_trace_format f;
    /* a decimal comma, ';' between the columns */
    hf_maxwell_trace_format_init(&f);
    f.decimal = ',';
    assert_same(write_rows("comma.csv", "t_s;F_N\n", row_decimal_comma), &f, 0.0);
    /* ... refused without the option, with the hint */
    assert_refused(in_dir("comma.csv"), NULL, HF_EPARSE, "a decimal comma?");
    /* ... and refused with ',' between the columns */
    assert_refused(write_rows("comma-sep.csv", "t_s,F_N\n", row_plain), &f, HF_EINVAL,
                   "numbers with a decimal comma need ';' or tabs");
    /* columns named as the lab named them, the unit in the name */
    hf_maxwell_trace_format_init(&f);
    f.time_column = "Time (s)";
    f.force_column = "Force [N]";
    assert_same(write_rows("named.csv", "\"Time (s)\",Force [N]\n", row_plain), &f, 0.0);
    /* ... a name with no unit refused, then given; a column not there */
    f.time_column = "Zeit";
    f.force_column = "Kraft";
    const char *milli = write_rows("milli.csv", "Zeit;Kraft\n", row_milli);
    assert_refused(milli, &f, HF_EPARSE, "column 'Zeit' gives no unit of the time");
    f.time_unit = "ms";
    f.force_unit = "mN";
    /* 17 digits of t·1e3 and F·1e3, scaled back by 1e-3: two roundings
     * of half an ulp each, relative 2.3e-16 at most */
    assert_same(milli, &f, 3e-16);
    f.force_unit = "lbf";
    assert_refused(milli, &f, HF_EINVAL, "force unit 'lbf' is not one of N, kN, mN");
    f.force_column = "Force";
    f.force_unit = NULL;
    assert_refused(milli, &f, HF_ENOTFOUND, "no column 'Force' for the force (the file has: "
                                            "Zeit, Kraft)");
    /* unit letters in any case; MN refused as ambiguous */
    assert_same(write_rows("upper.csv", "T_S,f_n\n", row_plain), NULL, 0.0);
    assert_refused(write_rows("mega.csv", "t_s,F_MN\n", row_plain), NULL, HF_EPARSE,
                   "'MN': meganewtons, or millinewtons in capitals? write mN");
    /* T_K is a temperature, not a time with an unknown unit; t_K is refused */
    assert_refused(write_rows("tempK.csv", "t_K,F_N\n", row_plain), NULL, HF_EPARSE,
                   "column 't_K' names the time with an unknown unit");
    /* two force channels: refused unnamed, the one named read */
    const char *two = write_rows("two.csv", "t_s,F1_N,F2_N\n", row_two_channels);
    assert_refused(two, NULL, HF_ENOTFOUND, "no force column (one of F_N, F_kN, F_mN is "
                                            "required); the unit's letters may be in any "
                                            "case, or name it with --force-column NAME "
                                            "(the file has: t_s, F1_N, F2_N)");
    hf_maxwell_trace_format_init(&f);
    f.force_column = "F2_N";
    assert_same(two, &f, 0.0);
    /* a sample number and the rate: k/1e5 and strtod("1e-05"·k) are both
     * the double nearest the same real number */
    hf_maxwell_trace_format_init(&f);
    f.time_column = "sample";
    f.rate = 1e5;
    assert_same(write_rows("index.csv", "sample,F_N\n", row_index), &f, 0.0);
    f.time_column = NULL;
    assert_same(write_rows("force-only.csv", "F_N\n", row_force_only), &f, 0.0);
    f.rate = -1.0;
    assert_refused(in_dir("force-only.csv"), &f, HF_EINVAL, "sample rate -1 Hz must be finite "
                                                            "and > 0");
}

#define LVM_HEAD(dec, sep)                                                            \
    "LabVIEW Measurement\t\nWriter_Version\t2\nReader_Version\t2\nSeparator\t" sep    \
    "\nDecimal_Separator\t" dec "\nMulti_Headings\tNo\nX_Columns\tOne\nTime_Pref\t"    \
    "Relative\nOperator\tlab\nDate\t2026/11/27\nTime\t10:00:00\n***End_of_Header***\t\n\n"

static void test_lvm(void **state)
{
    (void)state;
    assert_same(write_rows("drop.lvm",
                           LVM_HEAD(".", "Tab") "Channels\t1\t\nSamples\t433\t\nY_Unit_Label\t"
                           "N\t\nX_Dimension\tTime\t\nX0\t0.0000000000000000E+0\t\nDelta_X\t"
                           "0.000010\t\n***End_of_Header***\t\nX_Value\tForce\tComment\n",
                           row_lvm), NULL, 0.0);
    assert_same(write_rows("comma.lvm",
                           LVM_HEAD(",", "Tab") "Channels\t1\t\nY_Unit_Label\tN\t\nX0\t0,0\t\n"
                           "Delta_X\t0,00001\t\n***End_of_Header***\t\nX_Value\tForce\t"
                           "Comment\n", row_lvm_comma), NULL, 0.0);
    /* a file written with the comma separator, header lines too */
    assert_same(write_rows("csv.lvm",
                           "LabVIEW Measurement,\nWriter_Version,2\nSeparator,Comma\n"
                           "Decimal_Separator,.\n***End_of_Header***,\n\nChannels,1,\n"
                           "Y_Unit_Label,N,\n***End_of_Header***,\nX_Value,Force,Comment\n",
                           row_lvm_csv), NULL, 0.0);
    /* two channels: refused unnamed, the one named read */
    const char *two = write_rows("two.lvm",
                                 LVM_HEAD(".", "Tab") "Channels\t2\t\nY_Unit_Label\tN\tV\t\n"
                                 "***End_of_Header***\t\nX_Value\tForce\tAccel\tComment\n",
                                 row_lvm_two);
    assert_refused(two, NULL, HF_ENOTFOUND, "2 channels (X_Value, Force, Accel): name the "
                                            "force channel (--force-column NAME)");
    hf_maxwell_trace_format f;
    hf_maxwell_trace_format_init(&f);
    f.force_column = "Force";
    assert_same(two, &f, 0.0);
    f.force_column = "Accel";
    assert_refused(two, &f, HF_EPARSE, "channel 'Accel' has the unit label 'V'");
    /* not a text measurement file; a file cut in its header */
    assert_refused(write_rows("binary.lvm", "LVM binary\n", row_lvm), NULL, HF_EPARSE, ":1: not a LabVIEW measurement "
                                                          "file");
    /* a second segment (a second drop) after the first one's samples */
    char *one = hf_test_read_file(in_dir("drop.lvm"));
    size_t len = strlen(one) + 100;
    char *twice = malloc(len);
    assert_non_null(twice);
    snprintf(twice, len, "%s\nChannels\t1\t\n", one);
    hf_test_write_file(in_dir("segments.lvm"), twice);
    free(twice);
    free(one);
    assert_refused(in_dir("segments.lvm"), NULL, HF_EPARSE, "a second segment: hertzfit reads "
                                                            "one segment (one drop) per .lvm "
                                                            "file");
    hf_test_write_file(in_dir("cut.lvm"), LVM_HEAD(".", "Tab") "Channels\t1\n");
    assert_refused(in_dir("cut.lvm"), NULL, HF_EPARSE, "the file ends before its segment's "
                                                       "header does");
}

static void test_mat_written_by_octave(void **state)
{
    (void)state;
    assert_same(OCTAVE_MAT, NULL, 0.0);
    hf_maxwell_trace_format f;
    hf_maxwell_trace_format_init(&f);
    f.time_column = "rec.t";
    f.force_column = "rec.F";
    assert_refused(OCTAVE_MAT, &f, HF_EPARSE, "variable 'rec.t' gives no unit of the time");
    f.time_unit = "s";
    f.force_unit = "N";
    assert_same(OCTAVE_MAT, &f, 0.0);
    f.time_column = "grid";
    assert_refused(OCTAVE_MAT, &f, HF_EPARSE, "variable 'grid' is not a real vector");
    f.time_column = "time";
    assert_refused(OCTAVE_MAT, &f, HF_ENOTFOUND, "no variable 'time' (the file has: t_s, F_N, "
                                                 "rec, grid)");
    f.time_column = "rec.x";
    assert_refused(OCTAVE_MAT, &f, HF_ENOTFOUND, "variable 'rec' is no struct with a field "
                                                 "'x'");
    hf_test_write_file(in_dir("fake.mat"), "t_s,F_N\n");
    assert_refused(in_dir("fake.mat"), NULL, HF_EIO, "cannot be read as a MATLAB .mat file");
}

static void h5_vector(hid_t where, const char *name, const double *v, hsize_t rows,
                      hsize_t cols)
{
    hsize_t dims[2] = {rows, cols};
    hid_t space = H5Screate_simple(cols > 1 ? 2 : 1, dims, NULL);
    hid_t ds = H5Dcreate2(where, name, H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT,
                          H5P_DEFAULT);
    assert_true(ds >= 0);
    assert_true(H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v) >= 0);
    H5Dclose(ds);
    H5Sclose(space);
}

static void test_hdf5(void **state)
{
    (void)state;
    const hf_maxwell_trace *r = &ref->trace[0];
    char path[1200];
    snprintf(path, sizeof path, "%s", in_dir("drop.h5"));
    hid_t file = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    assert_true(file >= 0);
    h5_vector(file, "t_s", r->t, r->n, 1);
    h5_vector(file, "F_N", r->F, r->n, 1);
    hid_t group = H5Gcreate2(file, "drop1", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    h5_vector(group, "time", r->t, r->n, 1);
    h5_vector(group, "force", r->F, r->n, 1);
    h5_vector(group, "wide", r->F, 2, 3);
    H5Gclose(group);
    H5Fclose(file);
    assert_same(path, NULL, 0.0);
    hf_maxwell_trace_format f;
    hf_maxwell_trace_format_init(&f);
    f.time_column = "/drop1/time";
    f.force_column = "/drop1/force";
    f.time_unit = "s";
    f.force_unit = "N";
    assert_same(path, &f, 0.0);
    f.force_column = "/drop1/wide";
    assert_refused(path, &f, HF_EPARSE, "dataset '/drop1/wide' is not a numeric vector");
    f.force_column = "/drop2/force";
    assert_refused(path, &f, HF_ENOTFOUND, "no dataset '/drop2/force' (the root group has: "
                                           "F_N, drop1, t_s)");
    hf_test_write_file(in_dir("fake.h5"), "t_s,F_N\n");
    assert_refused(in_dir("fake.h5"), NULL, HF_EIO, "cannot be read as an HDF5 file");
}

/* A trace handed over in memory (hf_maxwell_data_set_trace) is extracted
 * as the same numbers read from its file; bad samples are refused. */
static void test_trace_from_arrays(void **state)
{
    (void)state;
    const hf_maxwell_trace *r = &ref->trace[0];
    hf_maxwell_data *d = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_maxwell_data_alloc(1, 0, &d, &diag), HF_OK);
    d->impact[0] = ref->impact[0];
    assert_int_equal(hf_maxwell_data_set_trace(d, 0, r->n, r->t, r->F, &diag), HF_OK);
    assert_null(d->trace[0].path);
    hf_maxwell_impact_features a, b;
    size_t na = 0, nb = 0;
    assert_int_equal(hf_maxwell_trace_extract(&d->trace[0], &d->impact[0], 1, &a, &na, &diag),
                     HF_OK);
    assert_int_equal(hf_maxwell_trace_extract(r, &ref->impact[0], 1, &b, &nb, &diag), HF_OK);
    assert_int_equal(a.status, HF_MAXWELL_EXTRACT_OK);
    /* every value the same double (the struct's padding is not compared) */
    const double va[] = {a.t0, a.t0_se, a.F_M, a.F_M_se, a.t_M, a.t_M_se, a.t_c, a.t_c_se,
                         a.impulse, a.V0, a.baseline, a.noise};
    const double vb[] = {b.t0, b.t0_se, b.F_M, b.F_M_se, b.t_M, b.t_M_se, b.t_c, b.t_c_se,
                         b.impulse, b.V0, b.baseline, b.noise};
    assert_memory_equal(va, vb, sizeof va);
    assert_int_equal(a.contact_samples, b.contact_samples);
    double *t = malloc(sizeof(double) * r->n);
    assert_non_null(t);
    memcpy(t, r->t, sizeof(double) * r->n);
    t[5] = t[4];
    assert_int_equal(hf_maxwell_data_set_trace(d, 0, r->n, t, r->F, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "trace 1: sample 6: time"));
    t[5] = NAN;
    assert_int_equal(hf_maxwell_data_set_trace(d, 0, r->n, t, r->F, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "is not finite"));
    assert_int_equal(hf_maxwell_data_set_trace(d, 0, 3, r->t, r->F, &diag), HF_EINVAL);
    assert_int_equal(hf_maxwell_data_set_trace(d, 1, r->n, r->t, r->F, &diag), HF_EINVAL);
    free(t);
    hf_maxwell_data_free(d);
}

/* ---- limits checked before any trace is read ---------------------------- */

/* A text trace NAME: HEADER, a first sample that cannot be parsed (a
 * reader that parsed before counting would stop there), then N - 1
 * samples of LINE. */
static const char *write_text_samples(const char *name, const char *header, const char *bad,
                                      const char *line, size_t n)
{
    size_t hl = strlen(header), bl = strlen(bad), ll = strlen(line);
    size_t size = hl + bl + ll * n + 1;
    char *text = malloc(size);
    assert_non_null(text);
    memcpy(text, header, hl);
    memcpy(text + hl, bad, bl);
    for (size_t k = 1; k < n; ++k)
        memcpy(text + hl + bl + ll * (k - 1), line, ll);
    text[hl + bl + ll * (n - 1)] = '\0';
    const char *path = in_dir(name);
    hf_test_write_file(path, text);
    free(text);
    return path;
}

/* An HDF5 trace NAME whose t_s and F_N declare N samples and hold none:
 * chunked datasets never written take no room in the file. */
static const char *write_h5_declared(const char *name, hsize_t n)
{
    const char *path = in_dir(name);
    hid_t file = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    assert_true(file >= 0);
    hid_t space = H5Screate_simple(1, &n, NULL);
    hid_t plist = H5Pcreate(H5P_DATASET_CREATE);
    hsize_t chunk = 4096;
    assert_true(H5Pset_chunk(plist, 1, &chunk) >= 0);
    const char *names[] = {"t_s", "F_N"};
    for (int q = 0; q < 2; ++q) {
        hid_t ds = H5Dcreate2(file, names[q], H5T_IEEE_F64LE, space, H5P_DEFAULT, plist,
                              H5P_DEFAULT);
        assert_true(ds >= 0);
        H5Dclose(ds);
    }
    H5Pclose(plist);
    H5Sclose(space);
    H5Fclose(file);
    return path;
}

/* A MATLAB trace NAME with t_s and F_N of N zeros, compressed: the file
 * is small, the variables' declared sizes are not. */
static const char *write_mat_zeros(const char *name, size_t n)
{
    const char *path = in_dir(name);
    double *zeros = calloc(n, sizeof *zeros);
    assert_non_null(zeros);
    mat_t *mat = Mat_CreateVer(path, NULL, MAT_FT_MAT5);
    assert_non_null(mat);
    size_t dims[2] = {n, 1};
    const char *names[] = {"t_s", "F_N"};
    for (int q = 0; q < 2; ++q) {
        matvar_t *v = Mat_VarCreate(names[q], MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dims, zeros, 0);
        assert_non_null(v);
        assert_int_equal(Mat_VarWrite(mat, v, MAT_COMPRESSION_ZLIB), 0);
        Mat_VarFree(v);
    }
    Mat_Close(mat);
    free(zeros);
    return path;
}

/* Trace K of the four forms (CSV, .lvm, .mat, HDF5) with N samples, the
 * text forms' first one unparsable. */
static const char *write_form(int k, size_t n)
{
    switch (k) {
    case 0:
        return write_text_samples("over.csv", "# a comment\nt_s,F_N\n\n", "0,zero\n", "1,0\n",
                                  n);
    case 1:
        return write_text_samples("over.lvm",
                                  LVM_HEAD(".", "Tab") "Channels\t1\t\nX0\t0\t\nDelta_X\t"
                                  "1e-5\t\n***End_of_Header***\t\nX_Value\tForce\tComment\n",
                                  "0\tzero\t\n", "1\t0\t\n", n);
    case 2:
        return write_mat_zeros("over.mat", n);
    default:
        return write_h5_declared("over.h5", n);
    }
}

/* A trace of each form one sample over HF_MAXWELL_TRACE_MAX_SAMPLES is
 * refused by its count, naming the file, the count and the limit, before
 * its first (unparsable, or unwritten) sample is read. */
static void test_trace_over_limit(void **state)
{
    (void)state;
    const size_t over = HF_MAXWELL_TRACE_MAX_SAMPLES + 1;
    for (int k = 0; k < 4; ++k) {
        char file[1200];
        snprintf(file, sizeof file, "%s", write_form(k, over));
        hf_maxwell_data *d = NULL;
        hf_diag diag = {{0}};
        hf_status st = read_one(file, NULL, &d, &diag);
        char want[1600];
        snprintf(want, sizeof want, "list.csv:2:4: trace file %s holds %zu samples, over the "
                 "%d a trace may have (nothing was read)", file, over,
                 HF_MAXWELL_TRACE_MAX_SAMPLES);
        if (st != HF_ERANGE || strstr(diag.text, want) == NULL)
            print_error("%s: status %d: %s\n(wanted '%s')\n", file, st, diag.text, want);
        assert_int_equal(st, HF_ERANGE);
        assert_non_null(strstr(diag.text, want));
        assert_null(d);
    }
    /* at the limit the count lets the trace through to its reader, which
     * then meets the unparsable first sample */
    write_text_samples("full.csv", "t_s,F_N\n", "0,zero\n", "1,0\n",
                       HF_MAXWELL_TRACE_MAX_SAMPLES);
    assert_refused(in_dir("full.csv"), NULL, HF_EPARSE, "zero");
}

/* A list whose traces together pass HF_MAXWELL_TRACE_MAX_TOTAL is
 * refused before its first trace (unparsable) is read, naming the line
 * of the list where the count passes the limit, the file, the count and
 * the limit. */
static void test_list_over_total(void **state)
{
    (void)state;
    /* 26 traces of 1923077 samples: 50000002, two over the limit */
    const size_t per = 1923077, traces = 26;
    assert_true(per * traces > HF_MAXWELL_TRACE_MAX_TOTAL &&
                per * (traces - 1) <= HF_MAXWELL_TRACE_MAX_TOTAL);
    char big[1200];
    snprintf(big, sizeof big, "%s", write_h5_declared("big.h5", per));
    write_text_samples("bad.csv", "t_s,F_N\n", "0,zero\n", "1,0\n", 20);
    size_t size = 100 + 40 * (traces + 1), len = 0;
    char *text = malloc(size);
    assert_non_null(text);
    len += (size_t)snprintf(text, size, "m_g,D_mm,h_mm,trace\n4.08,10,20,bad.csv\n");
    for (size_t k = 0; k < traces; ++k)
        len += (size_t)snprintf(text + len, size - len, "4.08,10,20,big.h5\n");
    hf_test_write_file(in_dir("list.csv"), text);
    free(text);
    hf_maxwell_data *d = NULL;
    hf_diag diag = {{0}};
    char list[1200], want[2600];
    snprintf(list, sizeof list, "%s", in_dir("list.csv"));
    hf_status st = hf_maxwell_data_read(list, NULL, &d, &diag);
    snprintf(want, sizeof want, "list.csv:%zu:4: with trace file %s the traces hold %zu "
             "samples, over the %d a list may hold (counted before reading: nothing was read)",
             traces + 2, big, 20 + per * traces, HF_MAXWELL_TRACE_MAX_TOTAL);
    if (st != HF_ERANGE || strstr(diag.text, want) == NULL)
        print_error("status %d: %s\n(wanted '%s')\n", st, diag.text, want);
    assert_int_equal(st, HF_ERANGE);
    assert_non_null(strstr(diag.text, want));
    assert_null(d);
    /* the program: exit 2, that one line */
    char args[1400];
    snprintf(args, sizeof args, "maxwell extract --data %s", list);
    hf_test_expect_failure(args, 2, "over the 50000000 a list may hold");
}

/* The program reads the forms with its options, to the same features. */
static void test_cli(void **state)
{
    (void)state;
    char args[3000], *out_ref = NULL, *out = NULL, *err = NULL;
    snprintf(args, sizeof args, "maxwell extract --csv --data %s", in_dir("list.csv"));
    write_list(REFERENCE);
    assert_int_equal(hf_test_cli_table(args, &out_ref, &err), 0);
    free(err);
    write_list("comma.csv");
    snprintf(args, sizeof args, "maxwell extract --csv --decimal , --data %s",
             in_dir("list.csv"));
    assert_int_equal(hf_test_cli_table(args, &out, &err), 0);
    free(err);
    /* the same row but for the trace file's name, the column before the
     * last four (e, u_e, flight_e, u_flight_e); the provenance lines (the
     * files' names and hashes) left out */
    const char *ref_e = out_ref + strlen(out_ref);
    for (int commas = 0; commas < 4 && ref_e > out_ref;)
        commas += *--ref_e == ',';
    ++ref_e; /* the start of e, after the fourth comma from the end */
    const char *ref_file = ref_e - 1;
    while (ref_file > out_ref && ref_file[-1] != ',')
        --ref_file; /* the start of the trace file's name */
    assert_memory_equal(out, out_ref, (size_t)(ref_file - out_ref));
    assert_non_null(strstr(out, ref_e));
    free(out);
    write_list("milli.csv");
    snprintf(args, sizeof args, "maxwell extract --data %s --time-column Zeit", in_dir("list.csv"));
    hf_test_expect_failure(args, 2, "column 'Zeit' gives no unit of the time");
    snprintf(args, sizeof args, "maxwell extract --data %s --rate 1e5 --time-unit s",
             in_dir("list.csv"));
    hf_test_expect_failure(args, 2, "--time-unit");
    free(out_ref);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference),
        cmocka_unit_test(test_csv_forms),
        cmocka_unit_test(test_lvm),
        cmocka_unit_test(test_mat_written_by_octave),
        cmocka_unit_test(test_hdf5),
        cmocka_unit_test(test_trace_from_arrays),
        cmocka_unit_test(test_cli),
        cmocka_unit_test(test_trace_over_limit),
        cmocka_unit_test(test_list_over_total),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
