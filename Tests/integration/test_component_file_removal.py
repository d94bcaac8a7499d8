"""morphd --components DIR when a component's file is deleted or renamed while sessions of it
run, against a real server.

A deleted file's component keeps running in the sessions that have it open (its last good
definition, a spring in flight included), and their viewers get `component-file` `removed`;
it is no longer listed in `welcome`, its generated schema is no longer served, and opening it
is refused with an `unknown-component` error that names the file. A file that defines the
component again, under any name, takes it back: the sessions that kept running continue on
the new file (edits to it reach them) and new sessions open again. A rename is one
`component-file` `loaded` with `renamedFrom`. Every wait is bounded.
"""

import asyncio
import os
import shutil
import urllib.error
import urllib.request

from test_component_files import ComponentFolderTestCase, centre_of, fill_of, write_whole
from test_morphd import ROOT, frames_until, receive, run, send

NAME = "gone-card"


class ComponentFileRemovalTests(ComponentFolderTestCase):
    NAME = NAME

    @classmethod
    def fill_folder(cls):
        cls.write("card.json", cls.source)

    @classmethod
    def write(cls, file, text):
        write_whole(os.path.join(cls.components, file), text)

    def tearDown(self):
        # Back to card.json alone, one step at a time so that every change is seen before the
        # next test starts: everything removed, then card.json takes the entry back.
        for file in os.listdir(self.components):
            path = os.path.join(self.components, file)
            shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
        run(self.wait_until_listed(False))
        self.write("card.json", self.source)
        run(self.wait_until_listed(True))

    async def welcome_components(self):
        async with self.connect() as ws:
            await send(ws, {"type": "hello", "protocol": "morph.v1", "client": "test"})
            return (await receive(ws, "welcome"))["components"]

    async def wait_until_listed(self, listed, name=NAME):
        for _ in range(40):
            if (name in await self.welcome_components()) == listed:
                return
            await asyncio.sleep(0.1)
        raise AssertionError("%s never %s" % (name, "listed" if listed else "unlisted"))

    def schema_status(self):
        try:
            with urllib.request.urlopen(self.server.base_url + "schemas/%s.schema.json" % NAME, timeout=5) as answer:
                return answer.status
        except urllib.error.HTTPError as error:
            return error.code

    async def component_files(self, ws, until):
        """`component-file` messages (frames skipped) up to the first that `until` accepts."""
        seen = []
        while not seen or not until(seen[-1]):
            seen.append(await receive(ws, "component-file"))
        return seen

    async def open_expanding(self, ws):
        """A session of the file component, tapped so its spring is in flight."""
        await send(ws, {"type": "open", "component": NAME, "viewport": [400, 440]})
        session = await receive(ws, "session")
        first = await receive(ws, "frame")
        x, y = centre_of(first, "card")
        await send(ws, {"type": "input", "event": {"kind": "tap", "x": x, "y": y}})
        await frames_until(ws, lambda f: f["state"] == "expanding", limit=100)
        return session

    def test_a_deleted_file_keeps_open_sessions_and_refuses_new_ones_until_a_file_defines_it_again(self):
        async def scenario():
            async with self.connect(max_size=None) as watcher, self.connect(max_size=None) as newcomer:
                await self.open_expanding(watcher)
                self.assertEqual(self.schema_status(), 200)
                os.remove(os.path.join(self.components, "card.json"))
                told = await receive(watcher, "component-file")
                self.assertEqual((told["component"], told["file"], told["status"]), (NAME, "card.json", "removed"))

                # The open session runs on: its spring settles on the last good definition.
                rest = await frames_until(watcher, lambda f: f["state"] == "expanded", limit=400)
                self.assertEqual(rest[-1]["list"]["component"], NAME)
                self.assertEqual(fill_of(rest[-1], "surface"), [1, 1, 1, 1])

                # Not offered, not served, not opened, with a reason.
                self.assertNotIn(NAME, await self.welcome_components())
                self.assertEqual(self.schema_status(), 404)
                await send(newcomer, {"type": "open", "component": NAME})
                refused = await receive(newcomer, "error")
                self.assertEqual((refused["code"], refused["request"]), ("unknown-component", "open"))
                self.assertIn("card.json", refused["message"])
                self.assertIn("removed", refused["message"])

                # A new file of another component is offered meanwhile.
                sheet = os.path.join(ROOT, "Examples", "components", "bottom-sheet.json")
                images = os.path.join(ROOT, "Examples", "components", "images")
                shutil.copytree(images, os.path.join(self.components, "images"), dirs_exist_ok=True)
                shutil.copy(sheet, self.components)
                await self.wait_until_listed(True, "bottom-sheet")

                # A file that defines the component again takes it back, red: the session
                # that kept running shows it with its state kept, and new sessions open.
                self.write("again.json", self.source.replace('"fill": "config.surface"', '"fill": "rgb(1, 0, 0)"'))
                back = await receive(watcher, "component-file")
                self.assertEqual(
                    (back["file"], back["status"], back.get("renamedFrom")), ("again.json", "loaded", "card.json"))
                red = await frames_until(watcher, lambda f: fill_of(f, "surface") == [1, 0, 0, 1], limit=10)
                self.assertEqual(red[-1]["state"], "expanded")
                await send(newcomer, {"type": "open", "component": NAME})
                opened = await receive(newcomer, "session")
                self.assertEqual(opened["component"], NAME)
                self.assertEqual(fill_of(await receive(newcomer, "frame"), "surface"), [1, 0, 0, 1])
                self.assertEqual(self.schema_status(), 200)
        run(scenario())

    def test_a_renamed_file_serves_the_component_from_its_new_name(self):
        async def scenario():
            async with self.connect(max_size=None) as watcher:
                await self.open_expanding(watcher)
                os.rename(os.path.join(self.components, "card.json"), os.path.join(self.components, "renamed.json"))
                # One poll sees both names: one `loaded` change, no `removed` before it.
                seen = await self.component_files(watcher, lambda m: m["status"] == "loaded")
                self.assertEqual([m["status"] for m in seen], ["loaded"])
                self.assertEqual((seen[0]["file"], seen[0]["renamedFrom"]), ("renamed.json", "card.json"))
                self.assertEqual((await self.welcome_components()).count(NAME), 1)

                # The live session follows the file under its new name: an edit shows, and
                # the spring that was in flight arrives.
                self.write("renamed.json", self.source.replace('"fill": "config.surface"', '"fill": "rgb(0, 0, 1)"'))
                edited = await receive(watcher, "component-file")
                self.assertEqual((edited["file"], edited["status"]), ("renamed.json", "loaded"))
                self.assertNotIn("renamedFrom", edited)
                rest = await frames_until(
                    watcher, lambda f: f["state"] == "expanded" and fill_of(f, "surface") == [0, 0, 1, 1], limit=400)
                self.assertEqual(rest[-1]["list"]["component"], NAME)

            async with self.connect(max_size=None) as newcomer:
                await send(newcomer, {"type": "open", "component": NAME})
                await receive(newcomer, "session")
                self.assertEqual(fill_of(await receive(newcomer, "frame"), "surface"), [0, 0, 1, 1])
        run(scenario())


if __name__ == "__main__":
    import unittest

    unittest.main()
