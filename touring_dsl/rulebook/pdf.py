"""Rulebook stage, PDF renderer: the document as Typst markup, compiled offline into a printable rule sheet.

No text from an edition (or a party) is ever written into the markup: every such string goes to Typst
as data, a JSON list handed in through sys.inputs, and the markup only refers to its entries (S.at(3)).
So a title, card name or note can hold quotes, brackets, #read("...") or the preamble's placeholder
words and still print exactly as written, never run. The compile sees an empty folder as its root, so
the markup itself could read no file either.
"""
from __future__ import annotations

import json
import re
from contextvars import ContextVar

from ..base.i18n import _, language, typography
from ..language.model import Ruleset
from .blocks import (Assumed, Block, Bullets, CardName, Paragraph, Ref, Rulebook, Section, Strong, Table, Text,
                     Worked)

# The look of the sheet: a title block between double rules, small-capital headings, card names in bold
# small capitals, assumption boxes in red so that no reader takes them for printed rules. A heading is
# sticky: it never ends a page, but goes over with the text it heads.
PREAMBLE = r"""
#let ink = rgb("#1d1a16")
#let rule-colour = rgb("#8a6d3b")
#let mark-colour = rgb("#9c2f1f")
#let soft = rgb("#f1eadb")
#set page(paper: BOOK-PAPER, margin: (x: 2cm, top: 2.2cm, bottom: 2.2cm),
  header: context { if here().page() > 1 [
    #set text(size: 8pt, fill: rule-colour)
    #grid(columns: (1fr, auto), column-gutter: 1.5em, smallcaps(BOOK-TITLE), smallcaps(BOOK-BYLINE))
  ] },
  footer: context [
    #set text(size: 8pt, fill: rule-colour)
    #h(1fr) #counter(page).display(BOOK-PAGES, both: true) #h(1fr)
  ])
#set text(font: ("Libertinus Serif", "New Computer Modern"), size: 10.5pt, fill: ink, lang: BOOK-LANG)
#set par(justify: true, leading: 0.62em, spacing: 0.9em)
#set list(indent: 0.8em, spacing: 0.55em)
#set enum(indent: 0.8em, spacing: 0.55em)
#show heading.where(level: 1): it => block(above: 1.5em, below: 0.8em, width: 100%, sticky: true)[
  #set text(size: 14pt, weight: "bold", tracking: 0.04em)
  #smallcaps(it.body)
  #v(-0.55em)
  #line(length: 100%, stroke: 0.7pt + rule-colour)
]
#show heading.where(level: 2): it => block(above: 1.2em, below: 0.6em, sticky: true)[
  #set text(size: 11.5pt, weight: "bold", style: "italic")
  #it.body
]
#let card(name) = text(weight: "bold", smallcaps(name))
#let amark(n) = super(text(fill: mark-colour, weight: "bold", "[A" + str(n) + "]"))
#let sheet-table(columns, numeric, header, ..cells) = table(
  columns: columns,
  stroke: (x, y) => (bottom: if y == 0 { 0.8pt + rule-colour } else { 0.3pt + rgb("#d2c5a9") }),
  fill: (x, y) => if y == 0 { soft },
  inset: (x: 5pt, y: 3.4pt),
  align: (x, y) => if numeric.contains(x) { right } else { left },
  table.header(..header.map(h => text(weight: "bold", size: 9.5pt, h))),
  ..cells.pos().map(c => { set par(justify: false); text(size: 9.5pt, hyphenate: false, c) }),
)
#let assumed(number, body, why, applies, basis) = block(
  width: 100%, breakable: false, inset: (left: 10pt, rest: 7pt), above: 0.9em, below: 0.9em,
  fill: rgb("#f7ede7"), stroke: (left: 3pt + mark-colour),
)[
  #text(fill: mark-colour, weight: "bold", size: 8.5pt, tracking: 0.08em)[#L-ASSUMED-A#str(number)#L-ASSUMED-B]
  #linebreak() #body
  #linebreak() #text(style: "italic")[#L-WHY] #why
  #if applies != "" [ #linebreak() #text(style: "italic")[#L-APPLIES] #applies ]
  #if basis != "" [ #linebreak() #text(style: "italic")[#L-RESTS] #basis ]
]
#let worked(number, title, source, position, moves, outcome) = block(
  width: 100%, breakable: false, inset: 9pt, above: 1em, below: 1em,
  stroke: 0.5pt + rule-colour, radius: 2pt,
)[
  #text(weight: "bold")[#L-EXAMPLE-A#str(number)#L-EXAMPLE-B#title]
  #if source != "" [ #h(0.4em) #text(size: 9pt, style: "italic", fill: rule-colour)[#L-FROM-A#source#L-FROM-B] ]
  #grid(columns: (1fr, 1fr), column-gutter: 14pt,
    [
      #text(size: 9pt, weight: "bold", tracking: 0.06em)[#L-POSITION]
      #list(..position)
    ],
    [
      #text(size: 9pt, weight: "bold", tracking: 0.06em)[#L-MOVES]
      #enum(..moves)
      #text(size: 9pt, weight: "bold", tracking: 0.06em)[#L-FOLLOWS]
      #list(..outcome)
    ])
]
"""


_STRINGS: ContextVar[list[str]] = ContextVar("typst_strings")
_INPUT = "touring-strings"  # the sys.inputs key holding the JSON list of strings
_ANCHOR = re.compile(r"[A-Za-z0-9_-]+")


_SLOT = "数"  # a letter no label holds, standing for the blank while the label is typeset


def _halves(message: str, blank: str) -> tuple[str, str]:
    """A label with one blank filled in by the markup ("Example {number}: "), typeset for its language, as
    the words before and after the blank."""
    before, _sep, after = typography(message.replace("{" + blank + "}", _SLOT)).partition(_SLOT)
    return before, after


def labels() -> dict[str, str]:
    """The printed sheet's own words (its boxes' labels, the page numbers), in the reader's language."""
    assumed = _halves(_("EDITORIAL ASSUMPTION A{number}"), "number")
    example = _halves(_("Example {number}: "), "number")
    source = _halves(_("(from {source})"), "source")
    return {"BOOK-PAGES": _("1 of 1"), "L-ASSUMED-A": assumed[0], "L-ASSUMED-B": assumed[1],
            "L-WHY": typography(_("Why:")), "L-APPLIES": typography(_("Applies to:")),
            "L-RESTS": typography(_("Rests on:")), "L-EXAMPLE-A": example[0], "L-EXAMPLE-B": example[1],
            "L-FROM-A": source[0], "L-FROM-B": source[1], "L-POSITION": _("POSITION"), "L-MOVES": _("MOVES"),
            "L-FOLLOWS": _("WHAT FOLLOWS")}


def quote(value: str) -> str:
    """A Typst expression for user text: an entry of the strings passed as data, shown exactly as written."""
    strings = _STRINGS.get()
    strings.append(value.replace("\n", " "))
    return f"S.at({len(strings) - 1})"


def inline(value: Text) -> str:
    """Inline text as a Typst content block."""
    parts = []
    for part in value:
        if isinstance(part, CardName):
            parts.append(f"#card({quote(part.text)})")
        elif isinstance(part, Strong):
            parts.append(f"#strong({quote(part.text)})")
        elif isinstance(part, Ref):
            parts.append(f"#amark({part.number})")
        elif part:
            parts.append(f"#{quote(part)}")
    return "[" + "".join(parts) + "]"


def typst_source(book: Rulebook, paper: str = "us-letter") -> tuple[str, list[str]]:
    """The complete Typst source for the rulebook, on Typst's paper size `paper` ("us-letter", "a4"), and
    the strings it shows, to be passed as data."""
    strings: list[str] = []
    token = _STRINGS.set(strings)
    try:
        # the placeholders are replaced by fixed expressions (S.at(n)), never by text that could hold one
        preamble = (PREAMBLE.replace("BOOK-TITLE", quote(book.title)).replace("BOOK-PAPER", quote(paper))
                    .replace("BOOK-BYLINE", quote(book.running or book.byline))
                    .replace("BOOK-LANG", quote(language())))
        for placeholder, said in labels().items():
            preamble = preamble.replace(placeholder, quote(said))
        lines = [f'#let S = json(bytes(sys.inputs.at("{_INPUT}")))',
                 f"#set document(title: {quote(book.title)}, author: {quote(book.byline)})", preamble,
                 _title_block(book)]
        lines += [_section(s, 1) for s in book.sections]
    finally:
        _STRINGS.reset(token)
    return "\n".join(lines) + "\n", strings


def markup(book: Rulebook, paper: str = "us-letter") -> str:
    """The Typst source alone (its strings are not in it)."""
    return typst_source(book, paper)[0]


def render(book: Rulebook, paper: str = "us-letter") -> bytes:
    import tempfile

    import typst

    source, strings = typst_source(book, paper)
    with tempfile.TemporaryDirectory() as empty:
        # Only the fonts built into Typst: the same PDF on every machine, and no system lookups.
        return typst.compile(source.encode("utf-8"), root=empty, ignore_system_fonts=True, font_paths=[],
                             sys_inputs={_INPUT: json.dumps(strings)})


def rulebook_pdf(ruleset: Ruleset, parent: Ruleset | None = None) -> bytes:
    from .document import build

    return render(build(ruleset, parent))


def _title_block(book: Rulebook) -> str:
    subtitle = f"#text(size: 13pt, style: \"italic\", {quote(book.subtitle)})\n#v(0.3em)\n" if book.subtitle else ""
    # on paper the closing line goes under the title, where it never fills a last page of its own
    colophon = (f"#v(0.2em)\n#block(width: 85%, text(size: 8pt, style: \"italic\", fill: rule-colour, "
                f"{quote(book.colophon)}))\n" if book.colophon else "")
    summary = (f"#v(0.6em)\n#block(width: 80%, text(size: 10.5pt, {quote(book.summary)}))\n"
               if book.summary else "")
    return (
        "#align(center)[\n"
        "#line(length: 100%, stroke: 1.2pt + rule-colour)\n#v(-0.7em)\n"
        "#line(length: 100%, stroke: 0.4pt + rule-colour)\n#v(0.6em)\n"
        f"#text(size: 9pt, tracking: 0.25em, fill: rule-colour, {quote(book.kicker.upper())})\n#v(0.2em)\n"
        f"#text(size: 30pt, weight: \"bold\", tracking: 0.12em, upper({quote(book.title)}))\n#v(0.1em)\n"
        f"{subtitle}"
        f"#text(size: 10.5pt, smallcaps({quote(book.byline)}))\n"
        f"{summary}"
        "#v(0.4em)\n#line(length: 100%, stroke: 0.4pt + rule-colour)\n#v(-0.7em)\n"
        "#line(length: 100%, stroke: 1.2pt + rule-colour)\n"
        f"{colophon}"
        "]\n"
    )


SHORT_SECTION = 4  # blocks: a subsection this short is kept on one page, its heading with all its text


def _section(section: Section, level: int) -> str:
    label = f" <{section.anchor}>" if _ANCHOR.fullmatch(section.anchor) else ""  # a label is markup: plain only
    parts = [f"#heading(level: {level}, {quote(section.title)}){label}"]
    parts += [_block(b) for b in section.blocks]
    if level > 1 and not section.subsections and _short(section):
        # a short subsection split by a page break strands its last sentences away from their heading
        return "#block(breakable: false)[\n" + "\n\n".join(parts) + "\n]"
    parts += [_section(s, level + 1) for s in section.subsections]
    return "\n\n".join(parts)


def _short(section: Section) -> bool:
    return len(section.blocks) <= SHORT_SECTION and not any(
        isinstance(b, Worked) or (isinstance(b, Table) and len(b.rows) > 12) for b in section.blocks)


def _block(block: Block) -> str:
    if isinstance(block, Paragraph):
        return "#par(" + inline(block.body) + ")"
    if isinstance(block, Bullets):
        kind = "enum" if block.ordered else "list"
        return f"#{kind}(" + ", ".join(inline(i) for i in block.items) + ")"
    if isinstance(block, Table):
        return _table(block)
    if isinstance(block, Assumed):
        return (f"#assumed({block.number}, {inline(block.body)}, {quote(block.reason)}, "
                f"{quote(block.applies_to)}, {quote(block.basis)})")
    if isinstance(block, Worked):
        return (f"#worked({block.number}, {quote(block.title)}, {quote(block.source)}, "
                f"({_items(block.position)}), ({_items(block.moves)}), ({_items(block.outcome)}))")
    raise TypeError(f"no Typst for {type(block).__name__}")


def _items(items: tuple[Text, ...]) -> str:
    return _array(inline(i) for i in items)


def _array(items) -> str:
    """Typst array items; the trailing comma keeps a one-item list an array, not a parenthesised value."""
    items = list(items)
    return ", ".join(items) + "," if items else ""


def _table(table: Table) -> str:
    widths = _column_widths(table)
    header = "(" + _array(quote(h) for h in table.header) + ")"
    numeric = "(" + _array(str(i) for i in table.numeric) + ")"
    cells = ", ".join(inline(c) for row in table.rows for c in row)
    table_markup = f"sheet-table({widths}, {numeric}, {header}, {cells})"
    # Short tables stay on one page; a long one (the sources) may run on, its header repeated.
    if len(table.rows) <= 12:
        return f"#block(breakable: false, {table_markup})"
    return "#" + table_markup


def _column_widths(table: Table) -> str:
    """Figures and short text take the width they need; long text columns share the rest in proportion."""
    def length(cell: Text) -> int:
        return sum(len(p) if isinstance(p, str) else 5 if isinstance(p, Ref) else len(p.text) for p in cell)

    widths = []
    for i, head in enumerate(table.header):
        longest = max([len(head)] + [length(row[i]) for row in table.rows])
        # Short columns keep their natural width (card names never wrap); long text shares what is left.
        widths.append("auto" if i in table.numeric or longest <= 30 else f"{min(longest, 60)}fr")
    return "(" + _array(widths) + ")"
