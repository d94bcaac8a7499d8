#!/usr/bin/env python3
"""Soak a release morphd: churn clients for a while, then check it is alive, answers a fresh
client, and its resident memory falls back near the idle figure once every client has left.

usage: scripts/soak.py [--seconds 120] [--settled-ratio 1.15] [--peak-bound-mb 320]
                       [--churners 6] [--recorders 2]
                       [--slow-readers 4] [--binary .build/release/morphd]

Clients, each looping until the time is up:
  churners      open a session (a random component), drag on it, sometimes join another
                client's session as a viewer, close (cleanly or by dropping the socket);
  recorders     open, `record start`, send acknowledged inputs, `record stop`, close;
  slow readers  open a curtain with tiles at scale 2, drag, then never read for 5-15 s (the
                server's reply queue fills) and drop the socket.
The idle figure is RSS after one warm-up client per component (and one curtain with tiles)
has come and gone and the server's trim (~3 s after the last session ends) has run. Not part of `make test`: figures
depend on the machine's load. Exit status 1 when a check fails.
"""

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

REPO = Path(__file__).resolve().parent.parent
COMPONENTS = ["curtain", "hero-card", "morph-container"]
STEP = 10.0  # seconds any single answer may take before the client gives up on it


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def start_morphd(binary: Path, record_dir: str, log_path: Path) -> tuple[subprocess.Popen, int]:
    log = open(log_path, "wb")
    process = subprocess.Popen(
        [str(binary), "--host", "127.0.0.1", "--port", "0", "--record-dir", record_dir],
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


class Soak:
    def __init__(self, port: int, seconds: float, seed: int):
        self.url = f"ws://127.0.0.1:{port}/"
        self.deadline = time.monotonic() + seconds
        self.random = random.Random(seed)
        self.live_sessions: list[str] = []
        self.counts = {"sessions": 0, "joins": 0, "recordings": 0, "acks": 0, "slow": 0,
                       "dropped": 0, "errors": 0, "client-failures": 0}

    def connect(self, **options):
        return connect(self.url, subprotocols=["morph.v1"], open_timeout=STEP, close_timeout=2,
                       **options)

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
                await self.drag(ws, self.random.randint(2, 20))
                if len(self.live_sessions) > 1 and self.random.random() < 0.5:
                    await ws.send(json.dumps({"type": "join", "session": self.random.choice(self.live_sessions)}))
                    await asyncio.sleep(0.2)
                    self.counts["joins"] += 1
                self.live_sessions.remove(session)
                await self.finish(ws)

    async def recorder(self) -> None:
        while time.monotonic() < self.deadline:
            async with self.connect() as ws:
                await self.open(ws, self.random.choice(COMPONENTS))
                await ws.send(json.dumps({"type": "record", "action": "start"}))
                await self.answer(ws, "recording")
                await self.drag(ws, self.random.randint(5, 30), ids=True)
                await ws.send(json.dumps({"type": "record", "action": "stop"}))
                await self.answer(ws, "recording")
                self.counts["recordings"] += 1
                await self.finish(ws)

    async def slow_reader(self) -> None:
        while time.monotonic() < self.deadline:
            async with self.connect(max_queue=1) as ws:
                await self.open(ws, "curtain")
                await ws.send(json.dumps({"type": "tiles", "enabled": True, "scale": 2}))
                await self.drag(ws, 40)
                remaining = max(0.5, self.deadline - time.monotonic())
                await asyncio.sleep(min(self.random.uniform(5, 15), remaining))  # never reads meanwhile
                self.counts["slow"] += 1
                ws.transport.abort()

    async def keep_going(self, client) -> None:
        """Runs `client` until the deadline; a failed client (a refusal, a timeout) restarts."""
        while time.monotonic() < self.deadline:
            try:
                await client()
            except Exception as error:  # noqa: BLE001 - counted, reported, and the churn goes on
                self.counts["client-failures"] += 1
                if self.counts["client-failures"] <= 5:
                    print(f"soak: client failure: {type(error).__name__}: {error}", flush=True)
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


async def run_clients(port: int, arguments) -> dict:
    soak = Soak(port, arguments.seconds, arguments.seed)
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
        print(f"soak: {time.monotonic() - started:.0f} s, {soak.counts}", flush=True)
    return soak.counts


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
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--binary", type=Path, default=REPO / ".build/release/morphd")
    arguments = parser.parse_args()

    log_path = REPO / ".build/soak-morphd.log"
    with tempfile.TemporaryDirectory(prefix="morph-soak-") as record_dir:
        process, port = start_morphd(arguments.binary, record_dir, log_path)
        try:
            start_rss = rss_mb(process.pid)
            asyncio.run(warm_up(port))
            time.sleep(5)  # the trim runs ~3 s after the last session ends
            idle_rss = rss_mb(process.pid)
            print(f"soak: seed {arguments.seed}; morphd pid {process.pid} port {port}; "
                  f"RSS {start_rss:.1f} MB at start, {idle_rss:.1f} MB idle after warm-up", flush=True)

            peak = idle_rss
            churn_start = time.monotonic()
            counts = None

            async def with_sampling():
                nonlocal peak, counts
                task = asyncio.create_task(run_clients(port, arguments))
                while not task.done():
                    peak = max(peak, rss_mb(process.pid))
                    await asyncio.sleep(0.5)
                counts = task.result()
            asyncio.run(with_sampling())
            churn_seconds = time.monotonic() - churn_start

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
            fresh = asyncio.run(fresh_client(port)) if alive else None
            recordings = len(os.listdir(record_dir))
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                process.wait(10)

    print(f"soak: {churn_seconds:.0f} s of churn: {counts}; {recordings} recording files")
    print(f"soak: RSS MB: start {start_rss:.1f}, idle {idle_rss:.1f}, peak {peak:.1f}, "
          f"after clients left {settled if settled is None else round(settled, 1)} "
          f"(bounds: peak idle + {arguments.peak_bound_mb:.0f}, after idle x {arguments.settled_ratio}); "
          f"every 0.5 s after they left: {trajectory}; load average {os.getloadavg()[0]:.1f}")
    failures = []
    if not alive:
        failures.append(f"morphd exited with {process.returncode}; log in {log_path}")
    if alive and fresh is None:
        failures.append("a fresh client got no session")
    if settled is None or settled > idle_rss * arguments.settled_ratio:
        failures.append(f"RSS stayed at {settled} MB, over idle {idle_rss:.1f} x {arguments.settled_ratio}")
    if peak > idle_rss + arguments.peak_bound_mb:
        failures.append(f"RSS peaked at {peak:.1f} MB, over idle {idle_rss:.1f} + {arguments.peak_bound_mb:.0f} MB")
    if counts and counts["sessions"] == 0:
        failures.append("no session was opened")
    for failure in failures:
        print(f"soak: FAIL: {failure}")
    if not failures:
        print(f"soak: OK: morphd alive, a fresh client got session {fresh}, RSS within both bounds")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
