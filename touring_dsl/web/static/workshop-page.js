// The workshop's page: the draft's editor (workshop-editor.js, CodeMirror) beside the panes that follow its
// text. Each pause in typing saves the draft and checks it (the editor underlines what the check finds); the
// pane in view is then made again from the text: the rulebook, the changes against the parent, the worked
// examples (marked on their lines). Balance and Play it run when asked. Every word from the server is put in
// the page as text, except the rulebook's HTML, which the server's rulebook stage made with every value escaped.
"use strict";

(function () {
  const root = document.getElementById("workshop");
  if (!root || !window.TouringEditor) return;
  const draft = root.dataset.draft;
  const status = document.getElementById("check-status");
  const problems = document.getElementById("problems");
  const panes = {};
  let editor = null;
  let checked = null;   // the text of the last check's answer, and whether it compiled
  let compiles = false;
  let shown = "rulebook";
  const madeFor = {};   // pane -> the text it was last made from
  let saveTimer = null;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  // every request names the draft: the server's worker keeps its analysis between requests under it
  async function ask(task, body) {
    let response;
    try {
      response = await fetch(`/workshop/api/${task}`, {method: "POST", headers: {"content-type": "application/json"},
                                                       body: JSON.stringify({...body, draft})});
    } catch (err) {
      status.textContent = "The server cannot be reached; your text is still here.";
      return null;
    }
    const answer = await response.json().catch(() => null);
    if (!response.ok) {
      if (task === "check" || task === "play") status.textContent = (answer && answer.error) || "The server refused.";
      return task === "play" ? answer : null;
    }
    return answer;
  }

  // saving ---------------------------------------------------------------------------------------------
  function saveSoon() {
    clearTimeout(saveTimer);
    root.dataset.saved = "pending";
    saveTimer = setTimeout(save, 800);
  }

  async function save(leaving) {
    saveTimer = null;
    const body = JSON.stringify({text: editor.text()});
    // a request that outlives the page may carry 64 KB at most (the browser's rule)
    const response = await fetch(`/workshop/api/drafts/${draft}`, {method: "POST", keepalive: leaving === true &&
      body.length < 60000, headers: {"content-type": "application/json"}, body}).catch(() => null);
    root.dataset.saved = response && response.ok ? "yes" : "no";
    if (response && !response.ok) {
      const answer = await response.json().catch(() => null);
      status.textContent = (answer && answer.error) || "The draft was not saved: keep a copy (Download the file).";
    }
  }

  // leaving the page (or the phone locking it) with a save still waiting: it is sent now
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden" && saveTimer) { clearTimeout(saveTimer); save(true); }
  });

  // the check's answer: the status line, the list of problems, then the pane in view ----------------------
  function onChecked(answer) {
    checked = editor.text();
    compiles = answer.compiles;
    const errors = answer.diagnostics.filter((d) => d.severity !== "warning").length;
    const warnings = answer.diagnostics.length - errors;
    status.textContent = compiles
      ? `It compiles: ${answer.title} (${answer.id})` + (warnings ? `, with ${warnings} warning${warnings > 1 ? "s" : ""}` : ".")
      : `${errors} error${errors === 1 ? "" : "s"} to mend before it compiles.`;
    status.dataset.state = compiles ? "ok" : "errors";
    document.getElementById("panes-note").hidden = compiles;
    if (answer.title) document.getElementById("draft-title").textContent = answer.title;
    problems.replaceChildren(...answer.diagnostics.map(problemItem));
    refresh(shown);
  }

  function problemItem(d) {
    const item = el("li", `problem ${d.severity}`);
    const where = el("button", "link", d.line ? `line ${d.line}` : "the file");
    where.type = "button";
    if (d.line) where.addEventListener("click", () => editor.goTo(d.line, d.column));
    item.append(where, el("span", "severity", ` ${d.severity}[${d.code}]: `), el("span", "message", d.message));
    if (d.hint) item.append(el("span", "hint", ` (hint: ${d.hint})`));
    for (const found of d.fixes || []) {
      const fix = el("button", "fix", found.title);
      fix.type = "button";
      fix.addEventListener("click", () => editor.applyFix(found));
      item.append(" ", fix);
    }
    return item;
  }

  // the panes ------------------------------------------------------------------------------------------
  function show(name) {
    shown = name;
    for (const tab of document.querySelectorAll("[role=tab]")) {
      const on = tab.dataset.pane === name;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      document.getElementById(`pane-${tab.dataset.pane}`).hidden = !on;
    }
    refresh(name);
  }

  async function refresh(name, force) {
    const text = editor.text();
    if (!panes[name] || (!force && madeFor[name] === text) || text !== checked || !compiles) return;
    madeFor[name] = text;
    const answer = await ask(name, {text});
    if (answer && editor.text() === text) panes[name](answer);
  }

  panes.rulebook = (answer) => {
    const pane = document.getElementById("pane-rulebook");
    const book = el("article", "rulebook");
    book.innerHTML = answer.html;  // made by the rulebook stage, every value escaped
    pane.replaceChildren(book);
    pane.dataset.title = answer.title;
  };

  panes.diff = (answer) => {
    const pane = document.getElementById("pane-diff");
    if (!answer.parent) {
      pane.replaceChildren(el("p", "hint", "This draft extends no edition: there is no parent to compare it with."));
      return;
    }
    const out = [el("p", "diff-headline", answer.same ? `The same rules as ${answer.parent_title} (${answer.parent}).`
      : `${answer.count} change${answer.count === 1 ? "" : "s"} from ${answer.parent_title} (${answer.parent}).`)];
    for (const topic of answer.topics) {
      out.push(el("h3", "", topic.title));
      const list = el("ul", "changes");
      for (const change of topic.changes) list.append(el("li", `change ${change.action}`, change.text));
      out.push(list);
    }
    pane.replaceChildren(...out);
  };

  panes.examples = (answer) => {
    const list = document.getElementById("examples-list");
    list.replaceChildren(...answer.examples.map((example) => {
      const item = el("li", example.passed ? "example-pass" : "example-fail");
      item.append(el("span", "mark", example.passed ? "\u2713 " : "\u2717 "));
      const title = el("button", "link", example.title);
      title.type = "button";
      if (example.line) title.addEventListener("click", () => editor.goTo(example.line, 1));
      item.append(title, el("span", "from", example.line ? ` (line ${example.line})` : " (from the parent edition)"));
      for (const failure of example.failures) item.append(el("p", "failure", failure.message));
      return item;
    }));
    document.getElementById("examples-summary").textContent =
      `${answer.passed} passed, ${answer.failed} failed` + (answer.examples.length ? "." : " (the draft has no examples).");
    // a tick or cross on each example's first line, and a cross on the line of each step that failed
    const marks = answer.examples.map((e) => ({line: e.line, passed: e.passed}));
    for (const e of answer.examples) for (const f of e.failures) if (f.line && f.line !== e.line) marks.push({line: f.line, passed: false});
    editor.setExampleMarks(marks);
  };

  document.getElementById("run-examples").addEventListener("click", () => refresh("examples", true));

  // balance, on demand ---------------------------------------------------------------------------------
  document.getElementById("balance-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const bar = document.getElementById("balance-progress");
    const result = document.getElementById("balance-result");
    const first = document.getElementById("balance-first").value;
    const second = document.getElementById("balance-second").value;
    const body = {text: editor.text(), players: Number(document.getElementById("balance-players").value),
                  bots: second ? [first, second] : [first], games: Number(document.getElementById("balance-games").value)};
    bar.hidden = false;
    bar.value = 0;
    result.replaceChildren(el("p", "hint", "Playing\u2026"));
    const response = await fetch("/workshop/api/balance", {method: "POST", headers: {"content-type": "application/json"},
                                                           body: JSON.stringify(body)}).catch(() => null);
    if (!response || !response.ok) {
      const answer = response ? await response.json().catch(() => null) : null;
      result.replaceChildren(el("p", "error", (answer && answer.error) || "The server cannot be reached."));
      bar.hidden = true;
      return;
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffered = "";
    for (;;) {
      const {value, done} = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, {stream: true});
      let end;
      while ((end = buffered.indexOf("\n")) >= 0) {
        const line = JSON.parse(buffered.slice(0, end));
        buffered = buffered.slice(end + 1);
        if (line.progress) { bar.max = line.progress[1]; bar.value = line.progress[0]; }
        if (line.error) result.replaceChildren(el("p", "error", line.error));
        if (line.result) showBalance(result, line.result);
      }
    }
    bar.hidden = true;
  });

  function percent(share) { return `${Math.round(share * 100)}%`; }

  function showBalance(result, answer) {
    if (!answer.compiles) { result.replaceChildren(el("p", "error", "Mend the draft's errors first.")); return; }
    if (answer.refused) { result.replaceChildren(el("p", "error", answer.refused)); return; }
    const r = answer.report;
    const rows = [["Games", String(r.games)],
      ["Length (turns)", `mean ${r.length.mean.toFixed(1)}, half between ${r.length.p25} and ${r.length.p75}`],
      ["Races completed", percent(r.completed_share)], ["Lead changes a game", r.lead_changes_per_game.toFixed(2)]];
    for (const seat of r.seats) rows.push([`Seat ${seat.seat} wins`, `${percent(seat.rate)} (${percent(seat.ci95[0])}\u2013${percent(seat.ci95[1])})`]);
    if (r.first_seat_advantage) rows.push(["First seat's edge", `${(r.first_seat_advantage.edge * 100).toFixed(1)} points`]);
    if (r.skill) rows.push(["Skill check", `${r.skill.stronger} wins ${percent(r.skill.share)} against ${r.skill.weaker} (${percent(r.skill.ci95[0])}\u2013${percent(r.skill.ci95[1])})`]);
    const table = el("table", "numbers");
    for (const [name, value] of rows) {
      const row = el("tr");
      row.append(el("th", "", name), el("td", "", value));
      table.append(row);
    }
    const figure = el("img", "balance-figure");
    figure.alt = "The games' lengths, and each seat's wins with its 95% interval";
    figure.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(answer.svg);
    result.replaceChildren(table, figure);
  }

  // play it --------------------------------------------------------------------------------------------
  document.getElementById("play-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const said = document.getElementById("play-status");
    said.textContent = "Making the table\u2026";
    const answer = await ask("play", {text: editor.text(), players: Number(document.getElementById("play-players").value),
                                      others: document.getElementById("play-others").value});
    if (answer && answer.host) { window.location.assign(answer.host); return; }
    said.textContent = (answer && answer.error) || "The table was not made.";
  });

  // start ----------------------------------------------------------------------------------------------
  const tabs = [...document.querySelectorAll("[role=tab]")];
  for (const tab of tabs) {
    tab.addEventListener("click", () => show(tab.dataset.pane));
    tab.addEventListener("keydown", (event) => {  // the arrow keys move along the tabs, as in any tab list
      const step = {ArrowRight: 1, ArrowLeft: -1}[event.key];
      if (!step) return;
      const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
      next.focus();
      show(next.dataset.pane);
    });
  }

  fetch("/workshop/api/language").then((r) => r.json()).then((words) => {
    const holder = document.getElementById("editor");
    const text = document.getElementById("source").value;
    holder.replaceChildren();
    editor = window.TouringEditor.create({parent: holder, text, words, ask, nonce: root.dataset.nonce,
                                          onChange: saveSoon, onChecked});
    root.dataset.ready = "yes";
  });
})();
