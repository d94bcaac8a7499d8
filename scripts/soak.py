#!/usr/bin/env python3
"""Soak a release morphd: churn clients for a while, then check it is alive, answers a fresh
client, and its resident memory falls back near the idle figure once every client has left.

usage: scripts/soak.py [--seconds 120] [--settled-ratio 1.15] [--peak-bound-mb 320]
                       [--churners 6] [--recorders 2] [--slow-readers 4]
                       [--max-recordings 100] [--sample-seconds 0.5]
                       [--series .build/soak-rss.csv] [--binary .build/release/morphd]

Clients, each looping until the time is up:
  churners      open a session (a random component), drag on it, sometimes join another
                client's session as a viewer, close (cleanly or by dropping the socket);
  recorders     open, `record start`, send acknowledged inputs, `record stop`, close; when
                morphd answers `busy` naming `--max-recordings` (the folder is full), delete
                the older half of the files, as an operator would, and go on;
  slow readers  open a curtain with tiles at scale 2, drag, then never read for 5-15 s (the
                server's reply queue fills) and drop the socket.
The idle figure is RSS after one warm-up client per component (and one curtain with tiles)
has come and gone and the server's trim (~3 s after the last session ends) has run.

morphd's RSS is sampled every --sample-seconds for the whole run and written to --series (CSV:
seconds since morphd started, phase, RSS, CPU seconds used so far, runnable threads, threads,
open descriptors, load average, and what
the clients were doing: sessions open, recordings open, tile viewers, slow readers not
reading, connections closed so far), so a peak can be placed in time; the report gives the churn's min/median/max, the
peak sample with its time and activity, and the kernel's own high-water mark (VmHWM), which
also catches a peak between samples.

Checks (exit status 1 when one fails): morphd alive, a fresh client served, RSS within both
bounds, every recording the soak was told of (and did not delete) on disk, and no client
failure at all (an `error` answer, a timeout, a refused connection: each kind is listed).
Not part of `make test`: figures depend on the machine's load.
"""

import argparse
import asyncio
import collections
import contextlib
import csv
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from websockets.asyncio.client import connect

REPO = Path(__file__).resolve().parent.parent
COMPONENTS = ["curtain", "hero-card", "morph-container"]
STEP = 10.0  # seconds any single answer may take before the client gives up on it


def status_field(pid: int, field: str) -> int:
    """A number from /proc/PID/status (kB for the Vm* fields)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field}")


def rss_mb(pid: int) -> float:
    return status_field(pid, "VmRSS") / 1024


def start_morphd(binary: Path, record_dir: str, log_path: Path, max_recordings: int) -> tuple[subprocess.Popen, int]:
    log = open(log_path, "wb")
    process = subprocess.Popen(
        [str(binary), "--host", "127.0.0.1", "--port", "0", "--record-dir", record_dir,
         "--max-recordings", str(max_recordings)],
        cwd=REPO, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        text = log_path.read_text(errors="replace")
        if "morphd: serving http://" in text:
            port = int(text.split("morphd: serving http://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1])
            return process, port
        if process.poll() is not None:
            break
        time.sleep(0.05)
    raise RuntimeError(f"morphd did not start:\n{log_path.read_text(errors='replace')}")


class Activity:
    """What the clients are doing now, read by the RSS sampler's thread (plain counters)."""

    def __init__(self):
        self.sessions = 0  # sessions the soak's clients hold open
        self.recording = 0  # recordings started and not yet stopped
        self.tile_viewers = 0  # sessions with server tiles on
        self.not_reading = 0  # slow readers in their pause
        self.closed = 0  # connections the clients have closed or dropped so far

    def row(self) -> list[int]:
        return [self.sessions, self.recording, self.tile_viewers, self.not_reading, self.closed]


class RssSampler(threading.Thread):
    """Samples morphd's /proc status every `interval` seconds until stopped."""

    COLUMNS = ["seconds", "phase", "rss_mb", "cpu_s", "running", "threads", "fds", "load_1min",
               "sessions", "recording", "tile_viewers", "not_reading", "closed"]

    def __init__(self, pid: int, interval: float, activity: Activity):
        super().__init__(daemon=True)
        self.pid = pid
        self.interval = interval
        self.activity = activity
        self.phase = "start"
        self.started = time.monotonic()
        self.rows: list[list] = []
        self.halt = threading.Event()

    def run(self) -> None:
        while not self.halt.is_set():
            try:
                rss = rss_mb(self.pid)
                cpu, running = self.cpu_seconds_and_running()
                threads = status_field(self.pid, "Threads")
                fds = len(os.listdir(f"/proc/{self.pid}/fd"))
            except (OSError, RuntimeError):
                return  # morphd is gone; the checks say so
            self.rows.append([round(time.monotonic() - self.started, 2), self.phase, round(rss, 1), cpu, running,
                              threads, fds, round(os.getloadavg()[0], 2), *self.activity.row()])
            self.halt.wait(self.interval)

    def cpu_seconds_and_running(self) -> tuple[float, int]:
        """morphd's CPU time so far (user + system) and how many of its threads are runnable
        now: a process starved of CPU shows runnable threads and CPU time rising slower than
        they could run."""
        ticks = os.sysconf("SC_CLK_TCK")
        with open(f"/proc/{self.pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / ticks
        running = 0
        for task in os.listdir(f"/proc/{self.pid}/task"):
            try:
                with open(f"/proc/{self.pid}/task/{task}/stat") as handle:
                    running += handle.read().rsplit(")", 1)[1].split()[0] == "R"
            except OSError:
                pass  # the thread ended meanwhile
        return round(cpu, 2), running

    def stop(self) -> None:
        self.halt.set()
        self.join()

    def write(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(self.COLUMNS)
            writer.writerows(self.rows)

    def describe(self, row: list) -> str:
        return ", ".join(f"{name} {value}" for name, value in zip(self.COLUMNS, row))


class Soak:
    def __init__(self, port: int, seconds: float, seed: int, record_dir: str | None = None,
                 activity: Activity | None = None):
        self.url = f"ws://127.0.0.1:{port}/"
        self.deadline = time.monotonic() + seconds
        self.random = random.Random(seed)
        self.record_dir = record_dir
        self.activity = activity or Activity()
        self.live_sessions: list[str] = []
        self.counts = {"sessions": 0, "joins": 0, "recordings": 0, "acks": 0, "slow": 0,
                       "dropped": 0, "errors": 0, "cap-reached": 0, "deleted": 0, "client-failures": 0}
        self.failures: collections.Counter[str] = collections.Counter()
        self.recorded: list[str] = []  # recordings morphd named, minus those deleted
        self.deleted: set[str] = set()

    @contextlib.asynccontextmanager
    async def connect(self, **options):
        async with connect(self.url, subprotocols=["morph.v1"], open_timeout=STEP, close_timeout=2,
                           **options) as ws:
            try:
                yield ws
            finally:
                self.activity.closed += 1

    async def answer(self, ws, wanted: str) -> dict:
        """The next message of type `wanted`, skipping frames and tiles."""
        while True:
            raw = await asyncio.wait_for(ws.recv(), STEP)
            if isinstance(raw, bytes):
                continue
            message = json.loads(raw)
            if message["type"] == "error":
                self.counts["errors"] += 1
                if wanted != "error":
                    raise RuntimeError(f"error while waiting for {wanted}: {message}")
            if message["type"] == wanted:
                return message

    async def open(self, ws, component: str, **extra) -> str:
        await ws.send(json.dumps({"type": "hello", "protocol": "morph.v1", "client": "soak"}))
        await self.answer(ws, "welcome")
        await ws.send(json.dumps({"type": "open", "component": component, "viewport": [390, 844], **extra}))
        session = (await self.answer(ws, "session"))["session"]
        self.counts["sessions"] += 1
        return session

    async def drag(self, ws, moves: int, ids: bool = False) -> None:
        x, y = 372.0, 420.0
        events = [{"kind": "pointerDown", "pointer": 1, "x": x, "y": y}]
        for step in range(moves):
            events.append({"kind": "pointerMove", "pointer": 1, "x": x - 10 * step, "y": y + step})
        events.append({"kind": "pointerUp", "pointer": 1, "x": x - 10 * moves, "y": y + moves})
        for index, event in enumerate(events):
            message = {"type": "input", "event": event}
            if ids:
                message["id"] = index
            await ws.send(json.dumps(message))
            await asyncio.sleep(0.016)
        if ids:
            for _ in events:
                await self.answer(ws, "ack")
                self.counts["acks"] += 1

    async def finish(self, ws) -> None:
        if self.random.random() < 0.3:
            ws.transport.abort()  # an abrupt drop, no close handshake
            self.counts["dropped"] += 1
        else:
            await ws.close()

    async def churner(self) -> None:
        while time.monotonic() < self.deadline:
            async with self.connect() as ws:
                session = await self.open(ws, self.random.choice(COMPONENTS))
                self.live_sessions.append(session)
                self.activity.sessions += 1
                try:
                    await self.drag(ws, self.random.randint(2, 20))
                    if len(self.live_sessions) > 1 and self.random.random() < 0.5:
                        await ws.send(json.dumps({"type": "join", "session": self.random.choice(self.live_sessions)}))
                        await asyncio.sleep(0.2)
                        self.counts["joins"] += 1
                finally:
                    self.live_sessions.remove(session)
                    self.activity.sessions -= 1
                await self.finish(ws)

    async def start_recording(self, ws) -> str | None:
        """`record start`: the file's name, or None when the folder was full (then the older
        half of the files are deleted, as an operator would)."""
        await ws.send(json.dumps({"type": "record", "action": "start"}))
        while True:
            raw = await asyncio.wait_for(ws.recv(), STEP)
            if isinstance(raw, bytes):
                continue
            answer = json.loads(raw)
            if answer["type"] == "recording":
                self.recorded.append(answer["name"])
                return answer["name"]
            if answer["type"] == "error":
                self.counts["errors"] += 1
                if answer["code"] == "busy" and "--max-recordings" in answer["message"]:
                    self.counts["cap-reached"] += 1
                    self.delete_older_half()
                    return None
                raise RuntimeError(f"error while waiting for recording: {answer}")

    def delete_older_half(self) -> None:
        folder = Path(self.record_dir)
        files = sorted(folder.glob("*.jsonl"), key=lambda path: path.stat().st_mtime)
        for path in files[:len(files) // 2]:
            path.unlink()
            self.deleted.add(path.name)
            self.counts["deleted"] += 1

    async def recorder(self) -> None:
        while time.monotonic() < self.deadline:
            async with self.connect() as ws:
                await self.open(ws, self.random.choice(COMPONENTS))
                self.activity.sessions += 1
                try:
                    if await self.start_recording(ws) is None:
                        continue
                    self.activity.recording += 1
                    try:
                        await self.drag(ws, self.random.randint(5, 30), ids=True)
                        await ws.send(json.dumps({"type": "record", "action": "stop"}))
                        await self.answer(ws, "recording")
                    finally:
                        self.activity.recording -= 1
                    self.counts["recordings"] += 1
                finally:
                    self.activity.sessions -= 1
                await self.finish(ws)

    async def slow_reader(self) -> None:
        while time.monotonic() < self.deadline:
            async with self.connect(max_queue=1) as ws:
                await self.open(ws, "curtain")
                self.activity.sessions += 1
                self.activity.tile_viewers += 1
                try:
                    await ws.send(json.dumps({"type": "tiles", "enabled": True, "scale": 2}))
                    await self.drag(ws, 40)
                    remaining = max(0.5, self.deadline - time.monotonic())
                    self.activity.not_reading += 1
                    try:
                        await asyncio.sleep(min(self.random.uniform(5, 15), remaining))  # never reads meanwhile
                    finally:
                        self.activity.not_reading -= 1
                    self.counts["slow"] += 1
                    ws.transport.abort()
                finally:
                    self.activity.sessions -= 1
                    self.activity.tile_viewers -= 1

    async def keep_going(self, client) -> None:
        """Runs `client` until the deadline; a failed client (a refusal, a timeout, an error
        answer) is counted by kind, fails the soak, and restarts so the churn goes on."""
        while time.monotonic() < self.deadline:
            try:
                await client()
            except Exception as error:  # noqa: BLE001 - counted, reported, and the churn goes on
                self.counts["client-failures"] += 1
                kind = f"{client.__name__}: {type(error).__name__}: {str(error)[:160]}"
                self.failures[kind] += 1
                if self.failures[kind] == 1:
                    print(f"soak: client failure: {kind}", flush=True)
                await asyncio.sleep(0.2)


async def fresh_client(port: int) -> str:
    soak = Soak(port, 0, 0)
    async with soak.connect() as ws:
        session = await soak.open(ws, "curtain")
        await ws.send(json.dumps({"type": "input", "event": {"kind": "pointerDown", "pointer": 1, "x": 372, "y": 420}}))
        await soak.answer(ws, "frame")
        return session


async def warm_up(port: int) -> None:
    """One session of each component and one curtain with tiles at scale 2: code pages, fonts,
    the tile codecs and caches are loaded once, so the idle figure includes them."""
    soak = Soak(port, 0, 0)
    for component in COMPONENTS:
        async with soak.connect() as ws:
            await soak.open(ws, component)
            await soak.drag(ws, 10)
    async with soak.connect() as ws:
        await soak.open(ws, "curtain")
        await ws.send(json.dumps({"type": "tiles", "enabled": True, "scale": 2}))
        await soak.drag(ws, 10)
        await soak.answer(ws, "tiles-done")


async def run_clients(soak: Soak, arguments, pid: int) -> dict:
    clients = ([soak.churner] * arguments.churners + [soak.recorder] * arguments.recorders
               + [soak.slow_reader] * arguments.slow_readers)
    tasks = [asyncio.create_task(soak.keep_going(client)) for client in clients]
    started = time.monotonic()
    next_report = started + 10
    while not all(task.done() for task in tasks):
        await asyncio.sleep(0.5)
        if time.monotonic() < next_report:
            continue
        next_report += 10
        print(f"soak: {time.monotonic() - started:.0f} s, RSS {rss_mb(pid):.0f} MB, {soak.counts}", flush=True)
    return soak.counts


def rss_summary(sampler: RssSampler, phase: str) -> str:
    rows = [row for row in sampler.rows if row[1] == phase]
    if not rows:
        return f"no {phase} samples"
    values = [row[2] for row in rows]
    peak = max(rows, key=lambda row: row[2])
    return (f"{phase} RSS MB over {len(rows)} samples: min {min(values):.1f}, median {statistics.median(values):.1f}, "
            f"max {max(values):.1f} at {peak[0]:.1f} s ({sampler.describe(peak)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--settled-ratio", type=float, default=1.15,
                        help="RSS after the clients leave may be at most this times the idle figure")
    parser.add_argument("--peak-bound-mb", type=float, default=320,
                        help="how far above idle RSS may go meanwhile: 4 tile streams (--max-tile-streams) "
                             "at 48 MB each plus 128 MB for the sessions and connections "
                             "(Sources/morphd/README.md, Memory)")
    parser.add_argument("--churners", type=int, default=6)
    parser.add_argument("--recorders", type=int, default=2)
    parser.add_argument("--slow-readers", type=int, default=4)
    parser.add_argument("--max-recordings", type=int, default=100,
                        help="morphd's --max-recordings: low, so the recorders meet the cap within the soak")
    parser.add_argument("--sample-seconds", type=float, default=0.5, help="RSS sampling interval")
    parser.add_argument("--series", type=Path, default=REPO / ".build/soak-rss.csv", help="where the RSS samples go")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--binary", type=Path, default=REPO / ".build/release/morphd")
    arguments = parser.parse_args()

    log_path = REPO / ".build/soak-morphd.log"
    with tempfile.TemporaryDirectory(prefix="morph-soak-") as record_dir:
        process, port = start_morphd(arguments.binary, record_dir, log_path, arguments.max_recordings)
        activity = Activity()
        sampler = RssSampler(process.pid, arguments.sample_seconds, activity)
        sampler.start()
        try:
            start_rss = rss_mb(process.pid)
            sampler.phase = "warm-up"
            asyncio.run(warm_up(port))
            sampler.phase = "idle"
            time.sleep(5)  # the trim runs ~3 s after the last session ends
            idle_rss = rss_mb(process.pid)
            print(f"soak: seed {arguments.seed}; morphd pid {process.pid} port {port}; "
                  f"RSS {start_rss:.1f} MB at start, {idle_rss:.1f} MB idle after warm-up", flush=True)

            churn_start = time.monotonic()
            soak = Soak(port, arguments.seconds, arguments.seed, record_dir, activity)
            sampler.phase = "churn"
            counts = asyncio.run(run_clients(soak, arguments, process.pid))
            churn_seconds = time.monotonic() - churn_start
            sampler.phase = "settle"

            alive = process.poll() is None
            settled = None
            trajectory = []
            for _ in range(40):  # up to 20 s for the trim after the last close
                time.sleep(0.5)
                if not alive or process.poll() is not None:
                    break
                settled = rss_mb(process.pid)
                trajectory.append(round(settled))
                if settled <= idle_rss * arguments.settled_ratio:
                    time.sleep(1)
                    settled = rss_mb(process.pid)
                    break
            alive = process.poll() is None
            high_water = status_field(process.pid, "VmHWM") / 1024 if alive else None
            sampler.phase = "fresh"
            fresh = asyncio.run(fresh_client(port)) if alive else None
            on_disk = set(os.listdir(record_dir))
        finally:
            sampler.stop()
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                process.wait(10)
    sampler.write(arguments.series)

    churn_values = [row[2] for row in sampler.rows if row[1] == "churn"]
    peak = max(churn_values, default=idle_rss)
    missing = [name for name in soak.recorded if name not in soak.deleted and name not in on_disk]
    print(f"soak: {churn_seconds:.0f} s of churn: {counts}; {len(on_disk)} recording files "
          f"(cap --max-recordings {arguments.max_recordings})")
    print(f"soak: RSS MB: start {start_rss:.1f}, idle {idle_rss:.1f}, peak {peak:.1f}, "
          f"after clients left {settled if settled is None else round(settled, 1)} "
          f"(bounds: peak idle + {arguments.peak_bound_mb:.0f}, after idle x {arguments.settled_ratio}); "
          f"every 0.5 s after they left: {trajectory}; load average {os.getloadavg()[0]:.1f}")
    print(f"soak: {rss_summary(sampler, 'churn')}")
    print(f"soak: kernel high-water mark (VmHWM, the whole run, between samples too): "
          f"{'unknown' if high_water is None else f'{high_water:.1f} MB'}; "
          f"{len(sampler.rows)} samples every {arguments.sample_seconds} s in {arguments.series}")
    failures = []
    if not alive:
        failures.append(f"morphd exited with {process.returncode}; log in {log_path}")
    if alive and fresh is None:
        failures.append("a fresh client got no session")
    if settled is None or settled > idle_rss * arguments.settled_ratio:
        failures.append(f"RSS stayed at {settled} MB, over idle {idle_rss:.1f} x {arguments.settled_ratio}")
    bound = idle_rss + arguments.peak_bound_mb
    if max(peak, high_water or 0) > bound:
        failures.append(f"RSS peaked at {max(peak, high_water or 0):.1f} MB (samples {peak:.1f}, VmHWM "
                        f"{high_water}), over idle {idle_rss:.1f} + {arguments.peak_bound_mb:.0f} MB")
    if counts["sessions"] == 0:
        failures.append("no session was opened")
    if missing:
        failures.append(f"{len(missing)} recordings morphd named are not on disk: {missing[:3]}")
    if soak.failures:
        failures.append(f"{counts['client-failures']} client failures:")
        failures += [f"  {count} x {kind}" for kind, count in soak.failures.most_common()]
    for failure in failures:
        print(f"soak: FAIL: {failure}")
    if not failures:
        print(f"soak: OK: morphd alive, a fresh client got session {fresh}, RSS within both bounds, "
              f"every recording on disk, no client failure")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
