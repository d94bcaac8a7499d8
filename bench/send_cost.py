#!/usr/bin/env python3
"""Where morphd's CPU per delivered frame goes (issue 13): system calls and context switches
per frame, and the user / kernel split, for one or more morphd binaries alternated in the
same minutes (so a shared machine's load falls on each alike).

Each run starts a fresh morphd, drives it with `bench/loadgen` (one session watched by N
viewers, or M sessions each driven by its own client), and, during loadgen's measured window,
counts morphd's system calls with `perf stat` on the syscall tracepoints and reads its user
and system CPU time from /proc. Figures per delivered frame are over the frames loadgen
counted in that window. Needs `perf` with tracepoint access (root, or perf_event_paranoid ≤ 1).
With `--floor`, `send-floor` (bench/loadgen) measures the machine's own cost of sending a
message of the run's frame size to as many connections just before and just after each run,
and the run's CPU per frame is given as a multiple of the mean of the two.

    python3 bench/send_cost.py --viewers 500 --deltas --repeats 3 \\
        --morphd main=/tmp/main/morphd --morphd branch=.build/release/morphd
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LOADGEN = REPO / ".build" / "loadgen" / "loadgen"
SEND_FLOOR = REPO / ".build" / "loadgen" / "send-floor"
SYSCALLS = ["sendto", "recvfrom", "read", "write", "poll", "epoll_wait", "epoll_ctl", "futex"]
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User and system CPU seconds of a process, all threads."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICKS, int(fields[12]) / TICKS


def start_morphd(binary: str, records: str) -> tuple[subprocess.Popen, int]:
    process = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", "0", "--max-clients", "10000",
                                "--record-dir", records], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        match = re.search(rb"serving (?:http|ws)://[^:]+:(\d+)/", line)
        if match:
            subprocess.Popen(["cat"], stdin=process.stdout, stdout=subprocess.DEVNULL)
            return process, int(match.group(1))
        if not line:
            break
    process.kill()
    raise SystemExit(f"send-cost: {binary} did not report a port")


def measure(binary: str, load: list[str], duration: float) -> dict:
    with tempfile.TemporaryDirectory(prefix="send-cost-") as records:
        server, port = start_morphd(binary, records)
        try:
            client = subprocess.Popen([str(LOADGEN), "--port", str(port), "--server-pid", str(server.pid), "--json",
                                       "--connect-timeout", "30", "--duration", str(duration), *load],
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            # loadgen says "measuring" on stderr when its window opens.
            for line in client.stderr:
                if line.rstrip().endswith(": measuring"):
                    break
            counted = max(0.5, duration - 0.5)
            events = ",".join(f"syscalls:sys_enter_{name}" for name in SYSCALLS)
            user0, system0 = cpu_seconds(server.pid)
            perf = subprocess.run(["perf", "stat", "-x,", "-e", f"{events},raw_syscalls:sys_enter,context-switches",
                                   "-p", str(server.pid), "--", "sleep", str(counted)],
                                  capture_output=True, text=True, timeout=60)
            user1, system1 = cpu_seconds(server.pid)
            client.stderr.read()
            report = json.loads(client.stdout.read().strip().splitlines()[-1])
            client.wait(timeout=60)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=10)
    counts = {}
    for line in perf.stderr.splitlines():
        parts = line.split(",")
        if len(parts) > 2 and parts[0].isdigit():
            counts[parts[2].replace("syscalls:sys_enter_", "").replace("raw_syscalls:sys_enter", "all syscalls")] = \
                int(parts[0])
    frames = report["frames_per_s"] * counted
    if not counts or frames <= 0:
        raise SystemExit(f"send-cost: nothing counted ({perf.stderr[-400:]})")
    return {"fps_median": report["fps_median"], "p99": report["latency_p99_ms"],
            "us_per_frame": report["server_cpu_us_per_frame"], "holds": bool(report["holds"]),
            "wire bytes / frame": report["wire_bytes_per_frame"],
            "user_us": (user1 - user0) / frames * 1e6, "system_us": (system1 - system0) / frames * 1e6,
            **{f"{name} / frame": count / frames for name, count in counts.items()}}


def send_floor(connections: int, message_bytes: int, duration: float) -> float:
    """The sender's CPU µs per message of `message_bytes` to `connections` loopback viewers at 60 Hz."""
    result = subprocess.run([str(SEND_FLOOR), "--connections", str(connections), "--bytes", str(message_bytes),
                             "--duration", str(duration), "--json"], capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise SystemExit(f"send-cost: send-floor failed: {result.stderr.strip()}")
    report = json.loads(result.stdout)
    if report["short_sends"]:
        print(f"send-cost: send-floor: {report['short_sends']} sends did not go through whole", file=sys.stderr)
    return report["us_per_message"]


def spread(values: list[float]) -> str:
    return f"{min(values):.2f} / **{statistics.median(values):.2f}** / {max(values):.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description="morphd's system calls and CPU split per delivered frame")
    parser.add_argument("--morphd", action="append", required=True, help="LABEL=PATH of a morphd binary (repeatable)")
    parser.add_argument("--viewers", type=int, help="viewers of one session")
    parser.add_argument("--sessions", type=int, help="independently driven sessions")
    parser.add_argument("--deltas", action="store_true",
                        help="viewers ask for frame deltas; without it they ask for full frames (?deltas=0)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--duration", type=float, default=3.0)
    parser.add_argument("--floor", action="store_true",
                        help="before and after each run, the send floor for as many connections and that frame "
                             "size; the run is compared with the mean of the two (the machine drifts between runs)")
    arguments = parser.parse_args()
    for tool in (LOADGEN, SEND_FLOOR):
        if not tool.is_file():
            raise SystemExit(f"send-cost: {tool} is missing (make loadgen)")
    if shutil.which("perf") is None:
        raise SystemExit("send-cost: perf is missing (Debian: apt-get install linux-perf)")
    if bool(arguments.viewers) == bool(arguments.sessions):
        raise SystemExit("send-cost: give --viewers N or --sessions M")
    load = ["--viewers", str(arguments.viewers)] if arguments.viewers else ["--sessions", str(arguments.sessions)]
    # Explicit either way: deltas are morphd's default since issue 35, full frames before.
    load.append("--deltas" if arguments.deltas else "--full-frames")
    binaries = [entry.split("=", 1) for entry in arguments.morphd]
    runs: dict[str, list[dict]] = {label: [] for label, _ in binaries}
    connections = arguments.viewers or arguments.sessions
    frame_bytes: dict[str, int] = {}
    for repeat in range(arguments.repeats):
        for label, path in binaries:
            floor_before = None
            if arguments.floor:
                if label not in frame_bytes:
                    # A short run, only to learn the frame size the first floor is measured for.
                    frame_bytes[label] = max(1, round(measure(path, load, 1.0)["wire bytes / frame"]))
                floor_before = send_floor(connections, frame_bytes[label], arguments.duration)
            row = measure(path, load, arguments.duration)
            if floor_before is not None:
                frame_bytes[label] = max(1, round(row["wire bytes / frame"]))
                floor_after = send_floor(connections, frame_bytes[label], arguments.duration)
                row["send floor µs / message"] = (floor_before + floor_after) / 2
                row["send floor before − after µs"] = floor_before - floor_after
                row["× send floor"] = row["us_per_frame"] / row["send floor µs / message"]
            runs[label].append(row)
            print(f"send-cost: {label} #{repeat + 1}: {row['fps_median']:.1f} fps, p99 {row['p99']:.1f} ms, "
                  f"{row['us_per_frame']:.1f} µs/frame, {row['all syscalls / frame']:.3f} syscalls/frame",
                  file=sys.stderr, flush=True)
    load1 = os.getloadavg()[0]
    keys = [key for key in runs[binaries[0][0]][0] if key != "holds"]
    print(f"{' '.join(load)}, {arguments.repeats} runs each, alternated; load average {load1:.1f} at the end; "
          "min / **median** / max")
    print()
    print("| figure | " + " | ".join(label for label, _ in binaries) + " |")
    print("|---|" + "---|" * len(binaries))
    for key in keys:
        print(f"| {key} | " + " | ".join(spread([row[key] for row in runs[label]]) for label, _ in binaries) + " |")
    print("| holds | " + " | ".join(f"{sum(row['holds'] for row in runs[label])}/{len(runs[label])}"
                                     for label, _ in binaries) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
