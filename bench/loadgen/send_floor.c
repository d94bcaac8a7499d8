/* send-floor: the machine's own cost of sending one message to each of N loopback viewers,
 * the floor under any server's CPU per delivered frame (issue 35: morphd's full frames are
 * measured against it, for the same viewer count and message size, in the same run).
 *
 *     send-floor --connections 2000 --bytes 9700 [--rate 60] [--duration 4] [--warmup 1] [--json]
 *
 * One process sends, a forked child reads. The sender opens N TCP connections on loopback
 * (TCP_NODELAY, non-blocking, as lws sends) and, every 1/rate s, sends one message of the
 * given size on each with one send(); the reader drains every ready socket with recv() in one
 * epoll loop, as bench/loadgen reads. Reported: the sender's CPU (user + system, getrusage)
 * per message sent in the measured window, and how many sends could not be completed at once
 * (a message the socket did not take whole counts as short, and the rest is not sent: the
 * floor is of a send that goes through). Exit 0 when messages were measured, 1 when not, 2 for
 * a bad command line. */
#define _GNU_SOURCE
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double seconds_of(struct timeval value) { return (double)value.tv_sec + (double)value.tv_usec * 1e-6; }

/* User + system CPU seconds of this process. */
static double cpu_seconds(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return seconds_of(usage.ru_utime) + seconds_of(usage.ru_stime);
}

static double monotonic_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static void usage(FILE *to) {
    fprintf(to, "usage: send-floor --connections N --bytes B [--rate 60] [--duration 4] [--warmup 1] [--json]\n"
                "  the sender's CPU per message of B bytes sent to each of N loopback connections at RATE Hz\n");
}

/* The reader: drains every socket it accepts until the sender closes them all. */
static void read_all(int listener, int connections) {
    int poller = epoll_create1(0);
    static char buffer[1 << 16];
    int open = 0, accepted = 0;
    struct epoll_event event = {.events = EPOLLIN, .data.fd = listener};
    epoll_ctl(poller, EPOLL_CTL_ADD, listener, &event);
    struct epoll_event ready[256];
    while (accepted < connections || open > 0) {
        int count = epoll_wait(poller, ready, 256, 1000);
        for (int index = 0; index < count; index++) {
            int fd = ready[index].data.fd;
            if (fd == listener) {
                int client;
                while ((client = accept4(listener, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
                    struct epoll_event added = {.events = EPOLLIN, .data.fd = client};
                    epoll_ctl(poller, EPOLL_CTL_ADD, client, &added);
                    accepted++, open++;
                }
                continue;
            }
            for (;;) {
                ssize_t got = recv(fd, buffer, sizeof buffer, 0);
                if (got > 0) continue;
                if (got == 0 || (errno != EAGAIN && errno != EINTR)) {
                    close(fd);
                    open--;
                }
                break;
            }
        }
    }
}

int main(int argc, char **argv) {
    long connections = 0, bytes = 0;
    double rate = 60, duration = 4, warmup = 1;
    int json = 0;
    for (int index = 1; index < argc; index++) {
        const char *flag = argv[index];
        const char *value = index + 1 < argc ? argv[index + 1] : NULL;
        if (!strcmp(flag, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(flag, "--json")) {
            json = 1;
        } else if (value && !strcmp(flag, "--connections")) {
            connections = strtol(value, NULL, 10), index++;
        } else if (value && !strcmp(flag, "--bytes")) {
            bytes = strtol(value, NULL, 10), index++;
        } else if (value && !strcmp(flag, "--rate")) {
            rate = strtod(value, NULL), index++;
        } else if (value && !strcmp(flag, "--duration")) {
            duration = strtod(value, NULL), index++;
        } else if (value && !strcmp(flag, "--warmup")) {
            warmup = strtod(value, NULL), index++;
        } else {
            fprintf(stderr, "send-floor: unknown or incomplete option %s\n", flag);
            usage(stderr);
            return 2;
        }
    }
    if (connections < 1 || connections > 60000 || bytes < 1 || bytes > (1 << 24) || !(rate > 0 && rate <= 1000) ||
        !(duration > 0) || !(warmup >= 0)) {
        fprintf(stderr, "send-floor: --connections 1-60000 and --bytes 1-16777216 are required; "
                        "--rate in (0, 1000], --duration > 0, --warmup >= 0\n");
        usage(stderr);
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t length = sizeof address;
    if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) ||
        listen(listener, 4096) || getsockname(listener, (struct sockaddr *)&address, &length)) {
        perror("send-floor: listen");
        return 1;
    }
    pid_t reader = fork();
    if (reader == 0) {
        read_all(listener, (int)connections);
        _exit(0);
    }
    close(listener);
    int *sockets = calloc((size_t)connections, sizeof *sockets);
    char *message = malloc((size_t)bytes);
    memset(message, 'x', (size_t)bytes);
    for (long index = 0; index < connections; index++) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        int one = 1;
        if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address)) {
            perror("send-floor: connect");
            kill(reader, SIGKILL);
            return 1;
        }
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        sockets[index] = fd;
    }
    int timer = timerfd_create(CLOCK_MONOTONIC, 0);
    struct itimerspec period = {.it_interval = {.tv_nsec = (long)(1e9 / rate)}, .it_value = {.tv_nsec = 1}};
    if (rate <= 1) period.it_interval = (struct timespec){.tv_sec = (time_t)(1 / rate)};
    timerfd_settime(timer, 0, &period, NULL);
    double start = monotonic_now(), measured_from = start + warmup, end = measured_from + duration;
    double cpu_from = 0;
    long sent = 0, short_sends = 0;
    int measuring = 0;
    for (;;) {
        uint64_t expirations;
        if (read(timer, &expirations, sizeof expirations) < 0 && errno != EINTR) break;
        double now = monotonic_now();
        if (now >= end) break;
        if (!measuring && now >= measured_from) {
            measuring = 1;
            cpu_from = cpu_seconds();
            measured_from = now;
        }
        for (long index = 0; index < connections; index++) {
            ssize_t wrote = send(sockets[index], message, (size_t)bytes, MSG_DONTWAIT);
            if (!measuring) continue;
            if (wrote == bytes) {
                sent++;
            } else {
                short_sends++;
            }
        }
    }
    double cpu = cpu_seconds() - cpu_from, window = monotonic_now() - measured_from;
    for (long index = 0; index < connections; index++) close(sockets[index]);
    int status = 0;
    waitpid(reader, &status, 0);
    if (!measuring || sent == 0) {
        fprintf(stderr, "send-floor: no message was measured\n");
        return 1;
    }
    double microseconds = cpu / (double)sent * 1e6;
    if (json) {
        printf("{\"connections\": %ld, \"bytes\": %ld, \"rate\": %.3f, \"seconds\": %.3f, \"sent\": %ld, "
               "\"short_sends\": %ld, \"sender_cpu_percent\": %.2f, \"us_per_message\": %.3f}\n",
               connections, bytes, rate, window, sent, short_sends, cpu / window * 100, microseconds);
    } else {
        printf("connections %ld\nbytes %ld\nrate %.3f\nseconds %.3f\nsent %ld\nshort_sends %ld\n"
               "sender_cpu_percent %.2f\nus_per_message %.3f\n",
               connections, bytes, rate, window, sent, short_sends, cpu / window * 100, microseconds);
    }
    return 0;
}
