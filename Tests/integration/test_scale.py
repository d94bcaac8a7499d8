"""morphd with many sessions: closed sessions give their memory back, and a client that sends
inputs faster than the tick rate gets frames at the tick rate, every input recorded."""

import asyncio
import json
import os
import sys
import time
import unittest

from test_morphd import STEP, Morphd, receive, run, send
from websockets.asyncio.client import connect

COMPONENTS = ["morph-container", "hero-card", "curtain"]


def resident_kb(pid):
    """The server's resident memory."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS in /proc status")


async def next_frame(ws):
    """The next frame, unchecked (schema checks of hundreds of frames would be the test's cost)."""
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "frame":
            return message


class ScaleTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Morphd("--max-clients", "1000")

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def connect(self):
        return connect(self.server.url, subprotocols=["morph.v1"], open_timeout=STEP * 6, max_size=None)

    async def sessions(self, count):
        """Opens `count` sessions at once, each with a frame and a tap, then closes them all."""
        opened, release = [], asyncio.Event()

        async def one(index):
            async with self.connect() as ws:
                await send(ws, {"type": "open", "component": COMPONENTS[index % 3]})
                await next_frame(ws)
                await send(ws, {"type": "input", "event": {"kind": "tap", "x": 200, "y": 220}})
                await next_frame(ws)
                opened.append(index)
                await release.wait()

        tasks = [asyncio.create_task(one(index)) for index in range(count)]
        while len(opened) < count and not any(task.done() for task in tasks):
            await asyncio.sleep(0.05)
        release.set()
        await asyncio.gather(*tasks)

    def test_closed_sessions_give_their_memory_back(self):
        pid = self.server.process.pid
        # The first sessions touch code pages and fill the text-layout cache once.
        asyncio.run(asyncio.wait_for(self.sessions(3), 60))
        time.sleep(4)
        warm = resident_kb(pid)
        for _ in range(3):
            asyncio.run(asyncio.wait_for(self.sessions(200), 180))
        # morphd hands freed pages back a few seconds after the last session ended.
        deadline = time.monotonic() + 20
        after = resident_kb(pid)
        while after > warm * 1.1 and time.monotonic() < deadline:
            time.sleep(0.5)
            after = resident_kb(pid)
        self.assertLessEqual(after, warm * 1.1, f"idle {warm} kB, after 600 sessions {after} kB")

    def test_inputs_faster_than_the_tick_rate_coalesce_and_are_all_recorded(self):
        async def scenario():
            async with self.connect() as ws:
                await send(ws, {"type": "open", "component": "probe", "configuration": {"duration": 0}})
                await receive(ws, "frame")
                await send(ws, {"type": "record", "action": "start"})
                name = (await receive(ws, "recording"))["name"]
                frames = []

                async def read():
                    while True:
                        message = json.loads(await ws.recv())
                        if message["type"] == "frame":
                            frames.append(message)

                reader = asyncio.create_task(read())
                start = time.monotonic()
                # 240 inputs a second for a second: four per 1/60 s tick.
                for index in range(240):
                    await send(ws, {"type": "input", "event": {"kind": "scrub", "progress": (index % 100) / 100}})
                    await asyncio.sleep(max(0, start + (index + 1) / 240 - time.monotonic()))
                await asyncio.sleep(0.2)
                reader.cancel()
                elapsed = time.monotonic() - start
                await send(ws, {"type": "record", "action": "stop"})
                return name, frames, elapsed

        name, frames, elapsed = run(scenario())
        # At most one frame per tick (60 Hz) over the time the inputs took, plus the last one.
        self.assertLessEqual(len(frames), 60 * elapsed + 2, f"{len(frames)} frames in {elapsed:.2f} s")
        self.assertGreaterEqual(len(frames), 1)
        path = os.path.join(self.server.records, name)
        deadline = time.monotonic() + STEP
        while time.monotonic() < deadline:
            with open(path) as recording:
                lines = recording.read().splitlines()[1:]
            if len(lines) == 240:
                break
            time.sleep(0.1)
        times = [json.loads(line)["t"] for line in lines]
        self.assertEqual(len(times), 240)
        self.assertEqual(times, sorted(times))


if __name__ == "__main__":
    unittest.main()
