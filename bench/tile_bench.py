#!/usr/bin/env python3
"""`make bench-tiles`: server tiles during a scripted 2-second curtain drag against a release
morphd, per motion codec and fallback setting (issue 8).

For each configuration a fresh `.build/release/morphd --tile-codec C --tile-fallback F` is
started; one client opens the curtain (390×844 pt), asks for tiles at 2x, presses on the
handle and moves the pointer at 60 Hz for 2 s (to x = 60 pt in the first second, back in the
second, every x distinct), then holds still until its picture is lossless at full scale; then
`--rests` short drags (20 moves, 1/3 s, the pointer still held), each followed by the same
wait. Every message is timestamped on arrival. Reported:

- sets/s: tile sets (`tiles-done` with a layer) that arrived while the 2 s drag ran, per
  second, split into full-scale sets (the figure the 60 sets/s goal counts) and sets lowered
  by `--tile-fallback` (reported apart: they do not count toward 60);
- input-to-tile latency: for each pointer move (sent with an `id`), the time from sending it
  until the first set rendered from a frame whose tick began after the server applied the move:
  the server answers `ack` once it has applied an input, so a set whose `serverTime` (the wall
  clock when its frame's tick began; client and server share the machine's clock) is at or
  after the ack's arrival shows the move. p50 and p99 (nearest rank) over the moves. This is
  the server's share; the fold itself trails the pointer through the seed's interactive spring,
  as it would on a device;
- fold lag: for each move, the time until the first set whose frame's drag point has reached
  the move's x (within 0.5 pt, among the moves sent by then, on the drag's way out or back),
  p50 and p99: the spring's lag plus the server's;
- bytes per set: the tile payloads before each `tiles-done` of the drag (median and mean KB);
- rest → lossless: for the 2 s drag and each short drag, from sending the last move until the
  `tiles-done` after which the client holds a picture of a frame showing that move with every
  tile PNG at full scale (the client keeps each tile's codec and scale from the binary
  headers, so a small PNG-only set over lossy tiles does not count); pooled over all drags of
  a configuration: p50 / p99 / max (nearest rank). The drag point follows the pointer through
  the seed's interactive spring, so the fold keeps moving after the last move: "fold settles"
  is the time until the first frame whose drag point is within 0.01 pt of the pointer
  arrives, and "fold rest → lossless" the time from that frame to the lossless picture
  (p50 / p99, and how many within 100 ms: the goal);
- client CPU: the bench client's own CPU time over the 2 s drag's wall time (it shares the
  machine's cores with morphd; every message is timestamped when `recv` returns it in the
  client's one asyncio loop, so a busy client delays timestamps).

Prints two Markdown tables (full scale; lowered-scale fallback); with `--baseline MORPHD` every
row is measured for both builds, drag by drag alternately. Bounded: every wait has a
timeout.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import itertools
import json
import math
import os
import statistics
import struct
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_bench import MORPHD, Server, start_morphd  # noqa: E402

import websockets  # noqa: E402

VIEWPORT = (390, 844)
SCALE = 2
RIGHT, LEFT, MOVES, HZ = VIEWPORT[0] - 20, 60.0, 120, 60.0
# Short drags after the main one, for the rest distribution: moves each, and their targets (pt).
SHORT_MOVES, SHORT_TARGETS = 20, (120.0, 300.0, 200.0, 340.0, 90.0, 250.0)
REST_GOAL_MS = 100.0
CONFIGURATIONS = [("jpeg", "off"), ("webp", "off"), ("png", "off"), ("jpeg", "auto"), ("jpeg", "always")]


def log(text: str) -> None:
    print(f"bench-tiles: {text}", file=sys.stderr, flush=True)


def move_x(index: int) -> float:
    """Pointer x of move `index` (1...MOVES): out to LEFT, then back 1 pt to the right of the
    way out, so no two moves share an x."""
    half = MOVES // 2
    if index <= half:
        return RIGHT - (RIGHT - LEFT) * index / half
    return RIGHT - (RIGHT - LEFT) * (MOVES - index) / half + 1.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


class LosslessWatch:
    """The client's picture, from the messages as they arrive: each tile part's codec and scale (from
    the binary headers; a set that carries every tile starts a new layer), and the frames' drag
    x. `expect(x, at)` arms it for a drag whose last move (to `x`) was sent at `at`; `reached`
    is set by the first `tiles-done` after which the picture shows a frame with that drag x,
    every tile PNG at full scale."""

    def __init__(self):
        self.tiles: dict[int, list[tuple[int, int, int, int]]] = {}  # index -> (x0, x1, codec, scale)
        self.in_set = False
        self.x = math.nan
        self.sent_at = math.inf
        self.target_seq: int | None = None
        self.settled_at = math.inf
        self.reached = asyncio.Event()
        self.rests: list[float] = []
        self.settles: list[float] = []

    def expect(self, x: float, at: float) -> None:
        self.x, self.sent_at, self.target_seq, self.settled_at = x, at, None, math.inf
        self.reached = asyncio.Event()

    def binary(self, message: bytes) -> None:
        flags, = struct.unpack_from("<B", message, 5)
        index, = struct.unpack_from("<I", message, 12)
        x, width = struct.unpack_from("<H", message, 16)[0], struct.unpack_from("<H", message, 20)[0]
        scale, codec = message[28], message[29]
        if not self.in_set and flags & 1:
            self.tiles.clear()
        self.in_set = True
        # A tile may come in parts (opaque columns as JPEG, a band as PNG): a part replaces the
        # pieces of its tile that it overlaps (all of them at another scale), as the page draws.
        kept = [piece for piece in self.tiles.get(index, [])
                if piece[3] == scale and (piece[1] <= x or piece[0] >= x + width)]
        self.tiles[index] = kept + [(x, x + width, codec, scale)]

    def text(self, parsed: dict, now: float) -> None:
        if parsed["type"] == "frame" and self.target_seq is None and now >= self.sent_at:
            if (drag_x := frame_drag_x(parsed)) is not None and abs(drag_x - self.x) < 0.01:
                self.target_seq, self.settled_at = parsed["seq"], now
        elif parsed["type"] == "tiles-done":
            self.in_set = False
            full = parsed.get("fullScale", SCALE)
            if (parsed["layer"] is not None and self.target_seq is not None and parsed["seq"] >= self.target_seq
                    and not self.reached.is_set() and self.tiles
                    and all(codec == 0 and scale == full
                            for pieces in self.tiles.values() for _, _, codec, scale in pieces)):
                self.rests.append((now - self.sent_at) * 1000)
                self.settles.append((self.settled_at - self.sent_at) * 1000)
                self.reached.set()


def frame_drag_x(frame: dict) -> float | None:
    effect = next((op.get("effect") for op in frame["list"]["ops"] if op.get("op") == "push" and "effect" in op), None)
    return effect.get("drag", [None])[0] if effect else None


async def drag(port: int, rests: int) -> dict:
    url = f"ws://127.0.0.1:{port}/?deltas=0"  # it reads every frame's list: full frames
    arrivals: list[tuple[float, object]] = []
    acks: dict[int, float] = {}  # input id -> wall-clock arrival of its ack
    input_ids = itertools.count()
    watch = LosslessWatch()
    async with websockets.connect(url, subprotocols=["morph.v1"], max_size=None, ping_interval=None,
                                  open_timeout=10) as ws:
        async def send(message: dict) -> float:
            await ws.send(json.dumps(message))
            return time.monotonic()

        await send({"type": "hello", "protocol": "morph.v1"})
        await send({"type": "open", "component": "curtain", "viewport": list(VIEWPORT)})
        await send({"type": "tiles", "enabled": True, "scale": SCALE})
        # The resting curtain: one set with no layer.
        while True:
            message = await asyncio.wait_for(ws.recv(), 10)
            if isinstance(message, str) and json.loads(message).get("type") == "tiles-done":
                break

        async def read():
            while True:
                message = await ws.recv()
                now, wall = time.monotonic(), time.time()
                arrivals.append((now, message))
                if isinstance(message, bytes):
                    watch.binary(message)
                elif '"tiles-done"' in message or '"frame"' in message:
                    watch.text(json.loads(message), now)
                elif '"ack"' in message:
                    acks[json.loads(message)["id"]] = wall

        async def moves(xs: list[float]) -> list[float]:
            sent: list[float] = []
            start = time.monotonic()
            for index, x in enumerate(xs, 1):
                await asyncio.sleep(max(0.0, start + index / HZ - time.monotonic()))
                sent.append(await send({"type": "input", "id": next(input_ids),
                                        "event": {"kind": "pointerMove", "pointer": 1, "x": x, "y": y}}))
            watch.expect(xs[-1], sent[-1])
            await asyncio.wait_for(watch.reached.wait(), 20)
            return sent

        reader = asyncio.create_task(read())
        y = VIEWPORT[1] / 2
        cpu_start, wall_start = time.process_time(), time.monotonic()
        try:
            await send({"type": "input", "event": {"kind": "pointerDown", "pointer": 1, "x": RIGHT, "y": y}})
            sent = await moves([move_x(index) for index in range(1, MOVES + 1)])
            main_end = len(arrivals)
            client_cpu = (time.process_time() - cpu_start) / (time.monotonic() - wall_start)
            x = move_x(MOVES)
            for number in range(rests):
                # Each short drag ends on an x no earlier move had.
                target = SHORT_TARGETS[number % len(SHORT_TARGETS)] + 0.37 * (number + 1)
                await asyncio.sleep(0.1)
                try:
                    await moves([x + (target - x) * step / SHORT_MOVES for step in range(1, SHORT_MOVES + 1)])
                except asyncio.TimeoutError:
                    watch.rests.append(math.inf)  # never lossless: counts as the worst rest
                    break
                x = target
        finally:
            reader.cancel()
    # The 2 s drag's moves are ids 0…MOVES-1.
    return {"sent": sent, "acks": [acks.get(index, math.inf) for index in range(len(sent))],
            "arrivals": arrivals[:main_end], "rests": watch.rests, "settles": watch.settles, "client_cpu": client_cpu}


def analyse(run: dict) -> dict:
    sent, arrivals = run["sent"], run["arrivals"]
    xs = [move_x(index) for index in range(1, MOVES + 1)]
    shown_by_frame: dict[int, int] = {}  # frame seq -> index (0-based) of the move its fold reached
    sets, payload = [], 0
    half = MOVES // 2
    for at, message in arrivals:
        if isinstance(message, bytes):
            payload += len(message) - 32
            continue
        parsed = json.loads(message)
        if parsed["type"] == "frame":
            drag_x = frame_drag_x(parsed)
            if drag_x is not None:
                # Moves sent by then, on the way the pointer was going (out and back pass the
                # same x within 1 pt, so a lagging fold would match either way).
                count = bisect.bisect_right(sent, at)
                candidates = range(half, count) if count > half else range(count)
                nearest = min(candidates, key=lambda i: abs(xs[i] - drag_x), default=None)
                if nearest is not None and abs(xs[nearest] - drag_x) < 0.5:
                    shown_by_frame[parsed["seq"]] = nearest
        elif parsed["type"] == "tiles-done":
            if parsed["layer"] is not None:
                sets.append((at, parsed, payload))
            payload = 0
    frames = sorted(shown_by_frame)

    def shown(seq: int) -> int:
        known = [shown_by_frame[f] for f in frames if f <= seq]
        return max(known) if known else -1

    latencies, lags = [], []
    for index, (at, acked) in enumerate(zip(sent, run["acks"])):
        arrival = next((when for when, done, _ in sets if done["serverTime"] >= acked), None)
        if arrival is not None:
            latencies.append((arrival - at) * 1000)
        reached = next((when for when, done, _ in sets if when >= at and shown(done["seq"]) >= index), None)
        if reached is not None:
            lags.append((reached - at) * 1000)
    drag_sets = [(at, done, size) for at, done, size in sets if sent[0] <= at <= sent[-1]]
    sizes = [size / 1024 for _, _, size in drag_sets]
    lowered = sum(1 for _, done, _ in drag_sets if done["scale"] < done.get("fullScale", SCALE))
    seconds = sent[-1] - sent[0]
    return {
        "sets_per_s": len(drag_sets) / seconds,
        "full_per_s": (len(drag_sets) - lowered) / seconds,
        "lowered_per_s": lowered / seconds,
        "p50": percentile(latencies, 0.5) if latencies else math.nan,
        "p99": percentile(latencies, 0.99) if latencies else math.nan,
        "measured": len(latencies),
        "lag_p50": percentile(lags, 0.5) if lags else math.nan,
        "lag_p99": percentile(lags, 0.99) if lags else math.nan,
        "kb_median": statistics.median(sizes) if sizes else math.nan,
        "kb_mean": statistics.fmean(sizes) if sizes else math.nan,
        "lowered": lowered,
        "sets": len(drag_sets),
        "render_ms": statistics.median([done["renderMs"] for _, done, _ in drag_sets]) if drag_sets else math.nan,
        "rest_ms": run["rests"][0] if run["rests"] else math.nan,
        "rests": run["rests"],
        "settles": run["settles"],
        "client_cpu": run["client_cpu"] * 100,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="drags per configuration (default 3)")
    parser.add_argument("--rests", type=int, default=6, help="short drags after each 2 s drag (default 6)")
    parser.add_argument("--only", help="codec/fallback pairs to run, e.g. jpeg/off,jpeg/auto")
    parser.add_argument("--morphd", type=Path, default=MORPHD, help="the morphd to measure (default: this checkout's release build)")
    parser.add_argument("--baseline", type=Path,
                        help="another morphd (e.g. main's release build) run alternately with --morphd, drag by drag, "
                             "so both share the same minutes; its rows say `baseline`")
    arguments = parser.parse_args()
    configurations = CONFIGURATIONS
    if arguments.only:
        configurations = [tuple(pair.split("/")) for pair in arguments.only.split(",")]
    builds = [("", arguments.morphd)]
    if arguments.baseline:
        builds = [("baseline", arguments.baseline), ("this build", arguments.morphd)]
    for _, path in builds:
        if not path.exists():
            log(f"{path} is missing: run `make release`")
            return 1
    load = os.getloadavg()
    print(f"tile sets, scripted 2 s drag at 60 Hz against a release morphd, curtain {VIEWPORT[0]}×{VIEWPORT[1]} pt at "
          f"{SCALE}x, {arguments.repeats} drags each (median of drags; min–max in brackets), each followed by "
          f"{arguments.rests} short drags for the rest distribution; "
          f"load average before {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    # Keyed by (codec shown with its build, fallback), in the order run.
    results: dict[tuple[str, str], list[dict]] = {}
    with tempfile.TemporaryDirectory() as records:
        for codec, fallback in configurations:
            for _ in range(arguments.repeats):
                for label, path in builds:
                    runs = results.setdefault((f"{codec} · {label}" if label else codec, fallback), [])
                    server = start_morphd(records, "--tile-codec", codec, "--tile-fallback", fallback, morphd=path)
                    try:
                        runs.append(analyse(asyncio.run(asyncio.wait_for(drag(server.port, arguments.rests), 120))))
                    except (asyncio.TimeoutError, OSError, websockets.WebSocketException) as error:
                        log(f"{codec}/{fallback} {label}: drag failed: {error!r}")
                    finally:
                        server.stop()
            log(f"{codec}/{fallback}: {arguments.repeats} drags per build")

    def cell(runs: list[dict], key: str, digits: int = 0) -> str:
        values = [r[key] for r in runs if not math.isnan(r[key])]
        if not values:
            return "—"
        text = f"{statistics.median(values):.{digits}f}"
        return f"**{text}** ({min(values):.{digits}f}–{max(values):.{digits}f})" if len(values) > 1 else text

    def rests(runs: list[dict]) -> str:
        """Last move → lossless p50/p99/max, the fold's settling p50, and fold rest → lossless
        p50/p99 and how many within the goal."""
        pooled = [rest for r in runs for rest in r["rests"]]
        settles = [settle for r in runs for settle in r["settles"]]
        if not pooled:
            return "— | — | — | — | — | — | —"
        shown = [f"{percentile(pooled, share):.0f}" for share in (0.5, 0.99, 1.0)]
        # Rest as the viewer sees it: from the frame whose fold is within 0.01 pt of the pointer.
        after = [rest - settle for rest, settle in zip(pooled, settles)]
        within = sum(1 for rest in after if rest <= REST_GOAL_MS)
        return (f"{shown[0]} | {shown[1]} | {shown[2]} | {percentile(settles, 0.5):.0f} | "
                f"**{percentile(after, 0.5):.0f}** | {percentile(after, 0.99):.0f} | {within}/{len(after)}")

    print()
    print("Full scale (`--tile-fallback off`): the sets the 60 sets/s goal counts.")
    print()
    print("| codec | sets/s | input→tile p50 ms | p99 ms | fold lag p50 ms | p99 | KB/set (median, mean) | "
          "set renderMs (med) | client CPU % | last move → lossless p50 ms | p99 | max | fold settles p50 | fold rest → lossless p50 | p99 | ≤ 100 ms |")
    print("|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (codec, fallback), runs in results.items():
        if fallback != "off":
            continue
        if not runs:
            print(f"| {codec} | failed | | | | | | | | | | | | | | |")
            continue
        print(f"| {codec} | {cell(runs, 'full_per_s', 1)} | {cell(runs, 'p50')} | {cell(runs, 'p99')} | "
              f"{cell(runs, 'lag_p50')} | {cell(runs, 'lag_p99')} | {cell(runs, 'kb_median', 1)}, {cell(runs, 'kb_mean', 1)} | {cell(runs, 'render_ms', 1)} | "
              f"{cell(runs, 'client_cpu')} | {rests(runs)} |")
    fallbacks = [(key, runs) for key, runs in results.items() if key[1] != "off"]
    if fallbacks:
        print()
        print("Lowered-scale fallback (`--tile-fallback auto|always`): lowered sets do not count toward 60 sets/s; "
              "latency and bytes are over all sets of the drag.")
        print()
        print("| codec | fallback | full-scale sets/s | lowered sets/s | input→tile p50 ms | p99 ms | "
              "KB/set (median, mean) | lowered sets | last move → lossless 2x p50 ms | p99 | max | fold settles p50 | "
              "fold rest → lossless 2x p50 | p99 | ≤ 100 ms |")
        print("|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for (codec, fallback), runs in fallbacks:
            if not runs:
                print(f"| {codec} | {fallback} | failed | | | | | | | | | | | | |")
                continue
            lowered = sum(r["lowered"] for r in runs), sum(r["sets"] for r in runs)
            print(f"| {codec} | {fallback} | {cell(runs, 'full_per_s', 1)} | {cell(runs, 'lowered_per_s', 1)} | "
                  f"{cell(runs, 'p50')} | {cell(runs, 'p99')} | {cell(runs, 'kb_median', 1)}, "
                  f"{cell(runs, 'kb_mean', 1)} | {lowered[0]}/{lowered[1]} | {rests(runs)} |")
    after = os.getloadavg()
    print()
    print(f"load average after {after[0]:.1f} {after[1]:.1f} {after[2]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
