"""Loopback integration tests of a real morphd: HTTP, the morph.v1 protocol, back-pressure.

Run from the repository root (a missing or stale morphd is rebuilt first; Tests/support):

    python3 -m unittest discover -s Tests/integration -v

Every server listens on 127.0.0.1 on a port picked free at runtime, with a temporary web
root and record directory, and is started with --probe (the diagnostic moving-dot
component) so frames can be exercised before the real components are registered.
Every wait is bounded; no test asserts on speed.
"""

import asyncio
import http.client
import json
import os
import shutil
import signal
import socket
import sys
import tempfile
import time
import unittest
from pathlib import Path

import jsonschema_rs
import websockets
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from morph_fixtures import REPO, MorphdProcess  # noqa: E402

ROOT = str(REPO)
FONT = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
MONO_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
STEP = 5.0  # seconds any single wait may take before the test fails


def load_validators():
    """One validator per protocol message type, built as a stock validator would be: the
    schema file alone, no registry (the schemas embed what they refer to). Every message of
    every test is checked, thousands of frames, so this is jsonschema-rs (about 0.1 ms a
    curtain frame against 45 ms for the pure-Python `jsonschema`, which `make test-schemas`
    runs on the same schemas)."""
    validators = {}
    folder = os.path.join(ROOT, "schemas")
    for name in os.listdir(folder):
        if name.startswith("protocol.") and name.endswith(".schema.json"):
            with open(os.path.join(folder, name)) as handle:
                validators[name[len("protocol."):-len(".schema.json")]] = jsonschema_rs.Draft202012Validator(json.load(handle))
    return validators


VALIDATORS = load_validators()
# Stands in for the probe's list (its component is not one of the display-list enum's).
MINIMAL_LIST = {"format": "morph.display-list", "version": 1, "component": "curtain", "size": [1, 1],
                "time": 0, "background": [1, 1, 1, 1], "ops": [], "accessibility": []}


def check_schema(message):
    """Every server message must match schemas/protocol.<type>.schema.json."""
    if list(message)[0] != "type":
        raise AssertionError("type is not the first key: %r" % list(message)[:3])
    validator = VALIDATORS.get(message["type"])
    if validator is None:
        raise AssertionError("no schema for %s" % message["type"])
    # A frame's list, or its delta (schemas/protocol.md, Frame deltas).
    body = "list" if "list" in message else "delta"
    if message["type"] == "frame" and message[body].get("component") == "probe":
        message = dict(message, **{body: MINIMAL_LIST})
    errors = [error.message for error in validator.iter_errors(message)]
    if errors:
        raise AssertionError("%s breaks its schema: %s" % (message["type"], errors[:3]))


class Morphd(MorphdProcess):
    """morphd with the --probe component and its own temporary web root and record folder."""

    def __init__(self, *extra):
        self.folder = tempfile.mkdtemp(prefix="morphd-test-")
        self.web = os.path.join(self.folder, "web")
        self.records = os.path.join(self.folder, "records")
        os.makedirs(os.path.join(self.web, "sub"))
        files = {
            "index.html": "<!doctype html><title>t</title>",
            "app.js": "export const a = 1;",
            "mod.mjs": "export default 2;",
            "style.css": "body{}",
            "data.json": "{}",
            "icon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
            "pixel.png": "png",
            "font.woff2": "woff2",
            "sub/index.html": "<p>sub</p>",
            ".secret": "hidden",
        }
        for name, text in files.items():
            with open(os.path.join(self.web, name), "w") as handle:
                handle.write(text)
        with open(os.path.join(self.folder, "outside.txt"), "w") as handle:
            handle.write("outside the root")
        super().__init__("--web-root", self.web, "--record-dir", self.records, "--probe", *extra,
                         name="integration-" + os.path.basename(self.folder))
        self.start()

    def stop(self):
        super().stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def run(coroutine):
    # A hang guard, not a speed check: a scenario that schema-checks every frame of a
    # curtain drag and its replay needs ~15 s on a quiet 2-core machine, far more when loaded.
    return asyncio.run(asyncio.wait_for(coroutine, timeout=90))


async def send(ws, message):
    await ws.send(json.dumps(message))


async def receive(ws, wanted=None):
    """The next message (of type `wanted`, skipping frames and others when given).

    Every message returned is checked against its schema; frames skipped on the way to a
    control answer are not (frames are checked where a test asks for them), since checking
    60 a second on a loaded machine lets the client fall behind the stream it waits in.
    """
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), STEP))
        if wanted is None or message["type"] == wanted:
            check_schema(message)
            return message
        if message["type"] != "frame":
            check_schema(message)


async def frames_until(ws, predicate, limit=2000):
    """Frames until one satisfies predicate; returns all of them."""
    seen = []
    for _ in range(limit):
        message = await receive(ws, "frame")
        seen.append(message)
        if predicate(message):
            return seen
    raise AssertionError("no matching frame among %d" % limit)


class MorphdTestCase(unittest.TestCase):
    """One real morphd per test class, on a free loopback port, and a morph.v1 client for it."""

    @classmethod
    def setUpClass(cls):
        cls.server = Morphd()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def connect(self, **options):
        """A client that reads every frame's `list`, so it asks for full frames (`?deltas=0`):
        deltas are the protocol's default (test_deltas.py takes them)."""
        return connect(self.server.url + "?deltas=0", subprotocols=["morph.v1"], open_timeout=STEP, **options)


class ProtocolTests(MorphdTestCase):

    def test_hello_gets_welcome(self):
        async def scenario():
            async with self.connect() as ws:
                self.assertEqual(ws.subprotocol, "morph.v1")
                await send(ws, {"type": "hello", "protocol": "morph.v1", "client": "test"})
                welcome = await receive(ws)
                self.assertEqual(welcome["type"], "welcome")
                self.assertEqual(list(welcome)[0], "type")
                self.assertEqual(welcome["protocol"], "morph.v1")
                self.assertTrue(welcome["server"].startswith("morphd/"))
                self.assertIn("probe", welcome["components"])
                self.assertEqual(welcome["fps"], 60)
                await send(ws, {"type": "hello", "protocol": "morph.v9"})
                error = await receive(ws)
                self.assertEqual((error["code"], error["request"]), ("unsupported-version", "hello"))
        run(scenario())

    def test_ping_echoes_id_and_time(self):
        async def scenario():
            async with self.connect() as ws:
                before = time.time()
                await send(ws, {"type": "ping", "id": 7, "t": 1234.5})
                pong = await receive(ws)
                self.assertEqual((pong["type"], pong["id"], pong["t"]), ("pong", 7, 1234.5))
                # serverTime is wall-clock seconds, comparable with the client's clock.
                self.assertLess(abs(pong["serverTime"] - before), 60)
        run(scenario())

    def test_bad_json_is_answered_and_connection_survives(self):
        async def scenario():
            async with self.connect() as ws:
                for garbage in ["{nope", "[1,2", "\"just a string\"", ""]:
                    await ws.send(garbage)
                    error = await receive(ws)
                    self.assertEqual(error["type"], "error")
                    self.assertIn(error["code"], ("bad-json", "bad-message"))
                await send(ws, {"type": "launch"})
                error = await receive(ws)
                self.assertEqual((error["code"], error["request"]), ("unknown-type", "launch"))
                await send(ws, {"type": "open"})
                self.assertEqual((await receive(ws))["code"], "bad-message")
                await ws.send(b"\x00\x01")
                self.assertEqual((await receive(ws))["code"], "bad-message")
                await send(ws, {"type": "ping", "id": 1})
                self.assertEqual((await receive(ws))["type"], "pong")
        run(scenario())

    def test_session_errors(self):
        async def scenario():
            async with self.connect() as ws:
                await send(ws, {"type": "input", "event": {"kind": "tap", "x": 1, "y": 1}})
                self.assertEqual((await receive(ws))["code"], "no-session")
                await send(ws, {"type": "record", "action": "start"})
                self.assertEqual((await receive(ws))["code"], "no-session")
                await send(ws, {"type": "open", "component": "teapot"})
                self.assertEqual((await receive(ws))["code"], "unknown-component")
                await send(ws, {"type": "join", "session": "00000000"})
                self.assertEqual((await receive(ws))["code"], "unknown-session")
                await send(ws, {"type": "replay", "name": "../etc/passwd"})
                self.assertEqual((await receive(ws))["code"], "not-found")
                await send(ws, {"type": "open", "component": "probe", "viewport": [0, 10]})
                self.assertEqual((await receive(ws))["code"], "bad-message")
                await send(ws, {"type": "open", "component": "probe", "environment": {"dynamicType": "huge"}})
                self.assertEqual((await receive(ws))["code"], "bad-message")
                await send(ws, {"type": "open", "component": "probe"})
                self.assertEqual((await receive(ws))["type"], "session")
                await send(ws, {"type": "input", "event": {"kind": "wave"}})
                self.assertEqual((await receive(ws, "error"))["code"], "bad-event")
                await send(ws, {"type": "input", "event": {"kind": "scrub", "progress": 2}})
                self.assertEqual((await receive(ws, "error"))["code"], "bad-event")
        run(scenario())

    def test_oversize_message_closes_with_1009(self):
        async def scenario():
            async with self.connect() as ws:
                await ws.send(json.dumps({"type": "ping", "id": 1, "pad": "x" * 70000}))
                error = await receive(ws)
                self.assertEqual(error["code"], "too-large")
                with self.assertRaises(websockets.ConnectionClosed) as closed:
                    await asyncio.wait_for(ws.recv(), STEP)
                self.assertEqual(closed.exception.rcvd.code, 1009)
        run(scenario())

    def test_subprotocol_is_required(self):
        async def unknown():
            async with connect(self.server.url, subprotocols=["chat"], open_timeout=STEP) as ws:
                await ws.recv()

        async def missing():
            async with connect(self.server.url, open_timeout=STEP) as ws:
                await ws.recv()

        # Asking only for an unknown subprotocol gets an HTTP 400 (lws alone would drop it).
        with self.assertRaises((websockets.exceptions.InvalidStatus,
                                websockets.exceptions.InvalidMessage)) as refused:
            run(unknown())
        error = refused.exception
        text = str(error) + str(error.__cause__)
        status = getattr(getattr(error, "response", None), "status_code", None)
        self.assertTrue(status == 400 or "400 Bad Request" in text, text)
        # With no subprotocol at all the socket opens and is closed at once with 1002.
        with self.assertRaises(websockets.ConnectionClosed) as closed:
            run(missing())
        self.assertEqual(closed.exception.rcvd.code, 1002)

    def test_open_join_tap_fans_out_identical_frames(self):
        async def scenario():
            async with self.connect() as first, self.connect() as second:
                await send(first, {"type": "open", "component": "probe", "configuration": {"duration": 0.25},
                                   "environment": {"reduceMotion": True}, "viewport": [300, 200],
                                   "joiners": "drive"})
                session = await receive(first, "session")
                self.assertEqual(session["component"], "probe")
                self.assertEqual(session["viewport"], [300, 200])
                self.assertTrue(session["environment"]["reduceMotion"])
                self.assertEqual(session["state"], "idle")
                opening = await receive(first, "frame")
                self.assertEqual((opening["seq"], opening["dropped"]), (1, 0))
                self.assertEqual(opening["list"]["format"], "morph.display-list")
                self.assertEqual(opening["list"]["size"], [300, 200])

                await send(second, {"type": "join", "session": session["session"]})
                joined = await receive(second, "session")
                self.assertEqual(joined["session"], session["session"])
                self.assertEqual((await receive(second, "frame"))["seq"], 1)

                # Input from the joined viewer drives the shared session (its opener allowed it).
                await send(second, {"type": "input", "event": {"kind": "tap", "x": 10, "y": 10}})
                firsts = await frames_until(first, lambda f: f["state"] == "idle")
                seconds = await frames_until(second, lambda f: f["state"] == "idle")
                self.assertEqual(firsts[0]["state"], "animating")
                for frames in (firsts, seconds):
                    seqs = [f["seq"] for f in frames]
                    self.assertEqual(seqs, sorted(set(seqs)))
                    self.assertTrue(all(f["session"] == session["session"] for f in frames))
                by_seq = {f["seq"]: f for f in firsts}
                for frame in seconds:
                    if frame["seq"] in by_seq:
                        self.assertEqual(frame["list"], by_seq[frame["seq"]]["list"])
                        self.assertEqual(frame["serverTime"], by_seq[frame["seq"]]["serverTime"])
                # Settled: no more frames arrive.
                with self.assertRaises(asyncio.TimeoutError):
                    await asyncio.wait_for(first.recv(), 0.5)
        run(scenario())

    def test_answers_keep_the_order_of_their_requests_while_frames_are_built(self):
        """Inputs and pings sent while the session's frames are built: every answer comes in
        the order its request was sent, an input's ack before the pong of a ping sent after
        it, whether the input waited for a build to come back or was applied at once. Each
        frame writes 2 MiB that never change (`still`; the viewer asks for deltas, so little
        of it is sent) and the dot moves, so a build takes milliseconds, 60 a second, and many
        of the 160 messages (within the rate limit's burst) arrive during one."""
        async def scenario():
            async with connect(self.server.url + "?deltas=1", subprotocols=["morph.v1"], open_timeout=STEP,
                               max_size=None) as ws:
                await send(ws, {"type": "open", "component": "probe", "configuration": {"still": 2 << 20}})
                await receive(ws, "session")
                await send(ws, {"type": "input", "event": {"kind": "set", "key": "moving", "value": True}})
                await receive(ws, "frame")
                sent = []
                for index in range(1, 81):
                    await send(ws, {"type": "input", "id": index, "event": {"kind": "pointerMove", "pointer": 1,
                                                                           "x": index, "y": 10}})
                    await send(ws, {"type": "ping", "id": index})
                    sent += [("ack", index), ("pong", index)]
                answers = []
                while len(answers) < len(sent):
                    message = json.loads(await asyncio.wait_for(ws.recv(), STEP))
                    if message["type"] != "frame":
                        answers.append((message["type"], message.get("id")))
                await send(ws, {"type": "input", "event": {"kind": "set", "key": "moving", "value": False}})
            self.assertEqual(answers, sent)
        run(scenario())

    def test_an_unwritable_record_directory_is_a_server_error_without_paths(self):
        records = self.server.records
        existed = os.path.isdir(records)
        if existed:
            os.rename(records, records + ".away")
        try:
            with open(records, "w") as handle:
                handle.write("a file where the folder should be")

            async def scenario():
                async with self.connect() as ws:
                    await send(ws, {"type": "open", "component": "probe"})
                    await receive(ws, "session")
                    await send(ws, {"type": "record", "action": "start"})
                    error = await receive(ws, "error")
                    self.assertEqual((error["code"], error["request"]), ("server-error", "record"))
                    self.assertNotIn(records, error["message"])
                    self.assertNotIn("/", error["message"])
                    await send(ws, {"type": "ping", "id": 1})
                    self.assertEqual((await receive(ws, "pong"))["id"], 1)
            run(scenario())
        finally:
            os.remove(records)
            if existed:
                os.rename(records + ".away", records)

    def test_record_list_replay(self):
        async def scenario():
            async with self.connect() as ws:
                await send(ws, {"type": "open", "component": "probe", "configuration": {"duration": 0.2}})
                original = await receive(ws, "session")
                await send(ws, {"type": "record", "action": "start"})
                started = await receive(ws, "recording")
                self.assertEqual(started["state"], "started")
                await send(ws, {"type": "input", "event": {"kind": "tap", "x": 5, "y": 5}})
                await frames_until(ws, lambda f: f["state"] == "idle")
                await send(ws, {"type": "input", "event": {"kind": "set", "key": "folds", "value": 5}})
                await send(ws, {"type": "record", "action": "stop"})
                stopped = await receive(ws, "recording")
                self.assertEqual((stopped["state"], stopped["name"]), ("stopped", started["name"]))

                await send(ws, {"type": "recordings"})
                listing = await receive(ws, "recordings")
                item = next(i for i in listing["items"] if i["name"] == started["name"])
                self.assertEqual(item["component"], "probe")
                path = os.path.join(self.server.records, started["name"])
                self.assertEqual(item["bytes"], os.path.getsize(path))
                with open(path) as handle:
                    lines = [json.loads(line) for line in handle]
                self.assertEqual(lines[0]["format"], "morph.recording")
                self.assertEqual(lines[0]["component"], "probe")
                self.assertEqual([line["kind"] for line in lines[1:]], ["tap", "set"])
                self.assertLessEqual(lines[1]["t"], lines[2]["t"])

                await send(ws, {"type": "replay", "name": started["name"]})
                replayed = await receive(ws, "session")
                self.assertNotEqual(replayed["session"], original["session"])
                self.assertEqual(replayed["configuration"], {"duration": 0.2})
                frames = await frames_until(ws, lambda f: f["state"] == "animating")
                frames += await frames_until(ws, lambda f: f["state"] == "idle")
                self.assertTrue(all(f["session"] == replayed["session"] for f in frames))
        run(scenario())

    def test_slow_reader_drops_frames_instead_of_queueing(self):
        padding = 256 * 1024

        async def scenario():
            raw = socket.socket()
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            raw.connect(("127.0.0.1", self.server.port))
            raw.setblocking(False)
            async with connect(self.server.url, subprotocols=["morph.v1"], sock=raw, max_size=None,
                               max_queue=1, open_timeout=STEP) as ws:
                await send(ws, {"type": "open", "component": "probe", "configuration": {"padding": padding}})
                await receive(ws, "session")
                await send(ws, {"type": "input", "event": {"kind": "set", "key": "moving", "value": True}})
                memory_before = self.server.rss_kb()
                await asyncio.sleep(2.5)  # not reading: the socket and the client fill up
                memory_after = self.server.rss_kb()
                frames = [await receive(ws, "frame") for _ in range(12)]
                await send(ws, {"type": "input", "event": {"kind": "set", "key": "moving", "value": False}})
            self.assertGreater(frames[-1]["dropped"], 0)
            # Every frame built is either delivered or counted as dropped: no hidden queue.
            for older, newer in zip(frames, frames[1:]):
                self.assertEqual(newer["seq"] - older["seq"] - 1, newer["dropped"] - older["dropped"])
            # ~150 frames of 256 KiB were built while we slept; the server kept about one.
            self.assertLess(memory_after - memory_before, 24 * 1024)
        run(scenario())


class SchemaTests(unittest.TestCase):
    def test_client_examples_match_their_schemas(self):
        valid = [
            {"type": "hello", "protocol": "morph.v1", "client": "page"},
            {"type": "open", "component": "curtain", "configuration": {"folds": 4},
             "environment": {"reduceMotion": False, "dynamicType": "L", "colorScheme": "light"}, "viewport": [390, 844]},
            {"type": "join", "session": "ab12cd34"},
            {"type": "input", "event": {"t": 0.5, "kind": "tap", "x": 120, "y": 60}},
            {"type": "input", "event": {"kind": "pointerDown", "pointer": 1, "x": 380, "y": 300}},
            {"type": "input", "event": {"kind": "scrub", "progress": None}},
            {"type": "input", "event": {"kind": "set", "key": "folds", "value": 5}},
            {"type": "input", "event": {"kind": "environment", "reduceMotion": True, "size": [390, 844]}},
            {"type": "record", "action": "start"},
            {"type": "recordings"},
            {"type": "replay", "name": "curtain-20250101-000000-ab12cd34.jsonl"},
            {"type": "ping", "id": 1, "t": 12.5},
        ]
        invalid = [
            {"type": "hello", "protocol": "morph.v2"},
            {"type": "open", "viewport": [390, 844]},
            {"type": "input", "event": {"kind": "tap", "x": 1}},
            {"type": "input", "event": {"kind": "scrub", "progress": 2}},
            {"type": "input", "event": {"kind": "environment", "dynamicType": "huge"}},
            {"type": "record", "action": "pause"},
            {"type": "replay", "name": "../secret.jsonl"},
            {"type": "ping"},
        ]
        for message in valid:
            self.assertTrue(VALIDATORS[message["type"]].is_valid(message), message)
        for message in invalid:
            self.assertFalse(VALIDATORS[message["type"]].is_valid(message), message)


class LimitsTests(unittest.TestCase):
    def setUp(self):
        self.server = Morphd("--max-clients", "2")

    def tearDown(self):
        self.server.stop()

    def test_max_clients_answers_busy_then_closes(self):
        async def scenario():
            url = self.server.url
            async with connect(url, subprotocols=["morph.v1"]) as one, connect(url, subprotocols=["morph.v1"]) as two:
                for ws in (one, two):
                    await send(ws, {"type": "ping", "id": 1})
                    self.assertEqual((await receive(ws))["type"], "pong")
                async with connect(url, subprotocols=["morph.v1"]) as three:
                    error = await receive(three)
                    self.assertEqual(error["code"], "busy")
                    with self.assertRaises(websockets.ConnectionClosed) as closed:
                        await asyncio.wait_for(three.recv(), STEP)
                    self.assertEqual(closed.exception.rcvd.code, 1013)
            # The slots free up again once viewers leave.
            await asyncio.sleep(0.2)
            async with connect(url, subprotocols=["morph.v1"]) as again:
                await send(again, {"type": "ping", "id": 2})
                self.assertEqual((await receive(again))["type"], "pong")
        run(scenario())

    def test_sigterm_closes_viewers_and_recordings_and_exits_zero(self):
        async def scenario():
            async with connect(self.server.url, subprotocols=["morph.v1"]) as ws:
                await send(ws, {"type": "open", "component": "probe"})
                await receive(ws, "session")
                await send(ws, {"type": "record", "action": "start"})
                name = (await receive(ws, "recording"))["name"]
                await send(ws, {"type": "input", "event": {"kind": "tap", "x": 1, "y": 2}})
                await receive(ws, "frame")
                self.server.process.send_signal(signal.SIGTERM)
                with self.assertRaises(websockets.ConnectionClosed) as closed:
                    while True:
                        await asyncio.wait_for(ws.recv(), STEP)
                self.assertEqual(closed.exception.rcvd.code, 1001)
                return name
        name = run(scenario())
        self.assertEqual(self.server.process.wait(timeout=STEP), 0)
        with open(os.path.join(self.server.records, name)) as handle:
            lines = handle.read().splitlines()
        self.assertEqual(json.loads(lines[-1])["kind"], "tap")


class RecordFolderTests(unittest.TestCase):
    """Without --record-dir, recordings go to the user's data folder (made at start, and named
    at start), not into the folder morphd was started in (the source checkout for `make run`)."""

    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="morphd-data-")
        self.addCleanup(shutil.rmtree, self.folder, True)

    def start(self, *arguments, **environment):
        name = "record-folder-%s-%d" % (os.path.basename(self.folder), len(self._cleanups))
        server = MorphdProcess("--probe", *arguments, environment=environment, name=name).start()
        self.addCleanup(server.stop)
        return server

    async def record_one(self, server):
        async with connect(server.url, subprotocols=["morph.v1"], open_timeout=STEP) as ws:
            await send(ws, {"type": "open", "component": "probe"})
            await receive(ws, "session")
            await send(ws, {"type": "record", "action": "start"})
            started = await receive(ws, "recording")
            await send(ws, {"type": "input", "event": {"kind": "tap", "x": 5, "y": 5}})
            await send(ws, {"type": "record", "action": "stop"})
            await receive(ws, "recording")
            return started["name"]

    def test_recordings_go_to_the_data_folder_it_names_at_start(self):
        data = os.path.join(self.folder, "not", "yet")
        server = self.start(XDG_DATA_HOME=data)
        records = os.path.join(data, "morph", "recordings")
        self.assertIn("morphd: recordings in %s (--record-dir DIR to change)\n" % records, server.log())
        self.assertTrue(os.path.isdir(records))
        name = run(self.record_one(server))
        self.assertTrue(os.path.isfile(os.path.join(records, name)))
        self.assertFalse(os.path.exists(os.path.join(REPO, "recordings", name)))

    def test_home_is_the_fallback_and_a_given_folder_is_named_as_given(self):
        home = os.path.join(self.folder, "home")
        server = self.start(XDG_DATA_HOME="", HOME=home)
        self.assertIn("morphd: recordings in %s/.local/share/morph/recordings (" % home, server.log())
        given = os.path.join(self.folder, "given")
        server = self.start("--record-dir", given)
        self.assertIn("morphd: recordings in %s\n" % given, server.log())


class StaticFileTests(MorphdTestCase):

    def get(self, path):
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=STEP)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            return response.status, response.getheader("content-type"), response.read()
        finally:
            connection.close()

    def raw_get(self, path):
        """A request whose path no client library has normalised."""
        with socket.create_connection(("127.0.0.1", self.server.port), timeout=STEP) as raw:
            raw.sendall(("GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" % path).encode())
            answer = b""
            while True:
                chunk = raw.recv(65536)
                if not chunk:
                    break
                answer += chunk
        status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else 0
        return status, answer

    def test_files_are_served_with_their_types(self):
        expected = {
            "/": "text/html",
            "/index.html": "text/html",
            "/sub/": "text/html",
            "/app.js": "text/javascript",
            "/mod.mjs": "text/javascript",
            "/style.css": "text/css",
            "/data.json": "application/json",
            "/icon.svg": "image/svg+xml",
            "/pixel.png": "image/png",
            "/font.woff2": "font/woff2",
        }
        for path, mime in expected.items():
            status, content_type, _ = self.get(path)
            self.assertEqual(status, 200, path)
            self.assertTrue(content_type.startswith(mime), "%s: %s" % (path, content_type))
        status, _, body = self.get("/app.js")
        self.assertEqual(body, b"export const a = 1;")

    def test_inter_fonts_are_served(self):
        self.assertTrue(os.path.exists(FONT), "fonts-inter is not installed (scripts/deps.sh installs it)")
        status, content_type, body = self.get("/fonts/Inter-Regular.otf")
        self.assertEqual((status, content_type), (200, "font/otf"))
        with open(FONT, "rb") as handle:
            self.assertEqual(body, handle.read())

    def test_dejavu_sans_mono_is_served_beside_inter(self):
        # The page draws Markdown code in it (schemas/curtain.md); morphd's default
        # --mono-font-dir is Debian's fonts-dejavu-core folder.
        self.assertTrue(os.path.exists(MONO_FONT), "fonts-dejavu-core is not installed (scripts/deps.sh installs it)")
        status, content_type, body = self.get("/fonts/DejaVuSansMono.ttf")
        self.assertEqual((status, content_type), (200, "font/ttf"))
        with open(MONO_FONT, "rb") as handle:
            self.assertEqual(body, handle.read())

    def test_missing_and_hidden_files_are_refused(self):
        self.assertEqual(self.get("/missing.js")[0], 404)
        self.assertIn(self.get("/.secret")[0], (403, 404))

    def test_path_traversal_is_rejected(self):
        for path in ["/../outside.txt", "/sub/../../outside.txt", "/%2e%2e/outside.txt",
                     "/..%2foutside.txt", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/../../../../etc/passwd",
                     "/fonts/../../../../etc/passwd", "/fonts/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd"]:
            status, answer = self.raw_get(path)
            self.assertIn(status, (400, 403, 404), path)
            self.assertNotIn(b"outside the root", answer, path)
            self.assertNotIn(b"root:x:", answer, path)


if __name__ == "__main__":
    unittest.main()
