"""Loopback tests of morphd serving Morph's three real components (MorphKit's ComponentSession).

Run from the repository root with the rest of the integration suite:

    python3 -m unittest discover -s Tests/integration -v

Each test opens a component the way the page does, drives it with the inputs a person
would make (a tap on the card, a drag on the curtain's trailing 44 pt handle flicked to the
left) and checks what arrives: frames whose display lists change, sequence numbers that only
grow, and machine states that progress to where the seeds say they end. Where a component is
touched comes from its own frames' accessibility elements, not from numbers copied out of
the code. Every wait is bounded; no test asserts on speed.
"""

import asyncio
import json
import os
import unittest

from test_morphd import MorphdTestCase, frames_until, receive, run, send

VIEWPORT = [390, 844]


def element(frame, identifier):
    """The accessibility element `identifier` of a frame's display list."""
    for item in frame["list"].get("accessibility", []):
        if item["id"] == identifier:
            return item
    raise AssertionError("no accessibility element %r in %s" % (identifier, frame["state"]))


def centre(item):
    x, y, width, height = item["frame"]
    return x + width / 2, y + height / 2


def states_in_order(frames):
    """The distinct states in the order they were first seen."""
    seen = []
    for frame in frames:
        if not seen or seen[-1] != frame["state"]:
            seen.append(frame["state"])
    return seen


class ComponentTests(MorphdTestCase):
    def connect(self):
        return super().connect(max_size=None)

    async def open(self, ws, component, **extra):
        await send(ws, dict({"type": "open", "component": component, "viewport": VIEWPORT}, **extra))
        session = await receive(ws, "session")
        self.assertEqual((session["component"], session["viewport"]), (component, VIEWPORT))
        first = await receive(ws, "frame")
        self.assertEqual((first["seq"], first["session"]), (1, session["session"]))
        self.assertEqual(first["list"]["component"], component)
        self.assertEqual(first["list"]["size"], VIEWPORT)
        return session, first

    def assert_moving_frames(self, opening, frames):
        """Sequence numbers grow by one per built frame; the picture really changes."""
        seqs = [opening["seq"]] + [f["seq"] for f in frames]
        self.assertEqual(seqs, sorted(set(seqs)), "seq must only grow")
        for older, newer in zip(frames, frames[1:]):
            self.assertEqual(newer["seq"] - older["seq"] - 1, newer["dropped"] - older["dropped"])
        lists = {json.dumps(f["list"], sort_keys=True) for f in frames}
        self.assertGreater(len(lists), 2, "the display list must change while moving")
        self.assertNotEqual(frames[-1]["list"], opening["list"])

    async def assert_settled(self, ws):
        """A still container or card sends nothing more."""
        with self.assertRaises(asyncio.TimeoutError):
            await asyncio.wait_for(ws.recv(), 0.5)

    async def drag_curtain_open(self, ws, opening):
        """Press on the trailing handle, drag far left, release: what a person does to reveal.

        The server stamps inputs with their arrival time, so a busy machine changes the
        flick's speed; the release lies left of the 100-point line, so the predicted end
        reveals whatever the speed (a drag to the left only moves it further left).
        """
        width, height = opening["list"]["size"]
        x, y = width - 20, height / 2
        step_width = (x - 40) / 6
        await send(ws, {"type": "input", "event": {"kind": "pointerDown", "pointer": 1, "x": x, "y": y}})
        for step in range(1, 7):
            await asyncio.sleep(0.016)
            await send(ws, {"type": "input", "event": {"kind": "pointerMove", "pointer": 1,
                                                       "x": x - step_width * step, "y": y}})
        await send(ws, {"type": "input", "event": {"kind": "pointerUp", "pointer": 1, "x": 30, "y": y}})

    def test_welcome_lists_the_three_components(self):
        async def scenario():
            async with self.connect() as ws:
                await send(ws, {"type": "hello", "protocol": "morph.v1"})
                welcome = await receive(ws, "welcome")
                self.assertEqual(welcome["components"][:3], ["morph-container", "hero-card", "curtain"])
        run(scenario())

    def test_container_tap_expands_then_collapses(self):
        async def scenario():
            async with self.connect() as ws:
                session, opening = await self.open(ws, "morph-container")
                self.assertEqual(session["state"], "collapsed")
                x, y = centre(element(opening, "card"))
                await send(ws, {"type": "input", "event": {"kind": "tap", "x": x, "y": y}})
                frames = await frames_until(ws, lambda f: f["state"] == "expanded")
                self.assertEqual(states_in_order(frames), ["expanding", "expanded"])
                self.assert_moving_frames(opening, frames)
                await self.assert_settled(ws)

                x, y = centre(element(frames[-1], "card"))
                await send(ws, {"type": "input", "event": {"kind": "tap", "x": x, "y": y}})
                back = await frames_until(ws, lambda f: f["state"] == "collapsed")
                self.assertEqual(states_in_order(back), ["collapsing", "collapsed"])
                self.assertGreater(back[0]["seq"], frames[-1]["seq"])
                await self.assert_settled(ws)
        run(scenario())

    def test_hero_card_opens_on_the_card_and_closes_from_its_button(self):
        async def scenario():
            async with self.connect() as ws:
                _, opening = await self.open(ws, "hero-card")
                x, y = centre(element(opening, "card"))
                await send(ws, {"type": "input", "event": {"kind": "tap", "x": x, "y": y}})
                frames = await frames_until(ws, lambda f: f["state"] == "expanded")
                self.assertEqual(states_in_order(frames), ["expanding", "expanded"])
                self.assert_moving_frames(opening, frames)
                await self.assert_settled(ws)

                # Expanded, only the close button closes it.
                x, y = centre(element(frames[-1], "close"))
                await send(ws, {"type": "input", "event": {"kind": "tap", "x": x, "y": y}})
                back = await frames_until(ws, lambda f: f["state"] == "collapsed")
                self.assertEqual(states_in_order(back), ["collapsing", "collapsed"])
        run(scenario())

    def test_curtain_drag_from_the_trailing_handle_flicked_left_reveals(self):
        async def scenario():
            async with self.connect() as ws:
                session, opening = await self.open(ws, "curtain")
                self.assertEqual(session["state"], "closed")
                await self.drag_curtain_open(ws, opening)
                frames = await frames_until(ws, lambda f: f["state"] == "revealed")
                # The closed curtain redraws its spinner 8 times a second: a frame built
                # before the press reached the server may arrive after it was sent.
                while frames and frames[0]["state"] == "closed":
                    frames.pop(0)
                states = states_in_order(frames)
                # The curtain's once-a-second timer frame may be built before the drag's
                # first input arrives (a slow machine); it is still closed, then the drag.
                if states[0] == "closed":
                    states = states[1:]
                self.assertEqual(states[0], "dragging")
                self.assertEqual(states[-1], "revealed")
                self.assertTrue(set(states) <= {"dragging", "settling", "revealed"}, states)
                self.assert_moving_frames(opening, frames)

                # Still, the curtain is only redrawn for its on-screen timer: a frame per
                # whole second, not one per tick.
                still = []
                try:
                    while True:
                        still.append(await asyncio.wait_for(receive(ws, "frame"), 2.5))
                        if len(still) == 3:
                            break
                except asyncio.TimeoutError:
                    pass
                self.assertGreaterEqual(len(still), 1, "the timer must still redraw a still curtain")
                self.assertTrue(all(f["state"] == "revealed" for f in still))
                # No frame built in between: every seq skipped is a frame this connection
                # counted as dropped (a loaded machine can leave one unsent).
                for older, newer in zip([frames[-1]] + still, still):
                    self.assertEqual(newer["seq"] - older["seq"] - 1, newer["dropped"] - older["dropped"])
        run(scenario())

    def test_a_curtain_drag_records_and_replays_to_the_same_state(self):
        async def scenario():
            async with self.connect() as ws:
                _, opening = await self.open(ws, "curtain", configuration={"folds": 5})
                await send(ws, {"type": "record", "action": "start"})
                name = (await receive(ws, "recording"))["name"]
                await self.drag_curtain_open(ws, opening)
                await frames_until(ws, lambda f: f["state"] == "revealed")
                await send(ws, {"type": "record", "action": "stop"})
                await receive(ws, "recording")

                with open(os.path.join(self.server.records, name)) as handle:
                    lines = [json.loads(line) for line in handle]
                self.assertEqual(lines[0]["component"], "curtain")
                self.assertEqual(lines[0]["configuration"], {"folds": 5})
                kinds = [line["kind"] for line in lines[1:]]
                self.assertEqual(kinds, ["pointerDown"] + ["pointerMove"] * 6 + ["pointerUp"])

                await send(ws, {"type": "replay", "name": name})
                replayed = await receive(ws, "session")
                self.assertEqual((replayed["component"], replayed["state"]), ("curtain", "closed"))
                frames = await frames_until(ws, lambda f: f["session"] == replayed["session"] and f["state"] == "revealed")
                self.assertIn("dragging", states_in_order([f for f in frames if f["session"] == replayed["session"]]))
        run(scenario())

    def test_bad_configuration_and_settings_are_refused(self):
        async def scenario():
            async with self.connect() as ws:
                await send(ws, {"type": "open", "component": "curtain", "configuration": {"folds": "many"},
                                "viewport": VIEWPORT})
                self.assertEqual((await receive(ws, "error"))["code"], "bad-message")
                await self.open(ws, "curtain")
                await send(ws, {"type": "input", "event": {"kind": "set", "key": "folds", "value": 99}})
                self.assertEqual((await receive(ws, "error"))["code"], "bad-event")
        run(scenario())


if __name__ == "__main__":
    unittest.main()
