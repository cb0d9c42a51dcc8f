"""Rulebook stage, HTML renderer: one standalone page (styles inline, no outside files or scripts)."""
from __future__ import annotations

from html import escape

from ..base.i18n import _, language, typography
from ..language.model import Ruleset
from .blocks import (Assumed, Block, Bullets, CardName, Paragraph, Ref, Rulebook, Section, Strong, Table, Text,
                     Worked)

STYLE = """
:root { --ink: #1d1a16; --paper: #fbf8f1; --rule: #8a6d3b; --soft: #efe7d6; --mark: #9c2f1f; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink);
       font: 17px/1.55 Georgia, "Times New Roman", serif; }
main { max-width: 46rem; margin: 0 auto; padding: 2.5rem 1.25rem 4rem; }
header.title { text-align: center; border-top: 4px double var(--rule); border-bottom: 4px double var(--rule);
               padding: 1.5rem 0 1.25rem; margin-bottom: 2rem; }
header.title h1 { font-size: 2.6rem; letter-spacing: .12em; text-transform: uppercase; margin: 0; }
header.title .subtitle { font-style: italic; font-size: 1.2rem; margin: .3rem 0 .8rem; }
header.title .byline { font-variant: small-caps; letter-spacing: .05em; margin: 0; }
footer.colophon { margin-top: 2.5em; border-top: 1px solid var(--rule); font-size: .85em; font-style: italic; color: var(--rule); }
header.title .summary { margin: 1rem auto 0; max-width: 34rem; }
nav.contents { columns: 2; font-size: .95rem; margin-bottom: 2rem; }
nav.contents ol { margin: 0; padding-left: 1.4rem; }
h2 { border-bottom: 1px solid var(--rule); font-variant: small-caps; letter-spacing: .04em; margin-top: 2.2rem; }
h3 { margin-bottom: .3rem; }
.card { font-variant: small-caps; font-weight: bold; letter-spacing: .02em; }
div.table { overflow-x: auto; margin: 1rem 0; }
table { border-collapse: collapse; width: 100%; font-size: .92rem; }
th, td { border-bottom: 1px solid #d8cdb6; padding: .35rem .5rem; text-align: left; vertical-align: top; }
th { background: var(--soft); border-bottom: 2px solid var(--rule); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
a.ref { color: var(--mark); font-size: .8em; vertical-align: super; text-decoration: none; margin-left: .1em; }
aside.assumption { border-left: 4px solid var(--mark); background: #f6ece6; padding: .6rem 1rem;
                   margin: 1rem 0; }
aside.assumption .tag { color: var(--mark); font-weight: bold; text-transform: uppercase; font-size: .8rem;
                        letter-spacing: .08em; }
aside.assumption p { margin: .3rem 0; }
section.example { border: 1px solid #d8cdb6; background: #fffdf8; padding: .4rem 1rem .8rem; margin: 1.2rem 0; }
section.example h3 { margin-top: .5rem; }
section.example .from { font-style: italic; color: #6b5a3e; font-size: .9rem; }
section.example h4 { margin: .6rem 0 .2rem; font-size: .95rem; font-variant: small-caps; }
section.example ul, section.example ol { margin-top: .2rem; }
@media print { body { background: white; } main { max-width: none; } nav.contents { display: none; } }
"""


def inline(value: Text) -> str:
    out = []
    for part in value:
        if isinstance(part, CardName):
            out.append(f'<span class="card">{escape(part.text)}</span>')
        elif isinstance(part, Strong):
            out.append(f"<strong>{escape(part.text)}</strong>")
        elif isinstance(part, Ref):
            title = escape(_("editorial assumption"))
            out.append(f'<a class="ref" href="#assumption-{part.number}" title="{title}">'
                       f"[A{part.number}]</a>")
        else:
            out.append(escape(part))
    return "".join(out)


def render(book: Rulebook) -> str:
    head = [f"<h1>{escape(book.title)}</h1>"]
    if book.subtitle:
        head.append(f'<p class="subtitle">{escape(book.subtitle)}</p>')
    head.append(f'<p class="byline">{escape(book.byline)}</p>')
    if book.summary:
        head.append(f'<p class="summary">{escape(book.summary)}</p>')
    contents = "".join(f'<li><a href="#{s.anchor}">{escape(s.title)}</a></li>' for s in book.sections)
    body = "\n".join(_section(s, 2) for s in book.sections)
    contents_label = escape(_("Contents"))
    return (f'<!DOCTYPE html>\n<html lang="{language()}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(book.title)}{' - ' + escape(book.subtitle) if book.subtitle else ''}</title>\n"
            f"<style>{STYLE}</style>\n</head>\n<body>\n<main>\n"
            f'<header class="title">{"".join(head)}</header>\n'
            f'<nav class="contents" aria-label="{contents_label}"><ol>{contents}</ol></nav>\n'
            f"{body}\n"
            + (f'<footer class="colophon"><p>{escape(book.colophon)}</p></footer>\n' if book.colophon else "")
            + "</main>\n</body>\n</html>\n")


def rulebook_html(ruleset: Ruleset, parent: Ruleset | None = None) -> str:
    from .document import build

    return render(build(ruleset, parent))


def _section(section: Section, level: int) -> str:
    parts = [f'<section id="{section.anchor}">', f"<h{level}>{escape(section.title)}</h{level}>"]
    parts += [_block(b) for b in section.blocks]
    parts += [_section(s, level + 1) for s in section.subsections]
    parts.append("</section>")
    return "\n".join(parts)


def _block(block: Block) -> str:
    if isinstance(block, Paragraph):
        return f"<p>{inline(block.body)}</p>"
    if isinstance(block, Bullets):
        tag = "ol" if block.ordered else "ul"
        return f"<{tag}>" + "".join(f"<li>{inline(i)}</li>" for i in block.items) + f"</{tag}>"
    if isinstance(block, Table):
        return _table(block)
    if isinstance(block, Assumed):
        return _assumed(block)
    if isinstance(block, Worked):
        return _worked(block)
    raise TypeError(f"no HTML for {type(block).__name__}")


def _table(table: Table) -> str:
    def cls(i: int) -> str:
        return ' class="num"' if i in table.numeric else ""

    head = "".join(f"<th{cls(i)}>{escape(h)}</th>" for i, h in enumerate(table.header))
    rows = "".join("<tr>" + "".join(f"<td{cls(i)}>{inline(c)}</td>" for i, c in enumerate(row)) + "</tr>"
                   for row in table.rows)
    # a wide table scrolls sideways inside its own box on a narrow screen, never the whole page
    return f'<div class="table"><table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>'


def _assumed(block: Assumed) -> str:
    tag = escape(typography(_("Editorial assumption A{number}").format(number=block.number)))
    why, applies, rests = (escape(typography(label)) for label in (_("Why:"), _("Applies to:"), _("Rests on:")))
    lines = [f'<aside class="assumption" id="assumption-{block.number}">',
             f'<p><span class="tag">{tag}</span></p>',
             f"<p>{inline(block.body)}</p>", f"<p><em>{why}</em> {escape(block.reason)}</p>"]
    if block.applies_to:
        lines.append(f"<p><em>{applies}</em> {escape(block.applies_to)}</p>")
    if block.basis:
        lines.append(f"<p><em>{rests}</em> {escape(block.basis)}</p>")
    lines.append("</aside>")
    return "\n".join(lines)


def _worked(block: Worked) -> str:
    source = ('<p class="from">' + _("From {source}").format(source=escape(block.source)) + "</p>"
              if block.source else "")
    position, moves, follows = _("Position"), _("Moves"), _("What follows")
    heading = typography(_("Example {number}: {title}").format(number=block.number, title=escape(block.title)))
    return (f'<section class="example" id="example-{block.number}">'
            f"<h3>{heading}</h3>{source}"
            f"<h4>{position}</h4><ul>" + "".join(f"<li>{inline(p)}</li>" for p in block.position) + "</ul>"
            f"<h4>{moves}</h4><ol>" + "".join(f"<li>{inline(m)}</li>" for m in block.moves) + "</ol>"
            f"<h4>{follows}</h4><ul>" + "".join(f"<li>{inline(o)}</li>" for o in block.outcome) + "</ul>"
            "</section>")
