#ifndef MORPH_SHA256_H
#define MORPH_SHA256_H

#include <stddef.h>
#include <stdint.h>

/// Compresses `count` 64-byte blocks at `blocks` into `state` (H0…H7, FIPS 180-4 order): with
/// the x86 SHA extensions where the CPU has them, else the portable rounds.
void morph_sha256_compress(uint32_t state[8], const uint8_t *blocks, size_t count);

/// The same through the portable rounds on any CPU (the tests compare the two paths).
void morph_sha256_compress_portable(uint32_t state[8], const uint8_t *blocks, size_t count);

/// 1 when `morph_sha256_compress` uses the SHA extensions (the CPU has them and SSE4.1),
/// else 0; always 0 off x86-64. Asked of CPUID once per process.
int morph_sha256_extensions_available(void);

#endif
