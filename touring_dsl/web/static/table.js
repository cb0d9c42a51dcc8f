// Web stage, the seat's page: draws the table from the server's messages and sends the seat's moves.
// Every text from the server is put in the page with textContent (never as markup). The page knows
// nothing of any particular mechanic: the moves are those the engine offers, each with its own label.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const app = document.getElementById("app");
const mode = app.dataset.mode; // "seat", "watch" or "replay"
const token = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
const COLOURS = {mileage: "#2f6b3a", go: "#1f7a3f", remedy: "#1f4f8a", hazard: "#a3261b", zone: "#6b3f8a",
                 counter: "#9a6b00", safety: "#b8860b"};

let cards = {};      // card name -> its facts (kind, miles...)
let state = null;    // the last position received
let selected = null; // the card name tapped, waiting for a target
let socket = null;
let retry = 500;
let pendingMove = null;

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

// A card face drawn from the edition's data: its kind's colour, its value, its name.
function cardFace(name, small) {
  const facts = cards[name] || {kind: "card"};
  const face = svg("svg", {viewBox: "0 0 70 100", class: small ? "face small" : "face", "aria-hidden": "true",
                           focusable: "false"});
  face.appendChild(svg("rect", {x: 1, y: 1, width: 68, height: 98, rx: 7, fill: "#fffdf6",
                                stroke: COLOURS[facts.kind] || "#444", "stroke-width": 3}));
  face.appendChild(svg("rect", {x: 1, y: 1, width: 68, height: 20, rx: 7, fill: COLOURS[facts.kind] || "#444"}));
  face.appendChild(svg("text", {x: 35, y: 15, "text-anchor": "middle", fill: "#fff", "font-size": 10,
                                "font-weight": "bold"}, facts.kind.toUpperCase()));
  let y = 40;
  if (facts.miles) {
    face.appendChild(svg("text", {x: 35, y: 52, "text-anchor": "middle", "font-size": 26, "font-weight": "bold",
                                  fill: COLOURS[facts.kind]}, String(facts.miles)));
    y = 72;
  }
  for (const line of wrap(name, 11).slice(0, 4)) {
    const fit = line.length > 11 ? {textLength: 62, lengthAdjust: "spacingAndGlyphs"} : {};  // a word too long for the face
    face.appendChild(svg("text", {x: 35, y: y, "text-anchor": "middle", "font-size": 10.5, fill: "#111", ...fit}, line));
    y += 12;
  }
  return face;
}

function wrap(text, width) {
  // the words, a hyphenated word in its parts ("Puncture-Proof" may break after its hyphen)
  const parts = text.split(" ").flatMap((word) => word.split(/(?<=-)/).map((part, i) => [part, i > 0]));
  const lines = [];
  let line = "";
  for (const [part, joined] of parts) {
    const longer = line ? line + (joined ? "" : " ") + part : part;
    if (line && longer.length > width) { lines.push(line); line = part; }
    else line = longer;
  }
  if (line) lines.push(line);
  return lines;
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

// -- drawing the position -----------------------------------------------------------------------------
function render() {
  if (!state) return;
  const mine = state.seat === null ? null : state.seats[state.seat];
  $("title").textContent = state.edition.title + (mine === null ? "" : " - " + (mine.name || "seat " + (state.seat + 1)));
  const myTurn = state.seat !== null && state.to_act === state.seat;
  if (state.over) say("Game over. " + state.result.lines.join(" "));
  else if (myTurn) say(state.pending ? "Your answer: " + pendingText() : state.question ? state.question
                       : "Your turn: tap a card, then where it goes.");
  else say(playerName(state.to_act) + " to act." + (state.pending ? " " + pendingText() : "")
           + (state.status && state.status.length ? " " + state.status.join(" ") : ""));
  $("replay-offer").hidden = !(state.over && mode !== "replay");
  $("replay-link").href = "/r/" + token;
  renderDecision(myTurn);
  renderHand(myTurn);
  renderTable();
  renderLog();
}

// The question a waiting hazard opens, in the server's words: the same for every seat, holding a counter or not.
function pendingText() {
  return state.pending.question;
}

// Moves that are not a plain play or discard (a counter, letting it pass, any decision a mechanic adds)
// are also offered as buttons of their own, so an out-of-turn answer is one tap away.
function renderDecision(myTurn) {
  const box = $("decision");
  box.replaceChildren();
  const special = myTurn ? state.moves.filter((m) => m.action !== "play" && m.action !== "discard") : [];
  box.hidden = special.length === 0;
  if (box.hidden) return;
  box.appendChild(el("h2", state.pending ? "Answer now: " + pendingText() : state.question || "Decide"));
  for (const move of special) box.appendChild(moveButton(move, move.label));
}

function renderHand(myTurn) {
  const area = $("hand-area");
  area.hidden = state.seat === null;
  if (area.hidden) return;
  const hand = $("hand");
  hand.replaceChildren();
  state.hand.forEach((name, index) => {
    const moves = myTurn ? state.moves.filter((m) => m.card === name) : [];
    const plays = moves.filter((m) => m.action !== "discard");
    const button = el("button", null, "card" + (plays.length ? " playable" : "") + (selected === name ? " selected" : ""));
    button.type = "button";
    button.dataset.card = name;
    button.dataset.index = index;
    const why = state.why[name];
    button.setAttribute("aria-label", name + (plays.length ? ": can be played" : why ? ": cannot play: " + why : ""));
    button.setAttribute("aria-pressed", selected === name ? "true" : "false");
    button.appendChild(cardFace(name));
    button.appendChild(el("span", name, "card-name"));
    button.addEventListener("click", () => { selected = selected === name ? null : name; render(); });
    hand.appendChild(button);
  });
  if (selected && !state.hand.includes(selected)) selected = null;
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
  for (const move of state.moves.filter((m) => m.card === selected)) box.appendChild(moveButton(move, move.label));
}

function moveButton(move, label) {
  const button = el("button", label + (move.warn ? " (" + move.warn + ")" : ""), "move" + (move.warn ? " costly" : ""));
  button.type = "button";
  button.dataset.action = move.action;
  if (move.card !== null) button.dataset.card = move.card;
  if (move.target !== null) button.dataset.target = move.target;
  button.addEventListener("click", () => choose(move));
  return button;
}

function renderTable() {
  const piles = "Draw pile: " + state.draw_size + " cards. Discard pile: " +
    (state.discard_top ? state.discard_top + " on top (" + state.discard_size + " cards)" : "empty") + "." +
    (state.zone ? " " + state.edition.labels.zone + " for every side: " + state.zone + "." : "");
  $("piles").textContent = piles;
  const sides = $("sides");
  sides.replaceChildren();
  const myTurn = state.seat !== null && state.to_act === state.seat;
  for (const side of state.sides) {
    const box = el("section", null, "side" + (state.seat !== null && state.seats[state.seat].side === side.side ? " mine" : ""));
    box.dataset.side = side.side;
    const who = side.seats.map((s) => playerName(s) + " - " + state.seats[s].hand_size + " cards in hand" +
                                      (s === state.to_act ? ", to act" : "")).join("; ");
    box.appendChild(el("h3", "Side " + (side.side + 1) + ": " + who));
    const row = el("div", null, "side-row");
    const top = side.go_pile.length ? side.go_pile[side.go_pile.length - 1] : null;
    const go = el("figure", null, "go-pile");
    if (top) go.appendChild(cardFace(top, true));
    go.appendChild(el("figcaption", state.edition.labels.go + ": " + (top ? top + " (" + side.go_pile.length + ")" : "empty")));
    row.appendChild(go);
    const facts = el("ul", null, "facts");
    facts.appendChild(el("li", side.needs));
    if (side.zone && !state.zone) facts.appendChild(el("li", state.edition.labels.zone + ": " + side.zone_text));
    facts.appendChild(el("li", "Mileage: " + side.piles.map((p) => p[0] + " " + p[1] + (p[2] < 255 ? "/" + p[2] : "")).join(", ")));
    if (side.safeties.length) facts.appendChild(el("li", "Safeties: " + side.safeties.join(", ")));
    facts.appendChild(el("li", capital(state.edition.unit) + ": " + side.miles + " of " + state.edition.race, "miles"));
    row.appendChild(facts);
    box.appendChild(row);
    if (myTurn && selected) {
      for (const move of state.moves.filter((m) => m.card === selected && m.target === side.side)) {
        box.appendChild(moveButton(move, capital(move.action) + " " + move.card + " here" +
          (move.take.length ? " taking " + move.take.map((t) => t[1] + " x " + t[0]).join(", ") : "")));
      }
    }
    sides.appendChild(box);
  }
}

function capital(word) { return word.charAt(0).toUpperCase() + word.slice(1); }

function renderLog() {
  const log = $("log");
  log.replaceChildren();
  for (const line of state.log) log.appendChild(el("li", line));
  log.scrollTop = log.scrollHeight;
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
      cards = Object.fromEntries(message.cards.map((c) => [c.name, c]));
      $("rules-link").href = message.rules;
    } else if (message.type === "state") {
      state = message;
      app.dataset.moves = message.moves_made;
      app.dataset.toAct = message.to_act === null ? "" : message.to_act;
      app.dataset.over = message.over ? "yes" : "no";
      render();
    } else if (message.type === "error") {
      say(message.message, true);
    }
  });
  socket.addEventListener("close", () => {
    say("Connection lost: rejoining...", true);
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

// -- a finished game, step by step ----------------------------------------------------------------------
async function replay() {
  $("replay-controls").hidden = false;
  $("rules-link").href = "/rules/" + token;
  const response = await fetch("/api/replay/" + token);
  const data = await response.json();
  if (!response.ok) { say(data.error, true); return; }
  cards = Object.fromEntries(data.cards.map((c) => [c.name, c]));
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

if (mode === "replay") replay(); else connect();
