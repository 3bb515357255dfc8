#ifndef TYPEFIT_SHA256_H
#define TYPEFIT_SHA256_H

#include <stddef.h>
#include <stdint.h>

/// 1 when this processor has the x86 SHA extensions (with SSSE3 and SSE4.1) that
/// `tf_sha256_compress_accelerated` needs, 0 otherwise (another architecture, an older processor).
/// Asked once per process.
int tf_sha256_accelerated(void);

/// SHA-256's 64 round constants (FIPS 180-4 §4.2.2), read by both this target and the portable
/// Swift loop (`SHA256.compress`).
const uint32_t *tf_sha256_round_constants(void);

/// Compresses `count` 64-byte blocks at `data` into the SHA-256 state `state` (H0…H7, FIPS 180-4
/// §6.2.2) with the SHA extensions' round instructions. Only call it when `tf_sha256_accelerated()`
/// says 1.
void tf_sha256_compress_accelerated(uint32_t state[8], const uint8_t *data, size_t count);

#endif
