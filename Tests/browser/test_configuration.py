"""The page edits and saves, against the real morphd in headless Chromium: the options panel
generated from each component's configuration schema (schemas/<component>.schema.json, served
at /schemas/), a field edited and exported, a new session opened from the export with equal
frames, a copied link restoring configuration and viewport, a recording downloaded, and a
recording dropped on the page replayed on the server and stepped through frame by frame.

    python3 -m unittest Tests/browser/test_configuration.py -v   (screenshots: artifacts/browser/)

Frames are compared through second WebSocket clients (Python `websockets`) that join or open
sessions on the same morphd; replayed frames against `morph replay --hashes`. Every wait is
bounded.
"""

import contextlib
import hashlib
import json
import math
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select
from websockets.sync.client import connect

from harness import ARTIFACTS, REPO, executable
import test_accessibility
from test_live import LiveTestCase

SCHEMAS = REPO / "schemas"
FIXTURE = REPO / "Tests" / "MorphKitTests" / "__Fixtures__" / "recordings" / "container-double-tap.jsonl"


def frame_list_bytes(text: str) -> bytes:
    """The display-list bytes of a raw `frame` message: its last key, written verbatim."""
    start = text.index('"list":') + len('"list":')
    return text[start:-1].encode()


class ConfigurationTests(LiveTestCase):
    axe = test_accessibility.AccessibilityTests.axe

    # -- WebSocket side --------------------------------------------------------------

    @contextlib.contextmanager
    def client(self):
        with connect(f"ws://127.0.0.1:{self.server.port}/", subprotocols=["morph.v1"],
                     origin=self.base_url.rstrip("/"), open_timeout=10) as socket:
            socket.send(json.dumps({"type": "hello", "protocol": "morph.v1", "client": "test"}))
            self.assertEqual(json.loads(socket.recv(10))["type"], "welcome")
            yield socket

    def first_frame(self, socket, message: dict) -> tuple[dict, str]:
        """Sends `message`, returns the `session` answer and the first frame's raw text."""
        socket.send(json.dumps(message))
        session = None
        while True:
            text = socket.recv(10)
            kind = json.loads(text)["type"]
            if kind == "session":
                session = json.loads(text)
            elif kind == "frame" and session is not None:
                return session, text
            elif kind == "error":
                self.fail(text)

    # -- page side -------------------------------------------------------------------

    def dataset(self, key: str) -> str | None:
        return self.driver.execute_script(f"return document.body.dataset.{key} ?? null")

    def downloads(self) -> Path:
        """A fresh folder Chromium saves downloads into (DevTools), for the page's saves."""
        folder = Path(tempfile.mkdtemp(prefix="morph-downloads-"))
        self.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})
        return folder

    def downloaded(self, folder: Path, name: str) -> str:
        """The file's text once Chromium has finished writing it: Chromium creates the target
        empty as a placeholder and writes into a `.crdownload` beside it, so the name alone
        appearing says nothing; wait until no partial file is left and the size holds."""
        deadline = time.monotonic() + 10
        last_size = -1
        while True:
            target = folder / name
            partial = any(p.name.endswith(".crdownload") for p in folder.iterdir())
            size = target.stat().st_size if target.is_file() else -1
            if size > 0 and not partial and size == last_size:
                return target.read_text()
            if time.monotonic() > deadline:
                self.fail(f"{name} was not downloaded into {folder}: "
                          f"{sorted((p.name, p.stat().st_size) for p in folder.iterdir())}")
            last_size = size
            time.sleep(0.1)

    @staticmethod
    def field_count(component: str) -> int:
        """The fields the panel draws for `component`: its schema's keys but the header."""
        schema = json.loads((SCHEMAS / f"{component}.schema.json").read_text())
        return sum(1 for value in schema["properties"].values() if "const" not in value)

    def wait_fields(self, count: int) -> None:
        self.wait_for(f"document.body.dataset.configFields === '{count}'",
                      message=f"the panel never showed {count} fields\n{self.console()}")

    def set_number(self, element_id: str, value: str) -> None:
        field = self.driver.find_element(By.ID, element_id)
        field.clear()
        field.send_keys(value)
        self.driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", field)

    # -- tests -----------------------------------------------------------------------

    def test_the_panel_has_a_labelled_control_for_every_schema_field(self):
        for component in ["morph-container", "hero-card", "curtain"]:
            self.open_component(component)
            schema = json.loads((SCHEMAS / f"{component}.schema.json").read_text())
            keys = [k for k, v in schema["properties"].items() if "const" not in v]
            self.wait_fields(len(keys))
            shown = self.driver.execute_script(
                "return [...document.querySelectorAll('#config-fields [data-field]')].map(r => r.dataset.field)")
            self.assertEqual(shown, keys, component)
            unnamed = self.driver.execute_script("""
                return [...document.querySelectorAll('#config-fields input, #config-fields select,'
                    + ' #config-fields textarea, #config-fields button')]
                  .filter(el => !(el.getAttribute('aria-label') || el.closest('label')?.textContent.trim()
                    || (el.tagName === 'BUTTON' && el.textContent.trim())))
                  .map(el => el.id)""")
            self.assertEqual(unnamed, [], f"{component}: controls without a name")
            self.driver.find_element(By.CSS_SELECTOR, ".panel").screenshot(str(ARTIFACTS / f"config-{component}.png"))
        # Bounds and defaults come from the schema: folds 1...8, default 4.
        self.assertEqual(self.driver.find_element(By.ID, "folds").get_attribute("value"), "4")

    def test_edit_export_and_a_new_session_from_it_draw_equal_frames(self):
        self.open_component("morph-container")
        self.wait_fields(self.field_count("morph-container"))
        self.set_number("config-cornerRadiusOpen", "12")
        Select(self.driver.find_element(By.ID, "config-accent-name")).select_by_value("orange")
        self.wait_for("JSON.parse(document.body.dataset.configuration).accent === 'orange'")
        folder = self.downloads()
        self.driver.find_element(By.ID, "config-export").click()
        exported = json.loads(self.downloaded(folder, "morph-container.config.json"))
        self.assertEqual(exported, json.loads(self.wait_for("document.body.dataset.exported")))
        self.assertEqual(exported["format"], "morph.config.morph-container")
        self.assertEqual((exported["cornerRadiusOpen"], exported["accent"]), (12, "orange"))
        self.assertEqual(exported["dampingFraction"], 0.82, "untouched fields keep their defaults")

        # The edited live session and a new one opened from the export, at rest and opened.
        with self.client() as watcher, self.client() as fresh:
            _, live = self.first_frame(watcher, {"type": "join", "session": self.session})
            session, opened = self.first_frame(fresh, {
                "type": "open", "component": "morph-container", "configuration": exported,
                "viewport": [390, 844]})
            self.assertEqual(session["configuration"]["accent"], "orange")
            strip = lambda text: {k: v for k, v in json.loads(frame_list_bytes(text)).items() if k != "time"}
            self.assertEqual(strip(live), strip(opened))
            self.assertNotEqual(strip(opened), strip(self.first_frame(fresh, {
                "type": "open", "component": "morph-container", "viewport": [390, 844]})[1]))
        # The CLI reads the same file: its display list equals the session's at rest.
        path = Path(tempfile.mkdtemp()) / "morph-container.config.json"
        path.write_text(json.dumps(exported))
        cli = subprocess.run([str(executable("morph")), "export", "morph-container", "--configuration", str(path),
                              "--size", "390x844", "--display-list"], capture_output=True, text=True, check=True)
        self.assertEqual({k: v for k, v in json.loads(cli.stdout).items() if k != "time"}, strip(opened))

        # Reset puts every field back to its schema default, live.
        self.driver.find_element(By.ID, "config-reset").click()
        self.wait_for("JSON.parse(document.body.dataset.configuration).accent !== 'orange'")
        values = json.loads(self.dataset("configuration"))
        self.assertEqual((values["cornerRadiusOpen"], values["accent"]), (28, [0.184, 0.435, 0.929, 1]))

    def test_a_named_colour_shows_the_servers_swatch_and_alpha_in_the_sessions_scheme(self):
        with connect(f"ws://127.0.0.1:{self.server.port}/", subprotocols=["morph.v1"],
                     origin=self.base_url.rstrip("/"), open_timeout=10) as socket:
            socket.send(json.dumps({"type": "hello", "protocol": "morph.v1", "client": "test"}))
            colours = json.loads(socket.recv(10))["systemColors"]
        self.open_component("morph-container", dpr=1)
        self.wait_fields(self.field_count("morph-container"))
        named = self.driver.find_element(By.ID, "config-surface-name")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", named)
        Select(named).select_by_value("tertiaryLabel")
        self.wait_for("JSON.parse(document.body.dataset.configuration).surface === 'tertiaryLabel'",
                      message=f"the named surface never applied\n{self.console()}")

        def shown() -> dict:
            return self.driver.execute_script("""
                const swatch = document.getElementById('config-surface-swatch');
                return {picker: document.getElementById('config-surface').value,
                        alpha: document.getElementById('config-surface-alpha').value,
                        swatch: getComputedStyle(swatch).getPropertyValue('--swatch').trim(),
                        label: swatch.getAttribute('aria-label')};""")

        def expected(scheme: str) -> dict:
            rgba = colours["tertiaryLabel"][scheme]
            channels = [round(c * 255) for c in rgba[:3]]
            return {"picker": "#" + "".join(f"{c:02x}" for c in channels), "alpha": f"{rgba[3]:g}",
                    "swatch": f"rgb({channels[0]} {channels[1]} {channels[2]} / {rgba[3]:g})",
                    "label": f"Surface: tertiaryLabel in {scheme}, #{''.join(f'{c:02x}' for c in channels)}"
                             f" at {round(rgba[3] * 100)} % alpha"}

        self.assertEqual(shown(), expected("light"))
        self.assertNotEqual(colours["tertiaryLabel"]["light"], colours["tertiaryLabel"]["dark"])
        # The session turned dark (the Appearance menu): the same name shows its dark value.
        scheme = self.driver.find_element(By.ID, "color-scheme")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", scheme)
        Select(scheme).select_by_value("dark")
        self.wait_for("document.getElementById('config-surface-swatch').getAttribute('aria-label').includes('in dark')",
                      message=f"the swatch kept the light value\n{shown()}")
        self.assertEqual(shown(), expected("dark"))
        # A colour given as [r,g,b,a] shows its own alpha in the swatch.
        alpha = self.driver.find_element(By.ID, "config-accent-alpha")
        alpha.click()
        alpha.send_keys(Keys.CONTROL, "a")
        alpha.send_keys("0.5", Keys.TAB)
        self.wait_for("JSON.parse(document.body.dataset.configuration).accent[3] === 0.5")
        self.assertTrue(self.driver.execute_script(
            "return getComputedStyle(document.getElementById('config-accent-swatch')).getPropertyValue('--swatch')"
            ".trim().endsWith('/ 0.5)')"))
        violations = self.axe("document.getElementById('config-fields').closest('section')")
        self.assertEqual(violations, [], f"axe-core violations on the options panel:\n{json.dumps(violations, indent=1)}")
        self.screenshot("config-named-colour")

    def test_text_and_colour_lists_apply_live(self):
        self.open_component("hero-card")
        self.wait_fields(self.field_count("hero-card"))
        self.set_number("config-title", "1984")  # text that looks like a number stays text
        Select(self.driver.find_element(By.ID, "config-colors-1-name")).select_by_value("indigo")
        self.driver.find_element(By.ID, "config-colors-add").click()
        self.wait_for("JSON.parse(document.body.dataset.configuration).colors.length === 4")
        self.driver.find_element(By.CSS_SELECTOR, "[data-field=colors] button.remove").click()
        self.wait_for("JSON.parse(document.body.dataset.configuration).colors.length === 3")
        with self.client() as watcher:
            session, text = self.first_frame(watcher, {"type": "join", "session": self.session})
        self.assertEqual(session["configuration"]["title"], "1984")
        self.assertEqual(session["configuration"]["colors"], ["indigo", "purple", "purple"])
        titles = [line["text"] for op in json.loads(frame_list_bytes(text))["ops"] if op["op"] == "text"
                  for line in op["lines"]]
        self.assertIn("1984", titles)

        # Typed text applies after a pause, without Enter; clearing the field to retype keeps
        # the old title until something is typed.
        title = self.driver.find_element(By.ID, "config-title")
        title.send_keys(Keys.BACK_SPACE * 4)
        title.send_keys("Lisb")
        self.wait_for("JSON.parse(document.body.dataset.configuration).title === 'Lisb'",
                      message="typed text never applied without Enter")
        title.send_keys(Keys.CONTROL, "a")
        title.send_keys(Keys.BACK_SPACE)
        self.assert_configuration_stays("title", "Lisb", seconds=0.6)

    def assert_configuration_stays(self, key: str, value, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.assertEqual(json.loads(self.dataset("configuration"))[key], value)
            time.sleep(0.05)

    def test_the_address_bar_keeps_the_view_so_a_reload_after_the_session_ends_reopens_it(self):
        self.open_component("curtain")
        self.wait_fields(1)
        Select(self.driver.find_element(By.ID, "viewport")).select_by_visible_text("iPhone SE (375 × 667)")
        self.driver.find_element(By.ID, "folds-up").click()
        self.wait_for("document.getElementById('folds').value === '5'")
        Select(self.driver.find_element(By.ID, "dynamic-type")).select_by_visible_text("xxL")
        self.wait_for("(new URLSearchParams(location.search).get('env') || '').includes('xxL')"
                      " && (new URLSearchParams(location.search).get('config') || '').includes('5')")
        query = parse_qs(urlparse(self.driver.current_url).query)
        self.assertEqual((query["session"], query["component"], query["viewport"]),
                         ([self.session], ["curtain"], ["375x667"]))
        self.assertEqual(json.loads(query["config"][0])["folds"], 5)
        self.assertEqual(json.loads(query["env"][0])["dynamicType"], "xxL")

        # The session ends (a server restart forgets it): reloading the page's own address
        # opens the same component with the same configuration, viewport and environment.
        gone = self.driver.current_url.replace(f"session={self.session}", "session=00000000")
        self.driver.get(gone)
        self.wait_for("document.body.dataset.session && document.body.dataset.session !== '00000000'"
                      f" && document.body.dataset.session !== '{self.session}'")
        with self.client() as watcher:
            session, _ = self.first_frame(watcher, {"type": "join", "session": self.dataset("session")})
        self.assertEqual(session["component"], "curtain")
        self.assertEqual((session["configuration"]["folds"], session["viewport"]), (5, [375, 667]))
        self.assertEqual(session["environment"]["dynamicType"], "xxL")
        self.assertEqual(Select(self.driver.find_element(By.ID, "dynamic-type")).first_selected_option.text, "xxL")

    def test_a_copied_link_restores_configuration_and_viewport(self):
        self.open_component("curtain")
        self.wait_fields(1)
        Select(self.driver.find_element(By.ID, "viewport")).select_by_visible_text("iPhone SE (375 × 667)")
        self.driver.find_element(By.ID, "folds-up").click()
        self.driver.find_element(By.ID, "folds-up").click()
        self.wait_for("document.getElementById('folds').value === '6'")
        self.driver.find_element(By.ID, "copy-link").click()
        link = self.wait_for("document.body.dataset.link")
        query = parse_qs(urlparse(link).query)
        self.assertEqual((query["session"], query["viewport"]), ([self.session], ["375x667"]))
        self.assertEqual(json.loads(query["config"][0])["folds"], 6)

        # The link, opened in another tab while this page keeps the session (a page that is
        # left closes its socket, and a session with no viewer ends), joins the same session
        # and shows its folds and viewport.
        first_tab = self.driver.current_window_handle
        self.driver.switch_to.new_window("tab")
        self.driver.get(link)
        self.wait_for(f"document.body.dataset.session === '{self.session}' && document.body.dataset.configFields === '1'")
        self.wait_for("document.getElementById('folds').value === '6'")
        self.assertEqual(Select(self.driver.find_element(By.ID, "viewport")).first_selected_option.text,
                         "iPhone SE (375 × 667)")
        self.driver.close()
        self.driver.switch_to.window(first_tab)
        # With the session gone, the same link opens a new one with that configuration and viewport.
        gone = link.replace(f"session={self.session}", "session=00000000")
        self.driver.get(gone)
        self.wait_for("document.body.dataset.session && document.body.dataset.session !== '00000000'"
                      f" && document.body.dataset.session !== '{self.session}'")
        new_session = self.dataset("session")
        with self.client() as watcher:
            session, text = self.first_frame(watcher, {"type": "join", "session": new_session})
        self.assertEqual((session["configuration"]["folds"], session["viewport"]), (6, [375, 667]))
        self.assertEqual(json.loads(frame_list_bytes(text))["size"], [375, 667])

    def test_a_recording_downloads(self):
        self.open_component("morph-container")
        self.driver.find_element(By.ID, "record").click()
        self.wait_for("document.getElementById('record').getAttribute('aria-pressed') === 'true'")
        self.driver.find_element(By.ID, "record").click()
        link = self.wait_for("document.querySelector('#recordings a[download]')", timeout=10)
        name = link.get_attribute("download")
        folder = self.downloads()
        link.click()
        text = self.downloaded(folder, name)
        header = json.loads(text.splitlines()[0])
        self.assertEqual((header["format"], header["component"]), ("morph.recording", "morph-container"))
        self.assertEqual(text, (Path(self.record_dir) / name).read_text())

    def test_a_dropped_recording_replays_on_the_server_frame_by_frame(self):
        hashes = subprocess.run([str(executable("morph")), "replay", str(FIXTURE), "--hashes"],
                                capture_output=True, text=True, check=True).stdout.split("\n")
        hashes = [line.split()[2] for line in hashes if line]
        self.open_component("hero-card")
        drop = """
            const file = new File([arguments[0]], 'dropped.jsonl', {type: 'application/jsonl'});
            const data = new DataTransfer();
            data.items.add(file);
            // Dropped on the canvas: anywhere on the page will do.
            document.getElementById('canvas').dispatchEvent(
                new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));"""
        # Beyond morphd's 64 KiB message limit the page says so and sends nothing.
        header = FIXTURE.read_text().splitlines()[0]
        self.driver.execute_script(drop, header + "\n" + '{"t":0,"kind":"tap","x":1,"y":1}\n' * 2000)
        self.wait_for("!document.getElementById('message').hidden")
        self.assertIn("65536", self.driver.find_element(By.ID, "message-text").text)
        self.assertEqual(self.dataset("session"), self.session)
        self.driver.find_element(By.ID, "message-dismiss").click()

        self.driver.execute_script(drop, FIXTURE.read_text())
        self.wait_for("!document.getElementById('timeline').hidden && document.body.dataset.component === 'morph-container'",
                      message=f"the timeline never showed\n{self.console()}")
        replay_session = self.dataset("session")
        self.assertEqual(self.driver.find_element(By.ID, "timeline-scrub").get_attribute("max"), str(len(hashes) - 1))

        def shown_hash() -> str:
            with self.client() as watcher:
                return hashlib.sha256(frame_list_bytes(
                    self.first_frame(watcher, {"type": "join", "session": replay_session})[1])).hexdigest()

        forward = self.driver.find_element(By.ID, "timeline-forward")
        for expected in (1, 2, 3):
            forward.click()
            self.wait_for(f"document.body.dataset.timelineShown === '{expected}'"
                          f" && document.body.dataset.framesDrawn")
        self.assertEqual(shown_hash(), hashes[3])
        self.driver.find_element(By.ID, "timeline-back").click()
        self.wait_for("document.body.dataset.timelineShown === '2'")
        self.assertEqual(shown_hash(), hashes[2])
        # Next event skips the still stretch to the frame the next input lands on: each event's
        # time in the fixture at its frame rate, rounded up to a frame.
        lines = [json.loads(line) for line in FIXTURE.read_text().splitlines() if line.strip()]
        fps = lines[0].get("frameRate", 60)
        landing = sorted({math.ceil(event["t"] * fps - 1e-6) for event in lines[1:]})
        following = [frame for frame in landing if frame > 2]
        self.assertTrue(following, f"the fixture has inputs after frame 2: {landing}")
        self.driver.find_element(By.ID, "timeline-next-event").click()
        self.wait_for(f"document.body.dataset.timelineShown === '{following[0]}'",
                      message=f"next event from frame 2 should show frame {following[0]} of {landing}")
        self.assertEqual(shown_hash(), hashes[following[0]])
        # A tick under the scrubber marks each run of input frames, titled with its frames;
        # clicking the last one (real pointer input) goes there.
        runs = []
        for frame in landing:
            if frame >= len(hashes):
                continue
            if runs and frame == runs[-1][1] + 1:
                runs[-1][1] = frame
            else:
                runs.append([frame, frame])
        markers = self.driver.find_elements(By.CSS_SELECTOR, "#timeline-markers .event-marker")
        self.assertEqual([int(m.get_attribute("data-frame")) for m in markers], [run[0] for run in runs])
        first, end = runs[-1]
        self.assertEqual(markers[-1].get_attribute("title"),
                         f"Input at frame {first + 1} ({first / fps:.2f} s)" if first == end else
                         f"Inputs on frames {first + 1}–{end + 1} ({first / fps:.2f} s – {end / fps:.2f} s)")
        ActionChains(self.driver).move_to_element(markers[-1]).click().perform()
        self.wait_for(f"document.body.dataset.timelineShown === '{first}'",
                      message=f"the marker at frame {first} did not seek there\n{self.console()}")
        self.assertEqual(shown_hash(), hashes[first])
        violations = self.axe("document.getElementById('timeline')")
        self.assertEqual(violations, [], f"axe-core violations on the timeline:\n{json.dumps(violations, indent=1)}")
        # Scrub: the slider moved by script fires the input event a drag fires.
        middle = len(hashes) // 2
        self.driver.execute_script(
            "const s = document.getElementById('timeline-scrub'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('input'))", middle)
        self.wait_for(f"document.body.dataset.timelineShown === '{middle}'")
        self.assertEqual(shown_hash(), hashes[middle])
        # Play runs to the last frame and stops there.
        self.driver.find_element(By.ID, "timeline-play").click()
        self.wait_for(f"document.body.dataset.timelineShown === '{len(hashes) - 1}'", timeout=20)
        self.wait_for("document.getElementById('timeline-play').textContent === 'Play'")
        self.assertEqual(shown_hash(), hashes[-1])
        self.driver.execute_script("document.getElementById('timeline').scrollIntoView({block: 'center'})")
        self.screenshot("config-timeline")
