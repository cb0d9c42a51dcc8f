"""Web stage, the workshop's pages: where to start a draft, and a draft's editor beside the panes that follow
its text (the rulebook, the changes against its parent, the worked examples, a balance run, a table to play
it at). Every value is escaped; the editor (static/workshop-editor.js, built from editor/ by
scripts/build_editor.sh) and the page's script (static/workshop-page.js) fill in the live parts.
"""
from __future__ import annotations

from html import escape

from .pages import page

EDITOR_BUNDLE = "workshop-editor.js"
PAGE_SCRIPT = "workshop-page.js"


def start(editions: list[dict], error: str | None = None) -> str:
    """The workshop's first page: start a draft from an archive edition."""
    options = "".join(f'<option value="{escape(e["id"])}">'
                      f'{escape(e["title"])} ({escape(e["id"])})</option>' for e in editions)
    problem = (f'<section class="error" role="alert"><h2>The draft was not started</h2>'
               f"<pre>{escape(error)}</pre></section>") if error else ""
    body = f"""<main class="narrow">
<h1>Touring: the workshop</h1>
<p>Write a house rule and see, as you type, what its rulebook will say, what it changes, whether its worked
examples still hold and how bots fare with it; then play it.</p>
{problem}
<form method="post" action="/workshop/drafts" id="new-draft">
<fieldset><legend>Start from</legend>
<label for="edition">An edition of the archive</label>
<select id="edition" name="edition">{options}</select>
<p><input type="radio" id="start-house" name="start" value="house" checked><label for="start-house" class="inline">A
house rule of it: it plays as the edition does, with changes you could make written in, ready to switch on</label></p>
<p><input type="radio" id="start-copy" name="start" value="copy"><label for="start-copy" class="inline">Its whole
file, to make an edition of your own</label></p>
</fieldset>
<button type="submit" class="primary">Start writing</button>
</form>
<p class="hint">A draft is kept on this server under its own link: keep the link to come back to it, or download
the file. <a href="/">Back to the tables</a></p>
</main>"""
    return page("Touring: the workshop", body)


TABS = (("rulebook", "Rulebook"), ("diff", "Changes"), ("examples", "Examples"), ("balance", "Balance"),
        ("play", "Play it"))


def editor(draft_id: str, text: str, nonce: str, max_players: int) -> str:
    """A draft's editor and its panes. The text is in a textarea the editor replaces (without scripts, it
    is still there to copy)."""
    tabs = "".join(f'<button type="button" role="tab" id="tab-{key}" aria-controls="pane-{key}" data-pane="{key}"'
                   f' aria-selected="{"true" if key == "rulebook" else "false"}">{label}</button>'
                   for key, label in TABS)
    players = "".join(f'<option value="{n}"{" selected" if n == 2 else ""}>{n}</option>'
                      for n in range(1, max_players + 1))
    bots = "".join(f'<option value="{bot}">{bot}</option>' for bot in ("expert", "greedy", "random", "scorer"))
    body = f"""<header class="bar"><h1>Workshop: <span id="draft-title">a draft</span></h1>
<nav><a id="download" href="/workshop/d/{escape(draft_id)}/file" download>Download the file</a>
<a href="/workshop">Start another</a></nav></header>
<main id="workshop" class="workshop" data-draft="{escape(draft_id)}" data-nonce="{escape(nonce)}">
<section class="source-area" aria-label="The draft">
<div id="editor" class="editor"><textarea id="source" rows="24" spellcheck="false"
aria-label="The draft's text">{escape(text)}</textarea></div>
<p id="check-status" class="check-status" role="status" aria-live="polite">Not checked yet.</p>
<ul id="problems" class="problems" aria-label="Problems"></ul>
</section>
<section class="panes" aria-label="What the draft makes">
<div class="tabs" role="tablist">{tabs}</div>
<p id="panes-note" class="panes-note" role="status" hidden>The draft does not compile as it stands: the panes show the
last version that did.</p>
<section id="pane-rulebook" class="pane rulebook-pane" role="tabpanel" aria-labelledby="tab-rulebook">
<p class="hint">The rulebook appears here once the draft compiles.</p></section>
<section id="pane-diff" class="pane" role="tabpanel" aria-labelledby="tab-diff" hidden></section>
<section id="pane-examples" class="pane" role="tabpanel" aria-labelledby="tab-examples" hidden>
<p><button type="button" id="run-examples">Run the examples again</button></p>
<p id="examples-summary" role="status"></p><ol id="examples-list" class="examples-list"></ol></section>
<section id="pane-balance" class="pane" role="tabpanel" aria-labelledby="tab-balance" hidden>
<form id="balance-form" class="compact">
<label for="balance-players">Players</label><select id="balance-players">{players}</select>
<label for="balance-first">Bot</label><select id="balance-first">{bots}</select>
<label for="balance-second">against</label><select id="balance-second"><option value="">itself</option>{bots}</select>
<label for="balance-games">Games</label><input type="number" id="balance-games" min="1" max="400" value="100">
<button type="submit" id="run-balance">Run</button></form>
<progress id="balance-progress" max="1" value="0" hidden></progress>
<div id="balance-result" aria-live="polite"></div></section>
<section id="pane-play" class="pane" role="tabpanel" aria-labelledby="tab-play" hidden>
<p>A table with this draft's rules, as it stands now; its page gives each seat's link.</p>
<form id="play-form" class="compact">
<label for="play-players">Players</label><select id="play-players">{players}</select>
<label for="play-others">The other seats</label><select id="play-others"><option value="human">people</option>
<option value="easy">bot: easy</option><option value="medium">bot: medium</option>
<option value="hard">bot: hard</option>
<option value="expert">bot: expert</option></select>
<button type="submit" id="play-it" class="primary">Play it</button></form>
<p id="play-status" role="status"></p></section>
</section>
</main>"""
    return page("Touring: the workshop", body, (EDITOR_BUNDLE, PAGE_SCRIPT), body_class="workshop-page")
