"""Errors on the page against the real morphd: a dropped file that is not a recording leaves
the live session as it was and says why; the error banner is where the person is looking,
whatever the panel is scrolled to, until dismissed.

    python3 -m unittest discover -s Tests/browser -v
"""

import unittest

from selenium.webdriver.common.by import By

from test_live import LiveTestCase

DROP = """
    const file = new File([arguments[0]], arguments[1], {type: 'text/plain'});
    const data = new DataTransfer();
    data.items.add(file);
    document.getElementById('canvas').dispatchEvent(
        new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));"""

# The banner's rectangle, and whether its centre is the banner's (not the sticky header's or
# anything else laid over it).
BANNER = """
    const m = document.getElementById('message'), r = m.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: innerWidth, height: innerHeight,
            hidden: m.hidden, onTop: m.contains(top), inPanel: !!m.closest('.panel')};"""


class ErrorTests(LiveTestCase):
    def drop_notes(self):
        self.driver.execute_script(DROP, "buy milk\nand bread\n", "notes.txt")
        self.wait_for("!document.getElementById('message').hidden", message=f"no error shown\n{self.console()}")

    def test_a_dropped_text_file_keeps_the_live_session_and_says_why(self):
        self.open_component("morph-container")
        self.drop_notes()
        text = self.driver.find_element(By.ID, "message-text").text
        self.assertIn("notes.txt", text)
        self.assertIn("nothing changed", text)
        self.assertEqual(self.driver.execute_script("return document.body.dataset.mode"), "live")
        self.assertEqual(self.driver.execute_script("return document.body.dataset.session"), self.session)
        self.assertTrue(self.driver.find_element(By.ID, "connection").text.startswith("connected"))
        # A real tap still drives the live session: the card opens.
        self.click_node(self.a11y_node("card"))
        self.wait_state("expanded")

    def test_the_banner_is_in_view_with_the_panel_scrolled_and_stays_until_dismissed(self):
        # A window short enough that the panel scrolls.
        self.open_page("?component=curtain", width=1200, height=600, dpr=1)
        self.wait_for_frames()
        self.drop_notes()
        self.driver.execute_script(
            "[...document.querySelectorAll('.panel h2')].find((h) => h.textContent === 'Recording')"
            ".scrollIntoView({block: 'start'})")
        scrolled = self.driver.execute_script("return document.querySelector('.panel').scrollTop")
        self.assertGreater(scrolled, 100, "the panel did not scroll: the test shows nothing")
        banner = self.driver.execute_script(BANNER)
        self.assertFalse(banner["hidden"])
        self.assertFalse(banner["inPanel"], "the banner scrolls with the panel")
        self.assertGreaterEqual(banner["top"], 0)
        self.assertLessEqual(banner["bottom"], banner["height"])
        self.assertGreaterEqual(banner["left"], 0)
        self.assertLessEqual(banner["right"], banner["width"])
        self.assertTrue(banner["onTop"], "something covers the banner")
        self.screenshot("error-banner-scrolled")
        # Frames keep coming (the curtain's timer) and do not clear it; the × does.
        self.wait_for_frames(count=int(self.driver.execute_script("return document.body.dataset.framesDrawn")) + 2)
        self.assertFalse(self.driver.execute_script(BANNER)["hidden"])
        self.driver.find_element(By.ID, "message-dismiss").click()
        self.assertTrue(self.driver.execute_script(BANNER)["hidden"])


if __name__ == "__main__":
    unittest.main()
