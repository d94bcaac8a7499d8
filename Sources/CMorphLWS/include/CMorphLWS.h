#ifndef MORPH_CMORPHLWS_H
#define MORPH_CMORPHLWS_H
#include <stddef.h>
#include <stdint.h>

struct lws;

/// LWS_PRE is a macro, so Swift cannot see it: every buffer handed to lws_write needs
/// this many writable bytes before the payload.
extern const size_t morph_lws_pre;

/// The one callback lws calls for both protocols (HTTP and `morph.v1`). `reason` is the
/// raw `enum lws_callback_reasons` value, so Swift never needs the C enum type.
typedef int (*morph_lws_event_fn)(struct lws *wsi, int reason, void *user, void *in,
                                  size_t len);

/// What `morph_lws_event_fn` returns for a reason it leaves to lws's default handling.
extern const int morph_lws_default;

/// Called on the service thread with the `owner` given at creation: the tick's and the
/// wake's callbacks.
typedef void (*morph_lws_owner_fn)(void *owner);

/// Opaque: the lws context plus every struct and string it points at, kept alive together
/// so nothing handed to lws can dangle before the context is destroyed.
typedef struct morph_lws_server morph_lws_server;

/// Creates a listening context on `host:port` (port 0 picks a free port). `owner` comes
/// back from `morph_lws_owner`. Non-zero `offer_deflate` accepts permessage-deflate from
/// clients that offer it. A WebSocket from which nothing has arrived for `idle_seconds` is
/// sent a PING, and one still silent (no PONG) `idle_seconds` later is dropped. Returns NULL
/// on failure (port taken, bad interface). Sets the process's malloc mmap threshold to
/// 1 MiB, so large freed blocks leave RSS at once.
morph_lws_server *morph_lws_server_create(const char *host, int port, void *owner,
                                          morph_lws_event_fn on_event,
                                          morph_lws_owner_fn on_tick,
                                          morph_lws_owner_fn on_wake,
                                          size_t rx_chunk_bytes, int offer_deflate,
                                          int idle_seconds);

/// The port actually bound (useful after asking for port 0).
int morph_lws_server_port(const morph_lws_server *server);

/// Runs one round of the event loop: waits for anything (a socket, the tick, a wake), then
/// handles what is ready, the wake and the tick before any connection.
void morph_lws_server_service(morph_lws_server *server);

/// Makes the service thread call `on_wake` in its next round, before any connection: the
/// only call here that is safe from any thread.
void morph_lws_server_wake(morph_lws_server *server);

/// Arranges one tick at an absolute deadline on the `morph_lws_now_us` clock; a newer call
/// replaces the older deadline. Absolute deadlines keep 60 Hz from drifting.
void morph_lws_server_schedule_tick(morph_lws_server *server, int64_t deadline_us);

/// Cancels a scheduled tick, if any.
void morph_lws_server_cancel_tick(morph_lws_server *server);

/// Destroys the context and everything it pointed at. Service thread only.
void morph_lws_server_destroy(morph_lws_server *server);

/// lws's own clock in microseconds, the clock tick deadlines are measured on.
int64_t morph_lws_now_us(void);

/// Caps the kernel's send buffer of a connection at `bytes` (Linux doubles it). Without a
/// cap, loopback and LAN sockets queue megabytes: a viewer that reads slowly then gets every
/// frame, later and later, with `dropped` at 0, instead of the newest one and a count.
void morph_lws_limit_send_buffer(struct lws *wsi, int bytes);

/// In `delay_us`, hands heap pages freed by ended sessions back to the system (glibc
/// `malloc_trim`), so the resident size falls back after a burst of sessions instead of
/// staying at its peak. Later, because lws frees a closed connection's memory after its
/// callbacks; a call while one is pending does nothing. Service thread only.
void morph_lws_server_release_memory_later(morph_lws_server *server, int64_t delay_us);

/// The `owner` given at creation, found from any connection.
void *morph_lws_owner(struct lws *wsi);

/// 1 when the connection speaks `morph.v1`, 0 for the HTTP protocol (or no subprotocol).
int morph_lws_is_morph_protocol(struct lws *wsi);

/// Writes one complete text message. `buffer` holds `morph_lws_pre` spare bytes, then
/// `length` payload bytes. Returns the number written or -1.
int morph_lws_write_text(struct lws *wsi, unsigned char *buffer, size_t length);

/// Sets the close code and reason lws sends when the callback next returns -1.
void morph_lws_set_close(struct lws *wsi, int code, const char *reason);

/// 1 when the fragment just received ends its message.
int morph_lws_is_final_fragment(struct lws *wsi);

/// 1 when the message being received is binary.
int morph_lws_is_binary(struct lws *wsi);

/// Asks for a WRITEABLE callback on this connection.
void morph_lws_request_writeable(struct lws *wsi);

/// 1 when a message may be written now, outside a WRITEABLE callback: lws holds no unsent
/// rest of an earlier write. A write the socket cannot take whole leaves its rest with lws,
/// which sends it on POLLOUT; this then answers 0 until it is out. Plain (uncompressed)
/// WebSocket connections only.
int morph_lws_can_write_now(struct lws *wsi);

/// Closes the connection from the service loop's next round, with the close code set by
/// `morph_lws_set_close` (for a connection that is not the current callback's).
void morph_lws_close_soon(struct lws *wsi);

/// Starts sending a file over HTTP. Returns lws's result: <0 close, >0 done, 0 in progress.
int morph_lws_serve_file(struct lws *wsi, const char *path, const char *mime,
                         const char *headers, int headers_length);

/// Answers an HTTP request with a bare status. Returns lws's result.
int morph_lws_http_status(struct lws *wsi, unsigned int status);

/// Finishes an HTTP transaction (keep-alive or close). Returns lws's result.
int morph_lws_http_completed(struct lws *wsi);

/// Callback reasons the Swift side switches on, exported as plain ints.
extern const int morph_reason_established;
extern const int morph_reason_closed;
extern const int morph_reason_receive;
extern const int morph_reason_server_writeable;
extern const int morph_reason_http;
extern const int morph_reason_http_file_completion;
extern const int morph_reason_event_wait_cancelled;
/// Before a WebSocket upgrade: the headers can still be read and the upgrade refused.
extern const int morph_reason_http_confirm_upgrade;

/// Header tokens for `morph_lws_header`.
extern const int morph_header_host;
extern const int morph_header_origin;

/// Copies a request header (NUL-terminated) into `buffer`; returns its length, -1 when the
/// request has no such header, -2 when it does not fit in `capacity` bytes.
int morph_lws_header(struct lws *wsi, int token, char *buffer, int capacity);

/// The client sent a Close frame (payload in `in`, `len`).
extern const int morph_reason_peer_initiated_close;
/// A WebSocket connection is being torn down (before lws sends any close frame).
extern const int morph_reason_ws_server_drop_protocol;

/// More header tokens: body framing and the WebSocket handshake's own headers.
extern const int morph_header_content_length;
extern const int morph_header_transfer_encoding;
extern const int morph_header_websocket_version;
extern const int morph_header_websocket_protocol;

/// The request's method: 1 GET, 2 HEAD, 0 anything else.
int morph_lws_http_method(struct lws *wsi);

/// How many times a request header was sent (0 when absent).
int morph_lws_header_count(struct lws *wsi, int token);

/// Answers with `status`, a plain-text `body` (left out when `head_only`), the security
/// headers every morphd answer carries, and one more header when `header_name` (lowercase,
/// ending in ':') is not NULL. Returns 0, or -1 when lws could not write it.
int morph_lws_http_refuse(struct lws *wsi, unsigned int status, const char *header_name,
                          const char *header_value, const char *body, int head_only);

/// For a peer's Close frame: when its code is one RFC 6455 forbids that lws lets through
/// (a 1-byte payload, 5000 and up), sets close 1002 and returns 1 (the caller returns -1).
int morph_lws_refuse_close_code(struct lws *wsi, const unsigned char *payload, size_t length);

/// Sets close 1002 on a connection lws is failing without a close code (see the source).
void morph_lws_name_unnamed_failure(struct lws *wsi);

/// Copies the value of the request URL's `name=` argument (NUL-terminated) into `buffer`;
/// returns its length, or -1 when the URL has no such argument or it does not fit.
int morph_lws_url_argument(struct lws *wsi, const char *name, char *buffer, int capacity);

#endif
