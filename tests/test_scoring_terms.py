"""The scoring construct's contract (touring_dsl/mechanics/scoring): every kind of term carries each of its
pieces (grammar alias, check, count, key, words, rulebook words), the compiled model's ScoreTerm.what is
derived from the kinds, the grammar's term lines are all some kind's, and a kind missing a piece is named."""
from __future__ import annotations

from typing import get_args

import pytest
from construct_support import grammar_aliases  # tests/construct_support.py

from touring_dsl import mechanics
from touring_dsl.language.archive import load
from touring_dsl.language.model import ScoreTerm
from touring_dsl.mechanics import scoring
from touring_dsl.mechanics.scoring import KINDS, TermKind, kind_of, kind_of_statement
from touring_dsl.mechanics.scoring.terms import MechanicFinish

# the methods a kind must write itself: each raises (names the kind) in TermKind
WORDS = ("words", "rulebook")


def missing_pieces(kind: TermKind) -> list[str]:
    """The pieces of the contract `kind` leaves unwritten (an empty list: it is complete)."""
    cls = type(kind)
    missing = [name for name in WORDS if getattr(cls, name) is getattr(TermKind, name)]
    if not kind.completes and cls.count is TermKind.count:
        missing.append("count")
    if not kind.completes and cls.key_words is TermKind.key_words:
        missing.append("key_words")
    if not kind.what:
        missing.append("what")
    if not kind.statement:
        missing.append("statement")
    return missing


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.what)
def test_every_kind_writes_every_piece(kind):
    assert missing_pieces(kind) == []


def test_an_incomplete_kind_is_named_with_what_it_lacks():
    class Half(TermKind):
        what, statement = "half", "score_half"

    assert missing_pieces(Half()) == ["words", "rulebook", "count", "key_words"]
    assert Half().steers(None, None) is None  # the bots leave a kind that says nothing to chance
    with pytest.raises(NotImplementedError, match="scoring term half has no words"):
        Half().words(None, "km", "")


def test_the_model_knows_exactly_the_kinds_in_their_order():
    """ScoreTerm.what is the kinds' whats: the core's in the order the JSON has always had, a mechanic's last."""
    assert get_args(ScoreTerm.model_fields["what"].annotation) == tuple(k.what for k in KINDS)
    assert [k.what for k in KINDS][:8] == ["distance", "completing", "completing-without", "completing-exhausted",
                                           "shut-out", "in-play", "all-in-play", "countered"]


def test_every_mechanic_finish_is_a_kind():
    for mechanic in mechanics.REGISTERED:
        for finish in mechanic.finishes:
            kind = kind_of(finish.what)
            assert isinstance(kind, MechanicFinish) and kind.mechanic is mechanic
            assert finish.grammar in grammar_aliases()


def test_the_grammar_term_lines_are_the_kinds_statements():
    """Every `score_rule` alternative but the match's and the mechanics' is some kind's statement, and every kind's is written there."""
    theirs = {alias for m in mechanics.REGISTERED for alias in m.statements}  # a mechanic's own lines
    aliases = grammar_aliases("score_rule") - set(scoring.MATCH_RULES) - theirs
    assert aliases == {k.statement for k in KINDS}


def test_the_grammar_finishes_are_the_kinds_finishes():
    """Every `finish` alternative of a completing term is some kind's finish_alias (parsed by scoring.parse_rule)."""
    assert grammar_aliases("finish") == {k.finish_alias for k in KINDS if k.finish_alias}


def test_each_completing_finish_is_one_kind():
    finishes = [k.finish for k in KINDS if k.statement == "score_complete"]
    assert len(finishes) == len(set(finishes)) and "always" in finishes
    for finish in finishes:
        assert kind_of_statement("score_complete", {"finish": finish}).finish == finish


def test_unknown_what_is_an_error_naming_the_known_ones():
    with pytest.raises(KeyError, match="no kind of scoring term is called 'bonus'.*distance"):
        kind_of("bonus")


def test_every_kind_compiles_and_is_said_everywhere():
    """Mille Bornes, with the Extension's bonus paid its own way or the other (tests/coverage/), writes a
    term of every kind: each compiles to its kind, and has short and rulebook words."""
    from pathlib import Path

    from touring_dsl.language.compiler import compile_file

    other_way = Path(__file__).parent / "coverage" / "extension-completer-mille-bornes.touring"
    rulesets = (load("mille-bornes"), compile_file(other_way))
    assert {t.what for ruleset in rulesets for t in ruleset.scoring.terms} == {k.what for k in KINDS}
    for ruleset in rulesets:
        for term in ruleset.scoring.terms:
            assert scoring.score_words(term, "km").startswith(("per ", "for "))
            assert kind_of(term.what).rulebook(term, ruleset)[0].startswith(" ")
