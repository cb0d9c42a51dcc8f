// Web stage, card faces: each card drawn as an SVG from the catalogue the server sends (its role, its hazard
// family, its distance, its limit), never from its name: a hazard and the remedy that answers it share a
// pictogram (red for the hazard, green for the remedy), a safety is a gold-edged shield bearing the
// pictograms of what it guards against, a distance card is a milestone with its figure, a zone card is a
// road sign. The name is printed once, at the foot of a hand card (a card on the table has it in its caption).
"use strict";

window.TouringFaces = (() => {
  const SVG = "http://www.w3.org/2000/svg";
  const ROLE = {
    mileage: {label: "DISTANCE", words: "a distance card", fill: "#fffaf0", ink: "#1d1a16"},
    go: {label: "GO", words: "a go card", fill: "#1f8a43", ink: "#fff"},
    remedy: {label: "REMEDY", words: "a remedy", fill: "#2e7d32", ink: "#fff"},
    hazard: {label: "HAZARD", words: "a hazard", fill: "#c62828", ink: "#fff"},
    penalty: {label: "HAZARD", words: "a hazard that takes distance", fill: "#b71c1c", ink: "#fff"},
    limit: {label: "LIMIT", words: "a limit", fill: "#fff", ink: "#1d1a16"},
    open: {label: "OPEN ROAD", words: "the end of a limit", fill: "#fff", ink: "#1d1a16"},
    safety: {label: "SAFETY", words: "a safety", fill: "#17407a", ink: "#fff"},
    counter: {label: "COUNTER", words: "a counter card", fill: "#6a3d9a", ink: "#fff"},
  };
  // One pictogram per hazard family (by its place in the deck), in a 24-unit box. They are shapes, not
  // pictures of any particular card: the edition, not this file, says which card is which hazard.
  const GLYPHS = [
    (g) => g.appendChild(el("path", {d: "M12 2a10 10 0 1 0 .01 0ZM12 8a4 4 0 1 1-.01 0Z", "fill-rule": "evenodd"})),
    (g) => g.appendChild(el("path", {d: "M12 1l2.6 6.2 6.6-1.6-3.8 5.6 4.8 4.6-6.7.3L12 23l-3.5-6.9-6.7-.3 4.8-4.6L2.8 5.6l6.6 1.6Z"})),
    (g) => g.appendChild(el("path", {d: "M12 1l11 11-11 11L1 12Z"})),
    (g) => g.appendChild(el("path", {d: "M8 2h8l6 6v8l-6 6H8l-6-6V8Z"})),
    (g) => g.appendChild(el("path", {d: "M14 1L4 14h6.5L9 23l11-13.5h-6.5Z"})),
    (g) => g.appendChild(el("path", {d: "M8.5 2h7v6.5H22v7h-6.5V22h-7v-6.5H2v-7h6.5Z"})),
    (g) => g.appendChild(el("path", {d: "M12 22L1 3h22Z"})),
    (g) => g.appendChild(el("path", {d: "M6 3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3Z"})),
  ];
  const MILE_COLOURS = ["#2b6cb0", "#2f855a", "#b7791f", "#c05621", "#97266d", "#4a5568"];

  let cards = {};
  let mileRank = {};

  function el(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function learn(list) {
    cards = Object.fromEntries(list.map((c) => [c.name, c]));
    const miles = [...new Set(list.filter((c) => c.miles).map((c) => c.miles))].sort((a, b) => a - b);
    mileRank = Object.fromEntries(miles.map((m, i) => [m, i]));
  }

  // the page's sentences in the reader's language (table.js's t, given by speak); English until then
  let say = (text, values) => text.replace(/\{(\w+)\}/g, (all, key) => (values && key in values ? String(values[key]) : all));
  function speak(translate) { say = translate; }

  function facts(name) { return cards[name] || {name: name, kind: "card", role: "card", families: [], answers: []}; }

  function roleWords(name) {
    const card = facts(name);
    const role = ROLE[card.role] || {words: "a card"};
    let words = say(role.words);
    if (card.answers && card.answers.length) words = say("{role} against {cards}", {role: words, cards: card.answers.join(say(" or "))});
    if (card.role === "safety" && card.against.length) words = say("{role} against {cards}", {role: words, cards: card.against.join(say(" and "))});
    if (card.limit) words = say("{role} to {limit}", {role: words, limit: card.limit});
    return words;
  }

  function glyph(family, x, y, size, colour) {
    const g = el("g", {transform: "translate(" + x + " " + y + ") scale(" + size / 24 + ")", fill: colour});
    GLYPHS[family % GLYPHS.length](g);
    return g;
  }

  // A face: compact (on the table) leaves the name to the caption and draws the pictogram larger.
  function face(name, compact) {
    const card = facts(name);
    const role = ROLE[card.role] || ROLE.mileage;
    const svg = el("svg", {viewBox: "0 0 70 100", class: "face role-" + card.role + (compact ? " compact" : ""),
                           "aria-hidden": "true", focusable: "false"});
    const safety = card.role === "safety";
    svg.appendChild(el("rect", {x: 1.5, y: 1.5, width: 67, height: 97, rx: 7, fill: role.fill,
                                stroke: safety ? "#e3b505" : "#3a3326", "stroke-width": safety ? 4 : 1.5}));
    if (!compact) svg.appendChild(el("text", {x: 35, y: 12, "text-anchor": "middle", fill: role.ink, "font-size": 8,
                                              "font-weight": "bold", "letter-spacing": 0.8, opacity: 0.9}, say(role.label)));
    const top = compact ? 8 : 16;
    const height = compact ? 84 : 52;
    (DRAW[card.role] || drawPlain)(svg, card, top, height);
    if (!compact) nameBand(svg, name, role);
    return svg;
  }

  function nameBand(svg, name, role) {
    svg.appendChild(el("rect", {x: 5, y: 71, width: 60, height: 25, rx: 4, fill: "#fff", opacity: 0.94}));
    const lines = wrap(name, 11).slice(0, 2);
    let y = lines.length === 1 ? 87 : 81.5;
    for (const line of lines) {
      const fit = line.length > 10 ? {textLength: 56, lengthAdjust: "spacingAndGlyphs"} : {};
      svg.appendChild(el("text", {x: 35, y: y, "text-anchor": "middle", "font-size": 10, "font-weight": "bold",
                                  fill: "#1d1a16", ...fit}, line));
      y += 11;
    }
  }

  const DRAW = {
    mileage(svg, card, top, height) {
      const colour = MILE_COLOURS[(mileRank[card.miles] || 0) % MILE_COLOURS.length];
      const cx = 35, w = 44, y = top + 2, h = height - 4;  // a milestone: a rounded head in the value's colour
      svg.appendChild(el("path", {d: `M${cx - w / 2} ${y + h}V${y + 16}a${w / 2} 16 0 0 1 ${w} 0V${y + h}Z`,
                                  fill: "#fff", stroke: "#3a3326", "stroke-width": 1.5}));
      svg.appendChild(el("path", {d: `M${cx - w / 2} ${y + 18}V${y + 16}a${w / 2} 16 0 0 1 ${w} 0V${y + 18}Z`, fill: colour}));
      const text = String(card.miles);
      svg.appendChild(el("text", {x: cx, y: y + 18 + (h - 18) * 0.5 + (text.length > 2 ? 7.5 : 9), "text-anchor": "middle",
                                  "font-size": text.length > 2 ? 21 : 26,
                                  "font-weight": 900, fill: colour, ...(text.length > 3 ? {textLength: 40, lengthAdjust: "spacingAndGlyphs"} : {})}, text));
    },
    hazard(svg, card, top, height) {
      const s = Math.min(height, 60), cx = 35, y = top + (height - s * 0.87) / 2;
      svg.appendChild(el("path", {d: `M${cx} ${y}L${cx + s / 2} ${y + s * 0.87}H${cx - s / 2}Z`, fill: "#fff",
                                  stroke: "#fff", "stroke-width": 5, "stroke-linejoin": "round"}));
      const g = s * 0.46;
      card.families.forEach((f) => svg.appendChild(glyph(f, cx - g / 2, y + s * 0.87 - g - s * 0.08, g, "#b71c1c")));
    },
    penalty(svg, card, top, height) {
      DRAW.hazard(svg, card, top, height - 14);
      if (card.removes_miles) svg.appendChild(el("text", {x: 35, y: top + height - 1, "text-anchor": "middle", "font-size": 15,
                                                          "font-weight": 900, fill: "#fff"}, "\u2212" + card.removes_miles));
    },
    remedy(svg, card, top, height) {
      const r = Math.min(height, 56) / 2, cy = top + height / 2;
      svg.appendChild(el("circle", {cx: 35, cy: cy, r: r, fill: "#fff"}));
      const fams = card.families.length ? card.families : [0];
      const g = fams.length > 1 ? r * 0.75 : r * 1.15;
      fams.forEach((f, i) => svg.appendChild(glyph(f, 35 - g / 2 + (i - (fams.length - 1) / 2) * g * 0.9, cy - g / 2, g, "#2e7d32")));
    },
    counter(svg, card, top, height) {
      DRAW.remedy(svg, card, top, height);
    },
    go(svg, card, top, height) {
      const h = Math.min(height, 60), w = h * 0.46, x = 35 - w / 2, y = top + (height - h) / 2;
      svg.appendChild(el("rect", {x: x, y: y, width: w, height: h, rx: w / 2.5, fill: "#1d1a16"}));
      const r = w * 0.32;
      svg.appendChild(el("circle", {cx: 35, cy: y + h * 0.2, r: r, fill: "#5a2320"}));
      svg.appendChild(el("circle", {cx: 35, cy: y + h * 0.5, r: r, fill: "#5a4a1a"}));
      svg.appendChild(el("circle", {cx: 35, cy: y + h * 0.8, r: r * 1.1, fill: "#6cff8f", stroke: "#d9ffe3", "stroke-width": 1.2}));
      card.families.forEach((f, i) => {  // the hazards go alone lifts (the edition's chains say which)
        const cy = y + h * 0.8 - i * 19;
        svg.appendChild(el("circle", {cx: 56, cy: cy, r: 8.5, fill: "#fff"}));
        svg.appendChild(glyph(f, 56 - 6, cy - 6, 12, "#1f8a43"));
      });
    },
    limit(svg, card, top, height) {
      const r = Math.min(height, 58) / 2, cy = top + height / 2;
      svg.appendChild(el("circle", {cx: 35, cy: cy, r: r, fill: "#fff", stroke: "#c62828", "stroke-width": r * 0.22}));
      if (card.limit) svg.appendChild(el("text", {x: 35, y: cy + r * 0.33, "text-anchor": "middle", "font-size": r * 0.85,
                                                  "font-weight": 900, fill: "#1d1a16"}, String(card.limit)));
    },
    open(svg, card, top, height) {
      const r = Math.min(height, 58) / 2, cy = top + height / 2;
      svg.appendChild(el("circle", {cx: 35, cy: cy, r: r, fill: "#fff", stroke: "#555", "stroke-width": 2}));
      for (const d of [-0.35, 0, 0.35]) {
        svg.appendChild(el("line", {x1: 35 - r * 0.7 + d * r, y1: cy + r * 0.7 + d * r, x2: 35 + r * 0.7 + d * r,
                                    y2: cy - r * 0.7 + d * r, stroke: "#333", "stroke-width": d === 0 ? 4 : 2}));
      }
      svg.appendChild(el("circle", {cx: 35, cy: cy, r: r, fill: "none", stroke: "#fff", "stroke-width": 2}));
      svg.appendChild(el("circle", {cx: 35, cy: cy, r: r + 1, fill: "none", stroke: "#555", "stroke-width": 1.5}));
    },
    safety(svg, card, top, height) {
      const h = Math.min(height, 62), w = h * 0.82, x = 35 - w / 2, y = top + (height - h) / 2;
      svg.appendChild(el("path", {d: `M${x} ${y + h * 0.12}L35 ${y}L${x + w} ${y + h * 0.12}V${y + h * 0.5}` +
                                     `C${x + w} ${y + h * 0.78} 35 ${y + h} 35 ${y + h}C35 ${y + h} ${x} ${y + h * 0.78} ${x} ${y + h * 0.5}Z`,
                                  fill: "#e3b505", stroke: "#fff4c2", "stroke-width": 1.5}));
      const fams = card.families;
      const g = fams.length > 1 ? w * 0.36 : w * 0.5;
      fams.forEach((f, i) => svg.appendChild(glyph(f, 35 - g / 2 + (i - (fams.length - 1) / 2) * g * 1.05,
                                                   y + h * 0.42 - g / 2, g, "#17407a")));
    },
  };

  function drawPlain(svg, card, top, height) {
    svg.appendChild(el("circle", {cx: 35, cy: top + height / 2, r: 12, fill: "#ccc"}));
  }

  function back() {
    const svg = el("svg", {viewBox: "0 0 70 100", class: "face compact back", "aria-hidden": "true", focusable: "false"});
    svg.appendChild(el("rect", {x: 1.5, y: 1.5, width: 67, height: 97, rx: 7, fill: "#8a3b12", stroke: "#3a3326", "stroke-width": 1.5}));
    svg.appendChild(el("rect", {x: 7, y: 7, width: 56, height: 86, rx: 5, fill: "none", stroke: "#f3d9a4", "stroke-width": 2}));
    svg.appendChild(el("path", {d: "M35 22L50 50L35 78L20 50Z", fill: "#f3d9a4", opacity: 0.85}));
    return svg;
  }

  function wrap(text, width) {
    // the words, a hyphenated word in its parts ("a-b" may break after its hyphen)
    const parts = text.split(" ").flatMap((word) => word.split(/(?<=-)/).map((part, i) => [part, i > 0]));
    const lines = [];
    let line = "";
    for (const [part, joined] of parts) {
      const longer = line ? line + (joined ? "" : " ") + part : part;
      if (line && longer.length > width) { lines.push(line); line = part; }
      else line = longer;
    }
    if (line) lines.push(line);
    if (lines.length > 2) lines.splice(1, lines.length, lines.slice(1).join(" "));
    return lines;
  }

  function kind(name) { return facts(name).kind; }

  return {learn, face, back, roleWords, kind, speak};
})();
