#!/usr/bin/env python3
"""Takes the README's picture of the preview page: a debug morphd serving Examples/components,
headless Chromium at 1280×900, the curtain held half folded by a real pointer drag.

    python3 scripts/page_screenshot.py [--out docs/page.png]

Uses the browser tests' harness (Tests/browser/harness.py): the same Chromium, driver and
fonts, and a morphd on a free loopback port. Needs `swift build` first.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "browser"))
from harness import REPO, MorphdProcess, make_driver, require_browser, with_debug  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "docs" / "page.png"), help="where to write the PNG")
    args = parser.parse_args()
    require_browser()
    server = MorphdProcess("--components", str(REPO / "Examples" / "components")).start()
    driver = make_driver(("--window-size=1280,900",))
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        driver.get(server.base_url + with_debug("?component=curtain"))
        deadline = time.monotonic() + 20
        while not driver.execute_script(
                "return Number(document.body.dataset.framesDrawn || 0) >= 1 && "
                "document.body.dataset.fontsSettled === 'true'"):
            if time.monotonic() > deadline:
                raise TimeoutError("the page drew no frame")
            time.sleep(0.05)
        Select(driver.find_element("id", "component")).select_by_value("curtain")
        time.sleep(1.0)
        left, top, width, height = driver.execute_script(
            "const r = canvas.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
        viewport = driver.execute_script("return [canvas.dataset.viewportWidth, canvas.dataset.viewportHeight]")
        points_w, points_h = (float(v) for v in viewport) if all(viewport) else (390.0, 844.0)

        def client(x: float, y: float) -> tuple[int, int]:
            return round(left + x * width / points_w), round(top + y * height / points_h)

        # Press on the trailing handle, drag to the middle and hold there (no release).
        chain = ActionChains(driver, duration=40)
        chain.w3c_actions.pointer_action.move_to_location(*client(points_w - 8, points_h / 2))
        chain.w3c_actions.pointer_action.pointer_down()
        for step in range(1, 25):
            x = points_w - 8 - step * (points_w * 0.5) / 24
            chain.w3c_actions.pointer_action.move_to_location(*client(x, points_h / 2))
            chain.w3c_actions.pointer_action.pause(0.016)
        chain.w3c_actions.pointer_action.pause(0.6)
        chain.perform()
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(args.out)
        ActionChains(driver).release().perform()
        print(f"page_screenshot: wrote {args.out}")
        return 0
    finally:
        driver.quit()
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
