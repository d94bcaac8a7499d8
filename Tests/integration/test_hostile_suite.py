"""At least 2000 generated bad inputs against a real morphd, in batches: every one is
answered with an `error` whose code fits its class (or, for framing and size attacks, the
close code the RFC names), and after each batch a fresh client is served normally.

The inputs come from a seeded generator, so a failure names a reproducible input. Batches
stay under the per-connection message rate (200 at once, 1000 a second), so every input is
judged on its own merits rather than refused as a flood."""

import asyncio
import json
import random
import string

from test_morphd import STEP, MorphdTestCase, check_schema, receive, run, send  # noqa: I001 (path first)
from raw_websocket import RawSocket, close_frame, frame

SEED = 14
BATCH = 90  # two messages each (the input and a ping after it): under the burst of 200

# Known-bad values by message type and field (the rest of the message valid).
WRONG = {
    ("open", "component"): [None, 0, [], {}, ""],
    ("open", "viewport"): [0, "x", [1], [0, 10], [5000, 10], [-1, 5], {}, [1e308, 1e308], [10, "y"]],
    ("open", "environment"): [0, "x", [], {"dynamicType": "XXL"}, {"colorScheme": 3}, {"reduceMotion": "yes"}],
    ("open", "configuration"): [0, "x", [], True],
    ("open", "joiners"): [0, "all", "Drive", [], {}, True],
    ("join", "session"): [None, 0, [], {}, "nope"],
    ("record", "action"): [None, 0, "begin", [], ""],
    ("replay", "name"): [None, 0, [], "../etc/passwd", "x.jsonl", ".hidden.jsonl", "/abs.jsonl", "a/../b.jsonl"],
    ("ping", "id"): [None, "x", [], {}, True],
    ("ping", "t"): ["late", [], {}, True],
    ("tiles", "enabled"): [None, "x", 1, []],
    ("tiles", "scale"): [0, 4, 1.5, "2", 1e308, -1],
    ("hello", "protocol"): [None, 12, [], "morph.v0"],
}
BASE = {"open": {"component": "curtain"}, "ping": {"id": 1}, "tiles": {"enabled": True},
        "hello": {"protocol": "morph.v1"}}
OUT_OF_RANGE = [1e308, -1e308, 1e6, -1e6, 100000.5, "x", None, [], True, {}]


def bad_json(rng):
    text = json.dumps({"type": "ping", "id": rng.randint(0, 9)})
    cut = rng.randint(1, len(text) - 1)
    choices = [text[:cut], "{" * rng.randint(1, 50), "[1,2", "nul", "{\"type\":}",
               "".join(rng.choice(string.ascii_letters + "{}[]:,\"") for _ in range(rng.randint(1, 80))) + "{",
               "{\"type\":\"ping\",\"id\":1}}", "\"unterminated"]
    return rng.choice(choices), {"bad-json", "bad-message"}


def wrong_type(rng):
    kind, field = rng.choice(list(WRONG))
    message = {"type": kind, **BASE.get(kind, {})}
    message[field] = rng.choice(WRONG[(kind, field)])
    return json.dumps(message), {"bad-message", "bad-event", "unknown-session", "not-found", "unsupported-version"}


def bad_event(rng):
    kind = rng.choice(["tap", "pointerDown", "pointerMove", "pointerUp", "scrub", "environment", "warp", None])
    if kind in ("tap", "pointerDown", "pointerMove", "pointerUp"):
        event = {"kind": kind, "pointer": 1, "x": 10, "y": 10}
        key = rng.choice(["x", "y", "t"])
        event[key] = rng.choice(OUT_OF_RANGE if key != "t" else [-1, 1e308, 2e6, "soon", []])
    elif kind == "scrub":
        event = {"kind": kind, "progress": rng.choice([1.5, -0.1, 1e308, "half", [], {}])}
    elif kind == "environment":
        key, values = rng.choice([("size", [[0, 10], [5000, 10], [-1, -1], [1e308, 1e308], "x"]),
                                  ("dynamicType", ["XXL", 3]), ("colorScheme", ["purple", 3]),
                                  ("reduceMotion", [3, "yes"])])
        event = {"kind": kind, key: rng.choice(values)}
    elif kind == "warp":
        event = {"kind": kind}
    else:
        event = rng.choice([None, 3, "tap", []])
    return json.dumps({"type": "input", "event": event}), {"bad-event", "bad-message"}


def unknown_or_nested(rng):
    choice = rng.randint(0, 3)
    if choice == 0:
        return json.dumps({"type": "".join(rng.choice(string.ascii_letters) for _ in range(rng.randint(1, 30)))}), \
            {"unknown-type"}
    if choice == 1:
        depth = rng.randint(100, 20000)
        return "[" * depth + "]" * depth, {"bad-message", "bad-json"}
    if choice == 2:
        return json.dumps([{"type": "ping", "id": 1}]), {"bad-message"}
    return json.dumps({"type": "open", "component": "x" * rng.randint(1, 2000)}), {"unknown-component"}


GENERATORS = [bad_json, wrong_type, bad_event, unknown_or_nested]


class HostileSuiteTests(MorphdTestCase):

    async def healthy(self):
        async with self.connect() as ws:
            await send(ws, {"type": "ping", "id": 42})
            pong = await receive(ws, "pong")
            self.assertEqual(pong["id"], 42)

    def test_two_thousand_generated_bad_messages_each_get_their_error(self):
        rng = random.Random(SEED)
        inputs = [rng.choice(GENERATORS)(rng) for _ in range(2000)]
        seen = {}

        wrong = []

        async def batch(chunk):
            # Every wait is bounded by STEP; the library's own keepalive adds nothing here.
            async with self.connect(max_size=None, ping_interval=None) as ws:
                await send(ws, {"type": "open", "component": "curtain", "viewport": [390, 844]})
                await receive(ws, "session")
                for index, (text, allowed) in enumerate(chunk):
                    await ws.send(text)
                    answers = []
                    if '"type": "replay"' in text:
                        # Recordings are read on a worker: its answer may follow a later pong.
                        answers.append(await receive(ws, "error"))
                    # A ping after each input: everything before its pong answers the input.
                    # Frames on the way are skipped unchecked (the frame tests check them);
                    # checking each against its schema made this test most of its suite.
                    await send(ws, {"type": "ping", "id": index})
                    while (answer := json.loads(await asyncio.wait_for(ws.recv(), STEP)))["type"] != "pong":
                        if answer["type"] != "frame":
                            check_schema(answer)
                            answers.append(answer)
                    check_schema(answer)
                    codes = [answer.get("code") for answer in answers]
                    if len(codes) != 1 or codes[0] not in allowed:
                        wrong.append((text[:160], codes))
                    for code in codes:
                        seen[code] = seen.get(code, 0) + 1
            await self.healthy()
            await asyncio.sleep(0.3)  # stays under the message rate

        for start in range(0, len(inputs), BATCH):
            run(batch(inputs[start:start + BATCH]))
        self.maxDiff = None
        self.assertEqual(wrong, [])
        self.assertGreaterEqual(sum(seen.values()), 2000)
        # Every class was exercised.
        for code in ("bad-json", "bad-message", "bad-event", "unknown-type"):
            self.assertGreater(seen.get(code, 0), 0, seen)
        self.assertIsNone(self.server.process.poll(), "morphd exited")

    def test_framing_and_size_attacks_get_their_close_codes(self):
        rng = random.Random(SEED + 1)
        cases = []
        for _ in range(60):
            pick = rng.randint(0, 5)
            if pick == 0:
                cases.append((frame(rng.choice([3, 4, 5, 6, 7, 0xB, 0xC, 0xD, 0xE, 0xF]), b"x"), 1002))
            elif pick == 1:
                cases.append((frame(1, b'{"type":"ping","id":1}', rsv=rng.choice([1, 2, 4, 3, 7])), 1002))
            elif pick == 2:
                cases.append((frame(1, bytes([rng.choice([0xC0, 0xF8, 0xFF, 0xED])]) + b"\xa0\x80"), 1007))
            elif pick == 3:
                cases.append((close_frame(rng.choice([0, 999, 1004, 1005, 1006, 1016, 2000, 2999, 5000, 65535])), 1002))
            elif pick == 4:
                cases.append((frame(rng.choice([8, 9, 10]), b"x" * rng.choice([126, 200, 1000])), 1002))
            else:
                cases.append((frame(1, b"[" + b" " * 70000 + b"]"), 1009))
        for data, code in cases:
            with RawSocket(self.server.port) as ws:
                ws.send(data)
                self.assertEqual(ws.receive_close()[0], code, data[:20])
        run(self.healthy())


if __name__ == "__main__":
    import unittest
    unittest.main()
