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
