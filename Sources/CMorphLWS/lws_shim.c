// The few things Swift cannot do with lws directly: macros, a protocol table that must
// outlive every call, and the container-of step from a timer back to its owner.
#include "CMorphLWS.h"
#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

const int morph_header_host = WSI_TOKEN_HOST;
const int morph_header_origin = WSI_TOKEN_ORIGIN;

static const char *const morph_protocol_name = "morph.v1";

// RFC 7692 through lws's own extension; the offer string only matters to lws clients.
static const struct lws_extension morph_deflate_extensions[] = {
    {"permessage-deflate", lws_extension_callback_pm_deflate,
     "permessage-deflate; client_no_context_takeover; client_max_window_bits"},
    {NULL, NULL, NULL},
};

struct morph_lws_server {
    struct lws_context *context;
    struct lws_protocols protocols[3];  // http, morph.v1, terminator
    char *iface;
    void *owner;
    morph_lws_event_fn on_event;
    morph_lws_tick_fn on_tick;
    lws_sorted_usec_list_t tick;
    int deflate;
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

static void morph_tick_fired(lws_sorted_usec_list_t *sul) {
    struct morph_lws_server *server = lws_container_of(sul, struct morph_lws_server, tick);
    if (server->on_tick)
        server->on_tick(server->owner);
}

morph_lws_server *morph_lws_server_create(const char *host, int port, void *owner,
                                          morph_lws_event_fn on_event,
                                          morph_lws_tick_fn on_tick,
                                          size_t rx_chunk_bytes, int offer_deflate) {
    struct morph_lws_server *server = calloc(1, sizeof *server);
    if (server == NULL)
        return NULL;
    server->iface = host ? strdup(host) : NULL;
    server->owner = owner;
    server->on_event = on_event;
    server->on_tick = on_tick;
    server->deflate = offer_deflate;

    // Zeroed structs with assigned fields: lws adds members between versions.
    server->protocols[0].name = "http";
    server->protocols[0].callback = morph_dispatch;
    server->protocols[1].name = morph_protocol_name;
    server->protocols[1].callback = morph_dispatch;
    server->protocols[1].rx_buffer_size = rx_chunk_bytes;

    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = port;
    info.iface = server->iface;
    info.protocols = server->protocols;
    info.user = server;
    info.options = LWS_SERVER_OPTION_VALIDATE_UTF8 | LWS_SERVER_OPTION_DISABLE_IPV6;
    info.timeout_secs = 10;
    if (offer_deflate)
        info.extensions = morph_deflate_extensions;

    lws_set_log_level(LLL_ERR, NULL);
    server->context = lws_create_context(&info);
    if (server->context == NULL) {
        free(server->iface);
        free(server);
        return NULL;
    }
    return server;
}

int morph_lws_server_port(const morph_lws_server *server) {
    struct lws_vhost *vhost = lws_get_vhost_by_name(server->context, "default");
    return vhost ? lws_get_vhost_listen_port(vhost) : -1;
}

int morph_lws_server_service(morph_lws_server *server) {
    return lws_service(server->context, 0);
}

void morph_lws_server_cancel(morph_lws_server *server) {
    lws_cancel_service(server->context);
}

void morph_lws_server_schedule_tick(morph_lws_server *server, int64_t deadline_us) {
    lws_usec_t delay = (lws_usec_t)deadline_us - lws_now_usecs();
    if (delay < 1)
        delay = 1;
    lws_sul_schedule(server->context, 0, &server->tick, morph_tick_fired, delay);
}

void morph_lws_server_cancel_tick(morph_lws_server *server) {
    lws_sul_cancel(&server->tick);
}

void morph_lws_server_destroy(morph_lws_server *server) {
    if (server == NULL)
        return;
    lws_sul_cancel(&server->tick);
    lws_context_destroy(server->context);
    free(server->iface);
    free(server);
}

int64_t morph_lws_now_us(void) { return (int64_t)lws_now_usecs(); }

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
