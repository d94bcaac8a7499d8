#!/usr/bin/env python3
"""The yardstick for morphd's fan-out (issue 13): a plain Python `websockets` broadcast server.

It speaks just enough of `morph.v1` (schemas/protocol.md) for `bench/loadgen` to measure it
as it measures morphd: `hello` → `welcome`, `open`/`join` → `session` (there is one session,
whatever is asked), `ping` → `pong`; `input` is accepted and ignored. From the first `open`
on, it sends every viewer the same frame at `--fps` with `websockets.broadcast`, the
library's own fan-out: the captured frame's bytes (FRAME, a `frame` message as morphd sent it,
e.g. `loadgen --capture FILE`) with `seq` and `serverTime` rewritten each tick, so the load
client reads latency the same way. Frames are encoded once per tick, as morphd does.

    python3 bench/broadcast_peer.py --frame FRAME [--host 127.0.0.1] [--port 0] [--fps 60]
                                    [--deflate]

Prints `broadcast_peer: serving ws://HOST:PORT/` once listening; stops on SIGTERM/SIGINT.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys
import time

from websockets.asyncio.server import broadcast, serve

SESSION = "peer0000000000000"


def compact(message: dict) -> str:
    """JSON as morphd writes it (no spaces, `type` first): the load client matches prefixes."""
    return json.dumps(message, separators=(",", ":"))


class FrameSource:
    """The captured frame split around the fields that change per tick."""

    def __init__(self, captured: bytes):
        message = json.loads(captured)
        if message.get("type") != "frame" or "list" not in message:
            raise ValueError("not a morph.v1 frame message")
        marker = captured.find(b',"list":')
        if marker < 0:
            raise ValueError('frame has no top-level ,"list": (not as morphd encodes it)')
        self.tail = captured[marker:]
        self.state = message.get("state", "dragging")
        self.sequence = 0

    def next(self) -> bytes:
        self.sequence += 1
        head = '{"type":"frame","session":"%s","seq":%d,"serverTime":%.6f,"state":%s,"dropped":0' % (
            SESSION, self.sequence, time.time(), json.dumps(self.state))
        return head.encode() + self.tail


class Peer:
    def __init__(self, source: FrameSource, fps: float):
        self.source, self.period = source, 1.0 / fps
        self.viewers: set = set()
        self.started = asyncio.Event()

    async def handle(self, connection):
        try:
            async for raw in connection:
                try:
                    message = json.loads(raw)
                    kind = message["type"]
                except (ValueError, KeyError, TypeError):
                    await connection.send(compact({"type": "error", "code": "bad-json", "message": "bad JSON"}))
                    continue
                if kind == "hello":
                    await connection.send(compact({"type": "welcome", "protocol": "morph.v1",
                                                      "server": "broadcast_peer", "components": ["curtain"],
                                                      "fps": round(1 / self.period)}))
                elif kind in ("open", "join"):
                    await connection.send(compact({"type": "session", "session": SESSION,
                                                      "component": message.get("component", "curtain"),
                                                      "configuration": {}, "environment": {},
                                                      "viewport": message.get("viewport", [390, 844]),
                                                      "state": self.source.state}))
                    self.viewers.add(connection)
                    if kind == "open":
                        self.started.set()
                elif kind == "ping":
                    await connection.send(compact({"type": "pong", "id": message.get("id", 0),
                                                      "t": message.get("t"), "serverTime": time.time()}))
        finally:
            self.viewers.discard(connection)

    async def broadcast_forever(self):
        await self.started.wait()
        loop = asyncio.get_running_loop()
        deadline = loop.time()
        while True:
            # Absolute deadlines, as morphd's tick: a relative sleep drifts below the rate.
            deadline += self.period
            delay = deadline - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            else:
                deadline = loop.time()
            if self.viewers:
                broadcast(self.viewers, self.source.next(), text=True)


async def main(arguments) -> None:
    with open(arguments.frame, "rb") as handle:
        source = FrameSource(handle.read())
    peer = Peer(source, arguments.fps)
    stop = asyncio.get_running_loop().create_future()
    for signum in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(signum, lambda: stop.done() or stop.set_result(None))
    async with serve(peer.handle, arguments.host, arguments.port, subprotocols=["morph.v1"],
                     compression="deflate" if arguments.deflate else None, max_queue=None,
                     ping_interval=None) as server:
        port = server.sockets[0].getsockname()[1]
        print(f"broadcast_peer: serving ws://{arguments.host}:{port}/", flush=True)
        ticker = asyncio.create_task(peer.broadcast_forever())
        await stop
        ticker.cancel()


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frame", required=True, help="a captured morph.v1 frame message (JSON bytes)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--fps", type=float, default=60.0)
    parser.add_argument("--deflate", action="store_true", help="accept permessage-deflate")
    return parser.parse_args(argv)


if __name__ == "__main__":
    try:
        asyncio.run(main(parse(sys.argv[1:])))
    except (OSError, ValueError) as error:
        print(f"broadcast_peer: {error}", file=sys.stderr)
        sys.exit(1)
