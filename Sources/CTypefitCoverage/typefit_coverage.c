#include "typefit_coverage.h"
#include <stdatomic.h>
#include <stdlib.h>

enum { TF_COVERAGE_SLOTS = 4096 };

// A slot: bit 63 set when it holds an answer, bit 32 the answer, bits 0-31 the code point.
struct tf_coverage {
    _Atomic uint64_t slots[TF_COVERAGE_SLOTS];
};

tf_coverage *tf_coverage_create(void) {
    tf_coverage *coverage = malloc(sizeof(tf_coverage));
    if (!coverage) return NULL;
    for (int i = 0; i < TF_COVERAGE_SLOTS; i++) atomic_init(&coverage->slots[i], 0);
    return coverage;
}

void tf_coverage_destroy(tf_coverage *coverage) { free(coverage); }

int tf_coverage_get(const tf_coverage *coverage, uint32_t codepoint) {
    if (!coverage) return -1;
    uint64_t slot = atomic_load_explicit(&((tf_coverage *)coverage)->slots[codepoint % TF_COVERAGE_SLOTS], memory_order_relaxed);
    if (!(slot >> 63) || (uint32_t)slot != codepoint) return -1;
    return (int)((slot >> 32) & 1);
}

void tf_coverage_set(tf_coverage *coverage, uint32_t codepoint, int covers) {
    if (!coverage) return;
    uint64_t slot = ((uint64_t)1 << 63) | ((uint64_t)(covers ? 1 : 0) << 32) | codepoint;
    atomic_store_explicit(&coverage->slots[codepoint % TF_COVERAGE_SLOTS], slot, memory_order_relaxed);
}
