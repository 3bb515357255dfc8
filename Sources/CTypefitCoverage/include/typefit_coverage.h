#ifndef TYPEFIT_COVERAGE_H
#define TYPEFIT_COVERAGE_H

#include <stdint.h>

/// Which code points one font face maps to a glyph, remembered as they are asked: a direct-mapped
/// table of atomic words, each holding a code point and its answer, read and written without a lock
/// by every thread that shapes with the face (a word is read or written whole, so a reader sees a
/// complete entry or an older one; two writers of one slot store the same kind of fact). An entry
/// another code point took is asked of the font again.
typedef struct tf_coverage tf_coverage;

tf_coverage *tf_coverage_create(void);
void tf_coverage_destroy(tf_coverage *coverage);

/// 1 when `codepoint` is known to map to a glyph, 0 when it is known not to, -1 when not known.
int tf_coverage_get(const tf_coverage *coverage, uint32_t codepoint);

/// Remembers whether `codepoint` maps to a glyph.
void tf_coverage_set(tf_coverage *coverage, uint32_t codepoint, int covers);

#endif
