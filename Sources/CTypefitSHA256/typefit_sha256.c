// SHA-256's compression function with the x86 SHA extensions (sha256rnds2, sha256msg1, sha256msg2):
// four to five times the bytes per second of the portable Swift loop (`SHA256.compress`), which
// remains the path on processors and architectures without them. The font checksums every report
// names are computed with it (the system font's cuts in every audit, every font a JSON report uses).
//
// The state is kept as the instructions want it, ABEF and CDGH, and the message schedule four words
// at a time (W[t-16] + σ0(W[t-15]) by msg1, + W[t-7] by an add, + σ1(W[t-2]) by msg2), as Intel's
// "SHA extensions" white paper lays the rounds out.

#include "typefit_sha256.h"

static const uint32_t k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

const uint32_t *tf_sha256_round_constants(void) { return k; }

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))

#include <cpuid.h>
#include <immintrin.h>

int tf_sha256_accelerated(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const int ssse3 = (c >> 9) & 1, sse41 = (c >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    const int sha = (b >> 29) & 1;
    return ssse3 && sse41 && sha;
}

__attribute__((target("sha,ssse3,sse4.1")))
void tf_sha256_compress_accelerated(uint32_t state[8], const uint8_t *data, size_t count) {
    // Each 32-bit word of a block is big-endian.
    const __m128i byteswap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    // H0…H3 and H4…H7 into ABEF and CDGH.
    __m128i tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1);  // CDAB
    __m128i cdgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B);  // EFGH
    __m128i abef = _mm_alignr_epi8(tmp, cdgh, 8);  // ABEF
    cdgh = _mm_blend_epi16(cdgh, tmp, 0xF0);  // CDGH
    for (; count > 0; count--, data += 64) {
        const __m128i abefSaved = abef, cdghSaved = cdgh;
        __m128i w[16];
        for (int g = 0; g < 16; g++) {
            if (g < 4) {
                w[g] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * g)), byteswap);
            } else {
                __m128i x = _mm_sha256msg1_epu32(w[g - 4], w[g - 3]);
                x = _mm_add_epi32(x, _mm_alignr_epi8(w[g - 1], w[g - 2], 4));
                w[g] = _mm_sha256msg2_epu32(x, w[g - 1]);
            }
            __m128i m = _mm_add_epi32(w[g], _mm_loadu_si128((const __m128i *)&k[4 * g]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, m);
            m = _mm_shuffle_epi32(m, 0x0E);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, m);
        }
        abef = _mm_add_epi32(abef, abefSaved);
        cdgh = _mm_add_epi32(cdgh, cdghSaved);
    }
    // Back to H0…H3 and H4…H7.
    tmp = _mm_shuffle_epi32(abef, 0x1B);  // FEBA
    cdgh = _mm_shuffle_epi32(cdgh, 0xB1);  // DCHG
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(tmp, cdgh, 0xF0));  // DCBA
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(cdgh, tmp, 8));  // HGFE
}

#else

int tf_sha256_accelerated(void) { return 0; }

void tf_sha256_compress_accelerated(uint32_t state[8], const uint8_t *data, size_t count) {
    (void)state;
    (void)data;
    (void)count;
}

#endif
