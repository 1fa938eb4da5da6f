/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/status.h — status codes and diagnostics shared by every module.
 *
 * Following SUNDIALS CVODE: 0 is success and negative codes are failures;
 * positive codes are kept for information a call may one day report
 * beside a success (none does: a run that reached its target says so in
 * its stop reason, hertzfit/optimizer.h, and returns HF_OK).  The numeric value,
 * the identifier and the message come from one list (HF_STATUS_LIST) so they
 * cannot drift apart.  The last column says whether the status means bad
 * input — something the caller gave (a value, a file, a name, an output
 * path) that the call cannot work with — rather than a failure of the
 * computation or of the machine (no memory, no convergence, a full disk).
 * Functions that can fail on user input also take an
 * optional hf_diag* into which they write one line naming the bad input
 * (file, line, column, value); the library never prints it itself.
 * HF_EINTERRUPTED is neither: the host's interrupt (hf_interrupt_set,
 * hertzfit/optimizer.h: Ctrl-C in Python, Octave or MATLAB) was pending
 * when a call that writes an atomic output (a campaign folder) finished
 * its runs, so the output, which would hold runs cut short, was not
 * written (its temporary removed); the bindings report it as their
 * interrupt (KeyboardInterrupt, hertzfit:interrupted), the program as
 * exit code 130 (128 + SIGINT).
 */
#ifndef HERTZFIT_STATUS_H
#define HERTZFIT_STATUS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HF_STATUS_LIST(X)                                                    \
    X(HF_OK, 0, "success", 0)                                                \
    X(HF_EDOM, -1, "argument outside its mathematical domain", 1)            \
    X(HF_EINVAL, -2, "invalid argument", 1)                                  \
    X(HF_ENOMEM, -3, "out of memory", 0)                                     \
    X(HF_EIO, -4, "file cannot be opened or read", 1)                        \
    X(HF_EPARSE, -5, "malformed input", 1)                                   \
    X(HF_ENOCONV, -6, "iteration did not converge", 0)                       \
    X(HF_EGSL, -7, "a GSL routine reported an error", 0)                     \
    X(HF_ENLOPT, -8, "an NLopt routine reported an error", 0)                \
    X(HF_ENOTFOUND, -9, "unknown name", 1)                                   \
    X(HF_EBRACKET, -10, "root is not bracketed", 1)                          \
    X(HF_ESINGULAR, -11, "singular system", 1)                               \
    X(HF_EBOUNDS, -12, "lower bound is not below upper bound", 1)            \
    X(HF_ERANGE, -13, "parameter value outside its allowed range", 1)        \
    X(HF_EMISMATCH, -14, "inputs disagree with each other", 1)               \
    X(HF_EEXIST, -15, "the output exists and holds something else", 1)       \
    X(HF_EMISSING, -16, "a value is missing", 1)                             \
    X(HF_EWRITE, -17, "an output could not be written", 0)                   \
    X(HF_EINTERRUPTED, -18, "interrupted", 0)

typedef enum hf_status {
#define HF_STATUS_ENUM(id, value, text, bad_input) id = value,
    HF_STATUS_LIST(HF_STATUS_ENUM)
#undef HF_STATUS_ENUM
} hf_status;

/* Text of a status code; "unknown status" for values not in the list. */
const char *hf_strerror(hf_status status);

/* 1 when STATUS means bad input (the last column of HF_STATUS_LIST), 0
 * for HF_OK, for failures of the computation or the machine, and for
 * values not in the list.  The program's exit code 2, the MEX gateway's
 * hertzfit:badInput and Python's hertzfit.BadInputError derive from it. */
int hf_status_is_bad_input(hf_status status);

/* One line of detail about a failure, filled by the library, printed by the
 * caller.  Pass NULL where the detail is not wanted. */
#define HF_DIAG_SIZE 1024
typedef struct hf_diag {
    char text[HF_DIAG_SIZE];
} hf_diag;

/* printf-style; a NULL diag is ignored.  Returns status, so a failing path
 * reads `return hf_diag_set(diag, HF_EDOM, "c_r = %g is outside (0, 1]", c);` */
hf_status hf_diag_set(hf_diag *diag, hf_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The INDEX-th name of a registry (optimisers, problems, ...); CTX is
 * whatever the registry needs (may be NULL). */
typedef const char *(*hf_name_at_fn)(size_t index, const void *ctx);

/* NAME_AT(0, CTX) .. NAME_AT(count-1, CTX) joined by ", " into BUF (at
 * most SIZE bytes; a list that does not fit ends in "..."; "none" for no
 * names).  Returns BUF. */
const char *hf_names_join(size_t count, hf_name_at_fn name_at, const void *ctx, char *buf,
                          size_t size);

/* The one message for a name not in a registry: sets DIAG to
 * "unknown WHAT 'GIVEN' (valid: N1, N2, ...)" and returns HF_ENOTFOUND. */
hf_status hf_unknown_name(const char *what, const char *given, size_t count,
                          hf_name_at_fn name_at, const void *ctx, hf_diag *diag);

/* Call once at program start-up, before any thread starts: turns GSL's
 * default error handler (which calls abort()) off, so that every GSL error
 * comes back as a status that hertzfit checks.  Idempotent. */
void hf_library_init(void);

/* Removes the temporaries of the library's unfinished atomic outputs (a
 * campaign folder, a table being written), for a program's handler of a
 * fatal signal: async-signal-safe, and nothing else is done.  A program
 * that writes atomic outputs of its own removes those too. */
void hf_library_remove_temporaries(void);

/* The folder of hertzfit's shipped data sets (the reference tables the
 * benchmark problems read, data/ in the source tree) into OUT, SIZE bytes:
 * $HERTZFIT_DATA when it is set and not empty; otherwise share/hertzfit of
 * the installation the library was loaded from, found relative to the
 * library's own file (or, linked statically, the program's), so an
 * installed tree works under any prefix and after it is moved; otherwise
 * "data" (the current folder's data/, as in a source checkout).  HF_ERANGE
 * when the path does not fit SIZE. */
hf_status hf_data_dir(char *out, size_t size, hf_diag *diag);

/* ---- provenance ----------------------------------------------------------
 *
 * What a result was made from, as ordered "key = value" entries: the
 * library's version and git hash (hertzfit_version, git_hash: the commit
 * the library was built from, "unknown" outside git), every option that
 * changes the numbers, and each input file's name and SHA-256 (key FILE
 * and FILE_sha256).  Keys are identifiers (letters, digits, '_', a letter
 * first), so a binding can make them field names; setting a key again
 * replaces its value in place.  The program writes each entry as a line
 * "# key = value" above its tables, the Python package gives them as a
 * dict (`.provenance`), the MATLAB/Octave gateway as a struct field
 * `provenance`: one content for the three.  hertzfit/maxwell_fit.h fills
 * one for the Maxwell tasks (hf_maxwell_provenance), which sets the numbers
 * and the files' hashes itself. */
typedef struct hf_provenance hf_provenance;

/* A provenance holding hertzfit_version and git_hash; *out is the
 * caller's (hf_provenance_free).  HF_ENOMEM. */
hf_status hf_provenance_alloc(hf_provenance **out, hf_diag *diag);
void hf_provenance_free(hf_provenance *provenance);

/* Sets KEY to VALUE (copied).  HF_EINVAL for a key that is not an
 * identifier or a value holding a line break, HF_ENOMEM. */
hf_status hf_provenance_set(hf_provenance *provenance, const char *key, const char *value,
                            hf_diag *diag);

/* Sets KEY to VALUE written with the fewest of 15, 16 or 17 significant
 * digits that read back as VALUE (9.80665, not 9.8066499999999994), so a
 * number recorded by any front end is the same text.  The errors of
 * hf_provenance_set. */
hf_status hf_provenance_set_number(hf_provenance *provenance, const char *key, double value,
                                   hf_diag *diag);

/* The entries, in the order their keys were first set. */
size_t hf_provenance_count(const hf_provenance *provenance);
const char *hf_provenance_key(const hf_provenance *provenance, size_t i);
const char *hf_provenance_value(const hf_provenance *provenance, size_t i);

#ifdef __cplusplus
}
#endif
#endif
