#!/usr/bin/env python3
"""`make bench-tiles`: server tiles during a scripted 2-second curtain drag against a release
morphd, per motion codec and fallback setting (issue 8).

For each configuration a fresh `.build/release/morphd --tile-codec C --tile-fallback F` is
started; one client opens the curtain (390×844 pt), asks for tiles at 2x, presses on the
handle and moves the pointer at 60 Hz for 2 s (to x = 60 pt in the first second, back in the
second, every x distinct), then holds still until a full-scale lossless set arrives. Every
message is timestamped on arrival. Reported:

- sets/s: tile sets (`tiles-done` with a layer) that arrived while the drag ran, per second;
- input-to-tile latency: for each pointer move, the time from sending it until the first set
  whose frame shows it or a later move arrived (a frame shows the move whose x its curtain
  drag point has; a set of a frame this client never received counts as showing what the
  newest received frame at or before it showed), p50 and p99 (nearest rank) over the moves;
- bytes per set: the tile payloads before each `tiles-done` of the drag (median and mean KB);
- lowered: the share of the drag's sets below 2x (`--tile-fallback`);
- rest: from the last move until the full-scale set with no lossy tile arrived.

Prints a Markdown table. Bounded: every wait has a timeout.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import statistics
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


async def drag(port: int) -> dict:
    url = f"ws://127.0.0.1:{port}/"
    arrivals: list[tuple[float, object]] = []
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

        done_resting = asyncio.Event()
        last_move = [math.inf]

        async def read():
            while True:
                message = await ws.recv()
                now = time.monotonic()
                arrivals.append((now, message))
                if isinstance(message, str) and now > last_move[0] and '"tiles-done"' in message:
                    done = json.loads(message)
                    if done["layer"] is not None and done["lossy"] == 0 and done["scale"] == done.get("fullScale", SCALE):
                        done_resting.set()
                        return

        reader = asyncio.create_task(read())
        y = VIEWPORT[1] / 2
        await send({"type": "input", "event": {"kind": "pointerDown", "pointer": 1, "x": RIGHT, "y": y}})
        sent: list[float] = []
        start = time.monotonic()
        for index in range(1, MOVES + 1):
            await asyncio.sleep(max(0.0, start + index / HZ - time.monotonic()))
            sent.append(await send({"type": "input", "event": {"kind": "pointerMove", "pointer": 1,
                                                                "x": move_x(index), "y": y}}))
        last_move[0] = sent[-1]
        try:
            await asyncio.wait_for(done_resting.wait(), 20)
        finally:
            reader.cancel()
    return {"sent": sent, "arrivals": arrivals}


def analyse(run: dict) -> dict:
    sent, arrivals = run["sent"], run["arrivals"]
    xs = [move_x(index) for index in range(1, MOVES + 1)]
    shown_by_frame: dict[int, int] = {}  # frame seq -> index (0-based) of the move it shows
    sets, payload = [], 0
    for at, message in arrivals:
        if isinstance(message, bytes):
            payload += len(message) - 32
            continue
        parsed = json.loads(message)
        if parsed["type"] == "frame":
            effect = next((op.get("effect") for op in parsed["list"]["ops"] if op.get("op") == "push" and "effect" in op),
                          None)
            if effect:
                drag_x = effect.get("drag", [None])[0]
                nearest = min(range(MOVES), key=lambda i: abs(xs[i] - drag_x)) if drag_x is not None else None
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

    latencies = []
    for index, at in enumerate(sent):
        arrival = next((when for when, done, _ in sets if when >= at and shown(done["seq"]) >= index), None)
        if arrival is not None:
            latencies.append((arrival - at) * 1000)
    drag_sets = [(at, done, size) for at, done, size in sets if sent[0] <= at <= sent[-1]]
    rest = next(((at - sent[-1]) * 1000 for at, done, _ in sets
                 if at > sent[-1] and done["lossy"] == 0 and done["scale"] == done.get("fullScale", SCALE)), math.nan)
    sizes = [size / 1024 for _, _, size in drag_sets]
    return {
        "sets_per_s": len(drag_sets) / (sent[-1] - sent[0]),
        "p50": percentile(latencies, 0.5) if latencies else math.nan,
        "p99": percentile(latencies, 0.99) if latencies else math.nan,
        "measured": len(latencies),
        "kb_median": statistics.median(sizes) if sizes else math.nan,
        "kb_mean": statistics.fmean(sizes) if sizes else math.nan,
        "lowered": sum(1 for _, done, _ in drag_sets if done["scale"] < done.get("fullScale", SCALE)),
        "sets": len(drag_sets),
        "render_ms": statistics.median([done["renderMs"] for _, done, _ in drag_sets]) if drag_sets else math.nan,
        "rest_ms": rest,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="drags per configuration (default 3)")
    parser.add_argument("--only", help="codec/fallback pairs to run, e.g. jpeg/off,jpeg/auto")
    arguments = parser.parse_args()
    configurations = CONFIGURATIONS
    if arguments.only:
        configurations = [tuple(pair.split("/")) for pair in arguments.only.split(",")]
    if not MORPHD.exists():
        log(f"{MORPHD} is missing: run `make release`")
        return 1
    load = os.getloadavg()
    print(f"tile sets, scripted 2 s drag at 60 Hz against a release morphd, curtain {VIEWPORT[0]}×{VIEWPORT[1]} pt at "
          f"{SCALE}x, {arguments.repeats} drags each (median of drags; min–max in brackets); "
          f"load average before {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    print()
    print("| codec | fallback | sets/s | input→tile p50 ms | p99 ms | KB/set (median, mean) | lowered sets | "
          "set renderMs (med) | rest → lossless 2x ms |")
    print("|---|---|---:|---:|---:|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as records:
        for codec, fallback in configurations:
            results = []
            for _ in range(arguments.repeats):
                server = start_morphd(records, "--tile-codec", codec, "--tile-fallback", fallback)
                try:
                    results.append(analyse(asyncio.run(asyncio.wait_for(drag(server.port), 60))))
                except (asyncio.TimeoutError, OSError, websockets.WebSocketException) as error:
                    log(f"{codec}/{fallback}: drag failed: {error!r}")
                finally:
                    server.stop()
            if not results:
                print(f"| {codec} | {fallback} | failed | | | | | | |")
                continue

            def cell(key: str, digits: int = 0) -> str:
                values = [r[key] for r in results if not math.isnan(r[key])]
                if not values:
                    return "—"
                text = f"{statistics.median(values):.{digits}f}"
                return f"**{text}** ({min(values):.{digits}f}–{max(values):.{digits}f})" if len(values) > 1 else text

            lowered = sum(r["lowered"] for r in results), sum(r["sets"] for r in results)
            print(f"| {codec} | {fallback} | {cell('sets_per_s', 1)} | {cell('p50')} | {cell('p99')} | "
                  f"{cell('kb_median', 1)}, {cell('kb_mean', 1)} | {lowered[0]}/{lowered[1]} | "
                  f"{cell('render_ms', 1)} | {cell('rest_ms')} |", flush=True)
    after = os.getloadavg()
    print()
    print(f"load average after {after[0]:.1f} {after[1]:.1f} {after[2]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
