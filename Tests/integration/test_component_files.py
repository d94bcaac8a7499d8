"""morphd --components DIR against a real server: file components are listed, their
generated configuration schemas are served, and an edit on disk reaches live sessions.

The component is Sources/MorphKit/BuiltIn/morph-container.json under another name, copied into
a temporary folder the test edits: a change to its scene shows in the next frames; a file
with a mistake brings `component-file` with the line and column of the mistake while frames
keep coming from the last good definition; fixing it loads again. Every wait is bounded.
"""

import asyncio
import json
import os
import shutil
import tempfile
import unittest
import urllib.error
import urllib.request

from test_morphd import ROOT, Morphd, MorphdTestCase, frames_until, receive, run, send

EXAMPLE = os.path.join(ROOT, "Sources", "MorphKit", "BuiltIn", "morph-container.json")
NAME = "test-card"


def write_whole(path, text):
    """Writes the file at once (rename), as editors save: a poll never reads half of it."""
    with open(path + ".tmp", "w") as handle:
        handle.write(text)
    os.replace(path + ".tmp", path)


def fill_of(frame, identifier):
    """The solid colour of op `identifier` in a frame's display list."""
    for op in frame["list"]["ops"]:
        if op.get("id") == identifier and op["op"] == "fill":
            return op["paint"]["color"]
    raise AssertionError("no fill %r" % identifier)


def centre_of(frame, identifier):
    for item in frame["list"]["accessibility"]:
        if item["id"] == identifier:
            x, y, width, height = item["frame"]
            return x + width / 2, y + height / 2
    raise AssertionError("no accessibility element %r" % identifier)


class ComponentFolderTestCase(MorphdTestCase):
    """A morphd serving a temporary components folder that `fill_folder` fills first, with
    the container's example file as component `NAME` in `source`."""

    NAME = NAME

    @classmethod
    def setUpClass(cls):
        cls.components = tempfile.mkdtemp(prefix="morphd-components-")
        with open(EXAMPLE) as handle:
            cls.source = handle.read().replace('"name": "morph-container"', '"name": "%s"' % cls.NAME)
        cls.fill_folder()
        cls.server = Morphd("--components", cls.components)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        shutil.rmtree(cls.components, ignore_errors=True)


class ComponentFileTests(ComponentFolderTestCase):
    @classmethod
    def fill_folder(cls):
        cls.path = os.path.join(cls.components, "card.json")
        cls.write(cls.source)
        # The sheet's picture first: the file names it, so it must be there when the file loads.
        shutil.copytree(os.path.join(ROOT, "Examples", "components", "images"), os.path.join(cls.components, "images"))
        shutil.copy(os.path.join(ROOT, "Examples", "components", "bottom-sheet.json"), cls.components)

    @classmethod
    def write(cls, text):
        write_whole(cls.path, text)

    def tearDown(self):
        self.write(self.source)

    def test_welcome_lists_the_file_and_its_schema_is_served(self):
        async def scenario():
            async with self.connect() as ws:
                await send(ws, {"type": "hello", "protocol": "morph.v1", "client": "test"})
                welcome = await receive(ws, "welcome")
                self.assertEqual(welcome["components"][:3], ["morph-container", "hero-card", "curtain"])
                self.assertIn(NAME, welcome["components"])
                # Each component's panel for the page, derived from its file (protocol.md, Panels).
                hint = json.loads(self.source)["hint"]
                panel = welcome["panels"][NAME]
                self.assertEqual({k: panel[k] for k in ("controls", "hint")}, {"controls": ["scrub"], "hint": hint})
                # Its machine for the inspector: the file's states, each move once.
                self.assertEqual(panel["machine"]["states"], json.loads(self.source)["machine"]["states"])
                moves = [(t["from"], t["event"], t["to"]) for t in panel["machine"]["transitions"]]
                self.assertEqual(len(moves), len(set(moves)))
                self.assertEqual(set(panel), {"controls", "hint", "machine"})
                self.assertEqual(welcome["panels"]["curtain"]["controls"], ["server-tiles"])
        run(scenario())
        with urllib.request.urlopen(self.server.base_url + "schemas/%s.schema.json" % NAME, timeout=5) as answer:
            schema = json.load(answer)
        self.assertEqual(schema["properties"]["format"], {"const": "morph.config.%s" % NAME})
        self.assertEqual(schema["properties"]["cornerRadiusOpen"]["default"], 28)
        self.assertEqual(schema["properties"]["dampingFraction"]["maximum"], 10)

    def test_a_new_file_and_a_removed_one_reach_every_greeted_connection(self):
        extra = os.path.join(self.components, "extra.json")
        source = self.source.replace('"name": "%s"' % NAME, '"name": "extra-card"').replace(
            "Tap the card to expand or collapse it.", "The extra card.")

        async def scenario():
            async with self.connect() as watcher, self.connect() as idle:
                # One connection watches a session of another component; the other only said hello.
                await send(watcher, {"type": "hello", "protocol": "morph.v1", "client": "test"})
                await receive(watcher, "welcome")
                await send(watcher, {"type": "open", "component": "curtain"})
                await receive(watcher, "session")
                await send(idle, {"type": "hello", "protocol": "morph.v1", "client": "test"})
                welcome = await receive(idle, "welcome")
                self.assertNotIn("extra-card", welcome["components"])
                try:
                    write_whole(extra, source)
                    for ws in (watcher, idle):
                        listed = await receive(ws, "components")
                        # Files other tests of the class left or removed may change the rest of the list too.
                        self.assertEqual(listed["components"][-1], "extra-card")
                        self.assertLessEqual(set(listed["components"]) - {"extra-card"}, set(welcome["components"]))
                        self.assertEqual(listed["panels"]["extra-card"]["hint"], "The extra card.")
                        self.assertEqual(listed["panels"]["curtain"], welcome["panels"]["curtain"])
                finally:
                    os.remove(extra)
                for ws in (watcher, idle):
                    listed = await receive(ws, "components")
                    self.assertNotIn("extra-card", listed["components"])
                    self.assertIn("curtain", listed["components"])
        run(scenario())

    def test_an_edit_reaches_the_next_frames_and_a_mistake_keeps_the_last_good_definition(self):
        async def scenario():
            async with self.connect(max_size=None) as ws:
                await send(ws, {"type": "open", "component": NAME, "viewport": [400, 440]})
                session = await receive(ws, "session")
                self.assertEqual(session["component"], NAME)
                first = await receive(ws, "frame")
                self.assertEqual(first["list"]["component"], NAME)
                self.assertEqual(fill_of(first, "surface"), [1, 1, 1, 1])

                # A scene edit: the still session gets a new frame drawn from the new file.
                self.write(self.source.replace('"fill": "config.surface"', '"fill": "rgb(1, 0, 0)"'))
                loaded = await receive(ws, "component-file")
                self.assertEqual((loaded["component"], loaded["file"], loaded["status"]), (NAME, "card.json", "loaded"))
                self.assertEqual(loaded["panel"]["controls"], ["scrub"], "a loaded file tells its panel")
                red = await frames_until(ws, lambda f: fill_of(f, "surface") == [1, 0, 0, 1], limit=10)
                self.assertEqual(red[-1]["state"], "collapsed")

                # Start the expansion, then break the file mid-flight.
                x, y = centre_of(red[-1], "card")
                await send(ws, {"type": "input", "event": {"kind": "tap", "x": x, "y": y}})
                await frames_until(ws, lambda f: f["state"] == "expanding", limit=100)
                broken_line = '"cardHeight": "lerp(96, 384, p)",'
                broken = self.source.replace('"fill": "config.surface"', '"fill": "rgb(1, 0, 0)"').replace(
                    broken_line, '"cardHeight": "lerp(96, 384, p",')
                self.write(broken)
                problem = await receive(ws, "component-file")
                line = next(i for i, text in enumerate(broken.splitlines(), 1) if '"cardHeight"' in text)
                self.assertEqual((problem["status"], problem["file"], problem["line"]), ("error", "card.json", line))
                self.assertGreater(problem["column"], broken.splitlines()[line - 1].index('"lerp'))
                self.assertTrue(problem["message"].startswith("card.json:%d:%d: " % (line, problem["column"])))
                self.assertIn("cardHeight", problem["message"])

                # Frames continue with the last good definition (red) until the spring settles.
                rest = await frames_until(ws, lambda f: f["state"] == "expanded", limit=400)
                self.assertTrue(all(fill_of(f, "surface") == [1, 0, 0, 1] for f in rest))
                self.assertEqual(rest[-1]["list"]["accessibility"][0]["value"], "Expanded")

                # The fix loads; state (expanded) is kept, the new scene shows.
                self.write(self.source)
                fixed = await receive(ws, "component-file")
                self.assertEqual(fixed["status"], "loaded")
                white = await frames_until(ws, lambda f: fill_of(f, "surface") == [1, 1, 1, 1], limit=10)
                self.assertEqual(white[-1]["state"], "expanded")
        run(scenario())

    def test_a_viewer_opening_a_broken_component_is_told(self):
        async def scenario():
            async with self.connect(max_size=None) as watcher, self.connect(max_size=None) as newcomer:
                await send(watcher, {"type": "open", "component": NAME})
                await receive(watcher, "session")
                self.write(self.source.replace('"p": "progress"', '"p": "progres"'))
                seen = await receive(watcher, "component-file")
                # The previous test's tearDown rewrote the good file: on a loaded machine the poll
                # may report that reload only now, before the broken one.
                for _ in range(3):
                    if seen["status"] != "loaded":
                        break
                    seen = await receive(watcher, "component-file")
                self.assertEqual((seen["status"], seen.get("kind")), ("error", "unknownName"), seen)
                self.assertIn("did you mean 'progress'", seen["message"])
                # The server knows the file is broken now: a new session runs the last good
                # definition and its viewer is told why edits do not show.
                await send(newcomer, {"type": "open", "component": NAME})
                await receive(newcomer, "session")
                told = await receive(newcomer, "component-file")
                self.assertEqual(told, seen)
                frame = await receive(newcomer, "frame")
                self.assertEqual(fill_of(frame, "surface"), [1, 1, 1, 1])
        run(scenario())

    def test_a_recording_of_a_file_component_replays_as_a_timeline(self):
        recordings = os.path.join(ROOT, "Examples", "components", "recordings")
        with open(os.path.join(recordings, "sheet-flick-up-to-large.jsonl")) as handle:
            text = handle.read()
        with open(os.path.join(recordings, "sheet-flick-up-to-large.baseline.json")) as handle:
            baseline = json.load(handle)

        async def scenario():
            async with self.connect(max_size=None) as ws:
                await send(ws, {"type": "replay", "recording": text})
                session = await receive(ws, "session")
                self.assertEqual(session["component"], "bottom-sheet")
                self.assertEqual(session["timeline"]["frames"], baseline["frameCount"])
                first = await receive(ws, "frame")
                self.assertEqual((first["list"]["component"], first["state"]), ("bottom-sheet", "closed"))
                await send(ws, {"type": "timeline", "action": "seek", "frame": session["timeline"]["frames"] - 1})
                last = await frames_until(ws, lambda f: f["state"] == "large", limit=5)
                self.assertEqual(last[-1]["list"]["component"], "bottom-sheet")
                # The sheet's map is an image op naming its file, inside its clipped group.
                ops = last[-1]["list"]["ops"]
                at = next(i for i, op in enumerate(ops) if op["op"] == "image")
                self.assertEqual(ops[at - 1]["id"], "sheet.map")
                self.assertIn("clip", ops[at - 1])
                self.assertEqual((ops[at]["id"], ops[at]["source"]), ("sheet.map.image", "images/nearby-map.png"))
        run(scenario())

    def test_a_changed_picture_reloads_its_component_and_a_missing_one_is_told(self):
        """A picture is part of its component: replacing the PNG loads the file again (the page
        then fetches the picture afresh); deleting it is a mistake at the `source` string's line
        and column while the last good definition keeps running; putting it back loads again."""
        picture = os.path.join(self.components, "images", "nearby-map.png")
        with open(picture, "rb") as handle:
            original = handle.read()
        with open(os.path.join(self.components, "bottom-sheet.json")) as handle:
            lines = handle.read().splitlines()
        line = next(i for i, text in enumerate(lines, 1) if '"images/nearby-map.png"' in text)
        column = lines[line - 1].index('"images/nearby-map.png"') + 1

        async def scenario():
            async with self.connect(max_size=None) as ws:
                await send(ws, {"type": "open", "component": "bottom-sheet"})
                await receive(ws, "session")
                await receive(ws, "frame")
                with open(picture + ".tmp", "wb") as handle:  # the same bytes as a new file
                    handle.write(original)
                os.replace(picture + ".tmp", picture)
                loaded = await receive(ws, "component-file")
                self.assertEqual((loaded["component"], loaded["status"]), ("bottom-sheet", "loaded"))
                os.remove(picture)
                missing = await receive(ws, "component-file")
                self.assertEqual((missing["status"], missing["kind"], missing["file"]), ("error", "badReference", "bottom-sheet.json"))
                self.assertEqual((missing["line"], missing["column"]), (line, column))
                self.assertIn("no image 'images/nearby-map.png' beside the component file", missing["message"])
                with open(picture, "wb") as handle:
                    handle.write(original)
                back = await receive(ws, "component-file")
                self.assertEqual(back["status"], "loaded")
        try:
            run(scenario())
        finally:
            if not os.path.exists(picture):
                with open(picture, "wb") as handle:
                    handle.write(original)

    def test_a_file_whose_first_load_missed_its_picture_loads_when_the_picture_appears(self):
        """A new file naming a picture that is not there yet fails to load (logged with the
        `source` string's place); copying the picture in, with the JSON untouched, loads it."""
        sheet = os.path.join(self.components, "late-sheet.json")
        picture = os.path.join(self.components, "images", "late-map.png")
        with open(os.path.join(ROOT, "Examples", "components", "bottom-sheet.json")) as handle:
            text = handle.read().replace('"name": "bottom-sheet"', '"name": "late-sheet"')
        write_whole(sheet, text.replace("images/nearby-map.png", "images/late-map.png"))

        async def listed():
            async with self.connect() as ws:
                await send(ws, {"type": "hello", "protocol": "morph.v1", "client": "test"})
                return "late-sheet" in (await receive(ws, "welcome"))["components"]

        async def scenario():
            # The failed first load, as morphd logs it (polls run every 250 ms).
            for _ in range(100):
                if "no image 'images/late-map.png' beside the component file" in self.server.log():
                    break
                await asyncio.sleep(0.1)
            else:
                raise AssertionError("morphd never reported the missing picture")
            self.assertFalse(await listed())
            with open(os.path.join(ROOT, "Examples", "components", "images", "nearby-map.png"), "rb") as handle:
                original = handle.read()
            with open(picture + ".tmp", "wb") as handle:
                handle.write(original)
            os.replace(picture + ".tmp", picture)
            for _ in range(100):
                if await listed():
                    break
                await asyncio.sleep(0.1)
            else:
                raise AssertionError("late-sheet never loaded after its picture appeared")
            self.assertIn("late-sheet.json: loaded late-sheet", self.server.log())
            async with self.connect(max_size=None) as ws:
                await send(ws, {"type": "open", "component": "late-sheet"})
                self.assertEqual((await receive(ws, "session"))["component"], "late-sheet")
                self.assertEqual((await receive(ws, "frame"))["list"]["component"], "late-sheet")

        try:
            run(scenario())
        finally:
            for path in (sheet, picture):
                if os.path.exists(path):
                    os.remove(path)

    def test_pictures_are_served_from_the_components_folder_only(self):
        """/images/NAME is the PNG a component file names, byte for byte; the component files
        themselves and names an image op could not carry are not served."""
        with open(os.path.join(ROOT, "Examples", "components", "images", "nearby-map.png"), "rb") as handle:
            expected = handle.read()
        with urllib.request.urlopen(self.server.base_url + "images/images/nearby-map.png", timeout=5) as answer:
            self.assertEqual(answer.status, 200)
            self.assertEqual(answer.headers["Content-Type"], "image/png")
            self.assertEqual(answer.read(), expected)
        for path in ["images/bottom-sheet.json", "images/card.json", "images/images/absent.png", "images/%2e%2e/x.png"]:
            with self.assertRaises(urllib.error.HTTPError, msg=path) as refused:
                urllib.request.urlopen(self.server.base_url + path, timeout=5)
            self.assertIn(refused.exception.code, (403, 404), path)


if __name__ == "__main__":
    unittest.main()
