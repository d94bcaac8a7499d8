"""Browser test harness for the Morph preview page: servers, a headless Chromium, and
canvas pixel reads.

`PageTestCase` starts one Chromium per test class. Subclasses pick what serves the page:
the default is a plain static server over web-preview/ (fonts from fonts-inter under
/fonts/), which is enough for offline `?frames=` tests; a morphd-backed class overrides
`start_server()` with a `MorphdProcess` (Tests/support/morph_fixtures.py, shared with the
integration tests) and reads `cls.base_url`. A missing Chromium, driver or font fails the
class; nothing here skips.
"""

from __future__ import annotations

import functools
import http.server
import os
import sys
import tempfile
import threading
import time
import unittest
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from morph_fixtures import REPO, MorphdProcess, executable, free_port  # noqa: E402,F401

WEB_ROOT = REPO / "web-preview"
PICTURES = REPO / "Examples" / "components" / "images"
FONT_DIR = Path("/usr/share/fonts/opentype/inter")
MONO_FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")  # DejaVu Sans Mono, also at /fonts/
ARTIFACTS = REPO / "artifacts" / "browser"
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def wait_for_http(url: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except Exception:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{url} did not answer within {timeout} s")
            time.sleep(0.05)


class _Handler(http.server.SimpleHTTPRequestHandler):
    """web-preview/ at /, Inter and DejaVu Sans Mono at /fonts/ (what morphd serves), no
    caching, quiet."""

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if clean.startswith("/fonts/"):
            name = Path(clean).name
            return str(FONT_DIR / name if (FONT_DIR / name).exists() else MONO_FONT_DIR / name)
        return super().translate_path(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *args) -> None:
        pass


class StaticServer:
    """Python's http.server over web-preview/ on a free loopback port, in a thread."""

    def __init__(self, root: Path = WEB_ROOT):
        _Handler.extensions_map = {**_Handler.extensions_map, ".js": "text/javascript",
                                   ".jsonl": "application/jsonl", ".otf": "font/otf", ".ttf": "font/ttf"}
        handler = functools.partial(_Handler, directory=str(root))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def start(self) -> "StaticServer":
        self.thread.start()
        wait_for_http(self.base_url)
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def web_root_with_pictures() -> tempfile.TemporaryDirectory:
    """A temporary root for a StaticServer: web-preview/ through symlinks, plus the components'
    pictures at /images/images/ (where morphd serves a list's `images/...` sources). The
    caller may add files and cleans it up."""
    root = tempfile.TemporaryDirectory()
    path = Path(root.name)
    for entry in WEB_ROOT.iterdir():
        (path / entry.name).symlink_to(entry)
    (path / "images").mkdir()
    (path / "images" / "images").symlink_to(PICTURES)
    return root


def with_debug(query: str) -> str:
    """`query` ("" or "?a=b...") with the page's debug hook turned on."""
    return query + ("&" if "?" in query else "?") + "debug=1"


def require_browser() -> None:
    """Chromium, its driver, Inter and DejaVu Sans Mono must be installed (scripts/deps.sh
    does it)."""
    missing = [str(path) for path in (Path(CHROMIUM), Path(CHROMEDRIVER), FONT_DIR / "Inter-Regular.otf",
                                      MONO_FONT_DIR / "DejaVuSansMono.ttf")
               if not path.exists()]
    if missing:
        raise RuntimeError(f"browser tests need {', '.join(missing)}: run scripts/deps.sh")


def make_driver(extra_args=()) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--hide-scrollbars", "--force-color-profile=srgb", "--window-size=1200,900",
                *extra_args):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


class PageTestCase(unittest.TestCase):
    """One Chromium and one server per class; helpers speak in viewport points."""

    server = None
    driver = None
    # Extra Chromium flags for a class, e.g. WebGL on SwiftShader for the curtain kernel.
    chromium_args = ()

    @classmethod
    def start_server(cls):
        return StaticServer().start()

    @classmethod
    def setUpClass(cls) -> None:
        require_browser()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        cls.server = cls.start_server()
        cls.base_url = cls.server.base_url
        try:
            cls.driver = make_driver(cls.chromium_args)
        except Exception:
            cls.server.stop()
            raise

    @classmethod
    def tearDownClass(cls) -> None:
        if cls.driver:
            cls.driver.quit()
        if cls.server:
            cls.server.stop()

    # -- page ------------------------------------------------------------------------

    def open_page(self, query: str = "", width: int = 1200, height: int = 960,
                  dpr: float = 1.0) -> None:
        """Sets an exact viewport and device scale (DevTools), then loads the page with its
        debug hook on (`debug=1`: the data-* attributes these tests read; js/debug.js).
        The default window shows an 844 pt viewport at 100 % (the stage's fit zoom never
        shrinks it), so a point is a CSS px as these tests assume."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": dpr, "mobile": False})
        self.dpr = dpr
        self.driver.get(self.base_url + with_debug(query))

    def wait_for(self, script: str, timeout: float = 10.0, message: str = ""):
        """Polls a JS expression until it is truthy; returns its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.driver.execute_script(f"return ({script});")
            if value:
                return value
            if time.monotonic() > deadline:
                self.fail(message or f"timed out waiting for {script}\n{self.console()}")
            time.sleep(0.05)

    def wait_for_frames(self, count: int = 1, fonts: bool = True) -> None:
        self.wait_for(f"Number(document.body.dataset.framesDrawn || 0) >= {count}")
        if fonts:
            # Inter may arrive after the first draw; the redraw it triggers is marked.
            self.wait_for("document.body.dataset.fontsSettled === 'true'")

    def console(self) -> str:
        try:
            return "\n".join(e["message"] for e in self.driver.get_log("browser"))
        except Exception:
            return ""

    def screenshot(self, name: str) -> Path:
        path = ARTIFACTS / f"{name}.png"
        self.driver.save_screenshot(str(path))
        return path

    # -- canvas ----------------------------------------------------------------------

    def bleed_pixels(self) -> int:
        """Back-buffer pixels the canvas shows past the viewport's top-left (a list's `bleed`)."""
        bleed = self.driver.execute_script(
            "return -(parseFloat(document.getElementById('canvas').style.marginLeft) || 0)")
        return round(bleed * self.dpr)

    def pixel(self, x: float, y: float) -> tuple[int, int, int, int]:
        """RGBA of the back-buffer pixel under viewport point (x, y)."""
        b = self.bleed_pixels()
        return tuple(self.driver.execute_script(
            "const c = document.getElementById('canvas');"
            "const d = c.getContext('2d').getImageData(arguments[0], arguments[1], 1, 1).data;"
            "return [d[0], d[1], d[2], d[3]];",
            int(x * self.dpr) + b, int(y * self.dpr) + b))

    def pixels(self, points) -> list[tuple[int, int, int, int]]:
        """`pixel` of each viewport point, read in one script (one round trip, one frame)."""
        b = self.bleed_pixels()
        return [tuple(rgba) for rgba in self.driver.execute_script(
            "const c = document.getElementById('canvas').getContext('2d');"
            "return arguments[0].map(([x, y]) => Array.from(c.getImageData(x, y, 1, 1).data));",
            [[int(x * self.dpr) + b, int(y * self.dpr) + b] for x, y in points])]

    def region(self, x: float, y: float, w: float, h: float) -> list[tuple[int, int, int, int]]:
        b = self.bleed_pixels()
        data = self.driver.execute_script(
            "const c = document.getElementById('canvas');"
            "return Array.from(c.getContext('2d').getImageData(...arguments).data);",
            int(x * self.dpr) + b, int(y * self.dpr) + b, max(1, int(w * self.dpr)), max(1, int(h * self.dpr)))
        return [tuple(data[i:i + 4]) for i in range(0, len(data), 4)]

    def assertColor(self, actual, expected, tolerance: float = 2, msg: str = "") -> None:
        """Each RGB(A) channel within `tolerance` (0...255) of `expected` (0...255)."""
        diffs = [abs(a - e) for a, e in zip(actual, expected)]
        if max(diffs) > tolerance:
            self.fail(f"{msg} colour {tuple(actual)} != {tuple(expected)} (±{tolerance})")


def rgb(color) -> tuple[float, ...]:
    """A display-list colour [r, g, b, a] in 0...255 channels."""
    return tuple(c * 255 for c in color[:3])


def over(src, alpha: float, dst) -> tuple[float, ...]:
    """src drawn at alpha over an opaque dst, in 0...255 channels."""
    return tuple(s * alpha + d * (1 - alpha) for s, d in zip(src, dst))
