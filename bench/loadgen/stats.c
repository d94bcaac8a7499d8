#include "stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

void latency_reset(latency_histogram *histogram) { memset(histogram, 0, sizeof *histogram); }

void latency_add(latency_histogram *histogram, double seconds) {
    if (seconds < 0) seconds = 0;  // the same clock on one machine; guards rounding only
    size_t bucket = (size_t)(seconds / LATENCY_BUCKET_SECONDS);
    if (bucket >= LATENCY_BUCKETS) bucket = LATENCY_BUCKETS - 1;
    histogram->counts[bucket]++;
    histogram->total++;
    if (seconds > histogram->max_seconds) histogram->max_seconds = seconds;
}

double latency_quantile(const latency_histogram *histogram, double q) {
    if (histogram->total == 0) return 0;
    uint64_t rank = (uint64_t)(q * (double)histogram->total);
    if (rank >= histogram->total) rank = histogram->total - 1;
    uint64_t seen = 0;
    for (size_t i = 0; i < LATENCY_BUCKETS; i++) {
        seen += histogram->counts[i];
        if (seen > rank) return (double)(i + 1) * LATENCY_BUCKET_SECONDS;
    }
    return histogram->max_seconds;
}

double process_cpu_seconds(pid_t pid) {
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *file = fopen(path, "r");
    if (!file) return -1;
    size_t n = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[n] = 0;
    // The command name may hold spaces and parentheses: fields are counted after the last ')'.
    char *cursor = strrchr(text, ')');
    if (!cursor) return -1;
    cursor += 2;  // ") " then field 3 (state)
    unsigned long long utime = 0, stime = 0;
    for (int field = 3; field <= 15 && cursor; field++) {
        if (field == 14) utime = strtoull(cursor, NULL, 10);
        if (field == 15) stime = strtoull(cursor, NULL, 10);
        cursor = strchr(cursor, ' ');
        if (cursor) cursor++;
    }
    return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

long process_rss_kib(pid_t pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *file = fopen(path, "r");
    if (!file) return -1;
    long rss = -1;
    while (fgets(line, sizeof line, file))
        if (strncmp(line, "VmRSS:", 6) == 0) rss = strtol(line + 6, NULL, 10);
    fclose(file);
    return rss;
}

double self_cpu_seconds(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (double)usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + (double)usage.ru_stime.tv_sec +
           usage.ru_stime.tv_usec / 1e6;
}

static double clock_seconds(clockid_t id) {
    struct timespec now;
    clock_gettime(id, &now);
    return (double)now.tv_sec + now.tv_nsec / 1e9;
}

double monotonic_now(void) { return clock_seconds(CLOCK_MONOTONIC); }
double wall_now(void) { return clock_seconds(CLOCK_REALTIME); }

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double median_of(double *values, size_t count) {
    if (count == 0) return 0;
    qsort(values, count, sizeof *values, compare_doubles);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}
