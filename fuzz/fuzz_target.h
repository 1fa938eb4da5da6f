/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz/fuzz_target.h — what every reader's fuzz target shares.  Each
 * fuzz_<reader>.c defines LLVMFuzzerTestOneInput, libFuzzer's entry point
 * (also what AFL++'s libFuzzer driver calls); fuzz/replay.c is a main()
 * that feeds it every file of a corpus, so that ctest replays the corpora
 * and past crash reproducers on any build, the sanitizer build included.
 *
 * The readers take paths (they are whole-file readers), so an input is
 * first written to a scratch file of this process.
 */
#ifndef HERTZFIT_FUZZ_TARGET_H
#define HERTZFIT_FUZZ_TARGET_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* libFuzzer's set-up hook (fuzz/support.c), called once before the first
 * input (by libFuzzer, and by fuzz/replay.c's main): hf_library_init, so a
 * GSL error comes back as a status, as in the program, instead of GSL's
 * default handler aborting the process. */
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* DATA[0 .. SIZE-1] written to FILE_NAME inside this process's scratch
 * folder (made on first use under $TMPDIR or /tmp); returns the path,
 * valid until the next call with the same name, or NULL when it cannot be
 * written (the input is then skipped). */
const char *hf_fuzz_scratch(const char *file_name, const uint8_t *data, size_t size);

/* The scratch folder itself (made on first use). */
const char *hf_fuzz_scratch_dir(void);

/* Removes the scratch folder and everything in it (when it was made). */
void hf_fuzz_scratch_remove(void);

#endif
