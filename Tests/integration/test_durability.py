"""Recordings are the users' data: an acknowledged input is on disk. A real morphd is
killed with SIGKILL in the middle of a recording; the file must hold every input it
acknowledged, in order, and replay with `morph replay` (a cut last line is tolerated).
Every wait is bounded; nothing here asserts on speed."""

import asyncio
import json
import os
import signal
import subprocess

from test_morphd import STEP, Morphd, MorphdTestCase, check_schema, receive, run, send
from morph_fixtures import executable

INPUTS = 900  # under the 1000-a-second cap a replay enforces, however fast they arrive


class DurabilityTests(MorphdTestCase):

    @classmethod
    def setUpClass(cls):
        cls.server = Morphd()

    def test_kill_9_mid_recording_loses_no_acknowledged_input(self):
        acked = []

        async def scenario():
            async with self.connect() as ws:
                await send(ws, {"type": "open", "component": "curtain", "viewport": [390, 844]})
                await receive(ws, "session")
                await send(ws, {"type": "record", "action": "start"})
                name = (await receive(ws, "recording"))["name"]

                async def pump():
                    for index in range(1, INPUTS + 1):
                        await send(ws, {"type": "input", "id": index,
                                        "event": {"kind": "scrub", "progress": index / INPUTS}})
                        # Under the 1000-a-second input rate (burst 200), and acks read meanwhile.
                        await asyncio.sleep(0.05 if index % 40 == 0 else 0)

                sender = asyncio.ensure_future(pump())
                try:
                    while len(acked) < INPUTS // 5:
                        message = json.loads(await asyncio.wait_for(ws.recv(), STEP))
                        if message["type"] != "frame":
                            check_schema(message)
                        if message["type"] == "ack":
                            acked.append(message["id"])
                        self.assertNotEqual(message["type"], "error", message)
                    # Mid-recording, inputs still arriving and being written.
                    os.kill(self.server.process.pid, signal.SIGKILL)
                    self.server.process.wait(STEP)
                finally:
                    sender.cancel()
                return name

        name = run(scenario())
        self.assertEqual(acked, list(range(1, len(acked) + 1)), "acks arrive in input order")
        path = os.path.join(self.server.records, name)
        with open(path, "rb") as handle:
            lines = handle.read().split(b"\n")
        events = []
        for line in lines[1:]:
            try:
                events.append(json.loads(line))
            except ValueError:
                pass  # the line being written when the process died
        progress = [event["progress"] for event in events if event.get("kind") == "scrub"]
        written = [round(value * INPUTS) for value in progress]
        self.assertEqual(written[:len(acked)], acked, "every acknowledged input is in the file, in order")
        replay = subprocess.run([str(executable("morph")), "replay", path, "--hashes", "--until", "0"],
                                capture_output=True, text=True, timeout=60)
        self.assertEqual(replay.returncode, 0, replay.stderr)
        # The server comes back on the same folder and lists the file.
        self.server.start()

        async def listed():
            async with self.connect() as ws:
                await send(ws, {"type": "recordings"})
                return [item["name"] for item in (await receive(ws, "recordings"))["items"]]
        self.assertIn(name, run(listed()))


if __name__ == "__main__":
    import unittest
    unittest.main()
