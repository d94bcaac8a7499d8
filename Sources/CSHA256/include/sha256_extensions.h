#ifndef MORPH_SHA256_EXTENSIONS_H
#define MORPH_SHA256_EXTENSIONS_H

#include <stddef.h>
#include <stdint.h>

/// 1 when the CPU has the x86 SHA extensions and SSE4.1 (what
/// `morph_sha256_compress_blocks` needs), else 0; always 0 off x86-64.
int morph_sha256_extensions_available(void);

/// Compresses `count` 64-byte blocks at `blocks` into `state` (H0…H7, FIPS 180-4 order) with
/// the SHA extensions. Only call it when `morph_sha256_extensions_available()` returned 1.
void morph_sha256_compress_blocks(uint32_t state[8], const uint8_t *blocks, size_t count);

#endif
