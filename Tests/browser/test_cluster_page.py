"""The page behind nginx and three morphd (Tests/support/cluster_fixture.py): it opens a
session under an id it proposes, routed by that id; when the morphd holding the session is
killed with SIGKILL, the page sees the connection drop (1006), says the session is gone,
and opens a fresh session (a new id) that nginx places on a live morphd, and draws it.

Run: python3 -m unittest discover -s Tests/browser -v
"""

import asyncio
import re
import sys
import unittest
from pathlib import Path

from harness import PageTestCase

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from cluster_fixture import LoopbackCluster  # noqa: E402

SESSION_ID = re.compile(r"^[a-z0-9]{16}$")


class ClusterPageTests(PageTestCase):
    @classmethod
    def start_server(cls):
        return LoopbackCluster("cluster-page").start()

    def test_a_killed_morphd_leaves_the_page_on_a_fresh_session_on_a_live_one(self):
        self.open_page("?component=morph-container", width=1200, height=960)
        self.wait_for_frames()
        first = self.driver.execute_script("return document.body.dataset.session")
        self.assertRegex(first, SESSION_ID, "the page proposes the id it opens under")
        [home] = asyncio.run(self.server.placement([first]))[first]
        drawn = int(self.driver.execute_script("return document.body.dataset.framesDrawn"))

        self.server.instances[home].process.kill()
        self.server.instances[home].process.wait(10)

        text = self.wait_for(f"document.body.dataset.sessionGone === '{first}'"
                             " && document.getElementById('message-text').textContent",
                             message=f"the page never said the session was gone\n{self.console()}")
        self.assertIn(f"session {first} is gone", text)
        self.assertIn("(1006)", text)
        second = self.wait_for(f"document.body.dataset.session !== '{first}' && document.body.dataset.session",
                               timeout=15, message=f"no fresh session\n{self.console()}")
        self.assertRegex(second, SESSION_ID)
        self.wait_for(f"Number(document.body.dataset.framesDrawn) > {drawn}",
                      message=f"the fresh session was never drawn\n{self.console()}")
        live = [index for index in range(len(self.server.instances)) if index != home]
        self.assertEqual(len(asyncio.run(self.server.placement([second], live))[second]), 1,
                         "the fresh session lives on exactly one live morphd")
        self.assertIn(f"session={second}", self.driver.current_url)
        self.screenshot("cluster-fresh-session")


if __name__ == "__main__":
    unittest.main()
