#!/usr/bin/env python3
"""`make bench-load`: morphd at scale against the Python broadcast peer, in one run (issue 13).

1. Frame bytes: each component's frames (at rest and moving), raw and as permessage-deflate
   would send them (raw deflate, no context takeover, lws's level 1; and zlib's level 6), and
   the messages a viewer that takes frame deltas (`?deltas=1`, the protocol's default) receives
   over the same sequence.
2. Viewers of one session: for each N, a fresh release morphd with viewers asking for frame
   deltas (as the page does), the same asking for full frames (`?deltas=0`), and a fresh
   `bench/broadcast_peer.py` (sending morphd's own captured full frame bytes), each measured
   by `bench/loadgen` with N viewers. A server "holds" N when every viewer gets >= 58 frames/s
   and p99 latency (frame serverTime to receipt) is < 16.7 ms. Once a server's median
   viewer falls below 20 frames/s, its larger steps are skipped.
3. permessage-deflate: morphd with `--permessage-deflate`, viewers offering it, beside the
   same N without: CPU per delivered frame and bytes on the wire.
4. Sessions: M independently driven sessions at 60 Hz, each driver asking for frame deltas
   (as the page does), then the same with full frames.
5. The figures (issue 35): 500 driven sessions and one session with 2000 viewers, each asking
   for deltas, `--repeats` times, each run on a fresh morphd. Each run says plainly whether
   each figure holds and, when not, by what it misses; then "holds in k of n runs".
   `--figures-only` runs this part alone.

Every request says what it asks of frames (`--deltas` or `--full-frames` to loadgen), so the
figures mean the same against a morphd from before deltas became the default.

Prints a Markdown section and, with --write, replaces the previous run's section in
bench/results.md (history stays in git). Bounded: every child has a timeout.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MORPHD = REPO / ".build" / "release" / "morphd"
LOADGEN = REPO / ".build" / "loadgen" / "loadgen"
PEER = REPO / "bench" / "broadcast_peer.py"
RESULTS = REPO / "bench" / "results.md"
BEGIN, END = "<!-- bench-load: begin -->", "<!-- bench-load: end -->"
HOLD_FPS, HOLD_P99_MS = 58.0, 16.7
# Below this median rate a server has collapsed at N: larger N are not run (bounded time).
COLLAPSED_FPS = 20.0


def log(text: str) -> None:
    print(f"bench-load: {text}", file=sys.stderr, flush=True)


class Server:
    """A child server that prints a `serving ...:PORT/` line once listening."""

    SERVING = re.compile(rb"serving (?:http|ws)://[^:]+:(\d+)/")

    def __init__(self, command: list[str]):
        self.command = command
        self.process = subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        self.port = None
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            match = self.SERVING.search(line)
            if match:
                self.port = int(match.group(1))
                break
        if self.port is None:
            self.stop()
            raise RuntimeError(f"{command[0]} did not report a port: {' '.join(command)}")
        # Keep draining its output so a chatty server never blocks on a full pipe.
        self.drain = subprocess.Popen(["cat"], stdin=self.process.stdout, stdout=subprocess.DEVNULL)

    @property
    def pid(self) -> int:
        return self.process.pid

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if getattr(self, "drain", None):
            self.drain.wait(timeout=10)


def start_morphd(records: str, *extra: str, morphd: Path = MORPHD) -> Server:
    return Server([str(morphd), "--host", "127.0.0.1", "--port", "0", "--max-clients", "10000",
                   "--record-dir", records, *extra])


def start_peer(frame: Path) -> Server:
    return Server([sys.executable, str(PEER), "--frame", str(frame), "--port", "0"])


def loadgen(server: Server, *arguments: str, timeout: float = 180) -> dict:
    # A server that cannot take every connection in 30 s is measured with those it took.
    command = [str(LOADGEN), "--port", str(server.port), "--server-pid", str(server.pid), "--json", "--quiet",
               "--connect-timeout", "30", *arguments]
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=timeout)
    if not result.stdout.strip():
        raise RuntimeError(f"loadgen printed no report (exit {result.returncode}): {result.stderr[-800:]}")
    report = json.loads(result.stdout.strip().splitlines()[-1])
    report["exit"] = result.returncode
    return report


# MARK: Frame bytes

def deflated_size(payload: bytes, level: int) -> int:
    """Bytes of one permessage-deflate message without context takeover (RFC 7692: raw
    deflate, sync flush, the trailing 00 00 ff ff removed)."""
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
    data = compressor.compress(payload) + compressor.flush(zlib.Z_SYNC_FLUSH)
    return len(data) - 4


async def component_frames(port: int, component: str, deltas: bool = False) -> list[bytes]:
    """Frames of `component`: at rest, then moving (a press and drag across the middle); as
    deltas where the server sends them when `deltas`."""
    from websockets.asyncio.client import connect

    frames: list[bytes] = []
    query = "?deltas=1" if deltas else "?deltas=0"
    async with connect(f"ws://127.0.0.1:{port}/{query}", subprotocols=["morph.v1"], compression=None,
                       max_size=None) as socket:
        await socket.send(json.dumps({"type": "open", "component": component, "viewport": [390, 844]}))

        async def collect(seconds: float):
            deadline = time.monotonic() + seconds
            while (left := deadline - time.monotonic()) > 0:
                try:
                    message = await asyncio.wait_for(socket.recv(decode=False), left)
                except asyncio.TimeoutError:
                    return
                if message.startswith(b'{"type":"frame"'):
                    frames.append(message)

        await collect(0.3)
        events = [("pointerDown", 370, 422)] + [("pointerMove", 370 - 12 * i, 422 + 3 * i) for i in range(1, 25)]
        events += [("pointerUp", 80, 494), ("tap", 195, 300)]
        for kind, x, y in events:
            event = {"kind": kind, "x": x, "y": y}
            if kind != "tap":
                event["pointer"] = 1
            await socket.send(json.dumps({"type": "input", "event": event}))
            await collect(1 / 60)
        await collect(1.0)
    return frames


def frame_sizes(port: int) -> list[dict]:
    rows = []
    for component in ("morph-container", "hero-card", "curtain"):
        frames = asyncio.run(component_frames(port, component))
        if not frames:
            raise RuntimeError(f"no frames from {component}")
        raw = sorted(len(f) for f in frames)
        fast = sorted(deflated_size(f, 1) for f in frames)
        default = sorted(deflated_size(f, 6) for f in frames)
        median = len(raw) // 2
        received = sorted(len(f) for f in asyncio.run(component_frames(port, component, deltas=True)))
        rows.append({"component": component, "frames": len(frames), "raw": raw[median], "raw_min": raw[0],
                     "raw_max": raw[-1], "deflate1": fast[median], "deflate6": default[median],
                     "delta_frames": len(received), "delta": received[len(received) // 2], "delta_min": received[0],
                     "delta_max": received[-1]})
    return rows


# MARK: The run

def measure(server: Server, *arguments: str) -> dict:
    """`bench/loadgen` against a fresh server, which is stopped afterwards whatever happens."""
    try:
        return loadgen(server, *arguments)
    finally:
        server.stop()


def run_viewers(records: str, frame: Path, steps: list[int], duration: float) -> list[dict]:
    rows, failed = [], set()
    for viewers in steps:
        for target in ("morphd", "morphd full", "peer"):
            if target in failed:
                continue
            server = start_peer(frame) if target == "peer" else start_morphd(records)
            frames = {"morphd": ["--deltas"], "morphd full": ["--full-frames"]}.get(target, [])
            report = measure(server, "--viewers", str(viewers), "--duration", str(duration), *frames)
            report["target"] = target
            rows.append(report)
            log(f"{target} {viewers} viewers: fps min/median {report['fps_min']:.1f}/{report['fps_median']:.1f}, "
                f"p99 {report['latency_p99_ms']:.1f} ms, cpu {report['server_cpu_us_per_frame']:.1f} µs/frame, "
                f"{report['wire_bytes_per_frame']:.0f} B/frame, "
                f"{'holds' if report['holds'] else 'does not hold'}")
            if report["fps_median"] < COLLAPSED_FPS:
                failed.add(target)
    return rows


def run_deflate(records: str, viewers: int, duration: float) -> list[dict]:
    rows = []
    for deflate in (False, True):
        server = start_morphd(records, *(["--permessage-deflate"] if deflate else []))
        report = measure(server, "--viewers", str(viewers), "--duration", str(duration), "--full-frames",
                         *(["--deflate"] if deflate else []))
        report["deflate"] = deflate
        rows.append(report)
        log(f"deflate={deflate} {viewers} viewers: {report['wire_bytes_per_frame']:.0f} B/frame, "
            f"{report['server_cpu_us_per_frame']:.1f} µs/frame, fps median {report['fps_median']:.1f}")
    return rows


def run_sessions(records: str, counts: list[int], duration: float) -> list[dict]:
    """Each count twice on a fresh server: drivers asking for frame deltas, as the page does,
    then full frames."""
    rows = []
    for sessions in counts:
        for deltas in (True, False):
            report = measure(start_morphd(records), "--sessions", str(sessions), "--duration", str(duration),
                             "--deltas" if deltas else "--full-frames")
            report["deltas"] = deltas
            rows.append(report)
            log(f"{sessions} sessions{'' if deltas else ', full frames'}: fps min/median "
                f"{report['fps_min']:.1f}/{report['fps_median']:.1f}, p99 {report['latency_p99_ms']:.1f} ms")
    return rows


# MARK: The figures (issue 35)

# Each figure: its name, and loadgen's arguments for one run of it.
FIGURES = [("500 driven sessions with deltas", ["--sessions", "500", "--deltas"]),
           ("2000 viewers of one session with deltas", ["--viewers", "2000", "--deltas"])]


def misses(report: dict) -> list[str]:
    """Why a run does not hold, in words (empty when it holds): loadgen's own `holds` is
    every counted client at >= 58 frames/s, p99 < 16.7 ms, and all of them ready."""
    reasons = []
    if report["ready"] < report["clients"]:
        reasons.append(f"{report['ready']} of {report['clients']} ready")
    if report["fps_min"] < HOLD_FPS:
        reasons.append(f"slowest client {report['fps_min']:.1f} fps < {HOLD_FPS:g}")
    if report["latency_p99_ms"] >= HOLD_P99_MS:
        reasons.append(f"p99 {report['latency_p99_ms']:.1f} ms ≥ {HOLD_P99_MS}")
    if not reasons and not report["holds"]:
        reasons.append("loadgen says it does not hold")
    return reasons


def run_figures(records: str, repeats: int, duration: float) -> list[dict]:
    """Each figure `repeats` times, alternating, each run on a fresh morphd."""
    rows = []
    for run in range(1, repeats + 1):
        for name, arguments in FIGURES:
            report = measure(start_morphd(records), *arguments, "--duration", str(duration))
            report.update(figure=name, run=run, misses=misses(report))
            rows.append(report)
            verdict = "holds" if not report["misses"] else "does not hold: " + ", ".join(report["misses"])
            log(f"run {run}/{repeats}, {name}: fps min/median {report['fps_min']:.1f}/{report['fps_median']:.1f}, "
                f"p99 {report['latency_p99_ms']:.1f} ms: {verdict}")
    return rows


def figures_report(rows: list[dict], repeats: int) -> list[str]:
    out = [f"### The figures (issue 35): each holds at ≥ {HOLD_FPS:g} frames/s for every client and p99 < "
           f"{HOLD_P99_MS} ms, {repeats} run{'s' if repeats != 1 else ''}, a fresh morphd each", "",
           "| run | figure | fps min / median | p99 ms | server µs / frame | holds |", "|---:|---|---|---:|---:|---|"]
    for row in rows:
        verdict = "**yes**" if not row["misses"] else "no: " + ", ".join(row["misses"])
        out.append(f"| {row['run']} | {row['figure']} | {row['fps_min']:.1f} / {row['fps_median']:.1f} | "
                   f"{row['latency_p99_ms']:.1f} | {row['server_cpu_us_per_frame']:.1f} | {verdict} |")
    for name, _ in FIGURES:
        held = sum(1 for row in rows if row["figure"] == name and not row["misses"])
        out += ["", f"**{name}: holds in {held} of {repeats} run{'s' if repeats != 1 else ''}.**"]
    return out


# MARK: The report

def largest_holding(rows: list[dict], target: str) -> int:
    held = [row["clients"] for row in rows if row["target"] == target and row["holds"]]
    return max(held) if held else 0


def viewer_table(rows: list[dict]) -> list[str]:
    lines = ["| server | viewers | ready | fps min / median / max | p50 / p99 ms | dropped / seq gaps | "
             "server CPU % | server µs / frame | B / frame (deltas) | KiB / idle viewer | loadgen share of 2 cores | "
             "holds |",
             "|---|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---|"]
    for row in rows:
        lines.append(
            f"| {row['target']} | {row['clients']} | {row['ready']} | {row['fps_min']:.1f} / "
            f"**{row['fps_median']:.1f}** / {row['fps_max']:.1f} | {row['latency_p50_ms']:.1f} / "
            f"**{row['latency_p99_ms']:.1f}** | {row['dropped_total']} / {row['seq_gaps']} | "
            f"{row['server_cpu_percent']:.0f} | {row['server_cpu_us_per_frame']:.1f} | "
            f"{row['wire_bytes_per_frame']:.0f} ({100 * row['delta_frames'] / max(1, row['frames']):.0f} %) | "
            f"{row['server_kib_per_idle_client']:.1f} | {row['client_share_of_machine_percent']:.0f} % | "
            f"{'yes' if row['holds'] else 'no'} |")
    return lines


def markdown(sizes, viewers, deflate, sessions, figures, repeats, settings) -> str:
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    load = os.getloadavg()
    morphd_n, peer_n = largest_holding(viewers, "morphd"), largest_holding(viewers, "peer")
    full_n = largest_holding(viewers, "morphd full")
    ratio = f"{morphd_n / peer_n:.2f}" if peer_n else ("n/a (neither holds)" if not morphd_n else "∞ (peer holds none)")
    out = [BEGIN, f"## {today}, morphd at scale (issue 13), `make bench-load`", "",
           f"Load average at the end {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} (1 / 5 / 15 min) on the "
           f"2-core VM, shared. {settings}. A server *holds* N viewers when every viewer gets ≥ {HOLD_FPS:g} "
           f"frames/s and p99 latency (frame `serverTime` → receipt) < {HOLD_P99_MS} ms. Each step uses a fresh "
           f"server; once a server's median viewer gets < {COLLAPSED_FPS:g} frames/s it is not run at larger N.", "",
           f"**Largest N holding: morphd {morphd_n} (viewers asking for frame deltas), morphd {full_n} with full "
           f"frames, peer {peer_n}; ratio morphd / peer {ratio}.**", ""]
    out += figures_report(figures, repeats) + ["", "### Viewers of one session (curtain, dragged at 60 Hz by one "
                                               "driver)", ""]
    out += viewer_table(viewers)
    out += ["", "### Sessions, each dragged at 60 Hz by its own driver (morphd; deltas: the driver asks for "
            "frame deltas, as the page does)", "",
            "| sessions | frames | ready | fps min / median / max | p50 / p99 ms | dropped / seq gaps | server CPU % | "
            "server µs / frame | KiB / idle session | loadgen share |",
            "|---:|---|---:|---|---|---:|---:|---:|---:|---:|"]
    for row in sessions:
        kind = "deltas" if row.get("deltas") else "full"
        out.append(f"| {row['clients']} | {kind} | {row['ready']} | {row['fps_min']:.1f} / **{row['fps_median']:.1f}** / "
                   f"{row['fps_max']:.1f} | {row['latency_p50_ms']:.1f} / **{row['latency_p99_ms']:.1f}** | "
                   f"{row['dropped_total']} / {row['seq_gaps']} | {row['server_cpu_percent']:.0f} | "
                   f"{row['server_cpu_us_per_frame']:.1f} | {row['server_kib_per_idle_client']:.1f} | "
                   f"{row['client_share_of_machine_percent']:.0f} % |")
    out += ["", "### Frame bytes (median over a rest + drag + tap sequence; deflate = one permessage-deflate "
            "message, no context takeover)", "",
            "| component | frames | raw B (min / median / max) | deflate level 1 (lws) | level 6 | raw / level 1 | "
            "frames | with deltas B (min / median / max) | raw / deltas |",
            "|---|---:|---|---:|---:|---:|---:|---|---:|"]
    for row in sizes:
        out.append(f"| {row['component']} | {row['frames']} | {row['raw_min']} / **{row['raw']}** / "
                   f"{row['raw_max']} | {row['deflate1']} ({100 * row['deflate1'] / row['raw']:.0f} %) | "
                   f"{row['deflate6']} ({100 * row['deflate6'] / row['raw']:.0f} %) | "
                   f"{row['raw'] / row['deflate1']:.1f}× | {row['delta_frames']} | {row['delta_min']} / "
                   f"**{row['delta']}** / {row['delta_max']} | {row['raw'] / row['delta']:.1f}× |")
    if deflate:
        out += ["", f"### permessage-deflate in morphd ({deflate[0]['clients']} viewers, lws's extension, "
                "per connection)", "",
                "| deflate | B / frame on the wire | server µs / delivered frame | server CPU % | fps median | "
                "p99 ms | KiB / viewer while sending |", "|---|---:|---:|---:|---:|---:|---:|"]
        for row in deflate:
            busy = (row["server_rss_end_kib"] - row["server_rss_base_kib"]) / max(1, row["ready"])
            out.append(f"| {'on' if row['deflate'] else 'off'} ({row['deflate_negotiated']} negotiated) | "
                       f"{row['wire_bytes_per_frame']:.0f} | {row['server_cpu_us_per_frame']:.1f} | "
                       f"{row['server_cpu_percent']:.0f} | {row['fps_median']:.1f} | {row['latency_p99_ms']:.1f} | "
                       f"{busy:.0f} |")
    out.append(END)
    return "\n".join(out) + "\n"


def write_results(section: str) -> None:
    """Replaces the previous run's section (between the markers) with this one, or puts it
    first when there is none: the file keeps the latest table, git keeps the history."""
    text = RESULTS.read_text()
    begin, end = text.find(BEGIN + "\n"), text.find(END + "\n")
    if begin >= 0 and end > begin:
        text = text[:begin] + section + text[end + len(END) + 1:]
    else:
        marker = text.find("\n## ")
        text = text[:marker + 1] + section + "\n" + text[marker + 1:] if marker >= 0 else text + "\n" + section
    RESULTS.write_text(text)


def main() -> int:
    parser = argparse.ArgumentParser(description="morphd at scale vs the Python broadcast peer")
    parser.add_argument("--viewers", default="100,250,500,750,1000,1500,2000",
                        help="viewer counts, comma-separated (finest where morphd and the peer part)")
    parser.add_argument("--sessions", default="100,250,500", help="session counts, comma-separated")
    parser.add_argument("--deflate-viewers", type=int, default=250, help="viewers for the deflate comparison (0: skip)")
    parser.add_argument("--duration", type=float, default=3.0, help="measured seconds per step")
    parser.add_argument("--repeats", type=int, default=1,
                        help="runs of each figure (500 driven sessions, 2000 viewers, with deltas), a fresh "
                             "morphd each: whether each holds per run, then in how many runs")
    parser.add_argument("--figures-only", action="store_true",
                        help="run only the figures (frame sizes, the viewer and session sweeps and deflate skipped)")
    parser.add_argument("--write", action="store_true",
                        help="put the section into bench/results.md (not with --figures-only, whose section "
                             "would replace the sweep's: paste it by hand)")
    arguments = parser.parse_args()
    if arguments.repeats < 1:
        parser.error("--repeats wants a whole number ≥ 1")
    if arguments.write and arguments.figures_only:
        parser.error("--write replaces the full run's section; with --figures-only paste the printed one")
    for path in (MORPHD, LOADGEN):
        if not path.is_file():
            raise SystemExit(f"bench-load: {path} is missing (make bench-load builds it)")
    steps = [int(n) for n in arguments.viewers.split(",") if n]
    counts = [int(n) for n in arguments.sessions.split(",") if n]
    settings = (f"Each step: connect, 0.5 s idle (memory read), 1 s warm-up, {arguments.duration:g} s measured; "
                "load client `bench/loadgen` (C, epoll), frames of the curtain dragged at 60 Hz")
    if arguments.figures_only:
        with tempfile.TemporaryDirectory(prefix="bench-load-") as folder:
            figures = run_figures(folder, arguments.repeats, arguments.duration)
        load = os.getloadavg()
        print("\n".join([f"{settings}; load average at the end {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}.", "",
                         *figures_report(figures, arguments.repeats)]))
        return 0
    with tempfile.TemporaryDirectory(prefix="bench-load-") as folder:
        frame = Path(folder) / "frame.json"
        server = start_morphd(folder)
        try:
            log("frame sizes per component")
            sizes = frame_sizes(server.port)
            log("capturing a curtain frame for the peer")
            loadgen(server, "--viewers", "1", "--duration", "0.5", "--warmup", "0.5", "--full-frames",
                    "--capture", str(frame))
        finally:
            server.stop()
        viewers = run_viewers(folder, frame, steps, arguments.duration)
        deflate = run_deflate(folder, arguments.deflate_viewers, arguments.duration) if arguments.deflate_viewers else []
        sessions = run_sessions(folder, counts, arguments.duration)
        figures = run_figures(folder, arguments.repeats, arguments.duration)
    section = markdown(sizes, viewers, deflate, sessions, figures, arguments.repeats, settings)
    print(section)
    if arguments.write:
        write_results(section)
        log(f"wrote {RESULTS.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
