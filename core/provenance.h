/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/provenance.h — how the library fills a provenance
 * (hertzfit/status.h) with numbers and input files: only the library calls
 * these (hf_maxwell_provenance); a front end adds its own text entries with
 * hf_provenance_set.
 */
#ifndef HERTZFIT_CORE_PROVENANCE_H
#define HERTZFIT_CORE_PROVENANCE_H

#include "hertzfit/status.h"

/* Sets KEY to VALUE printed as %.17g (round-trips the double). */
hf_status hf_provenance_set_number(hf_provenance *provenance, const char *key, double value,
                                   hf_diag *diag);

/* Sets KEY to PATH and KEY_sha256 to the SHA-256 of the file's bytes (64
 * lower-case hex digits, as sha256sum prints it).  HF_EIO naming PATH when
 * it cannot be read, and the errors of hf_provenance_set. */
hf_status hf_provenance_set_file(hf_provenance *provenance, const char *key, const char *path,
                                 hf_diag *diag);

#endif
