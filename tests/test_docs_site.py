"""Docs stage: the MkDocs site builds strictly, with generated rulebook, diff and CLI reference pages."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from touring_dsl.language.locate import archive_files

ROOT = Path(__file__).parent.parent
PAIRS = [("touring-1906", "touring-1937"), ("touring-1937", "touring-1937-penalties"),
         ("touring-1937", "touring-1965"), ("touring-1965", "touring-reprint")]

pytest.importorskip("material")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    target = tmp_path_factory.mktemp("site")
    before = sorted(p.relative_to(ROOT) for p in (ROOT / "docs").rglob("*"))
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(target)],
                            cwd=ROOT, capture_output=True, text=True, env={"NO_MKDOCS_2_WARNING": "1",
                                                                         "PATH": "/usr/bin:/bin"},
                            timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    after = sorted(p.relative_to(ROOT) for p in (ROOT / "docs").rglob("*") if "__pycache__" not in p.parts)
    return target, before, after


def test_nothing_generated_is_written_under_docs(site):
    _, before, after = site
    assert [p for p in after if p not in before] == []


def test_one_rulebook_page_per_archive_edition(site):
    target, _, _ = site
    for path in archive_files():
        page = target / "editions" / path.stem / "index.html"
        assert page.exists(), path.stem
        html = page.read_text(encoding="utf-8")
        assert "Sources and assumptions" in html and "Object of the game" in html
        assert (target / "editions" / f"{path.stem}.pdf").read_bytes().startswith(b"%PDF")
        assert (target / "editions" / f"{path.stem}.html").exists()
    index = (target / "editions" / "index.html").read_text(encoding="utf-8")
    assert all(path.stem in index for path in archive_files())


def test_each_rulebook_page_heading_names_its_edition(site):
    import re

    target, _, _ = site
    headings = {}
    for path in archive_files():
        html = (target / "editions" / path.stem / "index.html").read_text(encoding="utf-8")
        heading = re.sub(r"<[^>]+>", "", re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S).group(1))
        assert path.stem in heading, heading
        headings[path.stem] = heading
    assert headings["touring-1937"].startswith("Touring: The Great Automobile Card Game (1937")
    assert len(set(headings.values())) == len(headings)


def test_the_home_page_diagram_fits_beside_no_copy_button(site):
    import re

    target, _, _ = site
    html = (target / "index.html").read_text(encoding="utf-8")
    block = re.search(r'<div class="[^"]*no-copy[^"]*highlight"><pre>.*?</pre>', html, re.S)
    assert block, "the pipeline diagram is a text block without a copy button"
    text = re.sub(r"<[^>]+>", "", block.group(0))
    assert "Ruleset" in text and max(len(line) for line in text.splitlines()) <= 60


def test_wide_tables_scroll(site):
    target, _, _ = site
    css = (target / "stylesheets" / "extra.css").read_text(encoding="utf-8")
    assert "overflow-x: auto" in css
    assert 'href="../stylesheets/extra.css"' in (target / "balance" / "index.html").read_text(encoding="utf-8")


def test_diff_pages_for_each_pair(site):
    target, _, _ = site
    for a, b in PAIRS:
        assert (target / "diffs" / f"{a}--{b}" / "index.html").exists(), (a, b)


def test_cli_reference_lists_every_subcommand(site):
    import typer.main

    from touring_dsl.cli.app import app

    target, _, _ = site
    html = (target / "cli" / "index.html").read_text(encoding="utf-8")
    root = typer.main.get_command(app)
    commands = root.list_commands(None)  # subcommands are built lazily: ask for their names
    assert "show" in commands and "compare" in commands
    for name in commands:
        assert f"touring {name}" in html, name


def test_touring_code_is_highlighted(site):
    target, _, _ = site
    html = (target / "index.html").read_text(encoding="utf-8")
    assert '<span class="kd">race</span>' in html  # the lexer's section keyword


def test_pages_written_by_others_are_in_the_site(site):
    target, _, _ = site
    for page in ("language", "errors", "house-rules", "balance", "getting-started", "cli"):
        assert (target / page / "index.html").exists(), page


# Every page at a desktop width and at a phone's, in a real browser: no text may run off the page or
# be clipped by its box. A wide table may scroll sideways in its own box; a code block wraps its lines.
VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}
OVERFLOW_JS = """
() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  if (document.documentElement.scrollWidth > width + 1) {
    found.push(`the page scrolls sideways (${document.documentElement.scrollWidth}px in ${width}px)`);
  }
  const root = document.querySelector('.md-content') || document.body;
  for (const code of root.querySelectorAll('pre > code')) {  // a code block wraps: none hides its line ends
    if (code.scrollWidth > code.clientWidth + 1) found.push(`code cut off: ${code.textContent.trim().slice(0, 60)}`);
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const element = node.parentElement;
    if (!node.textContent.trim() || !element || !element.getClientRects().length) continue;
    let box = null;  // the nearest ancestor that does not let its content overflow
    for (let a = element; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') { box = a; break; }
    }
    if (box && ['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) continue;
    const limit = box ? box.getBoundingClientRect() : {left: 0, right: width};
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width > 0 && (r.right > limit.right + 1 || r.left < limit.left - 1)) {
        found.push(`${element.tagName.toLowerCase()}: ${node.textContent.trim().slice(0, 60)}`);
        break;
      }
    }
  }
  return found.slice(0, 5);
}
"""


def test_no_page_lets_text_run_off_at_desktop_or_phone_width(site):
    import shutil

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("no chromium on this machine (CI installs it: .ci/run)")
    playwright = pytest.importorskip("playwright.sync_api")
    target, _, _ = site
    pages = sorted(target.rglob("*.html"))
    assert len(pages) > 10
    problems = []
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            for name, (width, height) in VIEWPORTS.items():
                tab = browser.new_page(viewport={"width": width, "height": height})
                for page in pages:
                    if page.name == "404.html":
                        continue
                    tab.goto(page.as_uri())
                    found = tab.evaluate(OVERFLOW_JS)
                    if found:
                        problems.append(f"{page.relative_to(target)} at {name} width: " + "; ".join(found))
                tab.close()
        finally:
            browser.close()
    assert problems == [], "\n".join(problems)
