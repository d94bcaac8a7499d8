"""Hostile clients against a real morphd: the inputs that once took it down, pages of other
sites, DNS-rebound Host names and memory-hungry requests.

Each case asserts the answer (an error code or an HTTP status) and then that the server
still serves a fresh client normally. Every wait is bounded; no test asserts on speed.
"""

import asyncio
import http.client
import json
import os
import socket
import time
import unittest

import websockets
from websockets.asyncio.client import connect

from test_morphd import STEP, Morphd, MorphdTestCase, receive, run, send
from raw_websocket import RawSocket  # noqa: I001 (test_morphd puts Tests/support on the path)


def upgrade_status(port, headers):
    """Sends a WebSocket upgrade by hand and returns the HTTP status line's code."""
    lines = ["GET / HTTP/1.1", "Upgrade: websocket", "Connection: Upgrade",
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
             "Sec-WebSocket-Protocol: morph.v1"]
    lines += ["%s: %s" % pair for pair in headers.items()]
    with socket.create_connection(("127.0.0.1", port), timeout=STEP) as raw:
        raw.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        answer = b""
        while b"\r\n" not in answer:
            chunk = raw.recv(4096)
            if not chunk:
                break
            answer += chunk
    status = answer.split(b"\r\n", 1)[0].split()
    return int(status[1]) if len(status) > 1 else None


class ServedTestCase(MorphdTestCase):
    """A real morphd plus the check that a fresh client is still served normally."""

    async def healthy(self):
        async with self.connect() as ws:
            await send(ws, {"type": "ping", "id": 99})
            self.assertEqual((await receive(ws))["type"], "pong")


class HostileInputTests(ServedTestCase):

    def test_a_huge_drag_coordinate_is_refused_and_the_server_survives(self):
        # Once: SIGILL from a precondition in layout, and the recording kept the poison.
        async def scenario():
            async with self.connect() as ws:
                await send(ws, {"type": "open", "component": "curtain", "viewport": [390, 844]})
                await receive(ws, "session")
                await send(ws, {"type": "record", "action": "start"})
                await receive(ws, "recording")
                await send(ws, {"type": "input", "event": {"kind": "pointerDown", "pointer": 1, "x": 380, "y": 400}})
                for y in (1e308, -1e308, 1e6, 100000.5):
                    await send(ws, {"type": "input", "event": {"kind": "pointerMove", "pointer": 1, "x": 200, "y": y}})
                    error = await receive(ws, "error")
                    self.assertEqual((error["code"], error["request"]), ("bad-event", "input"))
                    self.assertIn("100000", error["message"])
                await send(ws, {"type": "input", "event": {"kind": "pointerMove", "pointer": 1, "x": 200, "y": 400}})
                await send(ws, {"type": "record", "action": "stop"})
                stopped = await receive(ws, "recording")
                name = stopped["name"]
            # The recording holds no refused event, so it replays.
            async with self.connect() as ws:
                await send(ws, {"type": "replay", "name": name})
                self.assertEqual((await receive(ws, "session"))["component"], "curtain")
            await self.healthy()
        run(scenario())
        self.assertIsNone(self.server.process.poll(), "morphd exited")

    def test_oversized_viewports_and_sizes_are_refused_where_decoded(self):
        async def scenario():
            async with self.connect() as ws:
                for viewport in ([7000, 7000], [4097, 10], [100000, 100000]):
                    await send(ws, {"type": "open", "component": "curtain", "viewport": viewport})
                    error = await receive(ws, "error")
                    self.assertEqual(error["code"], "bad-message")
                    self.assertIn("4096", error["message"])
                await send(ws, {"type": "open", "component": "curtain", "viewport": [390, 844]})
                await receive(ws, "session")
                await send(ws, {"type": "input", "event": {"kind": "environment", "size": [16000, 16000]}})
                self.assertEqual((await receive(ws, "error"))["code"], "bad-event")
                for t in (1e308, 2e6):
                    await send(ws, {"type": "input", "event": {"kind": "tap", "x": 1, "y": 1, "t": t}})
                    self.assertEqual((await receive(ws, "error"))["code"], "bad-event")
            await self.healthy()
        run(scenario())

    def test_tiles_over_the_pixel_budget_are_refused_before_rendering(self):
        async def scenario():
            async with self.connect() as ws:
                # 4096 x 4096 points at scale 3 would be 151 M pixels a bitmap.
                await send(ws, {"type": "open", "component": "curtain", "viewport": [4096, 4096]})
                await receive(ws, "session")
                await send(ws, {"type": "tiles", "enabled": True, "scale": 3})
                error = await receive(ws, "error")
                self.assertEqual((error["code"], error["request"]), ("too-large", "tiles"))
                # A phone-sized viewport at 3x is within the budget.
                await send(ws, {"type": "open", "component": "curtain", "viewport": [430, 932]})
                await receive(ws, "session")
                await send(ws, {"type": "tiles", "enabled": True, "scale": 3})
                # A resting curtain has its effect off: one tiles-done says so, no error.
                while True:
                    message = await asyncio.wait_for(ws.recv(), STEP * 4)
                    if isinstance(message, bytes):
                        continue
                    decoded = json.loads(message)
                    self.assertNotEqual(decoded["type"], "error", decoded)
                    if decoded["type"] == "tiles-done":
                        break
            await self.healthy()
        before = self.server.rss_kb()
        run(scenario())
        # Nothing near a 600 MB bitmap was allocated (a phone layer at 3x is ~14 MB).
        self.assertLess(self.server.rss_kb() - before, 400_000)


class LimitTests(ServedTestCase):
    """Per-connection rates and recording caps against a real morphd."""

    def test_a_message_flood_is_rate_limited_and_the_connection_stays_usable(self):
        async def scenario():
            async with self.connect() as ws:
                async def flood():
                    for batch in range(30):
                        for index in range(100):
                            await send(ws, {"type": "ping", "id": batch * 100 + index})
                        await asyncio.sleep(0)  # read answers meanwhile: a reader is never cut off
                    await asyncio.sleep(1.1)  # the bucket refills
                    await send(ws, {"type": "ping", "id": -1})
                started = time.monotonic()
                sender = asyncio.ensure_future(flood())
                kinds = {}
                while True:
                    message = await receive(ws)
                    kinds[message["type"]] = kinds.get(message["type"], 0) + 1
                    if message["type"] == "error":
                        self.assertEqual(message["code"], "rate-limited")
                    if message["type"] == "pong" and message["id"] == -1:
                        break
                await sender
                seconds = time.monotonic() - started
                # 3000 pings at once: the burst of 200 and the refill are answered, the rest
                # dropped with at most one refusal a second.
                self.assertGreaterEqual(kinds.get("pong", 0), 200)
                self.assertLess(kinds.get("pong", 0), 3001)
                self.assertGreaterEqual(kinds.get("error", 0), 1)
                self.assertLessEqual(kinds.get("error", 0), seconds + 1)
            await self.healthy()
        run(scenario())

    def test_a_million_event_recording_is_refused_at_its_first_line_over_the_rate(self):
        os.makedirs(self.server.records, exist_ok=True)
        header = {"format": "morph.recording", "version": 1, "component": "curtain", "configuration": {},
                  "viewport": [390, 844], "frameRate": 60}
        with open(os.path.join(self.server.records, "million.jsonl"), "w") as handle:
            handle.write(json.dumps(header) + "\n")
            handle.write('{"t":0,"kind":"tap","x":10,"y":10}\n' * 1_000_000)
        async def scenario():
            async with self.connect() as ws:
                await send(ws, {"type": "replay", "name": "million.jsonl"})
                error = await receive(ws, "error")
                self.assertEqual((error["code"], error["request"]), ("bad-event", "replay"))
                self.assertIn("line 1002", error["message"])
            await self.healthy()
        run(scenario())


class OriginTests(unittest.TestCase):
    """The WebSocket Origin and the Host of every request are checked."""

    @classmethod
    def setUpClass(cls):
        cls.server = Morphd()
        cls.allowing = Morphd("--allow-origin", "https://design.example", "--allow-host", "preview.example")

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        cls.allowing.stop()

    def test_pages_of_other_sites_cannot_open_a_websocket(self):
        port = self.server.port
        own = "127.0.0.1:%d" % port
        self.assertEqual(upgrade_status(port, {"Host": own, "Origin": "http://evil.example"}), 403)
        self.assertEqual(upgrade_status(port, {"Host": own, "Origin": "http://127.0.0.1:1"}), 403)
        self.assertEqual(upgrade_status(port, {"Host": own, "Origin": "null"}), 403)
        # DNS rebinding: the attacker's name as both Host and Origin.
        self.assertEqual(upgrade_status(port, {"Host": "evil.example:%d" % port,
                                               "Origin": "http://evil.example:%d" % port}), 403)
        # The server's own page, under either loopback name, and clients that send no Origin.
        self.assertEqual(upgrade_status(port, {"Host": own, "Origin": "http://" + own}), 101)
        self.assertEqual(upgrade_status(port, {"Host": "localhost:%d" % port,
                                               "Origin": "http://localhost:%d" % port}), 101)
        self.assertEqual(upgrade_status(port, {"Host": own}), 101)

    def test_the_client_library_sees_the_refusal(self):
        async def scenario():
            # lws answers the refused upgrade as HTTP/1.0, which this client reports as an
            # invalid message that quotes the status line.
            with self.assertRaises((websockets.exceptions.InvalidStatus,
                                    websockets.exceptions.InvalidMessage)) as refused:
                async with connect(self.server.url, subprotocols=["morph.v1"], open_timeout=STEP,
                                   origin="http://evil.example"):
                    pass
            error = refused.exception
            text = str(error) + str(error.__cause__)
            status = getattr(getattr(error, "response", None), "status_code", None)
            self.assertTrue(status == 403 or "403 Forbidden" in text, text)
        run(scenario())

    def test_allow_origin_and_allow_host_widen_the_policy(self):
        port = self.allowing.port
        self.assertEqual(upgrade_status(port, {"Host": "127.0.0.1:%d" % port,
                                               "Origin": "https://design.example"}), 101)
        self.assertEqual(upgrade_status(port, {"Host": "preview.example:%d" % port,
                                               "Origin": "http://preview.example:%d" % port}), 101)
        self.assertEqual(upgrade_status(port, {"Host": "127.0.0.1:%d" % port,
                                               "Origin": "https://other.example"}), 403)

    def test_http_requests_for_other_host_names_are_refused(self):
        def status(host):
            connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=STEP)
            connection.request("GET", "/index.html", headers={"Host": host})
            response = connection.getresponse()
            response.read()
            connection.close()
            return response.status
        self.assertEqual(status("evil.example:%d" % self.server.port), 403)
        self.assertEqual(status("127.0.0.1:%d" % self.server.port), 200)
        self.assertEqual(status("localhost"), 200)


class IdleTests(ServedTestCase):
    """`--idle-seconds`: a connection silent that long is pinged, and one that does not answer
    within as long again is dropped; a client that reads answers the ping and stays."""

    @classmethod
    def setUpClass(cls):
        cls.server = Morphd("--idle-seconds", "1")

    def test_a_connection_that_never_answers_is_pinged_then_dropped(self):
        raw = RawSocket(self.server.port, timeout=30)  # a hang guard, not a speed check
        opcodes = []
        try:
            while True:
                opcodes.append(raw.receive()[0])
        except EOFError:
            pass
        finally:
            raw.socket.close()
        self.assertEqual(opcodes[0], 9, "a PING first")
        self.assertNotIn(1, opcodes, "nothing else was sent to it")
        run(self.healthy())

    def test_a_client_that_reads_answers_the_ping_and_stays(self):
        async def scenario():
            async with self.connect() as ws:
                await send(ws, {"type": "hello", "protocol": "morph.v1", "client": "test"})
                await receive(ws, "welcome")
                # Five idle periods with nothing sent: the library answers each PING.
                await asyncio.sleep(5)
                await send(ws, {"type": "ping", "id": 7})
                self.assertEqual((await receive(ws, "pong"))["id"], 7)
        run(scenario())


class HandshakeTimeoutTests(ServedTestCase):
    """A connection that never finishes its HTTP request is dropped after lws's 10 s
    handshake timeout, also when lws's one timer was already armed for later (a WebSocket is
    open first): lws 4.1's libev glue cannot move that timer earlier, so morphd wakes lws
    every quarter second for timeouts that came due. Without the wakes: ~19.5 s."""

    @classmethod
    def setUpClass(cls):
        cls.server = Morphd("--idle-seconds", "60")

    def test_a_request_that_never_ends_is_dropped_on_time(self):
        async def scenario():
            async with self.connect() as ws:  # arms lws's timer for later first
                await send(ws, {"type": "ping", "id": 1})
                await receive(ws, "pong")
                await asyncio.sleep(0.5)
                stalled = socket.create_connection(("127.0.0.1", self.server.port))
                stalled.settimeout(40)  # a hang guard; without the wakes it took ~20 s
                try:
                    stalled.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                    start = time.monotonic()
                    received = await asyncio.to_thread(stalled.recv, 4096)
                    waited = time.monotonic() - start
                finally:
                    stalled.close()
                self.assertEqual(received, b"", "dropped without an answer")
                self.assertGreater(waited, 8, "dropped by the timeout, not at once")
                self.assertLess(waited, 13, "dropped at the 10 s timeout, not at a later timer")
        run(scenario())
        run(self.healthy())


class SessionControlTests(ServedTestCase):
    """Session ids do not leak through recording names, and a viewer that joined (knowing
    the id all the same) can neither drive the session, change it, nor stop its recording:
    those are the opener's (protocol.md, Session control)."""

    def test_a_listed_recording_names_no_session_and_a_joiner_cannot_take_control(self):
        async def scenario():
            async with self.connect() as opener, self.connect() as stranger:
                await send(opener, {"type": "open", "component": "probe"})
                session = (await receive(opener, "session"))["session"]
                await send(opener, {"type": "record", "action": "start"})
                name = (await receive(opener, "recording"))["name"]
                await send(stranger, {"type": "recordings"})
                listed = [item["name"] for item in (await receive(stranger, "recordings"))["items"]]
                self.assertIn(name, listed)
                self.assertTrue(all(session not in item for item in listed), listed)

                await send(stranger, {"type": "join", "session": session})
                self.assertEqual((await receive(stranger, "session"))["access"], "watch")
                for message in ({"type": "input", "event": {"kind": "tap", "x": 5, "y": 5}},
                                {"type": "input", "event": {"kind": "set", "key": "title", "value": "x" * 1000}},
                                {"type": "record", "action": "stop"}):
                    await send(stranger, message)
                    error = await receive(stranger, "error")
                    self.assertEqual((error["code"], error["request"]), ("not-allowed", message["type"]))
                # The recording runs on and holds only the opener's input.
                await send(opener, {"type": "input", "id": 1, "event": {"kind": "set", "key": "moving", "value": False}})
                self.assertEqual((await receive(opener, "ack"))["id"], 1)
                await send(opener, {"type": "record", "action": "stop"})
                self.assertEqual((await receive(opener, "recording"))["state"], "stopped")
                with open(os.path.join(self.server.records, name)) as handle:
                    events = [json.loads(line) for line in handle.read().splitlines()[1:]]
                self.assertEqual([event["kind"] for event in events], ["set"])
                self.assertEqual(events[0]["key"], "moving")
            await self.healthy()
        run(scenario())


class InputBytesTests(ServedTestCase):
    """`set` values are bounded in bytes (each is kept in the session's input log and laid out
    as text): 8 connections sending 60 KB titles get `bad-event` naming the limit and morphd
    stays small; titles within the limit still apply."""

    def test_long_set_values_are_refused_and_memory_stays_bounded(self):
        before = self.server.rss_kb()

        async def viewer(index):
            async with self.connect() as ws:
                await send(ws, {"type": "open", "component": "hero-card"})
                await receive(ws, "session")
                for attempt in range(5):
                    await send(ws, {"type": "input", "event": {"kind": "set", "key": "title",
                                                               "value": f"{index}-{attempt}-" + "x" * 60_000}})
                    error = await receive(ws, "error")
                    self.assertEqual((error["code"], error["request"]), ("bad-event", "input"))
                    self.assertRegex(error["message"], r"set value has 600\d\d bytes; at most 8192")
                for attempt in range(20):
                    await send(ws, {"type": "input", "id": attempt, "event": {
                        "kind": "set", "key": "title", "value": f"{index}-{attempt}-" + "word " * 1600}})
                    self.assertEqual((await receive(ws, "ack"))["id"], attempt)

        async def scenario():
            await asyncio.gather(*(viewer(index) for index in range(8)))
            await self.healthy()
        run(scenario())
        grown = (self.server.rss_kb() - before) / 1024
        print(f"\nmorphd grew {grown:.1f} MB for 8 sessions of long titles")
        self.assertLess(grown, 200)


class RecordingListTests(ServedTestCase):
    """`recordings` over a folder of 1000 recordings with 60 KB headers: a listing reads only
    each file's head, once per size and time, and a connection that lists in a loop is
    answered `rate-limited` (4 at once, then 1 a second)."""

    FILES = 1000

    def test_listing_many_long_headers_is_rate_limited_and_correct(self):
        os.makedirs(self.server.records, exist_ok=True)
        header = {"format": "morph.recording", "version": 1, "component": "hero-card",
                  "configuration": {"title": "x" * 60_000}, "environment": {}, "viewport": [390, 844],
                  "frameRate": 60}
        line = json.dumps(header, separators=(",", ":")) + "\n"
        for index in range(self.FILES):
            with open(os.path.join(self.server.records, f"hero-card-{index:04d}.jsonl"), "w") as handle:
                handle.write(line)

        async def lister():
            async with self.connect(max_size=None) as ws:
                started = time.monotonic()
                for _ in range(12):
                    await send(ws, {"type": "recordings"})
                # Listings are answered from a worker, refusals at once: wait for both kinds.
                listings, refusals, took = 0, [], []
                while listings < 4 or not refusals:
                    message = await receive(ws)
                    if message["type"] == "recordings":
                        listings += 1
                        took.append(time.monotonic() - started)
                        items = message["items"]
                        self.assertEqual(len(items), self.FILES)
                        self.assertTrue(all(item["component"] == "hero-card" for item in items))
                    else:
                        refusals.append(message)
                return listings, refusals, took

        async def scenario():
            results = await asyncio.gather(lister(), lister())
            await self.healthy()
            return results
        for listings, refusals, took in run(scenario()):
            self.assertEqual(listings, 4)
            self.assertEqual(len(refusals), 1, "one refusal a second at most")
            self.assertEqual({(r["type"], r["code"], r["request"]) for r in refusals},
                             {("error", "rate-limited", "recordings")})
            print(f"\nlisting {self.FILES} files: " + ", ".join(f"{seconds * 1000:.0f} ms" for seconds in took))


if __name__ == "__main__":
    unittest.main()
