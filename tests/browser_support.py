"""Test support for the real-browser tests: the system's chromium driven by Playwright (never a downloaded
browser build), the two screen sizes every page is looked at, and the fixtures the browser test modules
share (a `touring serve` of the module's own on a free port, and one browser). A module imports what it uses:

    from browser_support import SIZES, browser, needs_chromium, server
    pytestmark = needs_chromium
"""
from __future__ import annotations

import shutil

import pytest

from web_support import Server

playwright = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no system chromium (.ci/run installs it)")
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
PHONE = SIZES["phone"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("tables")).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


def viewport_of(size) -> dict:
    """A screen: a name of SIZES ("phone", "desktop") or a viewport dict."""
    return SIZES[size] if isinstance(size, str) else size


def open_page(browser, url, size, wait="#app[data-moves]", reduced=False, init_script=None):
    """The page at url in a context of its own at a screen size, with the errors it logs kept in page.errors;
    wait: a selector to wait for (None: none); reduced: the system asks for reduced motion; init_script: run
    in the page before its own scripts."""
    context = browser.new_context(viewport=viewport_of(size), reduced_motion="reduce" if reduced else "no-preference")
    page = context.new_page()
    if init_script:
        page.add_init_script(init_script)
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.on("console", lambda msg: msg.type == "error" and page.errors.append(msg.text))
    page.goto(url)
    if wait:
        page.wait_for_selector(wait)
    return page


def assert_fits(page, size, what: str) -> None:
    """The page does not scroll sideways on its screen."""
    width, screen = page.evaluate("document.documentElement.scrollWidth"), viewport_of(size)["width"]
    assert width <= screen, f"{what} is {width}px wide on a {screen}px screen"
