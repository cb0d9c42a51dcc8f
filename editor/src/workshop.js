// The workshop's editor: CodeMirror 6 with the Touring language's colours (its words read from the grammar,
// served by /workshop/api/language), the server's diagnostics underlined with their messages and quick
// fixes, completion and hover: all of them the language server's (`touring lsp`), asked through the server. Built by scripts/build_editor.sh into touring_dsl/web/static/workshop-editor.js,
// which defines window.TouringEditor; the page's own script (static/workshop-page.js) uses it.
import {EditorState, StateEffect, StateField, RangeSet} from "@codemirror/state";
import {EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection, gutter, GutterMarker,
        hoverTooltip} from "@codemirror/view";
import {defaultKeymap, history, historyKeymap, indentWithTab} from "@codemirror/commands";
import {StreamLanguage, syntaxHighlighting, defaultHighlightStyle, bracketMatching,
        indentOnInput} from "@codemirror/language";
import {linter, lintGutter, forceLinting} from "@codemirror/lint";
import {autocompletion, closeBrackets, completionKeymap} from "@codemirror/autocomplete";
import {searchKeymap} from "@codemirror/search";

// The language's colours: a word is coloured by the list the server's grammar puts it in.
function touringMode(words) {
  const kinds = new Map();
  for (const w of words.words || []) kinds.set(w, "keyword");
  for (const w of words.card_kinds || []) kinds.set(w, "typeName");
  for (const w of words.changes || []) kinds.set(w, "operatorKeyword");
  for (const w of words.annotations || []) kinds.set(w, "meta");
  for (const w of words.sections || []) kinds.set(w, "definitionKeyword");
  return StreamLanguage.define({
    name: "touring",
    token(stream) {
      if (stream.eatSpace()) return null;
      if (stream.match(/^#.*/)) return "comment";
      if (stream.match(/^"[^"\n]*"?/)) return "string";
      if (stream.match(/^\d+/)) return "number";
      if (stream.match(/^[A-Za-z][A-Za-z0-9_-]*/)) return kinds.get(stream.current()) || "variableName";
      if (stream.match(/^[{}]/)) return "brace";
      stream.next();
      return "punctuation";
    },
    languageData: {commentTokens: {line: "#"}, closeBrackets: {brackets: ["{", '"']}},
  });
}

// A position in the editor from the server's line and column (both from 1), kept inside the text.
function offsetOf(doc, line, column) {
  const found = doc.line(Math.min(Math.max(1, line), doc.lines));
  return Math.min(found.from + Math.max(0, column - 1), found.to);
}

// A quick fix: the text between two of the server's places replaced.
function applyFix(view, fix) {
  const doc = view.state.doc;
  view.dispatch({changes: {from: offsetOf(doc, fix.line, fix.column), to: offsetOf(doc, fix.end_line, fix.end_column),
                           insert: fix.text}});
}

function placeOf(doc, pos) {
  const line = doc.lineAt(pos);
  return {line: line.number, column: pos - line.from + 1};
}

// The server's diagnostics as CodeMirror's: underlined where they point, with the hint and the quick fix.
function diagnosticsOf(doc, found) {
  const out = [];
  for (const d of found) {
    const from = d.line ? offsetOf(doc, d.line, d.column) : 0;
    let to = d.line ? offsetOf(doc, d.end_line, d.end_column) : Math.min(doc.length, 1);
    if (to <= from) to = Math.min(doc.length, from + 1);
    const message = `${d.message}${d.hint ? ` (hint: ${d.hint})` : ""}`;
    const actions = (d.fixes || []).map((fix) => ({name: fix.title, apply(view) { applyFix(view, fix); }}));
    out.push({from, to, severity: d.severity === "warning" ? "warning" : "error", message, actions,
              source: d.code});
  }
  return out;
}

// The examples' marks in the gutter: a tick on an example that holds, a cross on one that fails.
class ExampleMark extends GutterMarker {
  constructor(passed) { super(); this.passed = passed; }
  eq(other) { return other.passed === this.passed; }
  toDOM() {
    const mark = document.createElement("span");
    mark.className = this.passed ? "example-pass" : "example-fail";
    mark.textContent = this.passed ? "\u2713" : "\u2717";
    mark.title = this.passed ? "this example holds" : "this example fails";
    return mark;
  }
}

const setMarks = StateEffect.define();
const exampleMarks = StateField.define({
  create() { return RangeSet.empty; },
  update(marks, tr) {
    marks = marks.map(tr.changes);
    for (const effect of tr.effects) if (effect.is(setMarks)) marks = effect.value;
    return marks;
  },
});

function marksOf(doc, list) {
  const ranges = [];
  for (const item of list) {
    if (!item.line || item.line > doc.lines) continue;
    ranges.push(new ExampleMark(item.passed).range(doc.line(item.line).from));
  }
  ranges.sort((a, b) => a.from - b.from);
  return RangeSet.of(ranges);
}

// The hover's words keep their lines (a card's roles, one a line; the rulebook's sentence apart).
const hoverStyle = EditorView.baseTheme({".hover-words": {whiteSpace: "pre-line"}});

// ask(path, body): the page's JSON request to the server (it sends the draft's text too).
function create({parent, text, words, ask, onChange, onChecked, nonce}) {
  const lint = linter(async (view) => {
    const doc = view.state.doc;
    const answer = await ask("check", {text: doc.toString()});
    if (!answer || view.state.doc !== doc) return [];
    if (onChecked) onChecked(answer);
    return diagnosticsOf(doc, answer.diagnostics || []);
  }, {delay: 400});

  // The language server completes what the parser expects at the cursor (its keywords), card names (in
  // quotes), archive ids (after `extends`), setups and sources; asked as a word is typed, or with Ctrl-Space.
  const types = {card: "constant", edition: "namespace", setup: "class", source: "variable"};
  const complete = async (context) => {
    const place = placeOf(context.state.doc, context.pos);
    const line = context.state.doc.lineAt(context.pos);
    const before = line.text.slice(0, place.column - 1);
    const quoted = (before.split('"').length - 1) % 2 === 1;
    if (!context.explicit && !quoted && !/\bextends\s+$/.test(before)) {
      const typed = context.matchBefore(/[A-Za-z][A-Za-z0-9_-]*/);
      if (!typed || typed.to - typed.from < 2 || before.includes("#")) return null;
    }
    const answer = await ask("complete", {text: context.state.doc.toString(), ...place});
    if (!answer || !answer.items || !answer.items.length) return null;
    return {from: line.from + answer.from - 1,
            options: answer.items.map((item) => ({label: item.label, type: types[item.kind] || "keyword",
                                                  detail: item.detail || undefined, apply: item.apply})),
            validFor: quoted ? /^[A-Za-z0-9 _-]*$/ : /^[A-Za-z0-9_-]*$/};
  };

  // The language server's hover: a card's count, role and answers; a rule's sentence in the rulebook.
  const hover = hoverTooltip(async (view, pos) => {
    const line = view.state.doc.lineAt(pos);
    if (!line.text.trim() || /^\s*#/.test(line.text)) return null;  // nothing to say over a blank or a comment
    const answer = await ask("hover", {text: view.state.doc.toString(), ...placeOf(view.state.doc, pos)});
    if (!answer || !answer.text) return null;
    return {pos, create() {
      const dom = document.createElement("div");
      dom.className = "hover-words";
      dom.textContent = answer.text;
      return {dom};
    }};
  });

  const view = new EditorView({
    parent,
    state: EditorState.create({doc: text, extensions: [
      lineNumbers(), gutter({class: "cm-example-gutter", markers: (v) => v.state.field(exampleMarks)}),
      lintGutter(), history(), drawSelection(), highlightActiveLine(), indentOnInput(), bracketMatching(),
      closeBrackets(), EditorView.lineWrapping, touringMode(words), syntaxHighlighting(defaultHighlightStyle),
      exampleMarks, lint, autocompletion({override: [complete]}), hover, hoverStyle,
      keymap.of([...defaultKeymap, ...historyKeymap, ...completionKeymap, ...searchKeymap, indentWithTab]),
      EditorView.updateListener.of((update) => { if (update.docChanged && onChange) onChange(); }),
      EditorView.contentAttributes.of({"aria-label": "The draft's text", spellcheck: "false"}),
      ...(nonce ? [EditorView.cspNonce.of(nonce)] : []),
    ]}),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setExampleMarks(list) { view.dispatch({effects: setMarks.of(marksOf(view.state.doc, list))}); },
    recheck() { forceLinting(view); },
    applyFix(fix) { applyFix(view, fix); },
    goTo(line, column) {
      const pos = offsetOf(view.state.doc, line, column || 1);
      view.dispatch({selection: {anchor: pos}, scrollIntoView: true});
      view.focus();
    },
    focus() { view.focus(); },
  };
}

window.TouringEditor = {create};
export {create};
