#!/usr/bin/env python3
"""Takes the README's pictures of the preview page: a debug morphd serving Examples/components,
headless Chromium at 1280×900, the curtain held half folded by a real pointer drag; with
--variants, the variants page (variants.html) with the curtain at three Dynamic Type sizes,
all three held half folded by one drag on the first; with --inspector, the container opened
by a tap while the inspector plots its surface's height, the machine graph beside it.

    python3 scripts/page_screenshot.py [--out docs/page.png]
    python3 scripts/page_screenshot.py --variants [--out docs/variants.png]
    python3 scripts/page_screenshot.py --inspector [--out docs/inspector.png]

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
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--variants", action="store_true", help="the variants page instead of the main page")
    which.add_argument("--inspector", action="store_true", help="the main page's inspector at work")
    parser.add_argument("--out", help="where to write the PNG (docs/page.png, docs/variants.png, docs/inspector.png)")
    args = parser.parse_args()
    name = "variants" if args.variants else "inspector" if args.inspector else "page"
    args.out = args.out or str(REPO / "docs" / f"{name}.png")
    require_browser()
    server = MorphdProcess("--components", str(REPO / "Examples" / "components")).start()
    driver = make_driver(("--window-size=1280,900",))
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        if args.variants:
            driver.get(server.base_url + with_debug("variants.html?component=curtain&dynamicType=xS,L,AX3"))
            drawn = ("return [0, 1, 2].every((i) => document.getElementById('cell-' + i)?.dataset.framesDrawn >= 1"
                     " && document.getElementById('cell-' + i).dataset.fontsSettled === 'true')")
            target = "document.querySelector('#cell-0 canvas')"
        elif args.inspector:
            return inspector_screenshot(driver, server, args.out)
        else:
            driver.get(server.base_url + with_debug("?component=curtain"))
            drawn = ("return Number(document.body.dataset.framesDrawn || 0) >= 1 && "
                     "document.body.dataset.fontsSettled === 'true'")
            target = "canvas"
        deadline = time.monotonic() + 20
        while not driver.execute_script(drawn):
            if time.monotonic() > deadline:
                raise TimeoutError("the page drew no frame")
            time.sleep(0.05)
        if not args.variants:
            Select(driver.find_element("id", "component")).select_by_value("curtain")
        time.sleep(1.0)
        left, top, width, height = driver.execute_script(
            f"const r = {target}.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
        points_w, points_h = 390.0, 844.0  # the curtain's viewport, an iPhone 15

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


def wait(driver, script: str, what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not driver.execute_script(f"return ({script})"):
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        time.sleep(0.05)


def inspector_screenshot(driver, server, out: str) -> int:
    """The container's surface picked from the node tree, its height plotted while a tap opens
    the card; the panel scrolled to the inspector."""
    driver.get(server.base_url + with_debug("?component=morph-container"))
    wait(driver, "document.body.dataset.fontsSettled === 'true' && document.body.dataset.machineState === 'collapsed'",
         "the page drew no frame")
    driver.find_element("css selector", ".inspect-nodes summary").click()
    driver.find_element("css selector", "#inspect-tree button[data-id='surface']").click()
    driver.find_element("id", "inspect-plot-height").click()
    driver.execute_script("document.getElementById('inspect-machine').scrollIntoView({block: 'end'})")
    node = driver.find_element("css selector", "#a11y .a11y-node[data-id='card']")
    chain = ActionChains(driver)
    chain.w3c_actions.pointer_action.move_to_location(*driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [Math.round(r.right - 20), Math.round(r.top + r.height / 2)]",
        node))
    chain.click().perform()
    wait(driver, "document.body.dataset.machineState === 'expanded'", "the card never opened")
    time.sleep(0.5)
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(out)
    print(f"page_screenshot: wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
