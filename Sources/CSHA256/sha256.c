// SHA-256 block compression (FIPS 180-4), the one implementation MorphKit's `SHA256` calls:
// replay hashes every frame (about 10 KB each). On x86-64 CPUs with the SHA extensions
// (SHA256RNDS2, SHA256MSG1/2) the blocks go through them, about 10x fewer cycles a byte than
// the portable rounds below, which every other CPU runs. The choice is made here, once per
// process; `morph_sha256_compress_portable` lets the tests compare the two.
#include "sha256.h"

static const uint32_t round_constants[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define ROTATE_RIGHT(value, count) (((value) >> (count)) | ((value) << (32 - (count))))

void morph_sha256_compress_portable(uint32_t state[8], const uint8_t *blocks, size_t count) {
    for (; count > 0; count--, blocks += 64) {
        uint32_t schedule[64];
        for (int i = 0; i < 16; i++) {
            const uint8_t *word = blocks + 4 * i;
            schedule[i] = (uint32_t)word[0] << 24 | (uint32_t)word[1] << 16 | (uint32_t)word[2] << 8 | word[3];
        }
        for (int i = 16; i < 64; i++) {
            uint32_t s0 = ROTATE_RIGHT(schedule[i - 15], 7) ^ ROTATE_RIGHT(schedule[i - 15], 18) ^ (schedule[i - 15] >> 3);
            uint32_t s1 = ROTATE_RIGHT(schedule[i - 2], 17) ^ ROTATE_RIGHT(schedule[i - 2], 19) ^ (schedule[i - 2] >> 10);
            schedule[i] = schedule[i - 16] + s0 + schedule[i - 7] + s1;
        }
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
        for (int i = 0; i < 64; i++) {
            uint32_t sum1 = ROTATE_RIGHT(e, 6) ^ ROTATE_RIGHT(e, 11) ^ ROTATE_RIGHT(e, 25);
            uint32_t choose = (e & f) ^ (~e & g);
            uint32_t temp1 = h + sum1 + choose + round_constants[i] + schedule[i];
            uint32_t sum0 = ROTATE_RIGHT(a, 2) ^ ROTATE_RIGHT(a, 13) ^ ROTATE_RIGHT(a, 22);
            uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
            h = g; g = f; f = e; e = d + temp1;
            d = c; c = b; b = a; a = temp1 + sum0 + majority;
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    }
}

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

static int cpu_has_extensions(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    if ((ecx & (bit_SSSE3 | bit_SSE4_1)) != (bit_SSSE3 | bit_SSE4_1)) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx & bit_SHA) != 0;
}

__attribute__((target("sha,sse4.1,ssse3")))
static void compress_with_extensions(uint32_t state[8], const uint8_t *blocks, size_t count) {
    // Message words arrive big-endian: reverse the bytes of each 32-bit lane.
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    // SHA256RNDS2 keeps the state as (A, B, E, F) and (C, D, G, H), highest lane first.
    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);

    for (; count > 0; count--, blocks += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        // words[i] holds W[4i … 4i+3]; each group of four rounds extends the schedule.
        __m128i words[16];
        for (int group = 0; group < 16; group++) {
            if (group < 4) {
                words[group] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16 * group)), byte_swap);
            } else {
                __m128i sum = _mm_sha256msg1_epu32(words[group - 4], words[group - 3]);
                sum = _mm_add_epi32(sum, _mm_alignr_epi8(words[group - 1], words[group - 2], 4));
                words[group] = _mm_sha256msg2_epu32(sum, words[group - 1]);
            }
            __m128i message = _mm_add_epi32(words[group], _mm_load_si128((const __m128i *)&round_constants[4 * group]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, message);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(message, 0x0E));
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }

    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

int morph_sha256_extensions_available(void) {
    // -1 until the first call asks CPUID; threads racing here store the same answer.
    static int known = -1;
    int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (answer < 0) {
        answer = cpu_has_extensions();
        __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
    }
    return answer;
}

void morph_sha256_compress(uint32_t state[8], const uint8_t *blocks, size_t count) {
    if (morph_sha256_extensions_available()) {
        compress_with_extensions(state, blocks, count);
    } else {
        morph_sha256_compress_portable(state, blocks, count);
    }
}
#else
int morph_sha256_extensions_available(void) { return 0; }
void morph_sha256_compress(uint32_t state[8], const uint8_t *blocks, size_t count) {
    morph_sha256_compress_portable(state, blocks, count);
}
#endif
