// The report: per-connection frame rates, latency quantiles, the server's and our own cost.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "loadgen.h"

typedef struct {
    const char *name;
    double value;
    int decimals;
} figure;

/// Prints the figures; returns the exit status (1 when nothing was measured).
int report(void) {
    conn_role counted = opt.viewers ? ROLE_VIEWER : ROLE_DRIVER;
    int target = opt.viewers ? opt.viewers : opt.sessions;
    double *rates = calloc((size_t)target, sizeof(double));
    size_t n = 0;
    uint64_t frames = 0, gaps = 0, wire = 0, deltas = 0;
    long dropped_total = 0, dropped_max = 0;
    double seconds = run.window_seconds > 0 ? run.window_seconds : 1;
    for (int i = 0; i < run.conn_count; i++) {
        conn *c = &run.conns[i];
        if (c->role != counted) continue;
        rates[n++] = (double)c->window_frames / seconds;
        frames += c->window_frames, gaps += c->window_gaps, wire += c->window_wire_bytes;
        deltas += c->window_delta_frames;
        long dropped = c->dropped - c->window_dropped_base;
        dropped_total += dropped;
        if (dropped > dropped_max) dropped_max = dropped;
    }
    double fps_max = 0;
    for (size_t i = 0; i < n; i++) fps_max = rates[i] > fps_max ? rates[i] : fps_max;
    double fps_median = median_of(rates, n), fps_min = n ? rates[0] : 0;
    free(rates);
    double server_cpu = opt.server_pid ? run.server_cpu_end - run.server_cpu_start : 0;
    double self_cpu = run.self_cpu_end - run.self_cpu_start;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int ready = opt.viewers ? run.viewers_ready : run.drivers_ready;
    double p99 = latency_quantile(&run.latency, 0.99) * 1e3;
    figure figures[] = {
        {"clients", target, 0},
        {"ready", ready, 0},
        {"lost", run.lost, 0},
        {"errors", run.errors, 0},
        {"deflate_negotiated", run.deflate_negotiated, 0},
        {"window_s", run.window_seconds, 2},
        {"fps_min", fps_min, 2},
        {"fps_median", fps_median, 2},
        {"fps_max", fps_max, 2},
        {"latency_p50_ms", latency_quantile(&run.latency, 0.5) * 1e3, 2},
        {"latency_p99_ms", p99, 2},
        {"latency_max_ms", run.latency.max_seconds * 1e3, 2},
        {"latency_samples", (double)run.latency.total, 0},
        {"frames", (double)frames, 0},
        {"frames_per_s", frames / seconds, 0},
        {"dropped_total", dropped_total, 0},
        {"dropped_max", dropped_max, 0},
        {"seq_gaps", (double)gaps, 0},
        {"wire_bytes_per_frame", frames ? (double)wire / frames : 0, 0},
        {"delta_frames", (double)deltas, 0},
        {"server_cpu_percent", server_cpu / seconds * 100, 1},
        {"server_cpu_us_per_frame", frames ? server_cpu / frames * 1e6 : 0, 2},
        {"server_rss_base_kib", run.rss_base, 0},
        {"server_rss_idle_kib", run.rss_idle, 0},
        {"server_rss_end_kib", run.rss_end, 0},
        {"server_kib_per_idle_client", ready ? (double)(run.rss_idle - run.rss_base) / ready : 0, 2},
        {"client_cpu_percent", self_cpu / seconds * 100, 1},
        {"client_share_of_machine_percent", self_cpu / seconds * 100 / (double)cores, 1},
        {"holds", fps_min >= 58 && p99 < 16.7 && ready == target, 0},
    };
    size_t count = sizeof figures / sizeof figures[0];
    const char *mode = opt.viewers ? "viewers" : "sessions";
    if (opt.json) {
        printf("{\"mode\":\"%s\",\"component\":\"%s\",\"deflate_offered\":%s,\"deltas_asked\":%s,"
               "\"full_frames_asked\":%s",
               mode, opt.component, opt.deflate ? "true" : "false", opt.frames == FRAMES_DELTAS ? "true" : "false",
               opt.frames == FRAMES_FULL ? "true" : "false");
        for (size_t i = 0; i < count; i++) printf(",\"%s\":%.*f", figures[i].name, figures[i].decimals, figures[i].value);
        printf("}\n");
    } else {
        printf("%-32s %s\n%-32s %s\n%-32s %s\n", "mode", mode, "component", opt.component, "deflate_offered",
               opt.deflate ? "yes" : "no");
        for (size_t i = 0; i < count; i++) printf("%-32s %.*f\n", figures[i].name, figures[i].decimals, figures[i].value);
    }
    fflush(stdout);
    if (opt.capture) {
        FILE *file = fopen(opt.capture, "wb");
        if (!file || run.capture_len == 0) {
            fprintf(stderr, "loadgen: no frame captured to %s\n", opt.capture);
            if (file) fclose(file);
            return 1;
        }
        fwrite(run.capture, 1, run.capture_len, file);
        fclose(file);
    }
    return ready > 0 && frames > 0 ? 0 : 1;
}
