"""`morph new like --from blank`, then the three commands it prints, run as printed (issue 33's
"from an empty folder to a tested motion"): the real morphd serves the new file and a tap on
its card moves it, `morph check` finds the recording unchanged, and `morph export` writes SVG.

Each printed command is taken from `morph new`'s own output, not written here again, so a
change to what it prints is tested too. morphd gets `--host`/`--port` in front (a free port;
the printed line leaves them at their defaults); `morph export`'s `> like.svg` is read from
its standard output instead. Every wait is bounded.
"""

import os
import shlex
import shutil
import subprocess
import tempfile
import unittest

from test_morphd import STEP, MorphdProcess, connect, frames_until, receive, run, send  # puts Tests/support on the path
from morph_fixtures import executable  # noqa: E402


class MorphNewThenPrintedCommandsTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="morph-new-")
        self.morph = str(executable("morph"))

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def printed_commands(self, stdout):
        """The command lines under `next:`, each split as a shell would."""
        lines = stdout.split("next:", 1)[1].splitlines()
        return [shlex.split(line.strip()) for line in lines if line.startswith("  ") and not line.startswith("    ")]

    def test_the_printed_commands_preview_check_and_export_the_new_component(self):
        made = subprocess.run([self.morph, "new", "like", "--from", "blank", "--dir", self.folder],
                              capture_output=True, text=True, timeout=60)
        self.assertEqual(made.returncode, 0, made.stderr)
        commands = self.printed_commands(made.stdout)
        self.assertEqual([c[:2] for c in commands],
                         [["morphd", "--components"], ["morph", "check"], ["morph", "export"]], made.stdout)

        # Preview: the server the first line starts lists "like", opens it and a tap moves it.
        serve = commands[0]
        server = MorphdProcess(*serve[1:], name="morph-new-like").start()
        try:
            async def scenario():
                async with connect(server.url + "?deltas=0", subprotocols=["morph.v1"], open_timeout=STEP) as ws:
                    await send(ws, {"type": "hello", "protocol": "morph.v1", "client": "test"})
                    welcome = await receive(ws, "welcome")
                    self.assertIn("like", welcome["components"])
                    await send(ws, {"type": "open", "component": "like"})
                    session = await receive(ws, "session")
                    first = await receive(ws, "frame")
                    card = next(e for e in first["list"]["accessibility"] if e["id"] == "card")
                    x, y, width, height = card["frame"]
                    await send(ws, {"type": "input", "event": {"kind": "tap", "x": x + width / 2, "y": y + height / 2}})
                    # The frame where the state changes may still draw the start of the
                    # spring; the card has moved once a frame draws something else.
                    moved = await frames_until(ws, lambda f: f["list"]["ops"] != first["list"]["ops"])
                    self.assertNotEqual(moved[-1]["state"], session["state"])
            run(scenario())
        finally:
            server.stop()

        # Check: exactly as printed, with the built `morph`.
        checked = subprocess.run([self.morph, *commands[1][1:]], capture_output=True, text=True, timeout=120)
        self.assertEqual(checked.returncode, 0, checked.stdout + checked.stderr)
        self.assertIn("unchanged", checked.stdout)

        # Export: as printed up to the redirection, whose target receives standard output.
        export = commands[2]
        self.assertEqual(export[-2:], [">", "like.svg"])
        exported = subprocess.run([self.morph, *export[1:-2]], capture_output=True, text=True, timeout=120)
        self.assertEqual(exported.returncode, 0, exported.stderr)
        self.assertTrue(exported.stdout.startswith("<?xml") and "<svg" in exported.stdout, exported.stdout[:200])


if __name__ == "__main__":
    unittest.main()
