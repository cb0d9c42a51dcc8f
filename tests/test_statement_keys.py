"""Parse stage: a mechanic's statements are keyed by the key their mechanic gives them (Mechanic.statement_key),
so a section may hold several lines of one kind, and a variant changes or removes the one it names.

A mechanic whose statement names a card is registered for these tests, with its grammar line (Lark's
`%extend` adds it to the `delays` section's rules), and editions that use it go through the real parser,
inheritance and compiler: the mechanic's compile step records the statements it is given.
"""
from __future__ import annotations

import pytest

import touring_dsl.mechanics as registry
from touring_dsl.language import compiler, syntax
from touring_dsl.language.compiler import compile_text
from touring_dsl.language.errors import TouringError
from touring_dsl.mechanics import Mechanic

GRAMMAR_LINE = '\n%extend delay_rule: "skids" STRING "for" INT "turns" -> skid\n'


class Skid(Mechanic):
    """A hazard card that makes its victim skid for some turns: one line per card."""

    name, means, place = "skid", "a hazard makes its victim skid", "ruleset"
    statements = {"skid": "delays"}

    def __init__(self, keyed: bool = True):
        self.keyed = keyed
        self.seen: list[list[tuple]] = []

    def parse(self, rule: str, children: list) -> dict:
        card, turns = children
        return {"card": card, "turns": turns}

    def statement_key(self, rule: str, data: dict) -> tuple:
        return (data["card"].value,) if self.keyed else ()

    def compile(self, stmts: list, context, build):
        self.seen.append([(s.key, s.data["card"].value, s.data["turns"].value) for s in stmts])
        return None


@pytest.fixture
def skid(monkeypatch):
    """The Skid mechanic registered, and the parser rebuilt with its grammar line (and again after)."""
    mechanic = Skid()
    grammar = syntax.grammar_text() + GRAMMAR_LINE
    monkeypatch.setattr(syntax, "grammar_text", lambda: grammar)
    monkeypatch.setattr(registry, "REGISTERED", registry.REGISTERED + (mechanic,))
    monkeypatch.setattr(compiler, "MECHANICS", compiler.MECHANICS + (mechanic,))
    syntax.parser.cache_clear()
    yield mechanic
    syntax.parser.cache_clear()


BASE = """edition "skidding" extends "touring-1937" {
    title "Touring with skids"
}

delays {
    add skids "Flat Tire" for 1 turns
    add skids "Collision" for 2 turns
}
"""


def compiled(skid: Skid, text: str, file: str = "skidding.touring") -> list[tuple]:
    skid.seen.clear()
    compile_text(text, file, base_dir="editions")
    return skid.seen[-1]


def test_two_lines_of_one_mechanic_statement_in_a_section_are_keyed_apart(skid):
    """Trap: "syntax.py keys every mechanic statement by its kind alone, so a section holds one such line".
    Two `skids` lines for different cards are two statements, both given to the mechanic."""
    assert compiled(skid, BASE) == [(("delays", "skid", "Flat Tire"), "Flat Tire", 1),
                                    (("delays", "skid", "Collision"), "Collision", 2)]


def test_keyed_by_kind_alone_the_second_line_is_refused(skid):
    """Without a key of its own (the default), a section holds one such line: the second is written twice."""
    skid.keyed = False
    with pytest.raises(TouringError) as caught:
        compile_text(BASE, "skidding.touring", base_dir="editions")
    assert "error[E210]: skid is written twice in this variant" in str(caught.value)


def test_a_variant_changes_and_removes_the_line_it_names(skid, tmp_path):
    """A variant of the variant changes one card's line and removes the other's, each found by its key."""
    (tmp_path / "skidding.touring").write_text(BASE, encoding="utf-8")
    child = """edition "skidding-more" extends "skidding" {
    title "Longer skids"
}

delays {
    change skids "Collision" for 3 turns
    remove skids "Flat Tire" for 1 turns
}
"""
    skid.seen.clear()
    compile_text(child, "skidding-more.touring", base_dir=str(tmp_path))
    assert skid.seen[-1] == [(("delays", "skid", "Collision"), "Collision", 3)]


def test_a_variant_changing_a_line_the_parent_lacks_is_refused(skid, tmp_path):
    (tmp_path / "skidding.touring").write_text(BASE, encoding="utf-8")
    child = """edition "skidding-odd" extends "skidding" {
    title "Odd skids"
}

delays {
    change skids "Speed Limit" for 3 turns
}
"""
    with pytest.raises(TouringError) as caught:
        compile_text(child, "skidding-odd.touring", base_dir=str(tmp_path))
    assert "E251" in str(caught.value)


def test_two_keyed_lines_of_a_race_mechanic_in_one_setup(skid, monkeypatch):
    """The same for a mechanic of the race (place "race"), written in a setup: both lines reach it."""
    from touring_dsl.base.resources import grammar_text

    grammar = grammar_text() + GRAMMAR_LINE.replace("delay_rule", "setup_rule")  # the same line, in a setup
    monkeypatch.setattr(syntax, "grammar_text", lambda: grammar)
    monkeypatch.setattr(skid, "place", "race")
    monkeypatch.setattr(skid, "statements", {"skid": "setup"})
    syntax.parser.cache_clear()
    text = """edition "skidding-setup" extends "touring-1937" {
    title "Touring with skids for two"
}

change setup "two players" {
    add skids "Flat Tire" for 1 turns
    add skids "Collision" for 2 turns
}
"""
    skid.seen.clear()
    compile_text(text, "skidding-setup.touring", base_dir="editions")
    assert [("Flat Tire", 1), ("Collision", 2)] in [[(card, turns) for _, card, turns in seen] for seen in skid.seen]
