// loadgen: a morph.v1 load client on raw sockets and one epoll loop (see README.md).
//
// Viewers mode: one driver opens a session and drags the curtain at --rate Hz while N viewers
// `join` it. Sessions mode: M drivers each open their own session and drag it. Frames are
// counted per connection; latency is receipt wall-clock time minus the frame's `serverTime`
// (both CLOCK_REALTIME on this machine).
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <unistd.h>
#include <zlib.h>

#include "loadgen.h"
#include "stats.h"
#include "ws.h"

options opt;
run_state run;

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t next_random(void) {
    rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
    return rng_state;
}

void fail(const char *message) {
    fprintf(stderr, "loadgen: %s\n", message);
    exit(1);
}

static void *grow(void *buffer, size_t *capacity, size_t needed) {
    if (needed <= *capacity) return buffer;
    size_t size = *capacity ? *capacity : 4096;
    while (size < needed) size *= 2;
    void *grown = realloc(buffer, size);
    if (!grown) fail("out of memory");
    *capacity = size;
    return grown;
}

static void watch(conn *c, int want_write) {
    struct epoll_event event = {.events = EPOLLIN | (want_write ? EPOLLOUT : 0), .data.ptr = c};
    epoll_ctl(run.epoll, EPOLL_CTL_MOD, c->fd, &event);
    c->watching_out = want_write;
}

static void flush(conn *c) {
    size_t sent = 0;
    while (sent < c->out_len) {
        ssize_t n = send(c->fd, c->out + sent, c->out_len - sent, MSG_NOSIGNAL);
        if (n > 0) { sent += (size_t)n; continue; }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        conn_lost(c, "send failed");
        return;
    }
    memmove(c->out, c->out + sent, c->out_len - sent);
    c->out_len -= sent;
    if ((c->out_len > 0) != c->watching_out) watch(c, c->out_len > 0);
}

void send_message(conn *c, int opcode, const void *payload, size_t length) {
    if (c->state != STATE_OPEN && c->state != STATE_HANDSHAKING) return;
    unsigned char mask[4];
    uint64_t bits = next_random();
    memcpy(mask, &bits, 4);
    c->out = grow(c->out, &c->out_cap, c->out_len + length + 14);
    size_t header = ws_client_header(c->out + c->out_len, opcode, length, mask);
    ws_mask(c->out + c->out_len + header, payload, length, mask);
    c->out_len += header + length;
    flush(c);
}

void send_text(conn *c, const char *text) { send_message(c, 0x1, text, strlen(text)); }

void conn_lost(conn *c, const char *why) {
    if (c->state == STATE_CLOSED) return;
    int was_ready = c->ready;
    c->state = STATE_CLOSED;
    epoll_ctl(run.epoll, EPOLL_CTL_DEL, c->fd, NULL);
    close(c->fd);
    if (run.phase >= PHASE_DONE) return;
    run.lost++;
    if (!was_ready) run.failed++;
    if (run.lost <= 5) fprintf(stderr, "loadgen: %s %d lost: %s\n", c->role == ROLE_DRIVER ? "driver" : "viewer", c->index, why);
}

static void start_connect(conn *c) {
    c->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (c->fd < 0) fail("socket() failed (raise `ulimit -n`?)");
    int one = 1;
    setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)opt.port)};
    if (inet_pton(AF_INET, opt.host, &address.sin_addr) != 1) fail("--host must be an IPv4 address");
    c->state = STATE_CONNECTING;
    c->started = monotonic_now();
    run.pending++;
    struct epoll_event event = {.events = EPOLLOUT | EPOLLIN, .data.ptr = c};
    c->watching_out = 1;
    if (epoll_ctl(run.epoll, EPOLL_CTL_ADD, c->fd, &event) < 0) fail("epoll_ctl failed");
    if (connect(c->fd, (struct sockaddr *)&address, sizeof address) < 0 && errno != EINPROGRESS)
        conn_lost(c, strerror(errno));
}

static void send_handshake(conn *c) {
    unsigned char nonce[16];
    for (int i = 0; i < 16; i += 8) {
        uint64_t bits = next_random();
        memcpy(nonce + i, &bits, 8);
    }
    base64_encode(nonce, 16, c->key);
    char request[512];
    int n = snprintf(request, sizeof request,
                     "GET /%s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: morph.v1\r\n%s\r\n",
                     opt.frames == FRAMES_DELTAS ? "?deltas=1" : opt.frames == FRAMES_FULL ? "?deltas=0" : "", opt.host, opt.port, c->key,
                     opt.deflate ? "Sec-WebSocket-Extensions: permessage-deflate; server_no_context_takeover; "
                                   "client_no_context_takeover\r\n"
                                 : "");
    c->out = grow(c->out, &c->out_cap, c->out_len + (size_t)n);
    memcpy(c->out + c->out_len, request, (size_t)n);
    c->out_len += (size_t)n;
    c->state = STATE_HANDSHAKING;
    flush(c);
}

/// Finds a header's value in the response head (case-insensitive name); NULL when absent.
static const char *header_value(const char *head, const char *name, size_t *length) {
    size_t name_length = strlen(name);
    for (const char *line = strstr(head, "\r\n"); line; line = strstr(line + 2, "\r\n")) {
        if (strncasecmp(line + 2, name, name_length) == 0 && line[2 + name_length] == ':') {
            const char *value = line + 3 + name_length;
            while (*value == ' ') value++;
            const char *end = strstr(value, "\r\n");
            *length = end ? (size_t)(end - value) : strlen(value);
            return value;
        }
    }
    return NULL;
}

/// Checks the 101 answer; returns the bytes it took, 0 when incomplete, -1 when refused.
static long finish_handshake(conn *c) {
    unsigned char *end = memmem(c->in, c->in_len, "\r\n\r\n", 4);
    if (!end) return c->in_len > 8192 ? -1 : 0;
    size_t head_length = (size_t)(end - c->in) + 4;
    char head[8192];
    memcpy(head, c->in, head_length - 2);
    head[head_length - 2] = 0;
    if (strncmp(head, "HTTP/1.1 101", 12) != 0) {
        char *line_end = strstr(head, "\r\n");
        if (line_end) *line_end = 0;
        fprintf(stderr, "loadgen: upgrade refused: %s\n", head);
        return -1;
    }
    char expected[29];
    ws_accept_for_key(c->key, expected);
    size_t length;
    const char *accept = header_value(head, "Sec-WebSocket-Accept", &length);
    if (!accept || length != 28 || memcmp(accept, expected, 28) != 0) {
        fprintf(stderr, "loadgen: bad Sec-WebSocket-Accept\n");
        return -1;
    }
    const char *extensions = header_value(head, "Sec-WebSocket-Extensions", &length);
    if (extensions && memmem(extensions, length, "permessage-deflate", 18)) {
        c->deflate = 1;
        c->context_takeover = !memmem(extensions, length, "server_no_context_takeover", 26);
        if (inflateInit2(&c->inflater, -15) != Z_OK) fail("inflateInit2 failed");
        run.deflate_negotiated++;
    }
    return (long)head_length;
}

static void on_open(conn *c) {
    run.pending--;
    char message[256];
    if (c->role == ROLE_DRIVER)
        snprintf(message, sizeof message, "{\"type\":\"open\",\"component\":\"%s\",\"viewport\":[%d,%d]}",
                 opt.component, opt.width, opt.height);
    else
        snprintf(message, sizeof message, "{\"type\":\"join\",\"session\":\"%s\"}", run.session);
    send_text(c, message);
}

/// Parses whole frames out of the input buffer; `received` is the wall time of the read.
static void parse_frames(conn *c, double received) {
    size_t pos = 0;
    while (c->state == STATE_OPEN) {
        size_t avail = c->in_len - pos;
        if (avail < 2) break;
        unsigned char *p = c->in + pos;
        uint64_t length = p[1] & 0x7F;
        size_t header = 2;
        if (length == 126) {
            if (avail < 4) break;
            length = (uint64_t)p[2] << 8 | p[3], header = 4;
        } else if (length == 127) {
            if (avail < 10) break;
            length = 0;
            for (int i = 0; i < 8; i++) length = length << 8 | p[2 + i];
            header = 10;
        }
        int masked = p[1] & 0x80;
        if (masked) header += 4;
        if (avail < header + length) {
            c->in = grow(c->in, &c->in_cap, header + length);  // room for the rest of this frame
            break;
        }
        unsigned char *payload = p + header;
        if (masked) ws_mask(payload, payload, length, p + header - 4);
        int opcode = p[0] & 0x0F, fin = p[0] & 0x80, compressed = (p[0] & 0x40) != 0;
        pos += header + length;
        switch (opcode) {
        case 0x8: conn_lost(c, "server closed the connection"); break;
        case 0x9: send_message(c, 0xA, payload, length); break;
        case 0xA: break;
        case 0x0:
        case 0x1:
        case 0x2:
            if (opcode != 0) c->fragment_len = 0, c->fragment_compressed = compressed, c->fragment_opcode = opcode;
            if (fin && opcode != 0) {
                if (opcode == 0x1) on_message(c, payload, length, compressed, received);
                break;
            }
            c->fragment = grow(c->fragment, &c->fragment_cap, c->fragment_len + length);
            memcpy(c->fragment + c->fragment_len, payload, length);
            c->fragment_len += length;
            if (fin && c->fragment_opcode == 0x1)
                on_message(c, c->fragment, c->fragment_len, c->fragment_compressed, received);
            break;
        default: conn_lost(c, "bad opcode from server"); break;
        }
    }
    if (c->state == STATE_CLOSED) return;
    memmove(c->in, c->in + pos, c->in_len - pos);
    c->in_len -= pos;
}

static void on_readable(conn *c) {
    c->in = grow(c->in, &c->in_cap, c->in_len + 65536);
    ssize_t n = recv(c->fd, c->in + c->in_len, c->in_cap - c->in_len, 0);
    if (n == 0) {
        conn_lost(c, "connection closed by server");
        return;
    }
    if (n < 0) {
        if (errno != EAGAIN && errno != EINTR) conn_lost(c, strerror(errno));
        return;
    }
    double received = wall_now();
    c->in_len += (size_t)n;
    if (c->state == STATE_HANDSHAKING) {
        long taken = finish_handshake(c);
        if (taken == 0) return;
        if (taken < 0) {
            conn_lost(c, "handshake failed");
            return;
        }
        memmove(c->in, c->in + taken, c->in_len - (size_t)taken);
        c->in_len -= (size_t)taken;
        c->state = STATE_OPEN;
        on_open(c);
    }
    parse_frames(c, received);
}

static void on_event(conn *c, uint32_t events) {
    if (c->state == STATE_CONNECTING && (events & (EPOLLOUT | EPOLLERR | EPOLLHUP))) {
        int error = 0;
        socklen_t size = sizeof error;
        getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &error, &size);
        if (error) {
            conn_lost(c, strerror(error));
            return;
        }
        send_handshake(c);
        return;
    }
    if (events & EPOLLOUT) flush(c);
    if (c->state != STATE_CLOSED && (events & (EPOLLIN | EPOLLHUP | EPOLLERR))) on_readable(c);
}

/// Starts connections while fewer than --max-pending handshakes are in flight.
static void pump_connects(int first, int count) {
    while (run.next_connect < first + count && run.pending < opt.max_pending) start_connect(&run.conns[run.next_connect++]);
}

int main(int argc, char **argv) {
    parse_options(argc, argv);
    signal(SIGPIPE, SIG_IGN);
    rng_state ^= (uint64_t)(wall_now() * 1e6);
    int drivers = opt.viewers ? 1 : opt.sessions;
    run.conn_count = drivers + opt.viewers;
    run.conns = calloc((size_t)run.conn_count, sizeof(conn));
    for (int i = 0; i < run.conn_count; i++) {
        run.conns[i].role = i < drivers ? ROLE_DRIVER : ROLE_VIEWER;
        run.conns[i].index = i < drivers ? i : i - drivers;
        run.conns[i].state = STATE_IDLE;
    }
    run.epoll = epoll_create1(EPOLL_CLOEXEC);
    run.timer = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    struct epoll_event timer_event = {.events = EPOLLIN, .data.ptr = NULL};
    epoll_ctl(run.epoll, EPOLL_CTL_ADD, run.timer, &timer_event);
    long period_ns = (long)(1e9 / opt.rate);
    struct itimerspec spec = {.it_interval = {0, period_ns}, .it_value = {0, period_ns}};
    timerfd_settime(run.timer, 0, &spec, NULL);

    run.started = monotonic_now();
    run.rss_start = process_rss_kib(opt.server_pid);
    phase_enter(PHASE_DRIVERS, run.started);
    struct epoll_event events[1024];
    while (run.phase != PHASE_DONE) {
        if (run.phase == PHASE_DRIVERS) pump_connects(0, drivers);
        if (run.phase == PHASE_VIEWERS) pump_connects(drivers, opt.viewers);
        int n = epoll_wait(run.epoll, events, 1024, 5);
        for (int i = 0; i < n; i++) {
            if (events[i].data.ptr == NULL) {
                uint64_t expirations;
                if (read(run.timer, &expirations, sizeof expirations) > 0) drive_tick(monotonic_now());
                continue;
            }
            on_event(events[i].data.ptr, events[i].events);
        }
        phase_step(monotonic_now());
    }
    int status = report();
    for (int i = 0; i < run.conn_count; i++)
        if (run.conns[i].state != STATE_CLOSED && run.conns[i].state != STATE_IDLE) close(run.conns[i].fd);
    return status;
}
