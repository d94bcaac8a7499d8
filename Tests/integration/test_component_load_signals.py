"""morphd answers SIGTERM while component files are still compiling: the folder is polled on
a queue of its own, not on the main queue that takes the signals (a large file used to hold
SIGTERM until its compile ended).

Eight large files (30 000 chained `let`s each, inside the limits) are put in the folder at
once; they load one after another in one poll, each writing its configuration schema when it
has loaded. Once the first schema is there the poll is under way, and SIGTERM is sent: morphd
stops while the later files are still to load, so their schemas never appear (were the
signal held until the poll ended, all eight would). Every wait is bounded by a condition.
"""

import glob
import json
import os
import shutil
import signal
import tempfile
import time
import unittest

from test_morphd import Morphd

FILES = 8


def chain_file(name):
    """A valid component whose 30 000 `let`s each add `time` to the one before."""
    lets = {"a0": "time"}
    for index in range(1, 30_000):
        lets["a%d" % index] = "a%d + time" % (index - 1)
    return json.dumps({
        "format": "morph.component", "version": 1, "name": name, "viewport": [100, 100], "variables": {},
        "let": lets, "background": "white(1)", "scene": {"type": "group", "id": "root"},
        "machine": {"states": ["idle"], "transitions": []},
    })


class ComponentLoadSignalTests(unittest.TestCase):
    def test_sigterm_is_answered_while_files_are_compiling(self):
        components = tempfile.mkdtemp(prefix="morphd-slow-components-")
        server = Morphd("--components", components)
        try:
            schemas = os.path.join(tempfile.gettempdir(), "morphd-schemas-%d" % server.process.pid)
            # Written aside, then renamed in together: one poll finds all of them.
            for index in range(FILES):
                with open(os.path.join(components, "slow-%d.json.part" % index), "w") as handle:
                    handle.write(chain_file("slow-%d" % index))
            for index in range(FILES):
                part = os.path.join(components, "slow-%d.json.part" % index)
                os.replace(part, part[: -len(".part")])

            def written():
                return len(glob.glob(os.path.join(schemas, "slow-*.schema.json")))

            deadline = time.monotonic() + 300
            while written() == 0:
                self.assertIsNone(server.process.poll(), server.log())
                self.assertLess(time.monotonic(), deadline, "no file loaded:\n" + server.log())
                time.sleep(0.005)
            server.process.send_signal(signal.SIGTERM)
            most = 0
            deadline = time.monotonic() + 120
            while server.process.poll() is None:
                most = max(most, written())
                self.assertLess(time.monotonic(), deadline, "SIGTERM not answered:\n" + server.log())
                time.sleep(0.005)
            self.assertEqual(server.process.returncode, 0, server.log())
            self.assertIn("morphd: stopped", server.log())
            self.assertLess(most, FILES, "every file loaded before SIGTERM was answered")
        finally:
            server.stop()
            shutil.rmtree(components, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
