/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/provenance.h — how the library records an input file in a
 * provenance (hertzfit/status.h): only the library calls this
 * (hf_maxwell_provenance); a front end adds its own entries with
 * hf_provenance_set and hf_provenance_set_number.
 */
#ifndef HERTZFIT_CORE_PROVENANCE_H
#define HERTZFIT_CORE_PROVENANCE_H

#include "hertzfit/status.h"

/* Sets KEY to PATH and KEY_sha256 to the SHA-256 of the file's bytes (64
 * lower-case hex digits, as sha256sum prints it).  HF_EIO naming PATH when
 * it cannot be read, and the errors of hf_provenance_set. */
hf_status hf_provenance_set_file(hf_provenance *provenance, const char *key, const char *path,
                                 hf_diag *diag);

#endif
