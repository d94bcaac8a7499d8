"""The load client (bench/loadgen) against a real morphd, and permessage-deflate end to end.

Behaviour, not speed: the client builds, completes real handshakes, every viewer it joins
receives frames, its report parses (text and JSON) and agrees with itself; a client that
offers permessage-deflate gets a working compressed session from `morphd
--permessage-deflate` and an uncompressed one from a default morphd. Timing figures live in
`make bench-load` (bench/results.md), never here.

    python3 -m unittest Tests/integration/test_load.py -v
"""

import asyncio
import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from morph_fixtures import REPO, MorphdProcess  # noqa: E402

LOADGEN = REPO / ".build" / "loadgen" / "loadgen"
SEND_FLOOR = REPO / ".build" / "loadgen" / "send-floor"
STEP = 10.0  # seconds any single wait may take before the test fails


def build_loadgen() -> Path:
    """`make loadgen` (gcc -O2); a failed build fails the test."""
    built = subprocess.run(["make", "-s", "loadgen"], cwd=REPO, capture_output=True, text=True, timeout=300)
    if built.returncode != 0 or not LOADGEN.is_file():
        raise AssertionError(f"make loadgen failed ({built.returncode}):\n{built.stdout}{built.stderr}")
    return LOADGEN


def run_loadgen(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(build_loadgen()), *arguments], capture_output=True, text=True, timeout=120)


def parse_text_report(text: str) -> dict:
    """The default report: one `name value` line per figure."""
    report = {}
    for line in text.strip().splitlines():
        name, value = line.split(None, 1)
        try:
            report[name] = float(value)
        except ValueError:
            report[name] = value
    return report


class SendFloorTests(unittest.TestCase):
    """`send-floor`, the machine's cost of a send that `bench/send_cost.py --floor` compares
    morphd's CPU per delivered frame with: it sends what it says, and says what it measured."""

    def run_floor(self, *arguments: str) -> subprocess.CompletedProcess:
        build_loadgen()
        return subprocess.run([str(SEND_FLOOR), *arguments], capture_output=True, text=True, timeout=60)

    def test_every_connection_gets_one_message_a_tick_and_the_report_agrees(self):
        result = self.run_floor("--connections", "25", "--bytes", "9700", "--rate", "30", "--duration", "1",
                                "--warmup", "0.2", "--json")
        self.assertEqual(result.returncode, 0, result.stderr)
        report = json.loads(result.stdout)
        self.assertEqual((report["connections"], report["bytes"], report["rate"]), (25, 9700, 30))
        self.assertEqual(report["short_sends"], 0, "a reader draining every socket leaves room for each send")
        # Whole ticks of one message to each connection, about rate × seconds of them.
        self.assertEqual(report["sent"] % 25, 0)
        ticks = report["sent"] // 25
        self.assertGreaterEqual(ticks, 1)
        self.assertLessEqual(ticks, round(30 * report["seconds"]) + 1)
        self.assertGreater(report["us_per_message"], 0)
        self.assertAlmostEqual(report["sender_cpu_percent"],
                               report["us_per_message"] * report["sent"] / report["seconds"] / 1e4, delta=0.05)

    def test_the_text_report_has_the_same_figures(self):
        result = self.run_floor("--connections", "3", "--bytes", "440", "--duration", "0.5", "--warmup", "0")
        self.assertEqual(result.returncode, 0, result.stderr)
        report = parse_text_report(result.stdout)
        self.assertEqual((report["connections"], report["bytes"]), (3, 440))
        self.assertEqual(report["sent"] % 3, 0)
        self.assertGreater(report["sent"], 0)

    def test_a_bad_command_line_exits_two_and_says_why(self):
        for arguments in (["--bytes", "10"], ["--connections", "5"], ["--connections", "5", "--bytes", "0"],
                          ["--connections", "5", "--bytes", "10", "--rate", "0"], ["--frames", "3"]):
            result = self.run_floor(*arguments)
            self.assertEqual(result.returncode, 2, arguments)
            self.assertIn("usage: send-floor", result.stderr, arguments)
        help_result = self.run_floor("--help")
        self.assertEqual(help_result.returncode, 0)
        self.assertIn("--connections", help_result.stdout)


class Server:
    def __init__(self, *arguments):
        self.records = tempfile.TemporaryDirectory(prefix="morphd-load-")
        self.morphd = MorphdProcess("--max-clients", "200", "--record-dir", self.records.name, *arguments,
                                    name="load").start()

    def close(self):
        self.morphd.stop()
        self.records.cleanup()


class LoadClientTests(unittest.TestCase):
    def setUp(self):
        self.server = Server()
        self.addCleanup(self.server.close)

    def test_twenty_viewers_each_receive_frames_and_the_text_report_parses(self):
        result = run_loadgen("--port", str(self.server.morphd.port), "--viewers", "20", "--duration", "2",
                             "--server-pid", str(self.server.morphd.process.pid))
        self.assertEqual(result.returncode, 0, result.stderr)
        report = parse_text_report(result.stdout)
        self.assertEqual(report["mode"], "viewers")
        self.assertEqual(report["clients"], 20)
        self.assertEqual(report["ready"], 20)
        self.assertEqual(report["lost"], 0)
        self.assertEqual(report["errors"], 0)
        self.assertEqual(report["deflate_negotiated"], 0)
        self.assertGreater(report["fps_min"], 0, "a viewer received no frame in the window")
        self.assertLessEqual(report["fps_min"], report["fps_median"])
        self.assertLessEqual(report["fps_median"], report["fps_max"])
        # One latency sample per counted frame, each frame carrying a serverTime.
        self.assertEqual(report["latency_samples"], report["frames"])
        self.assertLessEqual(report["latency_p50_ms"], report["latency_p99_ms"])
        self.assertLessEqual(report["latency_p99_ms"], report["latency_max_ms"] + 0.01)
        self.assertGreater(report["wire_bytes_per_frame"], 100)
        self.assertGreater(report["server_rss_idle_kib"], 0)
        self.assertGreater(report["server_cpu_percent"], 0)
        self.assertIn("measuring", result.stderr, "progress lines go to stderr")

    def test_driven_sessions_report_as_json_and_capture_a_frame(self):
        with tempfile.TemporaryDirectory() as folder:
            capture = Path(folder) / "frame.json"
            # The capture is a whole list only when full frames are asked for (deltas are the default).
            result = run_loadgen("--port", str(self.server.morphd.port), "--sessions", "3", "--duration", "1",
                                 "--json", "--quiet", "--full-frames", "--capture", str(capture))
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(result.stderr, "", "--quiet prints no progress")
            report = json.loads(result.stdout)
            frame = json.loads(capture.read_bytes())
        self.assertEqual(report["mode"], "sessions")
        self.assertEqual(report["ready"], 3)
        self.assertGreater(report["fps_min"], 0)
        self.assertEqual(report["server_cpu_percent"], 0, "no --server-pid: no server figures")
        self.assertEqual(frame["type"], "frame")
        self.assertEqual(frame["list"]["component"], "curtain")
        self.assertEqual(frame["state"], "dragging", "the driver's pointer stream drags the curtain")

    def test_frames_come_as_deltas_unless_full_frames_are_asked_for(self):
        """Deltas are the protocol's default (schemas/protocol.md, Frame deltas): a URL that says
        nothing gets them as `?deltas=1` does, and `--full-frames` (`?deltas=0`) gets none."""
        for flags, takes_deltas in (([], True), (["--deltas"], True), (["--full-frames"], False)):
            result = run_loadgen("--port", str(self.server.morphd.port), "--viewers", "3", "--duration", "1",
                                 "--json", "--quiet", *flags)
            self.assertEqual(result.returncode, 0, result.stderr)
            report = json.loads(result.stdout)
            self.assertEqual(report["full_frames_asked"], not takes_deltas, flags)
            self.assertGreater(report["frames"], 20, flags)
            if takes_deltas:
                # All but a viewer's first frame (and a rare one a delta would not shrink).
                self.assertGreater(report["delta_frames"], report["frames"] * 0.8, flags)
                self.assertLess(report["wire_bytes_per_frame"], 2000, flags)
            else:
                self.assertEqual(report["delta_frames"], 0, flags)
                self.assertGreater(report["wire_bytes_per_frame"], 5000, flags)

    def test_bad_command_lines_are_refused_with_usage(self):
        for arguments in (["--viewers", "3"], ["--port", "1", "--viewers", "2", "--sessions", "2"],
                          ["--port", "1", "--viewers", "2", "--deltas", "--full-frames"],
                          ["--port", "x", "--viewers", "2"], ["--port", "1", "--viewers", "2", "--bogus", "1"]):
            result = run_loadgen(*arguments)
            self.assertEqual(result.returncode, 2, arguments)
            self.assertIn("usage: loadgen", result.stderr)
        self.assertIn("--viewers N", run_loadgen("--help").stdout)


async def compressed_session(port: int, offer=None) -> tuple[str | None, list[dict]]:
    """Opens the curtain through a client that offers permessage-deflate (the library's
    default offer unless `offer` is a factory), sends compressed messages, drags, and returns
    the negotiated extensions and the frames received."""
    frames = []
    options = {"extensions": [offer], "compression": None} if offer else {"compression": "deflate"}
    async with connect(f"ws://127.0.0.1:{port}/?deltas=0", subprotocols=["morph.v1"], **options) as socket:
        extensions = socket.response.headers.get("Sec-WebSocket-Extensions")
        for _ in range(3):  # repeated text: compressed with back-references when context is kept
            await socket.send(json.dumps({"type": "hello", "protocol": "morph.v1", "client": "load test " * 8}))
        await socket.send(json.dumps({"type": "open", "component": "curtain", "viewport": [390, 844]}))
        moves = [("pointerDown", 370)] + [("pointerMove", 370 - 20 * i) for i in range(1, 8)]
        for kind, x in moves:
            await socket.send(json.dumps({"type": "input", "event": {"kind": kind, "pointer": 1, "x": x, "y": 400}}))
        while len(frames) < 4:
            message = json.loads(await asyncio.wait_for(socket.recv(), STEP))
            if message["type"] == "frame":
                frames.append(message)
    return extensions, frames


class PermessageDeflateTests(unittest.TestCase):
    def test_a_deflate_offering_client_gets_a_working_compressed_session_when_enabled(self):
        server = Server("--permessage-deflate")
        self.addCleanup(server.close)
        extensions, frames = asyncio.run(compressed_session(server.morphd.port))
        self.assertIsNotNone(extensions)
        self.assertIn("permessage-deflate", extensions)
        self.assertTrue(all(frame["list"]["component"] == "curtain" for frame in frames))
        self.assertIn("dragging", [frame["state"] for frame in frames])
        sequences = [frame["seq"] for frame in frames]
        self.assertEqual(sequences, sorted(sequences))

    def test_every_context_takeover_offer_gets_a_working_session(self):
        # lws 4.1 mishandles server_no_context_takeover offered alone, so morphd declines
        # that offer (uncompressed session) and accepts the other three.
        server = Server("--permessage-deflate")
        self.addCleanup(server.close)
        for server_flag in (False, True):
            for client_flag in (False, True):
                with self.subTest(server_no_context_takeover=server_flag, client_no_context_takeover=client_flag):
                    offer = ClientPerMessageDeflateFactory(server_no_context_takeover=server_flag,
                                                           client_no_context_takeover=client_flag)
                    extensions, frames = asyncio.run(compressed_session(server.morphd.port, offer))
                    if server_flag and not client_flag:
                        self.assertIsNone(extensions)
                    else:
                        self.assertIn("permessage-deflate", extensions)
                    self.assertEqual(len(frames), 4)

    def test_a_default_morphd_declines_deflate_and_still_serves(self):
        server = Server()
        self.addCleanup(server.close)
        extensions, frames = asyncio.run(compressed_session(server.morphd.port))
        self.assertIsNone(extensions)
        self.assertEqual(len(frames), 4)

    def test_the_load_client_inflates_what_morphd_compresses(self):
        server = Server("--permessage-deflate")
        self.addCleanup(server.close)
        result = run_loadgen("--port", str(server.morphd.port), "--viewers", "5", "--duration", "1", "--deflate",
                             "--json", "--quiet")
        self.assertEqual(result.returncode, 0, result.stderr)
        report = json.loads(result.stdout)
        self.assertEqual(report["deflate_negotiated"], 6, "5 viewers and the driver")
        self.assertGreater(report["fps_min"], 0)
        self.assertEqual(report["latency_samples"], report["frames"], "every inflated frame's serverTime read")
        self.assertEqual(report["lost"], 0)


if __name__ == "__main__":
    unittest.main()
