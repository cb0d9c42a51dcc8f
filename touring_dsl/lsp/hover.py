"""Language server stage, hover: on a card's name, its count, role and what answers it; on a rule, the
sentence the rulebook prints for it (sentences.py); on the edition a file extends, its title and summary."""
from __future__ import annotations

from lsprotocol import types as t

from .analysis import Analysis
from .text import word_at, word_range

SENTENCES = 2  # the rulebook's sentences shown for one rule, at most


def hover(analysis: Analysis, pos: t.Position) -> t.Hover | None:
    if analysis.too_large:
        return None
    word = word_at(analysis.lines, pos)
    ruleset = analysis.known
    doc = analysis.document
    if word is not None and word.quoted and doc is not None and doc.extends is not None \
            and doc.extends.span.line == word.line + 1 and doc.extends.value == word.value:
        parent = analysis.parent
        if parent is not None:
            said = f"**{parent.title}** ({parent.id})" + (f"\n\n{parent.summary}" if parent.summary else "")
            return t.Hover(contents=t.MarkupContent(kind=t.MarkupKind.Markdown, value=said),
                           range=word_range(analysis.lines, word))
    if word is not None and word.quoted and ruleset is not None:
        card = next((c for c in ruleset.deck if c.name == word.value), None)
        if card is not None:
            said = card_text(ruleset, card)
            where = card.provenance.location
            printed = analysis.sentences.get(where.line) if where is not None and where.file == analysis.file else None
            if printed:
                said += f"\n\nthe rulebook, *{printed[0][0]}*:\n\n> {printed[0][1]}"
            return t.Hover(contents=t.MarkupContent(kind=t.MarkupKind.Markdown, value=said),
                           range=word_range(analysis.lines, word))
    if word is None:
        return None
    said = rule_text(analysis, pos.line + 1)
    if said is None:
        return None
    return t.Hover(contents=t.MarkupContent(kind=t.MarkupKind.Markdown, value=said))


def card_text(ruleset, card) -> str:
    """A card in a few lines: its kind and count, what it does, and what answers it."""
    role = {"mileage": f"mileage, {card.miles} {ruleset.race.unit}"}.get(card.kind, card.kind)
    lines = [f"**{card.name}**: {role}, {card.count} in the pack"]
    does, answered = _roles(ruleset, card)
    lines += [f"- {line}" for line in does]
    if answered:
        lines.append(f"- answered by {answered}")
    elif card.kind == "hazard":
        lines.append("- nothing in the deck answers it")
    return "\n".join(lines)


def _names(names) -> str:
    names = list(dict.fromkeys(names))
    if len(names) <= 1:
        return "".join(f"**{n}**" for n in names)
    return ", ".join(f"**{n}**" for n in names[:-1]) + f" or **{names[-1]}**"


def _roles(ruleset, card) -> tuple[list[str], str]:
    """(what the card does, in short lines; the cards that answer it, in words). What a safety or a counter
    says is asked of the core constructs (mechanics.core: the rule bots' facts), never read off the card."""
    from ..mechanics import core

    chains = ruleset.delays.chains
    shields = core.united("shields", ruleset.deck)  # hazard -> the cards whose side it cannot touch
    cancelling = core.united("cancelling", ruleset)  # card -> what it turns away out of turn
    run_free = set().union(*(c.run_free(ruleset.deck) for c in core.CORE))
    extra_turns = set().union(*(c.extra_turns(ruleset.deck) for c in core.CORE))
    does: list[str] = []
    if card.kind == "remedy":
        repaired = [c.hazard for c in chains if card.name in c.steps]
        does.append(f"repairs {_names(repaired)}" if repaired else "a remedy no chain uses")
    if card.removes:
        does.append(f"takes a **{card.removes}** from the side it is played on")
    if card.hours:
        does.append(f"a delay of {card.hours} hours")
    chain = next((c for c in chains if c.hazard == card.name), None)
    if chain is not None:
        does.append("stops a side until it lays " + " then ".join(f"**{s}**" for s in chain.steps))
    if cancelling.get(card.name):
        does.append(f"cancels {_names(c.name for c in ruleset.deck if c.name in cancelling[card.name])} as it is played")
    guarded = [c.name for c in ruleset.deck if card.name in shields.get(c.name, ())]
    if guarded:
        does.append(f"protects its side against {_names(guarded)}")
    if card.name in run_free:
        does.append("its side never needs a go card")
    if card.name in extra_turns:
        does.append("laid in its player's turn, that player plays again")
    answers = []
    if chain is not None:
        answers += [s for s in chain.steps]
    answers += [c.name for c in ruleset.deck
                if c.name in shields.get(card.name, ()) or card.name in cancelling.get(c.name, ())]
    return does, _names(answers) if answers else ""


def rule_text(analysis: Analysis, line: int) -> str | None:
    """The rule written at or around a line (1-based) and the rulebook's sentence for it."""
    doc = analysis.document
    if doc is None:
        return None
    stmt = _stmt_at(doc, line)
    if stmt is None:
        return None
    if isinstance(stmt, dict):  # a worked example
        return f"worked example **{stmt['title'].value}**: `touring test` plays it and checks what it expects"
    from ..language.statements import describe_key

    sentences = analysis.sentences.get(stmt.span.line)
    own = bool(sentences)
    if not sentences and stmt.section is not None:
        head = next((s for s in doc.stmts if s.key == stmt.section and s.section is None), None)
        sentences = analysis.sentences.get(head.span.line) if head is not None else None
    written = f"`{(stmt.op + ' ') if stmt.op else ''}{describe_key(stmt.key)}`"
    if not sentences:
        if analysis.ruleset is None:
            return f"{written}: the rulebook's words show once the file compiles"
        return f"{written}: the rulebook prints no sentence of its own for this rule"
    said = [written]
    for title, sentence in sentences[:SENTENCES]:  # a house rule's change is said twice: in the rules, and
        where = f"the rulebook, *{title}*" + ("" if own else " (the section's sentence)")  # in what it changes
        said.append(f"{where}:\n\n> {sentence}")
    return "\n\n".join(said)


def _stmt_at(doc, line: int):
    """The statement whose text holds a line: the last one starting at or before it."""
    found, start = None, 0
    for stmt in doc.stmts:
        if start <= stmt.span.line <= line:
            found, start = stmt, stmt.span.line
    for example in doc.examples:
        if start <= example["span"].line <= line:
            found, start = example, example["span"].line
    return found
