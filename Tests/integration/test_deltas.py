"""Frame deltas against a real morphd (schemas/protocol.md, Frame deltas): a viewer whose URL
says nothing of them (deltas are the default) rebuilds, delta by delta, exactly the lists a
viewer that asked for full frames (`?deltas=0`) of the same session receives; it starts with a full frame, gets one after `resync`, and a slow reader
that the server skipped frames for gets a full frame when it lacks the base.

Run from the repository root: python3 -m unittest Tests/integration/test_deltas.py -v
"""

import asyncio
import json
import socket
import sys
import unittest
from pathlib import Path

from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_morphd import STEP, MorphdTestCase, check_schema, receive, run, send  # noqa: E402


def expand(entries, base):
    """A run-form array over `base`: objects as they are, [from, count] copied from base."""
    out = []
    for entry in entries:
        if isinstance(entry, list):
            start, count = entry
            assert count >= 1 and 0 <= start and start + count <= len(base), f"run {entry} over {len(base)}"
            out += base[start:start + count]
        else:
            out.append(entry)
    return out


def apply(delta, base):
    """The display list a delta stands for, members in the delta's order."""
    return {key: expand(value, base[key]) if key in ("ops", "accessibility") else value
            for key, value in delta.items()}


class Viewer:
    """Frames as a page keeps them: the last full list, each delta applied to it."""

    def __init__(self):
        self.seq, self.list, self.lists, self.kinds = None, None, {}, []

    def take(self, frame):
        check_schema(frame)
        if "delta" in frame:
            assert "list" not in frame
            assert frame["base"] == self.seq, f"delta on {frame['base']}, but {self.seq} was received last"
            self.list = apply(frame["delta"], self.list)
            self.kinds.append("delta")
        else:
            self.list = frame["list"]
            self.kinds.append("full")
        self.seq = frame["seq"]
        self.lists[self.seq] = self.list


class DeltaTests(MorphdTestCase):
    def deltas_url(self):
        return self.server.url.rstrip("/") + "/?deltas=1"

    def test_deltas_rebuild_the_lists_a_full_frame_viewer_gets(self):
        """Deltas are the default: a viewer whose URL says nothing of them gets them, and one
        that says `?deltas=0` (`self.connect()`) gets full frames only."""
        async def scenario():
            async with self.connect() as driver, \
                    connect(self.server.url, subprotocols=["morph.v1"], open_timeout=STEP) as with_deltas, \
                    self.connect() as full:
                await send(driver, {"type": "open", "component": "curtain", "viewport": [390, 844]})
                session = (await receive(driver, "session"))["session"]
                viewer, plain = Viewer(), Viewer()
                for ws in (with_deltas, full):
                    await send(ws, {"type": "join", "session": session})
                    await receive(ws, "session")
                await send(driver, {"type": "input", "event": {"kind": "pointerDown", "pointer": 1, "x": 370, "y": 422}})
                for step in range(1, 31):
                    event = {"kind": "pointerMove", "pointer": 1, "x": 370 - 8 * step, "y": 422 + step}
                    await send(driver, {"type": "input", "event": event})
                    await asyncio.sleep(1 / 60)
                await send(driver, {"type": "input", "event": {"kind": "pointerUp", "pointer": 1, "x": 130, "y": 452}})

                async def read(ws, frames):
                    # The spring settles well within 3 s (the on-screen timer then redraws once a second).
                    # Frames are checked after the read: checking each against the schema while
                    # reading made a loaded machine's reader fall behind, and morphd then (rightly)
                    # skipped frames for it, so the two viewers' frames differed.
                    deadline = asyncio.get_running_loop().time() + 3.0
                    while (left := deadline - asyncio.get_running_loop().time()) > 0:
                        try:
                            message = json.loads(await asyncio.wait_for(ws.recv(), left))
                        except asyncio.TimeoutError:
                            return
                        if message["type"] == "frame":
                            frames.append(message)
                delta_frames, full_frames = [], []
                await asyncio.gather(read(with_deltas, delta_frames), read(full, full_frames))
                for frame in delta_frames:
                    viewer.take(frame)
                for frame in full_frames:
                    plain.take(frame)
                # The first frame is full, then deltas; every list equals the full viewer's.
                self.assertEqual(viewer.kinds[0], "full")
                self.assertGreater(viewer.kinds.count("delta"), 20, viewer.kinds)
                self.assertEqual(set(plain.kinds), {"full"})
                # Both read for the same 3 s: a timer frame at the very end may reach only one.
                common = set(viewer.lists) & set(plain.lists)
                self.assertGreaterEqual(len(common), max(len(viewer.lists), len(plain.lists)) - 1)
                for seq in sorted(common):
                    self.assertEqual(viewer.lists[seq], plain.lists[seq], f"frame {seq}")
                # A page that lost its list asks again: the newest frame, whole.
                # (Frames already on their way still come as deltas on the one before.)
                await send(with_deltas, {"type": "resync"})
                for _ in range(600):
                    resent = await receive(with_deltas, "frame")
                    if "list" in resent:
                        break
                    viewer.take(resent)
                self.assertIn("list", resent)
        run(scenario())

    def test_a_skipped_viewer_gets_a_full_frame_where_it_lacks_the_base(self):
        padding, still = 256 * 1024, 4096

        async def scenario():
            raw = socket.socket()
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            raw.connect(("127.0.0.1", self.server.port))
            raw.setblocking(False)
            async with connect(self.deltas_url(), subprotocols=["morph.v1"], sock=raw, max_size=None,
                               max_queue=1, open_timeout=STEP) as ws:
                # Every frame differs from the last in its dot; the still group makes deltas
                # a little smaller than the 256 KiB frames, so the server makes them.
                configuration = {"padding": padding, "still": still}
                await send(ws, {"type": "open", "component": "probe", "configuration": configuration})
                await receive(ws, "session")
                await send(ws, {"type": "input", "event": {"kind": "set", "key": "moving", "value": True}})
                viewer, frames = Viewer(), []

                def skips():
                    return [(older, newer) for older, newer in zip(frames, frames[1:])
                            if newer["seq"] - older["seq"] > 4]
                # Not reading for 2 s skips frames (latest wins) once the socket's buffers are
                # full; a loaded machine builds fewer frames, so up to three such pauses.
                for _ in range(3):
                    await asyncio.sleep(2.0)
                    for _ in range(40):
                        frame = await receive(ws, "frame")
                        frames.append(frame)
                        viewer.take(frame)  # asserts that every delta's base is the frame received last
                    if skips():
                        break
                await send(ws, {"type": "input", "event": {"kind": "set", "key": "moving", "value": False}})
            skipped = skips()
            self.assertTrue(skipped, "three pauses of 2 s without reading should have skipped frames")
            for _, newer in skipped:
                self.assertIn("list", newer, f"frame {newer['seq']} came as a delta on a frame this viewer lacks")
            self.assertIn("delta", viewer.kinds, "frames that follow one another come as deltas")
            for frame in frames:
                if "delta" in frame:
                    self.assertLess(len(json.dumps(frame["delta"])), len(json.dumps(viewer.lists[frame["seq"]])))
        run(scenario())


if __name__ == "__main__":
    unittest.main()
