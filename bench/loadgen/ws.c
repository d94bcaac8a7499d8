// WebSocket client helpers: SHA-1 (FIPS 180-4), base64, the accept key, masked headers.
#include "ws.h"

#include <string.h>

static uint32_t rotl(uint32_t value, int bits) { return (value << bits) | (value >> (32 - bits)); }

static void sha1_block(uint32_t state[5], const unsigned char block[64]) {
    uint32_t w[80];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16 |
               (uint32_t)block[4 * i + 2] << 8 | block[4 * i + 3];
    for (int i = 16; i < 80; i++) w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];
    for (int i = 0; i < 80; i++) {
        uint32_t f, k;
        if (i < 20) f = (b & c) | (~b & d), k = 0x5A827999;
        else if (i < 40) f = b ^ c ^ d, k = 0x6ED9EBA1;
        else if (i < 60) f = (b & c) | (b & d) | (c & d), k = 0x8F1BBCDC;
        else f = b ^ c ^ d, k = 0xCA62C1D6;
        uint32_t t = rotl(a, 5) + f + e + k + w[i];
        e = d, d = c, c = rotl(b, 30), b = a, a = t;
    }
    state[0] += a, state[1] += b, state[2] += c, state[3] += d, state[4] += e;
}

void sha1(const unsigned char *data, size_t length, unsigned char digest[20]) {
    uint32_t state[5] = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
    size_t whole = length - length % 64;
    for (size_t i = 0; i < whole; i += 64) sha1_block(state, data + i);
    // The tail, the 0x80 marker and the 64-bit bit length: one or two more blocks.
    unsigned char tail[128] = {0};
    size_t rest = length - whole;
    memcpy(tail, data + whole, rest);
    tail[rest] = 0x80;
    size_t tail_length = rest + 9 <= 64 ? 64 : 128;
    uint64_t bits = (uint64_t)length * 8;
    for (int i = 0; i < 8; i++) tail[tail_length - 1 - i] = (unsigned char)(bits >> (8 * i));
    for (size_t i = 0; i < tail_length; i += 64) sha1_block(state, tail + i);
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 4; j++) digest[4 * i + j] = (unsigned char)(state[i] >> (24 - 8 * j));
}

size_t base64_encode(const unsigned char *data, size_t length, char *out) {
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0;
    for (size_t i = 0; i < length; i += 3) {
        uint32_t group = (uint32_t)data[i] << 16;
        if (i + 1 < length) group |= (uint32_t)data[i + 1] << 8;
        if (i + 2 < length) group |= data[i + 2];
        out[o++] = alphabet[group >> 18 & 63];
        out[o++] = alphabet[group >> 12 & 63];
        out[o++] = i + 1 < length ? alphabet[group >> 6 & 63] : '=';
        out[o++] = i + 2 < length ? alphabet[group & 63] : '=';
    }
    out[o] = 0;
    return o;
}

void ws_accept_for_key(const char *key, char accept[29]) {
    static const char guid[] = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
    unsigned char joined[128], digest[20];
    size_t key_length = strlen(key);
    memcpy(joined, key, key_length);
    memcpy(joined + key_length, guid, sizeof guid - 1);
    sha1(joined, key_length + sizeof guid - 1, digest);
    base64_encode(digest, 20, accept);
}

size_t ws_client_header(unsigned char *out, int opcode, uint64_t length, const unsigned char mask[4]) {
    size_t n = 0;
    out[n++] = (unsigned char)(0x80 | (opcode & 0x0F));
    if (length < 126) {
        out[n++] = (unsigned char)(0x80 | length);
    } else if (length <= 0xFFFF) {
        out[n++] = 0x80 | 126;
        out[n++] = (unsigned char)(length >> 8);
        out[n++] = (unsigned char)length;
    } else {
        out[n++] = 0x80 | 127;
        for (int i = 7; i >= 0; i--) out[n++] = (unsigned char)(length >> (8 * i));
    }
    memcpy(out + n, mask, 4);
    return n + 4;
}

void ws_mask(unsigned char *out, const unsigned char *in, size_t length, const unsigned char mask[4]) {
    for (size_t i = 0; i < length; i++) out[i] = in[i] ^ mask[i & 3];
}
