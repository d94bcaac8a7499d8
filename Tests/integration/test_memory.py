"""morphd's memory under clients that do not read and clients that come and go: a viewer that
never reads holds at most its per-connection budget while the session animates with tiles,
and the session's other viewers keep getting frames; thousands of connects and abrupt drops
leave no file descriptor behind and RSS back near idle (Sources/morphd/README.md, Memory).

The slow readers are raw sockets that complete the handshake, ask for what they want and
never call recv again, so the server's socket buffer fills and stays full."""

import asyncio
import base64
import json
import os
import socket
import struct
import threading
import time
import unittest

from test_morphd import STEP, Morphd, receive, run, send
from websockets.asyncio.client import connect

# The stated bounds (Sources/morphd/README.md, Memory): a tile stream at a phone viewport
# (390 x 844 points) and scale 2 with its viewers' queues, and what RSS may keep above idle
# once every client has left.
STREAM_BUDGET_KB = 48 * 1024
SETTLED_SLACK = 1.1
SLOW_SESSIONS = 3
# Connects and abrupt drops in the churn test (issue 14), spread over CHURN_WORKERS threads.
CHURN_CONNECTS = 5000
CHURN_WORKERS = 8


def masked_text(payload: bytes) -> bytes:
    """One masked client text frame (RFC 6455 5.2)."""
    mask = os.urandom(4)
    body = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
    length = len(payload)
    if length < 126:
        header = struct.pack("!BB", 0x81, 0x80 | length)
    else:
        header = struct.pack("!BBH", 0x81, 0x80 | 126, length)
    return header + mask + body


def handshake(port: int) -> socket.socket:
    """A connected socket past the morph.v1 upgrade, its 101 answer read and nothing else."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=STEP)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
         f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: morph.v1\r\n\r\n")
        .encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(1)  # byte by byte: nothing after the headers is read
        if not chunk:
            raise AssertionError("morphd closed during the handshake")
        answer += chunk
    if not answer.startswith(b"HTTP/1.1 101"):
        raise AssertionError(f"no upgrade: {answer[:80]!r}")
    return sock


async def until(ws, wanted: str) -> dict:
    """The next text message of type `wanted`, skipping binary tiles and other messages. These
    tests bound memory, not latency: a loaded machine's debug build may take seconds a tile set."""
    while True:
        message = await asyncio.wait_for(ws.recv(), STEP * 4)
        if isinstance(message, bytes):
            continue
        decoded = json.loads(message)
        if decoded["type"] == wanted:
            return decoded


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


class PeakSampler:
    """Samples the server's RSS every 50 ms on a thread until stopped; keeps the peak."""

    def __init__(self, server):
        self.server, self.peak, self.running = server, 0, True
        self.thread = threading.Thread(target=self.sample, daemon=True)
        self.thread.start()

    def sample(self):
        while self.running:
            self.peak = max(self.peak, self.server.rss_kb())
            time.sleep(0.05)

    def stop(self) -> int:
        self.running = False
        self.thread.join()
        return max(self.peak, self.server.rss_kb())


class MemoryTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Morphd("--max-clients", "200")

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def connect(self):
        return connect(self.server.url, subprotocols=["morph.v1"], open_timeout=STEP * 6, max_size=None)

    def settled_rss(self, bound_kb: int) -> int:
        """RSS once the server has handed freed pages back (a few seconds after the last
        session ends), or the last figure when it never gets under `bound_kb`."""
        deadline = time.monotonic() + 30
        rss = self.server.rss_kb()
        while rss > bound_kb and time.monotonic() < deadline:
            time.sleep(0.5)
            rss = self.server.rss_kb()
        return rss

    async def warm_up(self, sessions: int):
        """`sessions` curtains at once, each with tiles at scale 2 and a drag, read promptly:
        code pages, fonts, caches and the heap arenas of as many busy workers loaded once, so
        the idle figure taken after it already holds what any later burst of that size keeps."""
        async def one():
            async with self.connect() as ws:
                await send(ws, {"type": "open", "component": "curtain", "viewport": [390, 844]})
                await receive(ws, "frame")
                await send(ws, {"type": "tiles", "enabled": True, "scale": 2})
                await until(ws, "tiles-done")
                await self.drag(ws, steps=6)
                await until(ws, "tiles-done")
        await asyncio.gather(*(one() for _ in range(sessions)))

    async def drag(self, ws, steps: int):
        x, y = 372.0, 420.0
        await send(ws, {"type": "input", "event": {"kind": "pointerDown", "pointer": 1, "x": x, "y": y}})
        for step in range(steps):
            await send(ws, {"type": "input", "event": {"kind": "pointerMove", "pointer": 1, "x": x - 9 * step, "y": y + step}})
            await asyncio.sleep(0.02)
        await send(ws, {"type": "input", "event": {"kind": "pointerUp", "pointer": 1, "x": x - 9 * steps, "y": y + steps}})

    def test_a_viewer_that_never_reads_stays_within_its_budget_and_others_keep_their_frames(self):
        # The same number of tile sessions, read promptly, first: what they keep is the
        # baseline, so what is left above it is what the slow readers left behind.
        run(self.warm_up(SLOW_SESSIONS))
        time.sleep(4)  # the trim after the warm-up's sessions ended
        idle = self.server.rss_kb()
        sampler = PeakSampler(self.server)
        slow_sockets = []

        async def scenario():
            drivers, counts = [], []
            for _ in range(SLOW_SESSIONS):
                driver = await self.connect().__aenter__()
                await send(driver, {"type": "open", "component": "curtain", "viewport": [390, 844]})
                session = (await receive(driver, "session"))["session"]
                # The slow reader: joins, asks for tiles at scale 2, and never reads again.
                slow = handshake(self.server.port)
                slow.sendall(masked_text(json.dumps({"type": "join", "session": session}).encode()))
                slow.sendall(masked_text(json.dumps({"type": "tiles", "enabled": True, "scale": 2}).encode()))
                slow_sockets.append(slow)
                drivers.append(driver)
                counts.append(0)

            async def drive_and_count(index, driver):
                # The driver is the session's other viewer: it drags and counts the frames it gets.
                async def count():
                    while True:
                        message = await driver.recv()
                        if not isinstance(message, bytes) and json.loads(message)["type"] == "frame":
                            counts[index] += 1
                reader = asyncio.create_task(count())
                for _ in range(4):
                    await self.drag(driver, steps=20)
                # Counted, not timed: keep reading until 60 frames came (the drags move the
                # curtain for well over 60 frames at any tick rate).
                while counts[index] < 60 and not reader.done():
                    await asyncio.sleep(0.05)
                reader.cancel()

            await asyncio.gather(*(drive_and_count(index, driver) for index, driver in enumerate(drivers)))
            for driver in drivers:
                await driver.close()
            return counts

        counts = run(scenario())
        for slow in slow_sockets:
            slow.close()
        peak = sampler.stop()
        self.assertTrue(all(count >= 60 for count in counts), f"frames per reading viewer: {counts}")
        bound = idle + SLOW_SESSIONS * STREAM_BUDGET_KB
        self.assertLessEqual(peak, bound, f"idle {idle} kB, peak {peak} kB with {SLOW_SESSIONS} slow readers")
        settled = self.settled_rss(int(idle * SETTLED_SLACK))
        self.assertLessEqual(settled, idle * SETTLED_SLACK, f"idle {idle} kB, after the readers left {settled} kB")

    def test_thousands_of_connects_and_abrupt_drops_leave_no_descriptor_and_memory_behind(self):
        async def warm():
            async with self.connect() as ws:
                await send(ws, {"type": "open", "component": "hero-card"})
                await receive(ws, "frame")
        run(warm())
        time.sleep(4)
        pid = self.server.process.pid
        idle_fds, idle = open_fds(pid), self.server.rss_kb()
        port = self.server.port
        components = ["curtain", "hero-card", "morph-container"]

        def churn(worker: int, count: int):
            for index in range(count):
                kind = index % 4
                if kind == 0:  # TCP only, then a reset
                    sock = socket.create_connection(("127.0.0.1", port), timeout=STEP)
                elif kind == 1:  # half a request
                    sock = socket.create_connection(("127.0.0.1", port), timeout=STEP)
                    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                else:  # upgraded; every other one opens a session first
                    sock = handshake(port)
                    if kind == 3:
                        component = components[(worker + index) % 3]
                        sock.sendall(masked_text(json.dumps({"type": "open", "component": component}).encode()))
                        sock.recv(1)  # the session answer has started: the session exists
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                sock.close()  # linger 0: an RST, no close handshake

        per_worker = CHURN_CONNECTS // CHURN_WORKERS
        threads = [threading.Thread(target=churn, args=(worker, per_worker)) for worker in range(CHURN_WORKERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

        async def fresh():
            async with self.connect() as ws:
                await send(ws, {"type": "open", "component": "curtain"})
                return await receive(ws, "frame")
        self.assertEqual(run(fresh())["type"], "frame")
        deadline = time.monotonic() + 30
        while open_fds(pid) > idle_fds and time.monotonic() < deadline:
            time.sleep(0.2)
        self.assertLessEqual(open_fds(pid), idle_fds, f"descriptors after {CHURN_CONNECTS} connects and drops")
        settled = self.settled_rss(int(idle * SETTLED_SLACK))
        self.assertLessEqual(settled, idle * SETTLED_SLACK, f"idle {idle} kB, after {CHURN_CONNECTS} connects and drops {settled} kB")


if __name__ == "__main__":
    unittest.main()
