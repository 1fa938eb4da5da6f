/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/file.h — the library's one way to read a whole file and its one
 * way to write a file or a folder: atomically.
 *
 * Reading.  hf_file_read is the only reader of whole files: the CSV reader
 * (core/csv.h) stands on it, and so does every reader of a file that is
 * not a table (a campaign's manifest).  It is bounded: a regular file
 * larger than the limit is refused from its size before anything is read;
 * a pipe or FIFO is read up to the limit and no further; a directory, a
 * device (/dev/zero, a terminal) or a socket is refused, naming the file.
 *
 * Writing.  An output never exists half-written.  A file is written under a
 * temporary name in its own folder (PATH.tmp-PID-K) and renamed onto PATH
 * only when every write, the flush and the close succeeded; otherwise the
 * temporary file is removed and PATH keeps its previous content (or stays
 * absent).  A folder is built as a temporary sibling (PATH.tmp-PID-K) and
 * renamed into place as a whole, replacing an old folder as a whole.  The
 * rename is atomic on one file system; a crash of the process itself can
 * leave a temporary name behind, never a half-written PATH.  A program's
 * signal handler removes the temporaries with hf_atomic_remove_temporaries;
 * what a SIGKILL leaves (NAME.tmp-PID-K of a process that no longer runs)
 * is removed by the next write of NAME and never counts as content of a
 * folder (hf_atomic_dir_check).
 *
 * Only a regular file (or, for a folder output, a folder) is ever
 * replaced.  A symbolic link is followed: the file it leads to is
 * replaced and the link stays.  A character or block device, a FIFO or a
 * socket is refused (HF_EIO naming it): renaming onto it would destroy it
 * (/dev/null replaced by a file), and writing into it in place would give
 * up the "whole or not at all" promise.  (The data are
 * not fsync'ed: the guarantee is against failures seen by the program, not
 * against a power cut.)
 *
 * Example (the marked block below is built and run by the test
 * header_examples, like every such block of the public headers):
 * ```c
 * hf_diag diag = {{0}};
 * const char *path = "hf-example-greeting.txt";
 * hf_atomic_file *out = NULL;
 * if (hf_atomic_file_open(path, &out, &diag) != HF_OK)
 *     return 1;
 * fprintf(hf_atomic_file_stream(out), "hello\n");
 * if (hf_atomic_file_commit(out, &diag) != HF_OK)   // PATH appears only now
 *     return 1;
 * char *text = NULL;
 * size_t length = 0;
 * if (hf_file_read(path, 0, &text, &length, &diag) != HF_OK)
 *     return 1;
 * int same = length == 6 && strcmp(text, "hello\n") == 0;
 * free(text);
 * remove(path);
 * return same ? 0 : 1;
 * ```
 */
#ifndef HERTZFIT_FILE_H
#define HERTZFIT_FILE_H

#include <stddef.h>
#include <stdio.h>
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The default limit of hf_file_read: 256 MiB. */
#define HF_FILE_MAX_BYTES ((size_t)256 << 20)

/* The whole text file PATH, NUL-terminated, into *text (malloc'ed, the
 * caller frees it with free()), its length in bytes into *length (may be
 * NULL).  MAX_BYTES 0 means HF_FILE_MAX_BYTES.  HF_EIO naming PATH when it
 * cannot be opened or read, or is a directory, a device or a socket;
 * HF_ERANGE naming the size and the limit for a file larger than MAX_BYTES
 * (a pipe: as soon as more than MAX_BYTES arrive); HF_EPARSE
 * "PATH:LINE:COLUMN: a NUL byte" for a file that holds one (not text);
 * HF_ENOMEM.  *text is NULL on failure. */
hf_status hf_file_read(const char *path, size_t max_bytes, char **text, size_t *length,
                       hf_diag *diag);

/* The SHA-256 of the regular file PATH, any bytes (a data file or a
 * plug-in's shared object), at most MAX_BYTES (0: HF_FILE_MAX_BYTES), as
 * 64 lower-case hex digits and a NUL into HEX: what a campaign's manifest
 * records of its data files, to find one damaged or cut after it was
 * written, and of its plug-ins.  (A check against accidents, not forgery:
 * whoever can change a file can change the manifest too.)  HF_EIO naming
 * PATH when it cannot be opened or read or is not a regular file,
 * HF_ERANGE past MAX_BYTES. */
#define HF_FILE_SHA256_HEX 65
hf_status hf_file_sha256(const char *path, size_t max_bytes, char hex[HF_FILE_SHA256_HEX],
                         hf_diag *diag);

/* ---- one file, written atomically ------------------------------------ */

typedef struct hf_atomic_file hf_atomic_file;

/* Creates the temporary file beside PATH.  *out is owned by the caller
 * until hf_atomic_file_commit or hf_atomic_file_discard, which release it.
 * HF_EIO naming PATH when its folder cannot take a new file. */
hf_status hf_atomic_file_open(const char *path, hf_atomic_file **out, hf_diag *diag);

/* The stream to write to (valid until commit or discard). */
FILE *hf_atomic_file_stream(hf_atomic_file *file);

/* The temporary file's name, for an output another program writes (the
 * program's gnuplot figures): it writes there, and the commit puts the
 * file at PATH.  Valid until commit or discard. */
const char *hf_atomic_file_temporary(const hf_atomic_file *file);

/* Flushes and closes the temporary file and renames it onto PATH.  HF_EWRITE
 * naming PATH and the reason when any write, the flush, the close or the
 * rename failed: then the temporary file is removed and PATH is as it was.
 * Releases FILE in every case. */
hf_status hf_atomic_file_commit(hf_atomic_file *file, hf_diag *diag);

/* Closes and removes the temporary file; PATH is as it was.  NULL-safe. */
void hf_atomic_file_discard(hf_atomic_file *file);

/* Removes every temporary file and folder of this process's atomic
 * outputs not yet committed or discarded.  Async-signal-safe (system
 * calls only): for a program's handler of SIGINT or SIGTERM, before it
 * ends.  The outputs themselves must not be used afterwards. */
void hf_atomic_remove_temporaries(void);

/* ---- one folder, built aside and put in place as a whole -------------- */

typedef struct hf_atomic_dir hf_atomic_dir;

/* HF_OK when PATH does not exist, or is a folder every entry of which is
 * named in OWN (NULL-terminated; NULL: none): a folder this writer may
 * replace as a whole without deleting anything it did not write.
 * HF_EEXIST naming the first other entry, HF_EIO when PATH is not a
 * folder or cannot be listed, or when its parent folder does not exist. */
hf_status hf_atomic_dir_check(const char *path, const char *const *own, hf_diag *diag);

/* Creates the empty temporary folder beside PATH (trailing slashes of PATH
 * are ignored).  *out is owned by the caller until hf_atomic_dir_commit or
 * hf_atomic_dir_discard.  HF_EIO naming PATH when PATH exists and is not a
 * folder, or the temporary folder cannot be created. */
hf_status hf_atomic_dir_open(const char *path, hf_atomic_dir **out, hf_diag *diag);

/* The temporary folder to write the contents into. */
const char *hf_atomic_dir_path(const hf_atomic_dir *dir);

/* Puts the temporary folder at PATH: renamed there when PATH does not
 * exist, exchanged with an existing folder whose old tree is then removed.
 * HF_EIO naming PATH when that fails; then the temporary folder is
 * removed and PATH is as it was.  Releases DIR in every case. */
hf_status hf_atomic_dir_commit(hf_atomic_dir *dir, hf_diag *diag);

/* Removes the temporary folder and everything in it; PATH is as it was.
 * NULL-safe. */
void hf_atomic_dir_discard(hf_atomic_dir *dir);

#ifdef __cplusplus
}
#endif
#endif
