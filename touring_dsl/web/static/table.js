// Web stage, the seat's page: draws the table from the server's messages and sends the seat's moves.
// Every text from the server is put in the page with textContent (never as markup). The page knows
// nothing of any particular card or mechanic: faces are drawn from the catalogue's facts (role, hazard
// family, distance, limit), the moves are those the engine offers, each with its own label.
"use strict";

const app = document.getElementById("app");
const mode = app.dataset.mode; // "seat", "watch" or "replay"
const token = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
const faces = window.TouringFaces;
const still = window.matchMedia("(prefers-reduced-motion: reduce)");

let state = null;    // the last position received
let selected = null; // the card name tapped, waiting for a target
let socket = null;
let retry = 500;
let pendingMove = null;
let lastShown = null; // the last play already animated (its place in the log)
let wasOver = null;   // whether the last position drawn was a finished game (to bring the end into view once)

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function playerName(seat) {
  const info = state.seats[seat];
  let name = info.name || "player " + (seat + 1);
  if (state.seat === seat) name += " (you)";
  else if (info.kind !== "human") name += " (" + info.kind + ")";
  return name;
}

function say(text, isError) {
  const status = $("status");
  status.textContent = text;
  status.className = isError ? "error" : "";
  status.setAttribute("role", isError ? "alert" : "status");
}

function capital(word) { return word.charAt(0).toUpperCase() + word.slice(1); }
function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }

// -- drawing the position -----------------------------------------------------------------------------
function render() {
  if (!state) return;
  const mine = state.seat === null ? null : state.seats[state.seat];
  const where = mine === null ? (mode === "replay" ? "the game again" : "the table") : (mine.name || "seat " + (state.seat + 1));
  $("title").textContent = state.edition.title + ": " + where;
  document.title = state.edition.title + ": " + where;  // the tab names the edition the table plays
  const myTurn = state.seat !== null && state.to_act === state.seat;
  app.classList.toggle("my-turn", myTurn);
  app.classList.toggle("over", state.over);
  const match = state.match;
  app.dataset.race = match ? match.race : 1;
  say(statusWords(myTurn));
  renderMatchLine();
  renderEnd();
  renderDecision(myTurn);
  renderHand(myTurn);
  renderTable();
  renderLog();
  showLastPlay();
  bringEndIntoView();
}

// When the game ends before the player's eyes, the end (winner, scores, what next) is scrolled into view:
// the page was at the hand, the end box is above it.
function bringEndIntoView() {
  const ended = state.over && wasOver === false;
  wasOver = state.over;
  if (ended && mode !== "replay") $("end").scrollIntoView({block: "start", behavior: still.matches ? "auto" : "smooth"});
}

// The status line: what the game waits for, once. A question (a waiting hazard's, a mechanic's) is said here
// alone: the decision box under it only holds its buttons. The end's own words are in the end box.
function statusWords(myTurn) {
  const match = state.match;
  if (state.over && match && match.next !== null) return "Race " + match.race + " is over: the score sheet is below.";
  if (state.over) return "Game over: the result is below.";
  if (state.pending) return (myTurn ? "" : capital(playerName(state.to_act)) + " to answer. ") + state.pending.question;
  const question = myTurn && state.question ? state.question : null;
  if (question) return question;
  const before = othersPlay();
  if (myTurn) return before + "Your turn: tap a card, then where it goes.";
  return before + capital(playerName(state.to_act)) + " to act." + (state.status && state.status.length ? " " + state.status.join(" ") : "");
}

// What another player just did ("Player 2 played Stop on your side. "), so a phone's status says it without
// the log; nothing when the last card was this seat's own.
function othersPlay() {
  const last = state.last;
  if (!last || last.seat === null || last.seat === undefined || last.seat === state.seat) return "";
  const onto = last.kind === "discard" || last.side === null || last.side === undefined ? ""
    : " on " + (state.seat !== null && state.seats[state.seat].side === last.side ? "your side" : "side " + (last.side + 1));
  return capital(playerName(last.seat)) + (last.kind === "discard" ? " discarded " : " played ") + last.card + onto + ". ";
}

function winnerWords() {
  const result = state.result;
  if (result.winner === null) return "nobody wins, a tie";
  const me = state.seat === null ? null : state.seats[state.seat].side;
  if (me === result.winner) return "you win";
  const names = result.sides[result.winner].names;
  return names.join(" & ") + (names.length === 1 ? " wins" : " win");
}

// -- a match: the race being played and the totals so far ------------------------------------------------
function matchWon() { const sheet = state.match && state.match.sheet; return sheet && sheet.winner !== null; }

function matchWinnerWords() {
  const winner = state.match.sheet.winner;
  const me = state.seat === null ? null : state.seats[state.seat].side;
  if (me === winner) return "you win the match";
  const names = state.result.sides[winner].names;
  return names.join(" & ") + (names.length === 1 ? " wins" : " win") + " the match";
}

function sideTotals(totals) {
  return totals.map((total, side) => sideLabel(side) + " " + total).join(", ");
}

function sideLabel(side) {
  const mine = state.seat !== null && state.seats[state.seat].side === side;
  return "Side\u00a0" + (side + 1) + (mine ? " (you)" : "");  // "Side 1" kept on one line in a narrow head
}

function renderMatchLine() {
  const line = $("match-line");
  const match = state.match;
  line.hidden = !match || match.target === null || state.over;
  if (line.hidden) return;
  line.textContent = "Race " + match.race + " of a match to " + match.target + " points"
    + (match.race > 1 ? ". Totals so far: " + sideTotals(match.totals) + "." : ".");
}

// -- the end of a race or game: the winner, each side's distance and points, the score sheet, what follows -----
function renderEnd() {
  const box = $("end");
  box.hidden = !state.over;
  box.replaceChildren();
  if (!state.over) return;
  const result = state.result;
  const match = state.match;
  const sheet = match ? match.sheet : null;
  const between = match !== null && match.next !== null;  // a match goes on after this race
  const title = matchWon() ? capital(matchWinnerWords()) + "!"
    : sheet && sheet.target !== null ? "Race " + sheet.race + ": " + winnerWords() + "."
    : capital(winnerWords()) + "!";
  box.appendChild(el("h2", title, "end-title"));
  box.lastChild.id = "end-title";
  if (sheet && sheet.target !== null && sheet.over) {
    box.appendChild(el("p", (sheet.winner === null ? "The match ends undecided. " : "") + "Final totals after "
                       + plural(sheet.race, "race", "races") + ": " + sideTotals(sheet.match_totals) + ".", "final"));
  }
  // moves as the replay counts them: every logged move, an answer to a question included
  box.appendChild(el("p", capital(result.how) + " after " + plural(state.moves_made, "move", "moves") + ". The goal was "
                     + result.goal + " " + result.unit + ".", "how"));
  box.appendChild(scoreTable(result));
  if (sheet) box.appendChild(sheetTable(sheet));
  const actions = el("div", null, "end-actions");
  if (between) nextRace(actions, match);
  else if (mode === "seat" || mode === "watch") {
    const again = el("form", null, "again");
    again.method = "post";
    again.action = "/again/" + token;
    const button = el("button", "Play again: same seats, a new deal", "primary");
    button.type = "submit";
    button.id = "play-again";
    again.appendChild(button);
    actions.appendChild(again);
  }
  if (mode !== "replay") {
    const race = match !== null && match.target !== null ? "race " + match.race : "the game";
    const replay = el("a", "Watch " + race + " again, move by move", "button-link");
    replay.id = "replay-link";
    replay.href = "/r/" + token;
    actions.appendChild(replay);
  }
  box.appendChild(actions);
}

// The score sheet: a row per scoring term of the edition, a column per side, the race's totals and the match's.
function sheetTable(sheet) {
  const table = el("table", null, "score sheet");
  table.id = "sheet";
  table.appendChild(el("caption", "Score sheet, race " + sheet.race));
  const head = el("tr");
  head.appendChild(el("th", "Score"));
  sheet.totals.forEach((_, side) => {
    const cell = head.appendChild(el("th", "Side\u00a0" + (side + 1), "num"));
    if (state.seat !== null && state.seats[state.seat].side === side) cell.appendChild(el("span", "you", "you"));
  });
  table.appendChild(el("thead")).appendChild(head);
  const body = table.appendChild(el("tbody"));
  for (const row of sheet.rows) {
    const line = el("tr", null, row.cells.some((c) => c !== null) ? "scored" : "unscored");
    line.appendChild(el("th", row.term)).scope = "row";
    for (const points of row.cells) line.appendChild(el("td", points === null ? "-" : String(points), "num"));
    body.appendChild(line);
  }
  const foot = table.appendChild(el("tfoot"));
  foot.appendChild(totalRow("Race " + sheet.race, sheet.totals, "race-total"));
  if (sheet.match_totals !== null) foot.appendChild(totalRow("Match, to " + sheet.target, sheet.match_totals, "match-total"));
  return table;
}

function totalRow(label, totals, cls) {
  const row = el("tr", null, cls);
  row.appendChild(el("th", label)).scope = "row";
  for (const total of totals) row.appendChild(el("td", String(total), "num"));
  return row;
}

// Between the races of a match: any player deals the next one; a table of bots deals it by itself.
function nextRace(actions, match) {
  if (match.deals_itself) { actions.appendChild(el("p", "The bots deal race " + match.next + " in a moment.")); return; }
  if (mode !== "seat") { actions.appendChild(el("p", "Waiting for a player to deal race " + match.next + ".")); return; }
  const button = el("button", "Deal race " + match.next, "primary");
  button.type = "button";
  button.id = "next-race";
  button.addEventListener("click", () => {
    if (!socket || socket.readyState !== WebSocket.OPEN) { say("Not connected: reconnecting...", true); return; }
    socket.send(JSON.stringify({type: "next", race: match.next}));
    button.disabled = true;
  });
  actions.appendChild(button);
}

function scoreTable(result) {
  const table = el("table", null, "score");
  table.id = "score";
  const scored = result.sides.some((s) => s.points !== null);
  const head = el("tr");
  for (const title of ["Side", "Players", capital(result.unit)].concat(scored ? ["Points"] : [])) head.appendChild(el("th", title));
  head.children[2].className = "num";
  if (scored) head.children[3].className = "num";
  table.appendChild(el("thead")).appendChild(head);
  const body = table.appendChild(el("tbody"));
  for (const side of result.sides) {
    const row = el("tr", null, side.won ? "won" : "");
    const who = el("td", "Side " + (side.side + 1));
    if (side.won) who.appendChild(el("span", "winner", "winner"));
    row.appendChild(who);
    row.appendChild(el("td", side.names.join(", ")));
    row.appendChild(el("td", String(side.miles), "num"));
    if (scored) row.appendChild(el("td", side.points === null ? "" : String(side.points), "num"));
    body.appendChild(row);
  }
  return table;
}

// Moves that are not a plain play or discard (a counter, letting it pass, any decision a mechanic adds)
// are also offered as buttons of their own, so an out-of-turn answer is one tap away.
function renderDecision(myTurn) {
  const box = $("decision");
  box.replaceChildren();
  const special = myTurn ? state.moves.filter((m) => m.action !== "play" && m.action !== "discard") : [];
  box.hidden = special.length === 0;
  if (box.hidden) return;
  // the question itself is the status line's: said once, here only what to tap
  box.appendChild(el("h2", state.pending || state.question ? "Your answer" : "Decide"));
  for (const move of special) box.appendChild(moveButton(move, move.label));
}

function renderHand(myTurn) {
  const area = $("hand-area");
  area.hidden = state.seat === null;
  if (area.hidden) return;
  const hand = $("hand");
  hand.replaceChildren();
  if (selected && !state.hand.includes(selected)) selected = null;
  state.hand.forEach((name, index) => {
    const moves = myTurn ? state.moves.filter((m) => m.card === name) : [];
    const plays = moves.filter((m) => m.action !== "discard");
    const button = el("button", null, "card" + (plays.length ? " playable" : "") + (selected === name ? " selected" : ""));
    button.type = "button";
    button.dataset.card = name;
    button.dataset.index = index;
    const why = state.why[name];
    button.setAttribute("aria-label", name + ", " + faces.roleWords(name) + (plays.length ? ": can be played"
                        : why ? ": cannot play: " + why : ""));
    button.setAttribute("aria-pressed", selected === name ? "true" : "false");
    button.appendChild(faces.face(name));
    button.addEventListener("click", () => { selected = selected === name ? null : name; render(); });
    hand.appendChild(button);
  });
  $("hand-title").textContent = "Your hand" + (myTurn && !state.pending && !state.question ? ": your turn" : "");
  renderChoices(myTurn);
}

function renderChoices(myTurn) {
  const box = $("choices");
  box.replaceChildren();
  $("why").textContent = "";
  if (!selected) return;
  const why = state.why[selected];
  if (why) $("why").textContent = selected + " - cannot play: " + why;
  if (!myTurn) return;
  for (const move of state.moves.filter((m) => m.card === selected)) {
    const label = move.target === null || move.target === undefined ? move.label
      : capital(move.action) + " " + move.card + " on " + sideWords(move.target) +
        (move.take.length ? " taking " + move.take.map((t) => t[1] + " x " + t[0]).join(", ") : "");
    box.appendChild(moveButton(move, label));
  }
}

function sideWords(side) {
  const mine = state.seat !== null && state.seats[state.seat].side === side;
  return mine ? "your side" : "side " + (side + 1) + " (" + state.sides[side].seats.map(playerName).join(", ") + ")";
}

function moveButton(move, label) {
  const button = el("button", label + (move.warn ? " (" + move.warn + ")" : ""), "move" + (move.warn ? " costly" : "")
                    + (move.action === "discard" ? " discard" : ""));
  button.type = "button";
  button.dataset.action = move.action;
  if (move.card !== null) button.dataset.card = move.card;
  if (move.target !== null) button.dataset.target = move.target;
  button.addEventListener("click", () => choose(move));
  return button;
}

// -- the table: every side's cards laid as at a real table, yours nearest the hand ------------------------
function renderTable() {
  const mySide = state.seat === null ? null : state.seats[state.seat].side;
  const others = $("others");
  const mine = $("mine");
  others.replaceChildren();
  mine.replaceChildren();
  const targets = new Set(selected && state.to_act === state.seat
    ? state.moves.filter((m) => m.card === selected && m.target !== null).map((m) => m.target) : []);
  for (const side of state.sides) {
    const box = sideBox(side, side.side === mySide, targets.has(side.side));
    (side.side === mySide ? mine : others).appendChild(box);
  }
  others.hidden = others.children.length === 0;
  mine.hidden = mine.children.length === 0;
  $("mine-area").hidden = mine.hidden;  // a spectator has no side of their own
  renderCentre();
}

function sideBox(side, isMine, isTarget) {
  const box = el("section", null, "side" + (isMine ? " mine" : "") + (isTarget ? " target" : ""));
  box.dataset.side = side.side;
  box.setAttribute("aria-label", "Side " + (side.side + 1));
  const head = el("header", null, "side-head");
  head.appendChild(el("h3", sideTitle(side, isMine)));
  head.appendChild(el("span", handSizes(side), "hand-size"));
  if (side.seats.includes(state.to_act) && !state.over) head.appendChild(el("span", "to act", "to-act"));
  box.appendChild(head);
  box.appendChild(progress(side));
  const mat = el("div", null, "mat");
  const waiting = state.pending && state.pending.victim === side.side ? state.pending.hazard : null;
  const zonePile = side.zone !== null && side.zone !== undefined && !state.zone;  // each side has its own
  const onZone = waiting !== null && zonePile && faces.kind(waiting) === "zone";  // a limit waits on the zone pile
  const top = side.go_pile.length ? side.go_pile[side.go_pile.length - 1] : null;
  mat.appendChild(waiting !== null && !onZone ? waitingPile(state.edition.labels.go, waiting, "go-pile", side.side)
    : pile(state.edition.labels.go, top, side.go_pile.length, "go-pile", side.side));
  if (zonePile) {
    mat.appendChild(onZone ? waitingPile(state.edition.labels.zone, waiting, "zone-pile", side.side)
      : pile(state.edition.labels.zone, side.zone_size ? side.zone : null, side.zone_size, "zone-pile", side.side,
             side.zone_note));
  }
  mat.appendChild(safeties(side));
  mat.appendChild(distance(side));
  box.appendChild(mat);
  box.appendChild(el("p", capital(side.needs), "needs" + (side.showing_go ? " rolling" : "")));
  return box;
}

// "Side 2: player 2 (greedy)"; your own is "Your side" (and your partners: "Your side, with player 3").
function sideTitle(side, isMine) {
  if (!isMine) return "Side " + (side.side + 1) + ": " + side.seats.map(playerName).join(", ");
  const partners = side.seats.filter((s) => s !== state.seat).map(playerName);
  return "Your side" + (partners.length ? ", with " + partners.join(", ") : "");
}

// Each player's hand on its own: partners hold their cards apart ("in hand: 6 (you), 5 (player 3)").
function handSizes(side) {
  if (side.seats.length === 1) return plural(state.seats[side.seats[0]].hand_size, "card", "cards") + " in hand";
  return "In hand: " + side.seats.map((s) => state.seats[s].hand_size + " ("
                                      + (s === state.seat ? "you" : playerName(s)) + ")").join(", ");
}

function progress(side) {
  const goal = state.edition.race;
  const wrap = el("div", null, "progress");
  const bar = el("progress");
  bar.max = goal;
  bar.value = Math.min(side.miles, goal);
  bar.setAttribute("aria-hidden", "true");
  wrap.appendChild(bar);
  wrap.appendChild(el("span", side.miles + " of " + goal + " " + state.edition.unit, "miles"));
  return wrap;
}

// A pile: its name above, its top card face up with its name and size below, or an empty place for it.
function pile(label, top, size, cls, side, emptyText) {
  const figure = el("figure", null, "pile " + cls);
  figure.appendChild(el("span", label, "pile-label"));
  if (top) {
    const card = el("div", null, "table-card" + (size > 1 ? " stacked" : ""));
    card.dataset.card = top;
    card.dataset.side = side;
    card.appendChild(faces.face(top, true));
    figure.appendChild(card);
    figure.appendChild(el("figcaption", top + (size > 1 ? " (" + size + ")" : "")));
  } else {
    figure.appendChild(el("div", "empty", "table-card empty-place"));
    if (emptyText) figure.appendChild(el("figcaption", emptyText));
  }
  figure.setAttribute("aria-label", label + ": " + (top ? top + " on top, " + plural(size, "card", "cards") : "empty")
                      + (emptyText ? ", " + emptyText : ""));
  return figure;
}

// A hazard laid on a pile while its victim is asked whether to counter it: on top, marked as waiting.
function waitingPile(label, hazard, cls, side) {
  const words = hazard + ", waiting for an answer";
  const figure = pile(label, hazard, 1, cls + " waiting", side);
  figure.querySelector("figcaption").textContent = words;
  figure.setAttribute("aria-label", label + ": " + words);
  return figure;
}

// The distance cards laid, stacked by value: "3 × 25 km" under each stack, and what the edition asks of that
// value: at most so many ("1 of 2 allowed") or so many to complete the race ("5 of 8 needed"). A value
// with no card laid has no card drawn; a race that needs it says so in a line under the stacks.
function distance(side) {
  const row = el("div", null, "distance");
  const capped = state.edition.piles === "allowed";
  for (const [card, count, limit] of side.piles.filter((p) => p[1] > 0)) {
    const stack = el("figure", null, "stack");
    const place = el("div", null, "table-card" + (count > 1 ? " stacked" : "") + (count > 2 ? " stacked3" : ""));
    place.dataset.card = card;
    place.dataset.side = side.side;
    place.appendChild(faces.face(card, true));
    stack.appendChild(place);
    const caption = el("figcaption", count + "\u00a0\u00d7\u00a0" + card, "count");  // a long name wraps after "3 ×"
    const bound = limit < 255 ? count + " of " + limit + (capped ? " allowed" : " needed") : "";
    if (bound) caption.appendChild(el("span", bound, "bound"));
    stack.appendChild(caption);
    stack.setAttribute("aria-label", count + " \u00d7 " + card + (bound ? ", " + bound : ""));
    row.appendChild(stack);
  }
  const missing = capped ? [] : side.piles.filter((p) => p[1] === 0 && p[2] > 0 && p[2] < 255);
  if (missing.length) row.appendChild(el("p", "Still to lay: " + missing.map((p) => p[2] + " \u00d7 " + p[0]).join(", "), "to-lay"));
  return row;
}

function safeties(side) {
  const row = el("div", null, "safeties");
  if (!side.safeties.length) return row;
  for (const name of side.safeties) {
    const card = el("div", null, "table-card safety-card");
    card.dataset.card = name;
    card.dataset.side = side.side;
    card.appendChild(faces.face(name, true));
    const figure = el("figure", null, "pile");
    figure.setAttribute("aria-label", name);
    figure.appendChild(card);
    figure.appendChild(el("figcaption", name));
    row.appendChild(figure);
  }
  return row;
}

function renderCentre() {
  const centre = $("centre");
  centre.replaceChildren();
  const draw = el("figure", null, "pile draw-pile");
  const back = el("div", null, "table-card card-back");
  back.appendChild(faces.back());
  draw.appendChild(el("span", "Draw pile", "pile-label"));
  draw.appendChild(back);
  draw.appendChild(el("figcaption", plural(state.draw_size, "card", "cards")));
  centre.appendChild(draw);
  const discard = pile("Discard pile", state.discard_top, state.discard_size, "discard-pile", "discard");
  centre.appendChild(discard);
  if (state.zone) centre.appendChild(pile(state.edition.labels.zone + " for every side", state.zone, 1, "zone-pile", "all"));
}

// The card just played: found on the table by its name and side, highlighted, and brought in from the
// player's direction (no motion when the system asks for reduced motion).
function showLastPlay() {
  const last = state.last;
  const key = last ? last.at + ":" + last.card : "";
  const fresh = lastShown !== null && key !== lastShown;  // not on the page's first position: it was there already
  lastShown = key;
  if (!last) return;
  const where = last.kind === "discard" ? '[data-side="discard"]' : '[data-side="' + last.side + '"]';
  const found = [...document.querySelectorAll(".table-card" + where)].filter((node) => node.dataset.card === last.card);
  const card = found[found.length - 1];
  if (!card) return;
  card.classList.add("just-played");
  if (!fresh || still.matches || !card.animate) return;
  const fromMe = state.seat !== null && last.seat === state.seat;
  card.animate([{transform: "translateY(" + (fromMe ? 90 : -90) + "px) scale(1.25)", opacity: 0.3},
                {transform: "none", opacity: 1}], {duration: 420, easing: "cubic-bezier(.2,.8,.3,1)"});
}

function renderLog() {
  const log = $("log");
  log.replaceChildren();
  for (const line of state.log) log.appendChild(el("li", line));
  log.scrollTop = log.scrollHeight;
  // the last line of the log under the status, except while a question is asked (the status says it then)
  $("last-line").textContent = state.log.length && !state.over && !state.pending ? capital(state.log[state.log.length - 1]) : "";
}

// -- moving ------------------------------------------------------------------------------------------
function choose(move) {
  if (move.warn) {
    pendingMove = move;
    $("confirm-text").textContent = "This move " + move.warn + ". Make it anyway?";
    $("confirm").hidden = false;
    $("confirm-no").focus();
    return;
  }
  send(move, false);
}

function send(move, confirm) {
  if (!socket || socket.readyState !== WebSocket.OPEN) { say("Not connected: reconnecting...", true); return; }
  socket.send(JSON.stringify({type: "move", confirm: confirm,
    move: {action: move.action, card: move.card, target: move.target, take: move.take}}));
  selected = null;
}

$("confirm-yes").addEventListener("click", () => { $("confirm").hidden = true; if (pendingMove) send(pendingMove, true); pendingMove = null; });
$("confirm-no").addEventListener("click", () => { $("confirm").hidden = true; pendingMove = null; });
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") { $("confirm").hidden = true; pendingMove = null; selected = null; render(); }
});

// -- the live channel (seat and spectator) -----------------------------------------------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws/" + token);
  socket.addEventListener("open", () => { retry = 500; });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "cards") {
      faces.learn(message.cards);
      $("rules-link").href = message.rules;
    } else if (message.type === "state") {
      state = message;
      app.dataset.moves = message.moves_made;
      app.dataset.toAct = message.to_act === null ? "" : message.to_act;
      app.dataset.over = message.over ? "yes" : "no";
      render();
    } else if (message.type === "error") {
      say(message.message, true);
    } else if (message.type === "again" && (message.to.startsWith("/s/") || message.to.startsWith("/w/"))) {
      showAgain(message);
    } else if (message.type === "moved" && message.to.startsWith("/pl/")) {
      // a party's signal: this game is no longer the player's; their evening page says where to go next
      say(message.words);
      location.assign(message.to);
    }
  });
  socket.addEventListener("close", () => {
    say("Connection lost: rejoining...", true);
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

// Another player pressed "play again": this seat's place at the new table, one tap away.
function showAgain(message) {
  const box = $("again-notice");
  box.replaceChildren();
  box.appendChild(el("p", message.words));
  const join = el("a", "Join the new game", "button-link primary");
  join.id = "join-again";
  join.href = message.to;
  box.appendChild(join);
  box.hidden = false;
  say(message.words);
  box.scrollIntoView({block: "nearest"});
}

// -- a finished game, step by step ----------------------------------------------------------------------
async function replay() {
  $("replay-controls").hidden = false;
  $("rules-link").href = "/rules/" + token;
  const response = await fetch("/api/replay/" + token);
  const data = await response.json();
  if (!response.ok) { say(data.error, true); return; }
  faces.learn(data.cards);
  let at = 0;
  const show = () => {
    state = data.steps[at];
    app.dataset.moves = state.moves_made;
    render();
    $("step").textContent = "Move " + at + " of " + (data.steps.length - 1);
  };
  $("first").addEventListener("click", () => { at = 0; show(); });
  $("prev").addEventListener("click", () => { at = Math.max(0, at - 1); show(); });
  $("next").addEventListener("click", () => { at = Math.min(data.steps.length - 1, at + 1); show(); });
  $("last").addEventListener("click", () => { at = data.steps.length - 1; show(); });
  show();
}

document.querySelector(".log-box").open = window.matchMedia("(min-width: 62rem)").matches;  // beside the table
if (mode === "replay") replay(); else connect();
