"""The move codec: one layout, named fields, and no one else packing or unpacking a move code."""
from __future__ import annotations

import re

import pytest
from construct_support import written_outside  # tests/construct_support.py
from hypothesis import given
from hypothesis import strategies as st

from touring_dsl.language.archive import load
from touring_dsl.engine import codec
from touring_dsl.engine.kernel import source_for
from touring_dsl.engine.moves import Move, code_of, move_of
from touring_dsl.engine.tables import tables_for


@given(action=st.integers(0, len(codec.ACTION_NAMES) - 1), card=st.integers(0, codec.CARD.mask),
       target=st.one_of(st.none(), st.integers(0, codec.TARGET.mask - 1)), take=st.integers(0, 10_000))
def test_every_field_reads_back_what_was_packed(action, card, target, take):
    code = codec.pack(action, card, target, take)
    assert (codec.action_of(code), codec.card_of(code), codec.target_of(code), codec.take_of(code)) == \
        (action, card, -1 if target is None else target, take)
    # the source the kernel is written with reads the same fields
    for field, value in zip(codec.FIELDS, (action, card, -1 if target is None else target, take)):
        assert eval(field.of("code"), {"code": code}) == value
    assert eval(codec.is_answer("code"), {"code": code}) == (action in codec.ANSWERS)
    assert eval(codec.packed(action, "c"), {"c": card}) == codec.pack(action, card)


def test_a_field_refuses_a_value_it_cannot_hold():
    with pytest.raises(ValueError, match="card of 64"):
        codec.pack(codec.PLAY, 64)
    with pytest.raises(ValueError, match="target"):
        codec.pack(codec.PLAY, 1, target=15)


def test_moves_and_codes_map_both_ways_for_every_legal_move():
    from touring_dsl.engine import new_game
    game = new_game(load("mille-bornes"), players=3, seed=5)
    t = game.t
    for _ in range(60):
        if game.is_over:
            break
        for move in game.legal_moves():
            assert move_of(t, code_of(t, move)) == move
            assert Move.from_json(move.to_json()) == move  # what a log stores reads back
        game.apply(game.legal_moves()[0])


BIT_LITERAL = re.compile(r"\bcodes?\w*\)?\s*(>>|&)\s*\d|<<\s*(2|8|12)\b")


def test_no_module_but_the_codec_packs_or_unpacks_a_move_code():
    assert written_outside("engine/codec.py", [BIT_LITERAL]) == []


@pytest.mark.parametrize("edition", ["touring-1937-penalties", "mille-bornes", "touring-1906"])
def test_the_kernel_reads_move_fields_only_as_the_codec_writes_them(edition):
    text = source_for(load(edition), 2)
    reads = set(re.findall(r"\bcode >> \d+(?: & \d+)?|\bcode & \d+", text))
    allowed = {codec.ACTION.of(), codec.CARD.of(), codec.TARGET.of().strip("()").split(")")[0], codec.TAKE.of()}
    assert reads and reads <= allowed
