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

let WORDS = {};      // the page's words in the reader's language, from the server ("cards"): English -> its own
let PLURALS = {};    // counted words: "{n} card" -> [one, many] in the reader's language
let ZERO_ONE = false; // whether the reader's language counts 0 as one ("0 carte")
// a move on a side, by its action: the words of "play" (other actions keep the engine's action word)
const ACTION_ON = {play: "Play {card} on {side}"};
const ACTION_ON_TAKING = {play: "Play {card} on {side} taking {cards}"};

// A sentence of the page in the reader's language, its {blanks} filled (English: the text itself).
function t(text, values) {
  // a text may carry a context before a bar ("one player|Side {number}: {players}"): where the reader's
  // language says it otherwise; English reads what follows the bar
  let said = WORDS[text] || text.slice(text.indexOf("|") + 1);
  if (values) said = said.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
  return said;
}

// "{n} card" / "{n} cards" for n, in the reader's language.
function counted(n, one, many) {
  const forms = PLURALS[one] || [one, many];
  return forms[(n === 1 || (ZERO_ONE && n === 0)) ? 0 : 1].replace("{n}", String(n));
}

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function playerName(seat) {
  const info = state.seats[seat];
  const name = info.name || t("player {number}", {number: seat + 1});
  if (state.seat === seat) return t("{name} (you)", {name: name});
  if (info.kind !== "human") return t("{name} ({bot})", {name: name, bot: info.kind});
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
  const where = mine === null ? (mode === "replay" ? t("the game again") : t("the table"))
    : (mine.name || t("seat {number}", {number: state.seat + 1}));
  $("title").textContent = t("{title}: {where}", {title: state.edition.title, where: where});
  document.title = $("title").textContent;  // the tab names the edition the table plays
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
  if (state.over && match && match.next !== null) return t("Race {number} is over: the score sheet is below.", {number: match.race});
  if (state.over) return t("Game over: the result is below.");
  if (state.pending) return (myTurn ? "" : t("{player} to answer. ", {player: capital(playerName(state.to_act))})) + state.pending.question;
  const question = myTurn && state.question ? state.question : null;
  if (question) return question;
  const before = othersPlay();
  if (myTurn) return before + t("Your turn: tap a card, then where it goes.");
  return before + t("{player} to act.", {player: capital(playerName(state.to_act))}) + (state.status && state.status.length ? " " + state.status.join(" ") : "");
}

// What another player just did ("Player 2 played Stop on your side. "), so a phone's status says it without
// the log; nothing when the last card was this seat's own.
function othersPlay() {
  const last = state.last;
  if (!last || last.seat === null || last.seat === undefined || last.seat === state.seat) return "";
  const who = capital(playerName(last.seat));
  if (last.kind === "discard") return t("{player} discarded {card}. ", {player: who, card: last.card});
  if (last.side === null || last.side === undefined) return t("{player} played {card}. ", {player: who, card: last.card});
  if (state.seat !== null && state.seats[state.seat].side === last.side) {
    return t("{player} played {card} on your side. ", {player: who, card: last.card});
  }
  return t("{player} played {card} on side {number}. ", {player: who, card: last.card, number: last.side + 1});
}

function winnerWords() {
  const result = state.result;
  if (result.winner === null) return t("nobody wins, a tie");
  const me = state.seat === null ? null : state.seats[state.seat].side;
  if (me === result.winner) return t("you win");
  const names = result.sides[result.winner].names;
  return names.length === 1 ? t("{names} wins", {names: names[0]}) : t("{names} win", {names: names.join(" & ")});
}

// -- a match: the race being played and the totals so far ------------------------------------------------
function matchWon() { const sheet = state.match && state.match.sheet; return sheet && sheet.winner !== null; }

function matchWinnerWords() {
  const winner = state.match.sheet.winner;
  const me = state.seat === null ? null : state.seats[state.seat].side;
  if (me === winner) return t("you win the match");
  const names = state.result.sides[winner].names;
  return names.length === 1 ? t("{names} wins the match", {names: names[0]})
    : t("{names} win the match", {names: names.join(" & ")});
}

function sideTotals(totals) {
  return totals.map((total, side) => sideLabel(side) + " " + total).join(", ");
}

function sideLabel(side) {
  const mine = state.seat !== null && state.seats[state.seat].side === side;
  return mine ? t("Side\u00a0{number} (you)", {number: side + 1}) : t("Side\u00a0{number}", {number: side + 1});  // one line in a narrow head
}

function renderMatchLine() {
  const line = $("match-line");
  const match = state.match;
  line.hidden = !match || match.target === null || state.over;
  if (line.hidden) return;
  line.textContent = match.race > 1
    ? t("Race {number} of a match to {target} points. Totals so far: {totals}.", {number: match.race, target: match.target, totals: sideTotals(match.totals)})
    : t("Race {number} of a match to {target} points.", {number: match.race, target: match.target});
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
    : sheet && sheet.target !== null ? t("Race {number}: {winner}.", {number: sheet.race, winner: winnerWords()})
    : capital(winnerWords()) + "!";
  box.appendChild(el("h2", title, "end-title"));
  box.lastChild.id = "end-title";
  if (sheet && sheet.target !== null && sheet.over) {
    box.appendChild(el("p", (sheet.winner === null ? t("The match ends undecided. ") : "")
                       + t("Final totals after {races}: {totals}.", {races: counted(sheet.race, "{n} race", "{n} races"), totals: sideTotals(sheet.match_totals)}), "final"));
  }
  // moves as the replay counts them: every logged move, an answer to a question included
  box.appendChild(el("p", t("{how} after {moves}. The goal was {goal} {unit}.", {how: capital(result.how), moves: counted(state.moves_made, "{n} move", "{n} moves"), goal: result.goal, unit: result.unit}), "how"));
  box.appendChild(scoreTable(result));
  if (sheet) box.appendChild(sheetTable(sheet));
  const actions = el("div", null, "end-actions");
  if (between) nextRace(actions, match);
  else if (mode === "seat" || mode === "watch") {
    const again = el("form", null, "again");
    again.method = "post";
    again.action = "/again/" + token;
    const button = el("button", t("Play again: same seats, a new deal"), "primary");
    button.type = "submit";
    button.id = "play-again";
    again.appendChild(button);
    actions.appendChild(again);
  }
  if (mode !== "replay") {
    const replay = el("a", match !== null && match.target !== null ? t("Watch race {number} again, move by move", {number: match.race})
      : t("Watch the game again, move by move"), "button-link");
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
  table.appendChild(el("caption", t("Score sheet, race {number}", {number: sheet.race})));
  const head = el("tr");
  head.appendChild(el("th", t("Score")));
  sheet.totals.forEach((_, side) => {
    const cell = head.appendChild(el("th", t("Side\u00a0{number}", {number: side + 1}), "num"));
    if (state.seat !== null && state.seats[state.seat].side === side) cell.appendChild(el("span", t("you"), "you"));
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
  foot.appendChild(totalRow(t("Race {number}", {number: sheet.race}), sheet.totals, "race-total"));
  if (sheet.match_totals !== null) foot.appendChild(totalRow(t("Match, to {target}", {target: sheet.target}), sheet.match_totals, "match-total"));
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
  if (match.deals_itself) { actions.appendChild(el("p", t("The bots deal race {number} in a moment.", {number: match.next}))); return; }
  if (mode !== "seat") { actions.appendChild(el("p", t("Waiting for a player to deal race {number}.", {number: match.next}))); return; }
  const button = el("button", t("Deal race {number}", {number: match.next}), "primary");
  button.type = "button";
  button.id = "next-race";
  button.addEventListener("click", () => {
    if (!socket || socket.readyState !== WebSocket.OPEN) { say(t("Not connected: reconnecting..."), true); return; }
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
  for (const title of [t("Side"), t("Players"), capital(result.unit)].concat(scored ? [t("Points")] : [])) head.appendChild(el("th", title));
  head.children[2].className = "num";
  if (scored) head.children[3].className = "num";
  table.appendChild(el("thead")).appendChild(head);
  const body = table.appendChild(el("tbody"));
  for (const side of result.sides) {
    const row = el("tr", null, side.won ? "won" : "");
    const who = el("td", t("Side {number}", {number: side.side + 1}));
    if (side.won) who.appendChild(el("span", t("winner"), "winner"));
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
  box.appendChild(el("h2", state.pending || state.question ? t("Your answer") : t("Decide")));
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
    button.setAttribute("aria-label", plays.length ? t("{card}, {role}: can be played", {card: name, role: faces.roleWords(name)})
                        : why ? t("{card}, {role}: cannot play: {why}", {card: name, role: faces.roleWords(name), why: why})
                        : t("{card}, {role}", {card: name, role: faces.roleWords(name)}));
    button.setAttribute("aria-pressed", selected === name ? "true" : "false");
    button.appendChild(faces.face(name));
    button.addEventListener("click", () => { selected = selected === name ? null : name; render(); });
    hand.appendChild(button);
  });
  $("hand-title").textContent = myTurn && !state.pending && !state.question ? t("Your hand: your turn") : t("Your hand");
  renderChoices(myTurn);
}

function renderChoices(myTurn) {
  const box = $("choices");
  box.replaceChildren();
  $("why").textContent = "";
  if (!selected) return;
  const why = state.why[selected];
  if (why) $("why").textContent = t("{card} - cannot play: {why}", {card: selected, why: why});
  if (!myTurn) return;
  for (const move of state.moves.filter((m) => m.card === selected)) {
    const taking = move.take.map((pair) => pair[1] + " x " + pair[0]).join(", ");
    const label = move.target === null || move.target === undefined ? move.label
      : move.take.length ? t(ACTION_ON_TAKING[move.action] || "{Action} {card} on {side} taking {cards}", {Action: capital(move.action), card: move.card, side: sideWords(move.target), cards: taking})
      : t(ACTION_ON[move.action] || "{Action} {card} on {side}", {Action: capital(move.action), card: move.card, side: sideWords(move.target)});
    box.appendChild(moveButton(move, label));
  }
}

function sideWords(side) {
  const mine = state.seat !== null && state.seats[state.seat].side === side;
  return mine ? t("your side") : t("side {number} ({players})", {number: side + 1, players: state.sides[side].seats.map(playerName).join(", ")});
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
  box.setAttribute("aria-label", t("Side {number}", {number: side.side + 1}));
  const head = el("header", null, "side-head");
  head.appendChild(el("h3", sideTitle(side, isMine)));
  head.appendChild(el("span", handSizes(side), "hand-size"));
  if (side.seats.includes(state.to_act) && !state.over) head.appendChild(el("span", isMine ? t("you|to act") : t("to act"), "to-act"));
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
  if (!isMine) return capital(t(side.seats.length === 1 ? "one player|Side {number}: {players}" : "Side {number}: {players}",
                                {number: side.side + 1, players: side.seats.map(playerName).join(", ")}));
  const partners = side.seats.filter((s) => s !== state.seat).map(playerName);
  return partners.length ? t("Your side, with {players}", {players: partners.join(", ")}) : t("Your side");
}

// Each player's hand on its own: partners hold their cards apart ("in hand: 6 (you), 5 (player 3)").
function handSizes(side) {
  if (side.seats.length === 1) return t("{cards} in hand", {cards: counted(state.seats[side.seats[0]].hand_size, "{n} card", "{n} cards")});
  return t("In hand: {counts}", {counts: side.seats.map((s) => state.seats[s].hand_size + " ("
                                      + (s === state.seat ? t("you") : playerName(s)) + ")").join(", ")});
}

function progress(side) {
  const goal = state.edition.race;
  const wrap = el("div", null, "progress");
  const bar = el("progress");
  bar.max = goal;
  bar.value = Math.min(side.miles, goal);
  bar.setAttribute("aria-hidden", "true");
  wrap.appendChild(bar);
  wrap.appendChild(el("span", t("{miles} of {goal} {unit}", {miles: side.miles, goal: goal, unit: state.edition.unit}), "miles"));
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
    figure.appendChild(el("div", t("empty"), "table-card empty-place"));
    if (emptyText) figure.appendChild(el("figcaption", emptyText));
  }
  figure.setAttribute("aria-label", label + ": " + (top ? t("{card} on top, {cards}", {card: top, cards: counted(size, "{n} card", "{n} cards")}) : t("empty"))
                      + (emptyText ? ", " + emptyText : ""));
  return figure;
}

// A hazard laid on a pile while its victim is asked whether to counter it: on top, marked as waiting.
function waitingPile(label, hazard, cls, side) {
  const words = t("{card}, waiting for an answer", {card: hazard});
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
    const bound = limit < 255 ? t(capped ? "{count} of {limit} allowed" : "{count} of {limit} needed", {count: count, limit: limit}) : "";
    if (bound) caption.appendChild(el("span", bound, "bound"));
    stack.appendChild(caption);
    stack.setAttribute("aria-label", count + " \u00d7 " + card + (bound ? ", " + bound : ""));
    row.appendChild(stack);
  }
  const missing = capped ? [] : side.piles.filter((p) => p[1] === 0 && p[2] > 0 && p[2] < 255);
  if (missing.length) row.appendChild(el("p", t("Still to lay: {cards}", {cards: missing.map((p) => p[2] + " \u00d7 " + p[0]).join(", ")}), "to-lay"));
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
  draw.appendChild(el("span", t("Draw pile"), "pile-label"));
  draw.appendChild(back);
  draw.appendChild(el("figcaption", counted(state.draw_size, "{n} card", "{n} cards")));
  centre.appendChild(draw);
  const discard = pile(t("Discard pile"), state.discard_top, state.discard_size, "discard-pile", "discard");
  centre.appendChild(discard);
  if (state.zone) centre.appendChild(pile(t("{pile} for every side", {pile: state.edition.labels.zone}), state.zone, 1, "zone-pile", "all"));
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
      WORDS = message.words ? message.words.words : {};
      PLURALS = message.words ? message.words.plurals : {};
      ZERO_ONE = message.words ? message.words.zero_is_one : false;
      faces.speak(t);
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
    $("step").textContent = t("Move {number} of {last}", {number: at, last: data.steps.length - 1});
  };
  $("first").addEventListener("click", () => { at = 0; show(); });
  $("prev").addEventListener("click", () => { at = Math.max(0, at - 1); show(); });
  $("next").addEventListener("click", () => { at = Math.min(data.steps.length - 1, at + 1); show(); });
  $("last").addEventListener("click", () => { at = data.steps.length - 1; show(); });
  show();
}

document.querySelector(".log-box").open = window.matchMedia("(min-width: 62rem)").matches;  // beside the table
if (mode === "replay") replay(); else connect();
