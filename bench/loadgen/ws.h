// The WebSocket client pieces the load generator needs, written out by hand (RFC 6455):
// the handshake key and its expected answer (SHA-1 + base64), and masked frame headers.
#ifndef LOADGEN_WS_H
#define LOADGEN_WS_H
#include <stddef.h>
#include <stdint.h>

/// SHA-1 of `length` bytes into `digest` (20 bytes). Only used for Sec-WebSocket-Accept.
void sha1(const unsigned char *data, size_t length, unsigned char digest[20]);

/// Standard base64 with padding; `out` needs 4 * ceil(length / 3) + 1 bytes. Returns its length.
size_t base64_encode(const unsigned char *data, size_t length, char *out);

/// The Sec-WebSocket-Accept a server must answer for `key` (a 24-char base64 nonce): 29 bytes.
void ws_accept_for_key(const char *key, char accept[29]);

/// Writes a client frame header for a final frame of `opcode` with `length` payload bytes,
/// masked with `mask`; returns the header length (at most 14).
size_t ws_client_header(unsigned char *out, int opcode, uint64_t length, const unsigned char mask[4]);

/// XORs `length` bytes from `in` with the 4-byte mask into `out` (they may be the same).
void ws_mask(unsigned char *out, const unsigned char *in, size_t length, const unsigned char mask[4]);

#endif
