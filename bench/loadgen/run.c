// The run: morph.v1 messages in, the drivers' drags out, phases, the report, the options.
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "loadgen.h"

static const char usage[] =
    "usage: loadgen --port N (--viewers N | --sessions M) [--host 127.0.0.1] [--duration 5]\n"
    "               [--warmup 1] [--settle 0.5] [--rate 60] [--component curtain]\n"
    "               [--viewport 390x844] [--server-pid PID] [--deflate] [--deltas | --full-frames]\n"
    "               [--capture FILE] [--max-pending 64] [--connect-timeout 60] [--json] [--quiet] [--help]\n"
    "\n"
    "  --viewers N       one driver opens a session and drags it; N viewers join it\n"
    "  --sessions M      M drivers, each dragging its own session\n"
    "  --duration S      measured window in seconds, after --warmup S of driving\n"
    "  --settle S        idle time after everyone joined, before the idle memory reading\n"
    "  --rate HZ         pointer moves per second per driver\n"
    "  --server-pid PID  read that process's CPU (/proc/PID/stat) and RSS\n"
    "  --deflate         offer permessage-deflate (no context takeover either way)\n"
    "  --deltas          ask for frame deltas (ws://HOST:PORT/?deltas=1, morphd's default since issue 35)\n"
    "  --full-frames     ask for full frames only (ws://HOST:PORT/?deltas=0); with neither, the\n"
    "                    URL says nothing and the server's default applies\n"
    "  --capture FILE    write the last frame a driver received (inflated) to FILE\n"
    "  --max-pending N   handshakes in flight at once while connecting\n"
    "  --json            print the report as one JSON object instead of name/value lines\n"
    "  --quiet           no progress lines on stderr\n"
    "\n"
    "Latency is receipt time minus the frame's serverTime (wall clock, same machine).\n";

static void usage_error(const char *message) {
    fprintf(stderr, "loadgen: %s\n%s", message, usage);
    exit(2);
}

static double number(const char *flag, const char *text, double low, double high) {
    char *end;
    double value = strtod(text, &end);
    if (*text == 0 || *end != 0 || !(value >= low && value <= high)) {
        char message[160];
        snprintf(message, sizeof message, "%s wants a number in %g...%g, got '%s'", flag, low, high, text);
        usage_error(message);
    }
    return value;
}

void parse_options(int argc, char **argv) {
    opt = (options){.host = "127.0.0.1", .duration = 5, .warmup = 1, .settle = 0.5, .rate = 60,
                    .connect_timeout = 60, .component = "curtain", .width = 390, .height = 844, .max_pending = 64};
    for (int i = 1; i < argc; i++) {
        const char *flag = argv[i];
        if (!strcmp(flag, "--help") || !strcmp(flag, "-h")) {
            fputs(usage, stdout);
            exit(0);
        }
        if (!strcmp(flag, "--deflate")) { opt.deflate = 1; continue; }
        if (!strcmp(flag, "--deltas") || !strcmp(flag, "--full-frames")) {
            frames_asked asked = !strcmp(flag, "--deltas") ? FRAMES_DELTAS : FRAMES_FULL;
            if (opt.frames != FRAMES_SERVER_DEFAULT && opt.frames != asked)
                usage_error("--deltas and --full-frames ask for opposite things: give one");
            opt.frames = asked;
            continue;
        }
        if (!strcmp(flag, "--json")) { opt.json = 1; continue; }
        if (!strcmp(flag, "--quiet")) { opt.quiet = 1; continue; }
        if (i + 1 >= argc) {
            char message[128];
            snprintf(message, sizeof message, "unknown flag or missing value: %s", flag);
            usage_error(message);
        }
        const char *value = argv[++i];
        if (!strcmp(flag, "--host")) opt.host = value;
        else if (!strcmp(flag, "--port")) opt.port = (int)number(flag, value, 1, 65535);
        else if (!strcmp(flag, "--viewers")) opt.viewers = (int)number(flag, value, 1, 60000);
        else if (!strcmp(flag, "--sessions")) opt.sessions = (int)number(flag, value, 1, 60000);
        else if (!strcmp(flag, "--duration")) opt.duration = number(flag, value, 0.1, 3600);
        else if (!strcmp(flag, "--warmup")) opt.warmup = number(flag, value, 0, 3600);
        else if (!strcmp(flag, "--settle")) opt.settle = number(flag, value, 0, 3600);
        else if (!strcmp(flag, "--rate")) opt.rate = number(flag, value, 1, 1000);
        else if (!strcmp(flag, "--connect-timeout")) opt.connect_timeout = number(flag, value, 1, 3600);
        else if (!strcmp(flag, "--max-pending")) opt.max_pending = (int)number(flag, value, 1, 10000);
        else if (!strcmp(flag, "--server-pid")) opt.server_pid = (pid_t)number(flag, value, 1, 1 << 30);
        else if (!strcmp(flag, "--component")) opt.component = value;
        else if (!strcmp(flag, "--capture")) opt.capture = value;
        else if (!strcmp(flag, "--viewport")) {
            if (sscanf(value, "%dx%d", &opt.width, &opt.height) != 2 || opt.width <= 0 || opt.height <= 0)
                usage_error("--viewport wants WxH, e.g. 390x844");
        } else {
            char message[128];
            snprintf(message, sizeof message, "unknown flag: %s", flag);
            usage_error(message);
        }
    }
    if (!opt.port) usage_error("--port is required");
    if ((opt.viewers > 0) == (opt.sessions > 0)) usage_error("give exactly one of --viewers and --sessions");
    if (strlen(opt.component) > 64 || strpbrk(opt.component, "\"\\")) usage_error("--component: a plain name");
    if (opt.server_pid && process_cpu_seconds(opt.server_pid) < 0) {
        char message[96];
        snprintf(message, sizeof message, "no readable /proc/%d/stat for --server-pid", (int)opt.server_pid);
        usage_error(message);
    }
}

// MARK: Messages in

/// The text of a message, inflated when compressed: `whole` when every byte is needed,
/// else only the head (where every field this reads sits).
static const unsigned char *message_text(conn *c, unsigned char *data, size_t length, int compressed, int whole,
                                         size_t *text_length) {
    static unsigned char head[640];
    static unsigned char *buffer;
    static size_t buffer_cap;
    if (!compressed) {
        *text_length = length;
        return data;
    }
    if (!c->deflate) return NULL;
    // With context takeover every message must go through the one stream, whole.
    if (c->context_takeover) whole = 1;
    else inflateReset(&c->inflater);
    static const unsigned char trailer[4] = {0x00, 0x00, 0xFF, 0xFF};
    size_t produced = 0;
    c->inflater.next_in = data;
    c->inflater.avail_in = (uInt)length;
    for (int part = 0; part < 2; part++) {
        while (c->inflater.avail_in > 0) {
            unsigned char *out = head;
            size_t room = sizeof head - produced;
            if (whole) {
                if (buffer_cap < produced + 65536) {
                    buffer_cap = (produced + 65536) * 2;
                    buffer = realloc(buffer, buffer_cap);
                    if (!buffer) fail("out of memory");
                }
                out = buffer, room = buffer_cap - produced;
            }
            if (room == 0) break;
            c->inflater.next_out = out + produced;
            c->inflater.avail_out = (uInt)room;
            int status = inflate(&c->inflater, Z_SYNC_FLUSH);
            produced = (size_t)(c->inflater.next_out - out);
            if (status == Z_STREAM_END) break;  // a final block (RFC 7692 allows one)
            if (status != Z_OK && status != Z_BUF_ERROR) return NULL;
            if (!whole && produced == sizeof head) break;
        }
        if (!whole) break;
        c->inflater.next_in = (unsigned char *)trailer;
        c->inflater.avail_in = 4;
    }
    *text_length = produced;
    return whole ? buffer : head;
}

/// The number after `"key":` within the text, or NAN.
static double field_number(const unsigned char *text, size_t length, const char *key) {
    const unsigned char *at = memmem(text, length < 512 ? length : 512, key, strlen(key));
    if (!at) return NAN;
    char digits[40];
    size_t start = (size_t)(at - text) + strlen(key), n = 0;
    while (start + n < length && n < sizeof digits - 1 && strchr("0123456789.eE+-", text[start + n])) n++;
    memcpy(digits, text + start, n);
    digits[n] = 0;
    return n ? strtod(digits, NULL) : NAN;
}

static int starts_with(const unsigned char *text, size_t length, const char *prefix) {
    size_t n = strlen(prefix);
    return length >= n && memcmp(text, prefix, n) == 0;
}

static void on_frame(conn *c, const unsigned char *text, size_t length, size_t wire_length, double received) {
    c->frames++;
    long seq = (long)field_number(text, length, "\"seq\":");
    double server_time = field_number(text, length, "\"serverTime\":");
    double dropped = field_number(text, length, "\"dropped\":");
    if (!isnan(dropped)) c->dropped = (long)dropped;
    // In viewers mode the driver's own frames are not a viewer's.
    if (run.phase == PHASE_MEASURE && (c->role == ROLE_VIEWER || !opt.viewers)) {
        c->window_frames++;
        c->window_wire_bytes += wire_length;
        if (!isnan(field_number(text, length, "\"base\":"))) c->window_delta_frames++;
        if (c->last_seq > 0 && seq > c->last_seq + 1) c->window_gaps += (uint64_t)(seq - c->last_seq - 1);
        if (!isnan(server_time)) latency_add(&run.latency, received - server_time);
    }
    c->last_seq = seq;
}

void on_message(conn *c, unsigned char *data, size_t length, int compressed, double received) {
    int capture = opt.capture && c->role == ROLE_DRIVER;
    size_t text_length;
    const unsigned char *text = message_text(c, data, length, compressed, capture, &text_length);
    if (!text) {
        conn_lost(c, "undecodable compressed message");
        return;
    }
    if (starts_with(text, text_length, "{\"type\":\"frame\"")) {
        if (capture) {
            run.capture = realloc(run.capture, text_length);
            memcpy(run.capture, text, text_length);
            run.capture_len = text_length;
        }
        on_frame(c, text, text_length, length, received);
        return;
    }
    if (starts_with(text, text_length, "{\"type\":\"session\"")) {
        if (c->ready) return;
        c->ready = 1;
        if (c->role == ROLE_VIEWER) {
            run.viewers_ready++;
            return;
        }
        run.drivers_ready++;
        const unsigned char *at = memmem(text, text_length, "\"session\":\"", 11);
        if (at && c->index == 0) {
            size_t start = (size_t)(at - text) + 11, n = 0;
            while (start + n < text_length && text[start + n] != '"' && n < sizeof run.session - 1) n++;
            memcpy(run.session, text + start, n);
            run.session[n] = 0;
        }
        return;
    }
    if (starts_with(text, text_length, "{\"type\":\"error\"")) {
        if (++run.errors <= 5)
            fprintf(stderr, "loadgen: %s %d got: %.*s\n", c->role == ROLE_DRIVER ? "driver" : "viewer", c->index,
                    (int)(text_length < 300 ? text_length : 300), text);
    }
}

// MARK: Driving

/// One pointer move per driver: a drag on the curtain's trailing handle, swinging between
/// x = 60 and 360 every two seconds, each driver at its own phase.
void drive_tick(double now) {
    if (run.phase != PHASE_WARMUP && run.phase != PHASE_MEASURE) return;
    double t = now - run.started;
    for (int i = 0; i < run.conn_count; i++) {
        conn *c = &run.conns[i];
        if (c->role != ROLE_DRIVER || c->state != STATE_OPEN || !c->ready) continue;
        char message[160];
        if (!c->pointer_down) {
            c->pointer_down = 1;
            c->drag_phase = (double)(c->index % 97) / 97.0;
            snprintf(message, sizeof message,
                     "{\"type\":\"input\",\"event\":{\"kind\":\"pointerDown\",\"pointer\":1,\"x\":%d,\"y\":%d}}",
                     opt.width - 20, opt.height / 2);
        } else {
            double angle = 2 * M_PI * (t / 2.0 + c->drag_phase);
            double x = opt.width / 2.0 + (opt.width / 2.0 - 30) * cos(angle);
            double y = opt.height / 2.0 + 40 * sin(1.4 * angle);
            snprintf(message, sizeof message,
                     "{\"type\":\"input\",\"event\":{\"kind\":\"pointerMove\",\"pointer\":1,\"x\":%.2f,\"y\":%.2f}}",
                     x, y);
        }
        send_text(c, message);
    }
}

// MARK: Phases

void phase_enter(run_phase phase, double now) {
    run.phase = phase;
    run.phase_started = now;
    static const char *names[] = {"opening sessions", "joining viewers", "settling (idle)", "warming up",
                                  "measuring", "done"};
    if (!opt.quiet) fprintf(stderr, "loadgen: %.1f s: %s\n", now - run.started, names[phase]);
    if (phase == PHASE_MEASURE) {
        latency_reset(&run.latency);
        for (int i = 0; i < run.conn_count; i++) {
            conn *c = &run.conns[i];
            c->window_frames = c->window_gaps = c->window_wire_bytes = c->window_delta_frames = 0;
            c->window_dropped_base = c->dropped;
        }
        run.window_started = now;
        run.server_cpu_start = process_cpu_seconds(opt.server_pid);
        run.self_cpu_start = self_cpu_seconds();
        run.progress_frames = 0;
    }
    if (phase == PHASE_DONE && run.window_started > 0) {
        run.window_seconds = now - run.window_started;
        run.server_cpu_end = process_cpu_seconds(opt.server_pid);
        run.self_cpu_end = self_cpu_seconds();
        run.rss_end = process_rss_kib(opt.server_pid);
    }
}

static void progress(double now) {
    if (opt.quiet || now - run.last_progress < 1) return;
    run.last_progress = now;
    int target = opt.viewers ? opt.viewers : opt.sessions;
    int ready = opt.viewers ? run.viewers_ready : run.drivers_ready;
    if (run.phase != PHASE_MEASURE) {
        fprintf(stderr, "loadgen: %.1f s: %d/%d ready, %d lost\n", now - run.started, ready, target, run.lost);
        return;
    }
    uint64_t frames = 0;
    for (int i = 0; i < run.conn_count; i++)
        if (run.conns[i].role == (opt.viewers ? ROLE_VIEWER : ROLE_DRIVER)) frames += run.conns[i].window_frames;
    double seconds = now - run.window_started;
    fprintf(stderr, "loadgen: %.1f s: %.0f frames/s in all, %.1f per %s, p99 %.1f ms so far\n", now - run.started,
            frames / seconds, frames / seconds / target, opt.viewers ? "viewer" : "session",
            latency_quantile(&run.latency, 0.99) * 1e3);
}

void phase_step(double now) {
    progress(now);
    double in_phase = now - run.phase_started;
    int target = opt.viewers ? opt.viewers : opt.sessions;
    switch (run.phase) {
    case PHASE_DRIVERS:
    case PHASE_VIEWERS: {
        int drivers = opt.viewers ? 1 : opt.sessions;
        int drivers_done = run.drivers_ready + (opt.viewers ? 0 : run.failed) >= drivers;
        if (run.phase == PHASE_DRIVERS && opt.viewers && run.drivers_ready == 1) {
            run.rss_base = process_rss_kib(opt.server_pid);
            phase_enter(PHASE_VIEWERS, now);
            return;
        }
        if (opt.viewers && run.phase == PHASE_DRIVERS && run.failed) fail("the driver could not open a session");
        int done = opt.viewers ? run.phase == PHASE_VIEWERS && run.viewers_ready + run.failed >= target : drivers_done;
        if (done) {
            if (!opt.viewers) run.rss_base = run.rss_start;
            if ((opt.viewers ? run.viewers_ready : run.drivers_ready) == 0) fail("no connection got a session");
            phase_enter(PHASE_SETTLE, now);
            return;
        }
        if (now - run.started > opt.connect_timeout) {
            fprintf(stderr, "loadgen: only %d of %d ready after %.0f s; measuring those\n",
                    opt.viewers ? run.viewers_ready : run.drivers_ready, target, opt.connect_timeout);
            if (opt.viewers && run.drivers_ready == 0) fail("the driver never got a session");
            phase_enter(PHASE_SETTLE, now);
            return;
        }
        return;
    }
    case PHASE_SETTLE:
        if (in_phase >= opt.settle) {
            run.rss_idle = process_rss_kib(opt.server_pid);
            phase_enter(PHASE_WARMUP, now);
        }
        return;
    case PHASE_WARMUP:
        if (in_phase >= opt.warmup) phase_enter(PHASE_MEASURE, now);
        return;
    case PHASE_MEASURE:
        if (in_phase >= opt.duration) phase_enter(PHASE_DONE, now);
        return;
    case PHASE_DONE: return;
    }
}
