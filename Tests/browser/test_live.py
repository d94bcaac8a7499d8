"""Live mode against the real morphd: the page served by morphd in headless Chromium, the
three real components driven with real pointer events (Selenium ActionChains), canvas
pixels read at known points for known states, the HUD, the accessibility mirror, record
and replay, and reconnecting after the server dies and comes back on the same port.

Run: python3 -m unittest discover -s Tests/browser -v   (screenshots: artifacts/browser/)

morphd is .build/debug/morphd (or $MORPHD), rebuilt when missing or stale, and started by
the fixtures shared with the integration tests (Tests/support/morph_fixtures.py). It
listens on a free 127.0.0.1 port with a temporary --record-dir. Where to touch
a component comes from its accessibility mirror or its seed's layout; expected colours come
from the seeds' constants (MorphContainer: artA -> artB gradient, white surface). Every wait
is bounded.
"""

import json
import shutil
import tempfile
import time
import unittest
from pathlib import Path

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from harness import WEB_ROOT, MorphdProcess, PageTestCase

VIEWPORT = (390, 844)
SAFE_AREA = (59, 34)  # an iPhone 15: top and bottom insets (schemas/protocol.md, Safe areas)
WINDOW = (1200, 960)  # the 844 pt canvas plus the stage's 32 px padding fits unscrolled
COMPONENTS = ["morph-container", "hero-card", "curtain"]

# MorphContainer's seed: surface white, artwork artA -> artB from its top-leading to its
# bottom-trailing corner, a 340 x 96 card (64 pt artwork inset 16) that opens to 384 tall.
ART_A = (0.486 * 255, 0.361 * 255, 1.0 * 255)
ART_B = (0.184 * 255, 0.435 * 255, 0.929 * 255)
ACCENT = ART_B
WHITE = (255, 255, 255)
CARD_WIDTH, CLOSED_HEIGHT, OPEN_HEIGHT = 340, 96, 384
# The page's gradients and antialiasing: channels within this of the exact colour.
GRADIENT_TOLERANCE = 3


class Morphd(MorphdProcess):
    """The real morphd serving web-preview/ on 127.0.0.1; `port` pins a port (restarts).
    Its output: artifacts/morphd/<name>.log."""

    def __init__(self, record_dir: str, port: int | None = None, name: str = "morphd"):
        super().__init__("--web-root", str(WEB_ROOT), "--record-dir", record_dir, port=port, name=name)
        self.record_dir = record_dir


def mix(a, b, t):
    return tuple(x + (y - x) * t for x, y in zip(a, b))


class LiveTestCase(PageTestCase):
    """One real morphd (fresh record dir) and one Chromium per class."""

    @classmethod
    def start_server(cls):
        cls.record_dir = tempfile.mkdtemp(prefix="morph-browser-rec-")
        return Morphd(cls.record_dir, name=f"morphd-{cls.__name__}").start()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        shutil.rmtree(cls.record_dir, ignore_errors=True)

    # -- page ------------------------------------------------------------------------

    def open_component(self, component: str, dpr: float = 2.0) -> None:
        self.open_page(f"?component={component}", width=WINDOW[0], height=WINDOW[1], dpr=dpr)
        self.wait_for(f"document.body.dataset.component === '{component}'", timeout=10,
                      message=f"{component} never drew\n{self.console()}")
        self.wait_for_frames()
        self.session = self.driver.execute_script("return document.body.dataset.session")
        self.assertTrue(self.session)
        # Every HUD change from here on, so transient states (expanding, fps while moving)
        # are seen even when they last less than a poll.
        self.driver.execute_script("""
            window.__hud = [];
            const read = () => Object.fromEntries([...document.querySelectorAll('[data-hud]')]
                .map((el) => [el.dataset.hud, el.textContent]));
            new MutationObserver(() => __hud.push(read())).observe(document.getElementById('hud'),
                {subtree: true, childList: true, characterData: true});""")

    def hud(self, name: str) -> str:
        return self.driver.execute_script(f"return document.querySelector('[data-hud={name}]').textContent")

    def hud_history(self) -> list[dict]:
        return self.driver.execute_script("return window.__hud")

    def states_seen(self) -> list[str]:
        states = []
        for sample in self.hud_history():
            if not states or states[-1] != sample["state"]:
                states.append(sample["state"])
        return states

    def states_since(self, state: str) -> list[str]:
        """The states seen, without the one the page was already in when they were logged."""
        states = self.states_seen()
        return states[1:] if states and states[0] == state else states

    def wait_state(self, state: str, timeout: float = 8.0) -> None:
        self.wait_for(f"document.querySelector('[data-hud=state]').textContent === '{state}'", timeout,
                      message=f"state never became {state}; seen {self.states_seen()}\n{self.console()}")

    def client_point(self, x: float, y: float) -> tuple[int, int]:
        """Viewport point -> client CSS px through the canvas's bounding rect."""
        left, top, width, height = self.driver.execute_script(
            "const r = canvas.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
        return round(left + x * width / VIEWPORT[0]), round(top + y * height / VIEWPORT[1])

    def pointer_at(self, x: float, y: float, move_ms: int = 250) -> ActionChains:
        """An ActionChains whose pointer starts over viewport point (x, y)."""
        chain = ActionChains(self.driver, duration=move_ms)
        chain.w3c_actions.pointer_action.move_to_location(*self.client_point(x, y))
        return chain

    def click_at(self, x: float, y: float) -> None:
        self.pointer_at(x, y).click().perform()

    def a11y_node(self, identifier: str):
        return self.driver.find_element(By.CSS_SELECTOR, f"#a11y .a11y-node[data-id='{identifier}']")

    def click_node(self, node) -> None:
        """A real click on the canvas at the centre of a mirror node (the layer lets it through)."""
        cx, cy = self.driver.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]", node)
        chain = ActionChains(self.driver)
        chain.w3c_actions.pointer_action.move_to_location(round(cx), round(cy))
        chain.click().perform()

    def snapshot(self, component: str, state: str) -> None:
        self.screenshot(f"live-{component}-{state}")

    def assert_stays(self, state: str, since: int, seconds: float = 0.8) -> None:
        """No state but `state` in the HUD log from entry `since` on, for `seconds`. (An input
        that changes nothing may still bring a frame: the server redraws on input.)"""
        time.sleep(seconds)
        later = {sample["state"] for sample in self.hud_history()[since:]}
        self.assertLessEqual(later, {state}, f"the state should have stayed {state}")
        self.assertEqual(self.hud("state"), state)

    def settle(self) -> None:
        """Waits until the server's frames come no faster than a resting component's own clock
        (the curtain's spinner steps 8 times a second): at most 4 frames in the last 0.5 s,
        where anything moving builds a frame a tick (30 in 0.5 s at 60 fps)."""
        seen = []  # (time, seq) of each poll
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            now = time.monotonic()
            text = self.hud("seq") or ""
            seq = int(text.split()[0]) if text.split() and text.split()[0].isdigit() else None
            seen.append((now, seq))
            window = [s for t, s in seen if now - t <= 0.5]
            if seen[0][0] <= now - 0.5 and None not in window and window[-1] - window[0] <= 4:
                return
            time.sleep(0.05)
        self.fail(f"frames never came to rest: {seen[-12:]}")


class LiveComponentTests(LiveTestCase):

    def test_welcome_fills_the_picker(self):
        self.open_component("morph-container")
        connection = self.driver.find_element(By.ID, "connection")
        self.assertEqual(connection.get_attribute("data-state"), "connected")
        self.assertTrue(connection.text.startswith("connected · morphd/"), connection.text)
        options = [o.get_attribute("value") for o in
                   self.driver.find_elements(By.CSS_SELECTOR, "#component option")]
        self.assertEqual(options[:3], COMPONENTS)
        self.assertEqual(self.driver.find_element(By.ID, "component").get_attribute("value"), "morph-container")
        self.assertEqual(self.driver.find_element(By.ID, "session-id").text, self.session)
        self.assertIn(f"session={self.session}", self.driver.current_url)

    def test_a_ws_parameter_naming_another_server_asks_first_and_declined_connects_nowhere(self):
        """`?ws=` may point the page at its own server at once; any other server would get the
        person's inputs, so the page asks (confirm) and, declined, connects nowhere."""
        from urllib.parse import quote
        self.open_page("?component=curtain&ws=" + quote("ws://127.0.0.1:1/"), width=WINDOW[0], height=WINDOW[1])
        alert = self.wait_for_alert()
        self.assertIn("127.0.0.1:1", alert.text)
        alert.dismiss()
        self.wait_for("document.body.dataset.mode === 'refused'", message=self.console())
        self.assertEqual(self.driver.find_element(By.ID, "connection").get_attribute("data-state"), "refused")
        self.assertIsNone(self.driver.execute_script("return document.body.dataset.session ?? null"))
        # The page's own server named in `?ws=` is used without asking.
        own = f"ws://127.0.0.1:{self.server.port}/"
        self.open_page("?component=curtain&ws=" + quote(own), width=WINDOW[0], height=WINDOW[1])
        self.wait_for("document.body.dataset.session", message=f"never connected to {own}\n{self.console()}")

    def wait_for_alert(self, timeout: float = 10.0):
        deadline = time.monotonic() + timeout
        while True:
            try:
                return self.driver.switch_to.alert
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def container_geometry(self, height: float):
        """The card's top-left in the viewport for a card `height` tall: centred in the safe
        area (seed + layout; the iPhone 15 preset's 59 pt top and 34 pt bottom insets)."""
        top, bottom = SAFE_AREA
        return (VIEWPORT[0] - CARD_WIDTH) / 2, top + (VIEWPORT[1] - top - bottom - height) / 2

    def expected_artwork(self, x: float, y: float, origin, size: float) -> tuple:
        """artA -> artB along the artwork's diagonal, at the pixel centre under (x, y)."""
        px, py = (int(x * self.dpr) + 0.5) / self.dpr, (int(y * self.dpr) + 0.5) / self.dpr
        t = ((px - origin[0]) + (py - origin[1])) / (2 * size)
        return mix(ART_A, ART_B, min(1, max(0, t)))

    def test_frames_come_as_deltas_and_draw_as_full_frames_do(self):
        """The page asks for frame deltas (protocol.md, Frame deltas): the expand animation
        comes as deltas, and the list they build draws the same pixels as the same frame
        received whole by a page that asked for full frames (`?deltas=0`)."""
        self.open_component("morph-container", dpr=1)
        self.click_at(VIEWPORT[0] / 2, VIEWPORT[1] / 2)
        self.wait_state("expanded")
        self.settle()
        # The frame's number alone: the HUD adds how many frames this page missed, which differs
        # between the two pages (an acknowledging page on a busy machine is sent fewer frames).
        read = ("return [document.querySelector('[data-hud=seq]').textContent.split(' ')[0], canvas.toDataURL(), "
                "document.body.dataset.deltaFrames ?? null, document.body.dataset.resyncs ?? null]")
        seq, picture, deltas, resyncs = self.driver.execute_script(read)
        self.assertGreater(int(deltas or 0), 5, "the animation's frames should come as deltas")
        self.assertIsNone(resyncs, "every delta's base was held")
        # A second tab joins the same session (the first stays connected, so it lives on).
        first = self.driver.current_window_handle
        self.driver.switch_to.new_window("tab")
        try:
            self.open_page(f"?session={self.session}&deltas=0", width=WINDOW[0], height=WINDOW[1], dpr=1)
            self.wait_for_frames()
            self.wait_for(f"document.querySelector('[data-hud=seq]').textContent.split(' ')[0] === {json.dumps(seq)}",
                          message=f"the joining page never showed frame {seq}")
            seq_full, picture_full, deltas_full, _ = self.driver.execute_script(read)
            self.assertIsNone(deltas_full, "?deltas=0 gets full frames only")
            self.assertEqual(seq_full, seq)
            self.assertEqual(picture_full, picture, "the frame built from deltas draws as the full frame")
        finally:
            self.driver.close()
            self.driver.switch_to.window(first)

    def test_container_pixels_tap_expand_and_collapse(self):
        self.open_component("morph-container")
        self.assertEqual(self.hud("state"), "collapsed")
        left, top = self.container_geometry(CLOSED_HEIGHT)
        art = (left + 16, top + 16)  # the 64 pt thumbnail, inset 16
        # Inside the thumbnail, clear of the centred waveform and of the rounded corners.
        for dx, dy in ((8, 24), (54, 14), (24, 56)):
            x, y = art[0] + dx, art[1] + dy
            self.assertColor(self.pixel(x, y), self.expected_artwork(x, y, art, 64),
                             GRADIENT_TOLERANCE, msg=f"collapsed artwork at ({x}, {y})")
        self.assertColor(self.pixel(left + 200, top + 48), WHITE, msg="card surface right of the title")
        self.assertColor(self.pixel(20, 100), WHITE, msg="list background above the card")
        # The collapsed card's shadow (y offset 2, radius 8) darkens the background just below it...
        below = (VIEWPORT[0] / 2, top + CLOSED_HEIGHT + 1.5)
        shade = self.pixel(*below)
        self.assertLess(shade[0], 253, f"shadow just below the collapsed card: {shade}")
        # ...where the open panel's accent Play button will be (actions at y 332, x 20, 145 x 40).
        open_left, open_top = self.container_geometry(OPEN_HEIGHT)
        play = (open_left + 20 + 30, open_top + 332 + 6)
        self.assertColor(self.pixel(*play), WHITE, msg="no Play button while collapsed")
        self.snapshot("morph-container", "collapsed")

        self.click_at(VIEWPORT[0] / 2, VIEWPORT[1] / 2)
        self.wait_state("expanded")
        self.settle()
        self.assertEqual(self.states_since("collapsed"), ["expanding", "expanded"])
        self.assertColor(self.pixel(*below), WHITE, msg="open card surface below the collapsed card")
        self.assertColor(self.pixel(*play), ACCENT, 2, msg="Play button of the open panel")
        # The artwork now spans the card's full width, 196 pt tall, from its top edge.
        for x, y in ((open_left + 40, open_top + 150), (open_left + 300, open_top + 40)):
            px, py = (int(x * self.dpr) + 0.5) / self.dpr, (int(y * self.dpr) + 0.5) / self.dpr
            # The gradient runs from (0, 0) to (340, 196): t is the projection on that vector.
            t = ((px - open_left) * 340 + (py - open_top) * 196) / (340 ** 2 + 196 ** 2)
            self.assertColor(self.pixel(x, y), mix(ART_A, ART_B, t), GRADIENT_TOLERANCE,
                             msg=f"open artwork at ({x}, {y})")
        self.snapshot("morph-container", "expanded")

        self.click_at(VIEWPORT[0] / 2, VIEWPORT[1] / 2)
        self.wait_state("collapsed")
        self.settle()
        self.assertIn("collapsing", self.states_seen())
        self.assertColor(self.pixel(*play), WHITE, msg="Play button gone again")
        self.assertLess(self.pixel(*below)[0], 253, "collapsed shadow back below the card")

    def test_container_hud_while_animating(self):
        self.open_component("morph-container", dpr=1)
        # Latency needs the clock offset from a pong (ping every 2 s, one right on open).
        self.wait_for("document.querySelector('[data-hud=rtt]').textContent.endsWith(' ms')")
        self.click_at(VIEWPORT[0] / 2, VIEWPORT[1] / 2)
        self.wait_state("expanded")
        moving = [s for s in self.hud_history() if s["state"] == "expanding"]
        self.assertTrue(moving, self.hud_history())
        self.assertGreater(max(float(s["fps"]) for s in moving if s["fps"] != "—"), 0)
        # A count, and how many of them in the last second while frames are being held back
        # (an acknowledging page on a busy machine is sent fewer frames).
        self.assertRegex(self.hud("dropped"), r"^\d+( \(\d+ in 1 s\))?$")
        latencies = [s["latency"] for s in moving]
        self.assertTrue(all(l.endswith(" ms") for l in latencies), latencies)
        for text in latencies:
            value = float(text.removesuffix(" ms"))
            self.assertTrue(-1000 < value < 10000, f"latency {text} is not a finite, sane number")

    def test_container_accessibility_mirror(self):
        self.open_component("morph-container", dpr=1)
        button = self.a11y_node("card")
        self.assertEqual(button.tag_name, "button")
        self.assertEqual(button.aria_role, "button")  # implicit: no redundant role attribute
        self.assertEqual(button.get_attribute("aria-label"), "Northern Lights, ambient mix, 12 tracks")
        self.assertEqual(button.get_attribute("data-value"), "Collapsed")
        describe = lambda: self.driver.find_element(By.ID, button.get_attribute("aria-describedby")).get_attribute("textContent")
        self.assertEqual(describe(), "Collapsed. Double tap to expand")
        left, top = self.container_geometry(CLOSED_HEIGHT)
        offset = self.driver.execute_script(
            "const c = canvas.getBoundingClientRect(), b = arguments[0].getBoundingClientRect();"
            "return [b.left - c.left, b.top - c.top, b.width, b.height]", button)
        self.assertEqual([round(v) for v in offset], [round(left), round(top), CARD_WIDTH, CLOSED_HEIGHT])
        # Activating the mirror's button (a screen reader's double tap) taps the card.
        self.driver.execute_script("arguments[0].click()", button)
        self.wait_state("expanded")
        self.wait_for("document.querySelector(\"#a11y [data-id='card']\").dataset.value === 'Expanded'")
        self.assertEqual(describe(), "Expanded. Double tap to collapse")
        self.click_node(self.a11y_node("card"))
        self.wait_state("collapsed")
        self.wait_for("document.querySelector(\"#a11y [data-id='card']\").dataset.value === 'Collapsed'")

    def test_container_scrubber_moves_the_morph(self):
        self.open_component("morph-container")
        probe = (VIEWPORT[0] / 2, 330)  # below the thumbnail: background while collapsed
        self.assertColor(self.pixel(*probe), WHITE, msg="collapsed")
        scrub = self.driver.find_element(By.ID, "scrub")
        width = scrub.size["width"]
        drawn = int(self.driver.execute_script("return document.body.dataset.framesDrawn"))
        # Press at the scrubber's left end and hold it three quarters of the way along.
        (ActionChains(self.driver).move_to_element_with_offset(scrub, round(-width / 2 + 2), 0)
         .click_and_hold().move_by_offset(round(width * 0.75), 0).perform())
        self.wait_for(f"Number(document.body.dataset.framesDrawn) > {drawn}")
        self.wait_for("Number(document.getElementById('scrub-value').value) > 0.6",
                      message="the scrubber output should follow the drag")
        # p ~ 0.75: the artwork has grown over the probe, artA -> artB blue-violet, not white.
        self.wait_for(f"(() => {{ const d = canvas.getContext('2d').getImageData("
                      f"{int(probe[0] * self.dpr)}, {int(probe[1] * self.dpr)}, 1, 1).data;"
                      f" return d[2] > 200 && d[0] < 160; }})()", timeout=5,
                      message=f"scrubbed pixel {self.pixel(*probe)}")
        self.assertEqual(self.a11y_node("card").get_attribute("data-value"), "Expanded")
        # The HUD says the picture is scrubbed, and the machine's own state beside it.
        self.assertRegex(self.hud("state"), r"^scrubbed to 0\.[6-9]\d \(collapsed\)$")
        self.snapshot("morph-container", "scrubbed")
        ActionChains(self.driver).release().perform()
        self.wait_for("document.getElementById('scrub-value').value === 'live'")
        self.wait_state("collapsed")
        # Let go, control returns to the (collapsed) state machine.
        self.wait_for(f"(() => {{ const d = canvas.getContext('2d').getImageData("
                      f"{int(probe[0] * self.dpr)}, {int(probe[1] * self.dpr)}, 1, 1).data;"
                      f" return d[0] > 250 && d[2] > 250; }})()", timeout=5,
                      message=f"released pixel {self.pixel(*probe)}")

    def test_hero_card_opens_on_tap_and_closes_only_from_close(self):
        self.open_component("hero-card")
        self.assertEqual(self.hud("state"), "collapsed")
        self.snapshot("hero-card", "collapsed")
        self.click_node(self.a11y_node("card"))
        self.wait_state("expanded")
        self.settle()
        self.assertIn("expanding", self.states_seen())
        self.snapshot("hero-card", "expanded")
        # Expanded, a click on the body text does nothing.
        logged = len(self.hud_history())
        before = self.region(300, 140, 70, 60)  # around the close button (below the status bar)
        self.driver.execute_script("delete document.body.dataset.lastEvent")
        self.click_node(self.a11y_node("detail"))
        self.wait_for("document.body.dataset.lastEvent && JSON.parse(document.body.dataset.lastEvent).kind === 'pointerUp'")
        self.assert_stays("expanded", logged)
        self.assertEqual(self.region(300, 140, 70, 60), before, "the card must not have moved")
        close = self.a11y_node("close")
        self.assertEqual(close.get_attribute("aria-label"), "Close")
        self.assertEqual(close.aria_role, "button")
        self.click_node(close)
        self.wait_state("collapsed")
        self.assertIn("collapsing", self.states_seen())

    def curtain_drag(self, steps: int, step_pt: float, move_ms: int, hold_s: float = 0) -> None:
        """Press in the curtain's trailing 44 pt handle, drag left in `steps` moves, stay
        still `hold_s`, lift."""
        start = (VIEWPORT[0] - 20, VIEWPORT[1] / 2)
        chain = self.pointer_at(*start, move_ms=move_ms).click_and_hold()
        for _ in range(steps):
            chain.move_by_offset(-round(step_pt * self.client_scale()), 0)
        if hold_s:
            chain.pause(hold_s)
        chain.release().perform()

    def client_scale(self) -> float:
        return self.driver.execute_script("return canvas.getBoundingClientRect().width") / VIEWPORT[0]

    def test_curtain_flick_reveals_and_slow_drag_springs_back(self):
        self.open_component("curtain", dpr=1)
        self.assertEqual(self.hud("state"), "closed")
        self.snapshot("curtain", "closed")
        # Slow and short: 4 x 10 pt at 150 ms each, then still for 0.3 s; released at x = 330
        # with little velocity, the predicted end (x + 0.25 s * v) stays right of 100 pt.
        self.curtain_drag(4, 10, 150, hold_s=0.3)
        self.wait_for("window.__hud.some((s) => s.state === 'dragging')", message=f"{self.hud_history()}")
        self.wait_state("closed")
        self.assertNotIn("revealed", self.states_seen())
        # Fast: 7 x 40 pt at 16 ms each from x = 370 to 90, lifted left of 100 pt: it reveals
        # whatever velocity a loaded machine's late pointerUp leaves it (the velocity fades
        # after 40 ms at rest). That velocity alone reveals from further right is the replay
        # tests' (curtain-flick-reveals), where event times are exact.
        self.driver.execute_script("window.__hud.length = 0")
        self.curtain_drag(7, 40, 16)
        self.wait_state("revealed")
        self.assertIn("dragging", self.states_seen())
        self.settle()
        self.snapshot("curtain", "revealed")

    def test_curtain_folds_stepper_reaches_the_component(self):
        self.open_component("curtain", dpr=1)
        self.assertEqual(self.a11y_node("folds.stepper").get_attribute("data-value"), "4")
        self.driver.find_element(By.ID, "folds-up").click()
        self.wait_for("document.querySelector(\"#a11y [data-id='folds.stepper']\").dataset.value === '5'",
                      message="the component should report 5 folds")
        self.assertEqual(self.a11y_node("folds.stepper").get_attribute("aria-label"), "Number of Folds (5)")

    def test_a_slow_page_gets_fewer_newer_frames_not_a_backlog(self):
        """The page acknowledges each frame it draws (protocol.md, "Acknowledged frames"): with
        its CPU slowed 6× (DevTools), a 4 s drag builds far more frames than it can draw, and
        the server holds them back (`dropped` grows) instead of sending them for the page to
        skip: the page skips at most about one frame for each it draws."""
        self.open_component("curtain", dpr=2)
        start = (VIEWPORT[0] - 20, VIEWPORT[1] / 2)
        step = round(12 * self.client_scale())
        self.driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 6})
        try:
            self.pointer_at(*start, move_ms=0).click_and_hold().perform()
            moves = ActionChains(self.driver, duration=100)
            for offset in ((-step,) * 10 + (step,) * 10) * 2:
                moves.move_by_offset(offset, 0)
            moves.perform()
        finally:
            self.driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
            self.pointer_at(*start, move_ms=0).release().perform()
        drawn = int(self.driver.execute_script("return document.body.dataset.framesDrawn"))
        skipped, dropped = int(self.hud("skipped")), int(self.hud("dropped").split()[0])
        self.assertGreater(drawn, 10, "the drag drew too few frames to tell")
        self.assertGreater(dropped, 0, f"the server held back no frame from a page drawing {drawn}")
        self.assertLessEqual(skipped, drawn + 2, f"the page was sent {skipped} frames it never drew ({drawn} drawn)")

    def test_record_then_replay_in_a_new_session(self):
        self.open_component("morph-container", dpr=1)
        record = self.driver.find_element(By.ID, "record")
        record.click()
        self.wait_for("document.getElementById('record').getAttribute('aria-pressed') === 'true'")
        self.click_at(VIEWPORT[0] / 2, VIEWPORT[1] / 2)
        self.wait_state("expanded")
        record.click()
        status = self.wait_for("document.getElementById('record-status').textContent.startsWith('saved ')"
                               " && document.getElementById('record-status').textContent")
        name = status.removeprefix("saved ")
        self.assertTrue((Path(self.record_dir) / name).is_file(), f"{name} not in the record dir")
        item = self.wait_for(
            "[...document.querySelectorAll('#recordings li')].find((li) =>"
            f" li.querySelector('.rec-name')?.textContent === {json.dumps(name)})",
            message="the recording should appear in the list")
        self.assertIn("morph-container", item.text)
        first_session = self.session
        # Until the replay's first frame is drawn the HUD still shows the old session's state
        # (expanded), so every state the HUD shows from here on is kept, and the test waits for
        # the replay's own collapsed start and then its expanded state.
        self.driver.execute_script(
            "const hud = document.querySelector('[data-hud=state]'); window.__replayStates = [];"
            "new MutationObserver(() => window.__replayStates.push(hud.textContent))"
            ".observe(hud, {childList: true, characterData: true, subtree: true});")
        item.find_element(By.TAG_NAME, "button").click()
        self.wait_for(f"document.body.dataset.session && document.body.dataset.session !== '{first_session}'",
                      message="replay should open a new session")
        self.wait_for("(() => { const seen = window.__replayStates, start = seen.indexOf('collapsed');"
                      " return start >= 0 && seen.indexOf('expanded', start) > start; })()", timeout=15,
                      message="the replay should start collapsed and then expand")
        self.settle()
        self.assertEqual(self.a11y_node("card").get_attribute("data-value"), "Expanded")
        left, top = self.container_geometry(OPEN_HEIGHT)
        self.assertColor(self.pixel(left + 20 + 30, top + 332 + 6), ACCENT, 2, msg="replayed open panel")
        self.snapshot("morph-container", "replayed")


class LiveReconnectTests(LiveTestCase):
    """The server dies and comes back on the same port: the page backs off and rejoins."""

    def test_reconnects_after_morphd_restarts(self):
        self.open_component("morph-container", dpr=1)
        port = self.server.port
        self.server.stop()
        text = self.wait_for("document.getElementById('connection').dataset.state === 'reconnecting'"
                             " && document.getElementById('connection').textContent", timeout=10)
        self.assertRegex(text, r"^reconnecting · in \d+\.\d s$")
        self.screenshot("live-reconnecting")
        time.sleep(0.5)  # at least one refused attempt while nothing listens
        self.server = Morphd(self.record_dir, port=port, name="morphd-restarted").start()
        type(self).server = self.server  # so tearDownClass stops this one
        self.wait_for("document.getElementById('connection').dataset.state === 'connected'", timeout=15,
                      message=f"no reconnect\n{self.console()}")
        # The old session died with the server: the page opens a fresh one and draws it.
        self.wait_for(f"document.body.dataset.session && document.body.dataset.session !== '{self.session}'",
                      timeout=10, message="a new session after the restart")
        drawn = int(self.driver.execute_script("return document.body.dataset.framesDrawn"))
        self.click_at(VIEWPORT[0] / 2, VIEWPORT[1] / 2)
        self.wait_state("expanded")
        self.assertGreater(int(self.driver.execute_script("return document.body.dataset.framesDrawn")), drawn)


if __name__ == "__main__":
    unittest.main()
