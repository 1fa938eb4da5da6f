/*
 * optimizers/registry.c — the list of algorithm tables.  Adding an
 * algorithm means writing its file with one `hf_algorithm` table and adding
 * one line here; no other code knows the algorithm's name.
 */
#include "optimizers/optimizer_internal.h"

extern const hf_algorithm hf_algorithm_ica;
extern const hf_algorithm hf_algorithm_icaco;
extern const hf_algorithm hf_algorithm_random;
extern const hf_algorithm hf_algorithm_nlopt;

static const hf_algorithm *const registry[] = {
    &hf_algorithm_ica,
    &hf_algorithm_icaco,
    &hf_algorithm_random,
    &hf_algorithm_nlopt,
};

size_t hf_algorithm_count(void) { return sizeof registry / sizeof registry[0]; }

const hf_algorithm *hf_algorithm_at(size_t index)
{
    return index < hf_algorithm_count() ? registry[index] : NULL;
}
