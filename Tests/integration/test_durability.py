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


class RecordingCapTests(MorphdTestCase):
    """`--max-recordings`: one more `record start` is refused as `busy` naming the cap, the
    session runs on, and the recordings already made stay as they were."""

    CAP = 2

    @classmethod
    def setUpClass(cls):
        cls.server = Morphd("--max-recordings", str(cls.CAP))

    def test_a_full_record_folder_is_busy_naming_the_cap_and_loses_nothing(self):
        async def record(ws, folds):
            await send(ws, {"type": "record", "action": "start"})
            started = await receive(ws, "recording")
            self.assertEqual(started["state"], "started")
            await send(ws, {"type": "input", "id": folds, "event": {"kind": "set", "key": "folds", "value": folds}})
            self.assertEqual((await receive(ws, "ack"))["id"], folds)
            await send(ws, {"type": "record", "action": "stop"})
            self.assertEqual((await receive(ws, "recording"))["state"], "stopped")
            return started["name"]

        def folder():
            contents = {}
            for name in sorted(os.listdir(self.server.records)):
                with open(os.path.join(self.server.records, name), "rb") as handle:
                    contents[name] = handle.read()
            return contents

        async def scenario():
            async with self.connect() as ws:
                await send(ws, {"type": "open", "component": "probe"})
                await receive(ws, "session")
                names = [await record(ws, folds) for folds in range(1, self.CAP + 1)]
                before = folder()
                self.assertEqual(sorted(before), sorted(names))

                await send(ws, {"type": "record", "action": "start"})
                error = await receive(ws, "error")
                self.assertEqual((error["code"], error["request"]), ("busy", "record"))
                self.assertEqual(error["message"], "this server keeps at most %d recordings; "
                                 "delete some or raise morphd --max-recordings" % self.CAP)
                # Nothing written, nothing lost: no third file, the two byte for byte as before,
                # each holding the session up to its acknowledged input (a recording starts
                # with the session so far).
                self.assertEqual(folder(), before)
                for folds, name in enumerate(names, 1):
                    events = [json.loads(line) for line in before[name].splitlines()[1:]]
                    self.assertEqual([(e["kind"], e["value"]) for e in events],
                                     [("set", value) for value in range(1, folds + 1)])
                # The session runs on: inputs still make frames, and it is not recording.
                await send(ws, {"type": "input", "id": 9, "event": {"kind": "set", "key": "moving", "value": True}})
                self.assertEqual((await receive(ws, "ack"))["id"], 9)
                await receive(ws, "frame")
                await send(ws, {"type": "record", "action": "stop"})
                self.assertEqual((await receive(ws, "error"))["code"], "not-found")
                await send(ws, {"type": "recordings"})
                listed = [item["name"] for item in (await receive(ws, "recordings"))["items"]]
                self.assertEqual(sorted(listed), sorted(names))
                # The cap counts the folder as it is: once a file is removed, recording works again.
                os.remove(os.path.join(self.server.records, names[0]))
                third = await record(ws, 3)
                self.assertEqual(sorted(folder()), sorted([names[1], third]))
        run(scenario())


class RecordingSizeCapTests(MorphdTestCase):
    """`--max-recording-mb` covers everything written to a file, the inputs made before
    `record start` included, and is never crossed: the line that would cross it is not
    written and the recording stops, so morphd replays every file it wrote."""

    @classmethod
    def setUpClass(cls):
        cls.server = Morphd("--max-recording-mb", "1")

    VALUE = "x" * 8000  # the largest `set` string value morphd takes is 8 KiB

    def folder(self):
        return sorted(os.listdir(self.server.records)) if os.path.isdir(self.server.records) else []

    def test_a_session_already_over_the_cap_is_refused_and_writes_nothing(self):
        async def scenario():
            async with self.connect() as ws:
                await send(ws, {"type": "open", "component": "probe"})
                await receive(ws, "session")
                # 1.2 MB of inputs before `record start` (within the byte and message rates).
                for index in range(150):
                    await send(ws, {"type": "input", "id": index,
                                    "event": {"kind": "set", "key": "note", "value": self.VALUE}})
                    self.assertEqual((await receive(ws, "ack"))["id"], index)
                before = self.folder()
                await send(ws, {"type": "record", "action": "start"})
                error = await receive(ws, "error")
                self.assertEqual((error["code"], error["request"]), ("too-large", "record"))
                self.assertIn("1 MiB", error["message"])
                self.assertEqual(self.folder(), before, "a refused start leaves no file behind")
                # Still alive and usable.
                await send(ws, {"type": "ping", "id": 1})
                self.assertEqual((await receive(ws, "pong"))["id"], 1)
        run(scenario())

    def test_a_recording_stops_before_the_line_that_would_cross_the_cap_and_replays(self):
        async def scenario():
            async with self.connect() as ws:
                await send(ws, {"type": "open", "component": "probe"})
                await receive(ws, "session")
                await send(ws, {"type": "record", "action": "start"})
                name = (await receive(ws, "recording"))["name"]
                acked = 0
                stopped = None
                for index in range(200):
                    await send(ws, {"type": "input", "id": index,
                                    "event": {"kind": "set", "key": "note", "value": self.VALUE}})
                    message = await receive(ws)
                    while message["type"] not in ("ack", "error"):
                        message = await receive(ws)
                    if message["type"] == "error":
                        stopped = message
                        break
                    acked += 1
                self.assertIsNotNone(stopped, "the recording never reached its cap")
                self.assertEqual((stopped["code"], stopped["request"]), ("server-error", "record"))
                self.assertIn("1 MiB", stopped["message"])
                self.assertEqual(await receive(ws, "recording"), {"type": "recording", "state": "stopped", "name": name})
                path = os.path.join(self.server.records, name)
                size = os.path.getsize(path)
                self.assertLessEqual(size, 1 << 20)
                self.assertGreater(size, (1 << 20) - 9000, "every line that fitted was written")
                with open(path) as handle:
                    self.assertEqual(len(handle.read().splitlines()) - 1, acked)
                # morphd replays the file it wrote.
                await send(ws, {"type": "replay", "name": name})
                self.assertEqual((await receive(ws, "session"))["component"], "probe")
        run(scenario())


if __name__ == "__main__":
    import unittest
    unittest.main()
