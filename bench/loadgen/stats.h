// What the load generator measures besides frames: a latency histogram, a process's CPU and
// RSS from /proc, and its own CPU.
#ifndef LOADGEN_STATS_H
#define LOADGEN_STATS_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// Latencies in 10 µs buckets up to 10 s; later ones land in the last bucket.
#define LATENCY_BUCKETS 1000000
#define LATENCY_BUCKET_SECONDS 1e-5

typedef struct {
    uint32_t counts[LATENCY_BUCKETS];
    uint64_t total;
    double max_seconds;
} latency_histogram;

void latency_reset(latency_histogram *histogram);
void latency_add(latency_histogram *histogram, double seconds);
/// The latency (seconds) at quantile `q` in [0, 1]: the upper edge of its bucket; 0 when empty.
double latency_quantile(const latency_histogram *histogram, double q);

/// CPU seconds (user + system) a process has used, from /proc/PID/stat; -1 when unreadable.
double process_cpu_seconds(pid_t pid);
/// Resident set size in KiB from /proc/PID/status; -1 when unreadable.
long process_rss_kib(pid_t pid);
/// This process's CPU seconds (getrusage).
double self_cpu_seconds(void);

/// Monotonic and wall-clock seconds.
double monotonic_now(void);
double wall_now(void);

/// Sorts `values` in place and returns the median (0 for none).
double median_of(double *values, size_t count);

#endif
