// The few things Swift cannot do with lws directly: macros, a protocol table that must
// outlive every call, and the container-of step from a timer back to its owner.
#include "CMorphLWS.h"
#include <ev.h>
#include <libwebsockets.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

const size_t morph_lws_pre = LWS_PRE;

const int morph_lws_default = -1000;

const int morph_reason_established = LWS_CALLBACK_ESTABLISHED;
const int morph_reason_closed = LWS_CALLBACK_CLOSED;
const int morph_reason_receive = LWS_CALLBACK_RECEIVE;
const int morph_reason_server_writeable = LWS_CALLBACK_SERVER_WRITEABLE;
const int morph_reason_http = LWS_CALLBACK_HTTP;
const int morph_reason_http_file_completion = LWS_CALLBACK_HTTP_FILE_COMPLETION;
const int morph_reason_event_wait_cancelled = LWS_CALLBACK_EVENT_WAIT_CANCELLED;
const int morph_reason_http_confirm_upgrade = LWS_CALLBACK_HTTP_CONFIRM_UPGRADE;

const int morph_reason_peer_initiated_close = LWS_CALLBACK_WS_PEER_INITIATED_CLOSE;
const int morph_reason_ws_server_drop_protocol = LWS_CALLBACK_WS_SERVER_DROP_PROTOCOL;

const int morph_header_host = WSI_TOKEN_HOST;
const int morph_header_origin = WSI_TOKEN_ORIGIN;
const int morph_header_content_length = WSI_TOKEN_HTTP_CONTENT_LENGTH;
const int morph_header_transfer_encoding = WSI_TOKEN_HTTP_TRANSFER_ENCODING;
const int morph_header_websocket_version = WSI_TOKEN_VERSION;
const int morph_header_websocket_protocol = WSI_TOKEN_PROTOCOL;

static const char *const morph_protocol_name = "morph.v1";

// RFC 7692 through lws's own extension; the offer string only matters to lws clients.
static const struct lws_extension morph_deflate_extensions[] = {
    {"permessage-deflate", lws_extension_callback_pm_deflate,
     "permessage-deflate; client_no_context_takeover; client_max_window_bits"},
    {NULL, NULL, NULL},
};

struct morph_lws_server {
    struct lws_context *context;
    // lws runs on this libev loop (its evlib plugin, the loop handed in as foreign), which
    // waits with epoll: lws's own poll() walked every connection on each wake, 18 % of
    // morphd's CPU samples at 1000 viewers.
    struct ev_loop *loop;
    struct lws_protocols protocols[3];  // http, morph.v1, terminator
    char *iface;
    void *owner;
    morph_lws_event_fn on_event;
    morph_lws_owner_fn on_tick;
    morph_lws_owner_fn on_wake;
    // Ahead of every connection in a round (libev priorities): built frames and the tick
    // wait behind no input. As lws's cancel pipe and timer, 500 driven sessions lost a
    // fifth of their frame rate to the switch to libev.
    ev_async wake;
    ev_timer tick;
    ev_timer release;
    // lws 4.1's libev glue re-arms its one timer without stopping it first, which libev
    // ignores while the timer runs: a timeout set while a later one is armed (a new
    // connection's handshake timeout, a close) would wait for that later one. Every quarter
    // second this wakes lws, whose next round runs whatever timeout is due.
    ev_timer lws_timeouts;
    int deflate;
    lws_retry_bo_t idle_policy;  // lws keeps the pointer for the vhost's life
};

// lws 4.1 applies the two no_context_takeover flags from the client's side of the
// exchange: asked for server_no_context_takeover alone, the server would reset its inflater
// while the client keeps its compression context, and the session breaks. Such an offer is
// declined (the connection goes on uncompressed); both flags, client_no_context_takeover
// alone, or neither work.
static int morph_deflate_offer_refused(struct lws *wsi) {
    char offer[256];
    if (lws_hdr_copy(wsi, offer, sizeof offer, WSI_TOKEN_EXTENSIONS) < 0)
        return 1;
    return strstr(offer, "server_no_context_takeover") != NULL &&
           strstr(offer, "client_no_context_takeover") == NULL;
}

// lws calls this with its own enum; the Swift side only sees ints.
static int morph_dispatch(struct lws *wsi, enum lws_callback_reasons reason, void *user,
                          void *in, size_t len) {
    struct lws_context *context = wsi ? lws_get_context(wsi) : NULL;
    struct morph_lws_server *server = context ? lws_context_user(context) : NULL;
    if (server == NULL || server->on_event == NULL)
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    if (reason == LWS_CALLBACK_CONFIRM_EXTENSION_OKAY)
        return morph_deflate_offer_refused(wsi);
    // lws deflates into a 1 KiB buffer by default, i.e. a frame goes out as several
    // fragments over several writable rounds; 16 KiB holds a compressed frame whole.
    if (reason == LWS_CALLBACK_ESTABLISHED && server->deflate)
        (void)lws_set_extension_option(wsi, "permessage-deflate", "tx_buf_size", "14");
    int handled = server->on_event(wsi, (int)reason, user, in, len);
    // "Not mine": lws's default handling takes over.
    if (handled == morph_lws_default)
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    return handled;
}

static void morph_wake_fired(struct ev_loop *loop, ev_async *watcher, int revents) {
    struct morph_lws_server *server = lws_container_of(watcher, struct morph_lws_server, wake);
    if (server->on_wake)
        server->on_wake(server->owner);
}

static void morph_release_fired(struct ev_loop *loop, ev_timer *watcher, int revents) {
    malloc_trim(0);
}

static void morph_lws_timeouts_fired(struct ev_loop *loop, ev_timer *watcher, int revents) {
    struct morph_lws_server *server = lws_container_of(watcher, struct morph_lws_server, lws_timeouts);
    lws_cancel_service(server->context);
}

static void morph_tick_fired(struct ev_loop *loop, ev_timer *watcher, int revents) {
    struct morph_lws_server *server = lws_container_of(watcher, struct morph_lws_server, tick);
    if (server->on_tick)
        server->on_tick(server->owner);
}

morph_lws_server *morph_lws_server_create(const char *host, int port, void *owner,
                                          morph_lws_event_fn on_event,
                                          morph_lws_owner_fn on_tick,
                                          morph_lws_owner_fn on_wake,
                                          size_t rx_chunk_bytes, int offer_deflate,
                                          int idle_seconds) {
    // Blocks of 1 MiB and more (a tile stream's layers and bitmaps, 5 MB at a phone's 2x)
    // come straight from mmap and go back to the system when freed. glibc's default
    // threshold rises to the size of the largest block freed (up to 32 MiB), after which those
    // bitmaps live in the worker threads' arenas, fragment them and keep RSS 5-10 MB above
    // idle after the sessions end. Not lower: a tile's 256 KiB buffers are allocated per set,
    // and an mmap, page faults and munmap for each made tile sets several times slower.
    mallopt(M_MMAP_THRESHOLD, 1024 * 1024);
    struct morph_lws_server *server = calloc(1, sizeof *server);
    if (server == NULL)
        return NULL;
    server->iface = host ? strdup(host) : NULL;
    server->owner = owner;
    server->on_event = on_event;
    server->on_tick = on_tick;
    server->on_wake = on_wake;
    server->deflate = offer_deflate;

    // Zeroed structs with assigned fields: lws adds members between versions.
    server->protocols[0].name = "http";
    server->protocols[0].callback = morph_dispatch;
    server->protocols[1].name = morph_protocol_name;
    server->protocols[1].callback = morph_dispatch;
    server->protocols[1].rx_buffer_size = rx_chunk_bytes;
    // Unused by Swift, but lws only reports WS_SERVER_DROP_PROTOCOL to a connection with
    // per-session memory (see morph_lws_name_unnamed_failure).
    server->protocols[1].per_session_data_size = sizeof(void *);

    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = port;
    info.iface = server->iface;
    info.protocols = server->protocols;
    info.user = server;
    info.options = LWS_SERVER_OPTION_VALIDATE_UTF8 | LWS_SERVER_OPTION_DISABLE_IPV6;
    // The loop leaves signals to morphd (lws watches SIGINT only on loops it creates).
    server->loop = ev_loop_new(EVBACKEND_EPOLL | EVFLAG_NOSIGMASK);
    if (server->loop == NULL) {
        free(server->iface);
        free(server);
        return NULL;
    }
    void *foreign_loops[1] = {server->loop};
    info.options |= LWS_SERVER_OPTION_LIBEV;
    info.foreign_loops = foreign_loops;
    ev_async_init(&server->wake, morph_wake_fired);
    ev_set_priority(&server->wake, EV_MAXPRI);
    ev_async_start(server->loop, &server->wake);
    ev_timer_init(&server->tick, morph_tick_fired, 0, 0);
    ev_set_priority(&server->tick, EV_MAXPRI - 1);
    ev_timer_init(&server->release, morph_release_fired, 0, 0);
    ev_timer_init(&server->lws_timeouts, morph_lws_timeouts_fired, 0.25, 0.25);
    info.timeout_secs = 10;
    // lws's validity check: silence for idle_seconds brings a PING (a client that reads
    // answers it, so a viewer that only watches is never idle); no PONG by twice that, the
    // connection is dropped.
    server->idle_policy.secs_since_valid_ping = (uint16_t)idle_seconds;
    server->idle_policy.secs_since_valid_hangup = (uint16_t)(2 * idle_seconds);
    info.retry_and_idle_policy = &server->idle_policy;
    if (offer_deflate)
        info.extensions = morph_deflate_extensions;

    lws_set_log_level(LLL_ERR, NULL);
    server->context = lws_create_context(&info);
    if (server->context == NULL) {
        ev_loop_destroy(server->loop);
        free(server->iface);
        free(server);
        return NULL;
    }
    ev_timer_start(server->loop, &server->lws_timeouts);
    return server;
}

int morph_lws_server_port(const morph_lws_server *server) {
    struct lws_vhost *vhost = lws_get_vhost_by_name(server->context, "default");
    return vhost ? lws_get_vhost_listen_port(vhost) : -1;
}

void morph_lws_server_service(morph_lws_server *server) { ev_run(server->loop, EVRUN_ONCE); }

void morph_lws_server_wake(morph_lws_server *server) { ev_async_send(server->loop, &server->wake); }

void morph_lws_server_schedule_tick(morph_lws_server *server, int64_t deadline_us) {
    lws_usec_t delay = (lws_usec_t)deadline_us - lws_now_usecs();
    if (delay < 1)
        delay = 1;
    // libev counts from the time its round began; the round may be well under way.
    ev_now_update(server->loop);
    ev_timer_stop(server->loop, &server->tick);
    ev_timer_set(&server->tick, (double)delay / 1e6, 0);
    ev_timer_start(server->loop, &server->tick);
}

void morph_lws_server_cancel_tick(morph_lws_server *server) {
    ev_timer_stop(server->loop, &server->tick);
}

void morph_lws_server_destroy(morph_lws_server *server) {
    if (server == NULL)
        return;
    lws_context_destroy(server->context);  // a foreign loop: lws is done with it on return
    ev_timer_stop(server->loop, &server->tick);
    ev_timer_stop(server->loop, &server->release);
    ev_timer_stop(server->loop, &server->lws_timeouts);
    ev_async_stop(server->loop, &server->wake);
    ev_loop_destroy(server->loop);
    free(server->iface);
    free(server);
}

int64_t morph_lws_now_us(void) { return (int64_t)lws_now_usecs(); }

void morph_lws_limit_send_buffer(struct lws *wsi, int bytes) {
    lws_sockfd_type fd = lws_get_socket_fd(wsi);
    if (fd >= 0) setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &bytes, sizeof bytes);
}

void morph_lws_server_release_memory_later(morph_lws_server *server, int64_t delay_us) {
    if (ev_is_active(&server->release))
        return;
    ev_timer_set(&server->release, (double)delay_us / 1e6, 0);
    ev_timer_start(server->loop, &server->release);
}

void *morph_lws_owner(struct lws *wsi) {
    struct lws_context *context = wsi ? lws_get_context(wsi) : NULL;
    struct morph_lws_server *server = context ? lws_context_user(context) : NULL;
    return server ? server->owner : NULL;
}

int morph_lws_is_morph_protocol(struct lws *wsi) {
    const struct lws_protocols *protocol = lws_get_protocol(wsi);
    return protocol != NULL && protocol->name != NULL &&
           strcmp(protocol->name, morph_protocol_name) == 0;
}

int morph_lws_write_text(struct lws *wsi, unsigned char *buffer, size_t length) {
    return lws_write(wsi, buffer + LWS_PRE, length, LWS_WRITE_TEXT);
}

void morph_lws_set_close(struct lws *wsi, int code, const char *reason) {
    size_t length = reason ? strlen(reason) : 0;
    lws_close_reason(wsi, (enum lws_close_status)code, (unsigned char *)reason, length);
}

int morph_lws_is_final_fragment(struct lws *wsi) { return lws_is_final_fragment(wsi); }

int morph_lws_is_binary(struct lws *wsi) { return lws_frame_is_binary(wsi); }

void morph_lws_request_writeable(struct lws *wsi) { lws_callback_on_writable(wsi); }

// Nothing of an earlier write waits in lws's own buffer. Not a poll of the socket: a full
// socket buffer makes lws keep the unsent rest of the next write and ask for POLLOUT itself,
// after which this answers 0 until that rest is out.
int morph_lws_can_write_now(struct lws *wsi) { return !lws_partial_buffered(wsi); }

void morph_lws_close_soon(struct lws *wsi) {
    lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
    // Outside lws's own callbacks its libev timer is not re-armed for the new timeout: a
    // round of lws service does that.
    lws_cancel_service(lws_get_context(wsi));
}

int morph_lws_serve_file(struct lws *wsi, const char *path, const char *mime,
                         const char *headers, int headers_length) {
    return lws_serve_http_file(wsi, path, mime, headers, headers_length);
}

int morph_lws_http_status(struct lws *wsi, unsigned int status) {
    return lws_return_http_status(wsi, status, NULL);
}

int morph_lws_http_completed(struct lws *wsi) { return lws_http_transaction_completed(wsi); }

int morph_lws_header(struct lws *wsi, int token, char *buffer, int capacity) {
    enum lws_token_indexes index = (enum lws_token_indexes)token;
    if (lws_hdr_total_length(wsi, index) <= 0)
        return -1;
    // lws_hdr_copy answers -1 when the value does not fit: treat it as absent-but-bad.
    int copied = lws_hdr_copy(wsi, buffer, capacity, index);
    return copied < 0 ? -2 : copied;
}

int morph_lws_http_method(struct lws *wsi) {
    if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0)
        return 1;
    if (lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0)
        return 2;
    return 0;
}

int morph_lws_header_count(struct lws *wsi, int token) {
    enum lws_token_indexes index = (enum lws_token_indexes)token;
    if (lws_hdr_total_length(wsi, index) <= 0)
        return 0;
    int count = 1;
    // lws keeps a repeated header as fragments of one; a fragment past the end reads as 0.
    while (count < 64 && lws_hdr_fragment_length(wsi, index, count) > 0)
        count++;
    return count;
}

int morph_lws_http_refuse(struct lws *wsi, unsigned int status, const char *header_name,
                          const char *header_value, const char *body, int head_only) {
    unsigned char buffer[LWS_PRE + 2048];
    unsigned char *start = buffer + LWS_PRE, *p = start, *end = buffer + sizeof buffer - 1;
    size_t body_length = strlen(body);
    static const char *const security[][2] = {
        {"x-content-type-options:", "nosniff"},
        {"content-security-policy:", "default-src 'none'; frame-ancestors 'none'"},
        {"referrer-policy:", "no-referrer"},
        {"cache-control:", "no-store"},
    };
    if (lws_add_http_common_headers(wsi, status, "text/plain; charset=utf-8", body_length, &p, end))
        return -1;
    for (size_t i = 0; i < sizeof security / sizeof security[0]; i++)
        if (lws_add_http_header_by_name(wsi, (const unsigned char *)security[i][0],
                                        (const unsigned char *)security[i][1],
                                        (int)strlen(security[i][1]), &p, end))
            return -1;
    if (header_name && header_value &&
        lws_add_http_header_by_name(wsi, (const unsigned char *)header_name,
                                    (const unsigned char *)header_value,
                                    (int)strlen(header_value), &p, end))
        return -1;
    if (lws_finalize_write_http_header(wsi, start, &p, end))
        return -1;
    if (head_only || body_length == 0)
        return 0;
    if (body_length > sizeof buffer - LWS_PRE)
        body_length = sizeof buffer - LWS_PRE;
    memcpy(start, body, body_length);
    return lws_write(wsi, start, body_length, LWS_WRITE_HTTP_FINAL) < (int)body_length ? -1 : 0;
}

int morph_lws_refuse_close_code(struct lws *wsi, const unsigned char *payload, size_t length) {
    // lws already turns the codes RFC 6455 §7.4 reserves below 3000 into 1002 before this;
    // it lets a 1-byte payload and codes from 5000 up through.
    if (length == 0)
        return 0;
    int code = length >= 2 ? (payload[0] << 8) | payload[1] : 0;
    if (length == 1 || code >= 5000) {
        lws_close_reason(wsi, LWS_CLOSE_STATUS_PROTOCOL_ERR, (unsigned char *)"bad close code", 14);
        return 1;
    }
    return 0;
}

void morph_lws_name_unnamed_failure(struct lws *wsi) {
    // lws 4.1 fails a connection for an oversized control frame, a close reason in bad UTF-8
    // or a 64-bit length with its top bit set by returning -1 from its parser with no close
    // code; the connection then reaches here still open with none set. Clean closes and
    // dropped sockets never do (lws skips this for them), and every close morphd starts
    // sets its code first.
    if (lws_get_close_length(wsi) == 0)
        lws_close_reason(wsi, LWS_CLOSE_STATUS_PROTOCOL_ERR, (unsigned char *)"protocol error", 14);
}

int morph_lws_url_argument(struct lws *wsi, const char *name, char *buffer, int capacity) {
    // lws matches "name=" and answers a pointer just past it inside `buffer`.
    char prefix[64];
    if (snprintf(prefix, sizeof prefix, "%s=", name) >= (int)sizeof prefix)
        return -1;
    const char *value = lws_get_urlarg_by_name(wsi, prefix, buffer, capacity);
    if (value == NULL)
        return -1;
    size_t length = strlen(value);
    memmove(buffer, value, length + 1);
    return (int)length;
}
