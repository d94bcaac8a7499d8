// Shared state of the load generator: options, connections, the run's phases.
#ifndef LOADGEN_H
#define LOADGEN_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <zlib.h>

#include "stats.h"

typedef enum { ROLE_DRIVER, ROLE_VIEWER } conn_role;
typedef enum { STATE_IDLE, STATE_CONNECTING, STATE_HANDSHAKING, STATE_OPEN, STATE_CLOSED } conn_state;

/// Connect, open/join, settle (idle: memory read), warm up (driving), measure, done.
typedef enum { PHASE_DRIVERS, PHASE_VIEWERS, PHASE_SETTLE, PHASE_WARMUP, PHASE_MEASURE, PHASE_DONE } run_phase;

// What the connections' URL asks of frames: nothing (the server's default), deltas, or full frames.
typedef enum { FRAMES_SERVER_DEFAULT, FRAMES_DELTAS, FRAMES_FULL } frames_asked;

typedef struct {
    const char *host;
    int port;
    int viewers;   // viewers mode when > 0
    int sessions;  // sessions mode when > 0
    double duration, warmup, settle, rate, connect_timeout;
    const char *component;
    int width, height;
    pid_t server_pid;  // 0: no server figures
    int deflate, json, quiet, max_pending;
    frames_asked frames;
    const char *capture;  // write the driver's last frame here
} options;

typedef struct {
    int fd, index;
    conn_role role;
    conn_state state;
    int watching_out;
    double started;
    char key[32];
    unsigned char *in, *out, *fragment;
    size_t in_len, in_cap, out_len, out_cap, fragment_len, fragment_cap;
    int fragment_opcode, fragment_compressed;
    int deflate, context_takeover;
    z_stream inflater;
    int ready;  // got its `session` answer
    int pointer_down;
    double drag_phase;
    // Counting: totals, and the measured window.
    uint64_t frames, window_frames, window_gaps, window_wire_bytes, window_delta_frames;
    long last_seq, dropped, window_dropped_base;
} conn;

typedef struct {
    run_phase phase;
    double phase_started, started, window_started, window_seconds, last_progress;
    conn *conns;
    int conn_count, next_connect, pending, epoll, timer;
    int drivers_ready, viewers_ready, lost, failed, errors, deflate_negotiated;
    char session[128];
    long rss_start, rss_base, rss_idle, rss_end;
    double server_cpu_start, server_cpu_end, self_cpu_start, self_cpu_end;
    uint64_t progress_frames;
    unsigned char *capture;
    size_t capture_len, capture_cap;
    latency_histogram latency;
} run_state;

extern options opt;
extern run_state run;

void fail(const char *message);
void parse_options(int argc, char **argv);
void send_message(conn *c, int opcode, const void *payload, size_t length);
void send_text(conn *c, const char *text);
void conn_lost(conn *c, const char *why);
void on_message(conn *c, unsigned char *data, size_t length, int compressed, double received);
void drive_tick(double now);
void phase_enter(run_phase phase, double now);
void phase_step(double now);
int report(void);

#endif
