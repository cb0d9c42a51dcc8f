"""Hazard effects (touring_dsl/mechanics/effects/): every registered effect carries each of its pieces and is
played by a worked example (the lists are the registry's, not kept here); an effect no module declares is
never silent; and the trial effect, losing a turn (effects/lose_turn.py), plays at the table, in a search's
rebuilt table, in logs and in the words, through the house rule editions/house/police-stop-mille-bornes."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
from construct_support import GRAMMAR, sources_outside  # tests/construct_support.py
from typer.testing import CliRunner

from touring_dsl.base.rng import Rng
from touring_dsl.bots.players import make_bot
from touring_dsl.cli.app import app
from touring_dsl.engine import Move, build_position, new_game
from touring_dsl.engine.explain import why_not
from touring_dsl.engine.rebuild import rebuild
from touring_dsl.engine.tables import tables_for
from touring_dsl.language.archive import load
from touring_dsl.language.compiler import compile_file
from touring_dsl.mechanics import effects
from touring_dsl.mechanics.effects import REGISTERED as EFFECTS
from touring_dsl.play.scenarios import run_examples

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted([*ROOT.glob("editions/**/*.touring"), *(ROOT / "tests" / "coverage").glob("*.touring")])
POLICE = str(ROOT / "editions" / "house" / "police-stop-mille-bornes.touring")
runner = CliRunner()


@lru_cache(maxsize=None)
def compiled() -> dict[str, object]:
    return {path.stem: compile_file(path) for path in FILES}


def hazards_with(effect) -> list[tuple[object, object]]:
    """(ruleset, card) for each hazard of every edition (and coverage file) whose effect this is."""
    found = []
    for ruleset in compiled().values():
        of = effects.effects_of(ruleset)
        found += [(ruleset, card) for card in ruleset.deck if card.kind == "hazard" and of[card.name] is effect]
    return found


def sample(effect):
    found = hazards_with(effect)
    assert found, f"hazard effect {effect.name}: no edition has a hazard with it (add one, with worked examples)"
    return found[0]


def piece(effect, name: str, call):
    """What a piece of an effect returns; the test fails naming the effect and the piece when it is missing."""
    try:
        said = call()
    except NotImplementedError as exc:
        pytest.fail(f"hazard effect {effect.name}: {name} missing ({exc})")
    assert said, f"hazard effect {effect.name}: {name} says nothing"
    return said


@pytest.mark.parametrize("effect", EFFECTS, ids=lambda e: e.name)
def test_every_effect_gives_its_rulebook_words(effect) -> None:
    from touring_dsl.rulebook.markdown import rulebook_markdown

    ruleset, card = sample(effect)
    chain = next((c for c in ruleset.delays.chains if c.hazard == card.name), None)
    role = effects.plain(piece(effect, "rulebook words (role)", lambda: effect.role(card)))
    does, recovers = piece(effect, "rulebook words (row)", lambda: effect.row(card, chain))
    assert does and recovers, f"hazard effect {effect.name}: its row says not both what it does and the cure"
    piece(effect, "rulebook words (hindrance)", lambda: effect.hindrance([card]))
    book = rulebook_markdown(ruleset).replace("**", "")
    assert f"| {card.name} | Hazard | {card.count} | {role}" in book, \
        f"hazard effect {effect.name}: the rulebook's equipment table does not say {role!r}"


@pytest.mark.parametrize("effect", EFFECTS, ids=lambda e: e.name)
def test_every_effect_gives_its_show_words(effect) -> None:
    """`touring show` names each hazard on a line of its own (the effect's, or, for a delay, its chain's)."""
    ruleset, card = sample(effect)
    path = next(p for p in FILES if compiled()[p.stem] is ruleset)
    result = runner.invoke(app, ["show", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if not line.startswith(("Deck:", "Safety:"))]
    try:
        own = effect.show(card)
    except NotImplementedError as exc:
        pytest.fail(f"hazard effect {effect.name}: show words missing ({exc})")
    if own is not None:
        assert own in lines, f"hazard effect {effect.name}: `touring show` leaves out {own!r}"
    assert any(card.name in line for line in lines), f"hazard effect {effect.name}: `touring show` never names {card.name}"


@pytest.mark.parametrize("effect", EFFECTS, ids=lambda e: e.name)
def test_every_effect_gives_its_refusal_reasons(effect) -> None:
    """explain: a hazard held before any other side has started is refused with the effect's own words
    (never "has no effect"), and the effect gives words whatever the position."""
    ruleset, card = sample(effect)
    go = next(c.name for c in ruleset.deck if c.kind == "go")
    game = build_position(ruleset, 2, sides={0: {"go": [go]}}, hands={0: [card.name]})
    c = game.t.code[card.name]
    said = piece(effect, "explain refusal reasons", lambda: effect.refusal(game, 0, c, lambda: None))
    assert "has no effect" not in said
    reason = why_not(game, 0, card.name)
    if reason is not None:  # (a delay with `target any` may go on a side that has not started)
        assert reason == said, f"hazard effect {effect.name}: explain says {reason!r}, the effect {said!r}"


@pytest.mark.parametrize("effect", EFFECTS, ids=lambda e: e.name)
def test_every_effect_gives_its_log_words(effect) -> None:
    """Each event kind it declares has words for the worked examples, and the kernel of a seating that uses
    it reports that kind (so the log says what the effect did)."""
    from touring_dsl.engine.codegen import source
    from touring_dsl.rulebook.examples import EVENT_WORDS

    assert effect.events, f"hazard effect {effect.name}: log words missing (no events)"
    ruleset, _ = sample(effect)
    kernel = source(tables_for(ruleset, 2))
    for kind, words in effect.events.items():
        assert words and EVENT_WORDS.get(kind) == words, f"hazard effect {effect.name}: event {kind} has no words"
        assert f'event("{kind}"' in kernel, f"hazard effect {effect.name}: its kernel never reports {kind}"


@pytest.mark.parametrize("effect", EFFECTS, ids=lambda e: e.name)
def test_every_effect_named_by_an_attribute_gives_its_diff_words(effect) -> None:
    from touring_dsl.diff.changes import TOPICS, Change
    from touring_dsl.diff.describe import describe

    if not effect.attributes:  # the default effect (a delay): its chain is what the differ compares
        assert effect.diff_aspect == "", f"hazard effect {effect.name}: a diff aspect with no attribute to change"
        return
    assert effect.diff_aspect, f"hazard effect {effect.name}: diff words missing (no diff_aspect)"
    assert effect.diff_topic in dict(TOPICS), f"hazard effect {effect.name}: no diff topic {effect.diff_topic}"
    for action in ("added", "removed", "changed"):
        piece(effect, f"diff words ({action})", lambda: effect.diff(action, '"X"', '"A"', '"B"'))
        change = Change(effect.diff_topic, action, effect.diff_aspect, ("X", "X"), "A", "B")
        assert not describe(change).startswith(f"{effect.diff_aspect}:"), \
            f"hazard effect {effect.name}: the differ does not word {effect.diff_aspect}"


@pytest.mark.parametrize("effect", EFFECTS, ids=lambda e: e.name)
def test_every_effect_is_played_by_a_worked_example(effect) -> None:
    """Some edition's worked example plays a hazard with this effect, and passes."""
    for ruleset, card in hazards_with(effect):
        titles = [ex.title for ex in ruleset.examples
                  if any(move.action == "play" and move.card == card.name for move in ex.moves)]
        if titles:
            results = {r.title: r for r in run_examples(ruleset)}
            assert all(results[t].failures == () for t in titles), [results[t].failures for t in titles]
            return
    pytest.fail(f"hazard effect {effect.name}: no worked example plays a hazard with it")


@pytest.mark.parametrize("effect", EFFECTS, ids=lambda e: e.name)
def test_every_effect_attribute_is_in_the_grammar_and_the_lexer(effect) -> None:
    from touring_dsl.language import lexer

    words = {*lexer.WORDS, *lexer.SECTIONS, *lexer.CHANGES, *lexer.CARD_KINDS}
    for alias in effect.attributes:
        line = re.search(rf'^.*->\s*{alias}\b.*$', GRAMMAR, re.M)
        assert line, f"hazard effect {effect.name}: attribute {alias} is not in the grammar"
        keywords = set(re.findall(r'"([a-z]+)"', line.group(0)))
        assert keywords <= words, f"hazard effect {effect.name}: lexer.WORDS lacks {sorted(keywords - words)}"


def test_every_effect_error_code_is_documented() -> None:
    from touring_dsl.language.errors import CODES

    doc = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    for effect in EFFECTS:
        for code in effect.errors:
            assert code in CODES and f"### {code}:" in doc, f"hazard effect {effect.name}: {code} undocumented"


# -- nothing silent ---------------------------------------------------------------------------------------------

def test_an_unregistered_effect_raises_naming_it() -> None:
    ruleset = load(POLICE)
    deck = tuple(card.model_copy(update={"effect": "lose-two-turns"}) if card.name == "Police Stop" else card
                 for card in ruleset.deck)
    broken = ruleset.model_copy(update={"deck": deck})
    with pytest.raises(effects.UnknownEffect, match="lose-two-turns"):
        effects.effects_of(broken)
    with pytest.raises(effects.UnknownEffect, match="lose-two-turns"):
        tables_for(broken, 2)  # (the kernel is never written: the tables are refused first)


def test_a_hazard_no_effect_recognises_raises_naming_it() -> None:
    """A registered name the card's data does not fit (a removal with nothing to remove) is no delay either."""
    ruleset = load(POLICE)
    deck = tuple(card.model_copy(update={"effect": "removal"}) if card.name == "Police Stop" else card
                 for card in ruleset.deck)
    with pytest.raises(effects.UnknownEffect, match="Police Stop"):
        effects.effects_of(ruleset.model_copy(update={"deck": deck}))


def test_no_branch_on_a_hazards_effect_where_the_issue_found_them() -> None:
    """The hazard's effect was a switch in each of these functions (a delay or a removal, an unknown kind
    falling into the delay): each now asks the effect's module, and names none of a delay's or a removal's
    tables. (Found by name wherever they live in the package, so a move of a module keeps the check.)"""
    import ast

    wanted = {"hazard", "_hazard_acts", "_reason", "variant_lines", "card_role", "hazard_row", "hindrances"}
    found = set()
    for place, text in sources_outside("mechanics/effects"):
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef) and node.name in wanted:
                code = ast.get_source_segment(text, node) or ""
                if node.name == "hazard" and "TARGET" not in code:
                    continue  # (only the Emitter's hazard writes the played hazard's target)
                found.add(node.name)
                for name in ("chain_hazards", "removers", ".removes", "haz_state"):
                    assert name not in code, f"{place} {node.name} branches on a hazard's effect ({name})"
    assert found == wanted, f"not found (renamed? say where they went): {sorted(wanted - found)}"


def test_the_compiled_form_of_a_deck_without_a_named_effect_has_no_effect_key() -> None:
    assert "effect" not in load("mille-bornes").model_dump(mode="json")["deck"][0]
    police = load(POLICE).model_dump(mode="json")["deck"]
    assert next(c for c in police if c["name"] == "Police Stop")["effect"] == "lose-turn"


# -- the trial: losing a turn -----------------------------------------------------------------------------------

def stopped(players: int = 2, victim: int = 1, hand_victim=("50 km",), **extra):
    """Player 1 plays a Police Stop on side `victim`, which lets it pass if asked."""
    sides = {s: {"go": ["Roll"]} for s in range(players if players < 4 else 2)}
    hands = {0: ["Police Stop", "25 km", "25 km"], **{seat: ["75 km", "100 km"] for seat in range(1, players)}}
    hands[victim] = list(hand_victim)
    game = build_position(load(POLICE), players, sides=sides, hands=hands, deck=("25 km",) * 6, seed=5, **extra)
    events = game.apply(Move("play", "Police Stop", victim))
    while game.pending is not None:  # each seat of the side is asked in turn (partners: two)
        events += game.apply(Move("decline"))
    return game, events


def test_two_players_the_victim_loses_its_turn_and_the_attacker_plays_again() -> None:
    game, events = stopped()
    kinds = [e.kind for e in events]
    assert kinds[-3:-1] == ["lose-turn", "turn-lost"] and events[-2].seat == 1
    assert game.to_act == 0 and game.lost_turns == [0, 0]
    assert game.t.names[game.discard[-1]] == "Police Stop" and game.t.names[game.go_piles[1][-1]] == "Roll"
    game.apply(Move("discard", "25 km"))
    assert game.to_act == 1  # one turn lost, not more


def test_three_players_the_lost_turn_waits_for_the_victims_turn_and_the_table_says_so() -> None:
    from touring_dsl.play.table_view import mechanic_status

    game, _ = stopped(players=3, victim=2)
    assert game.to_act == 1 and game.lost_turns == [0, 0, 1]
    assert "Side 3 loses its next turn." in mechanic_status(game)
    twin = new_game(load(POLICE), 3, seed=9)
    rebuild(twin, game.view(1))  # a search's table, rebuilt from what player 2 sees, knows it too
    assert twin.lost_turns == [0, 0, 1]
    game.apply(Move("discard", "75 km"))
    assert game.to_act == 0 and game.lost_turns == [0, 0, 0]


def test_partners_the_next_seat_of_the_side_loses_the_turn() -> None:
    game, events = stopped(players=4, victim=1)
    assert [e.seat for e in events if e.kind == "turn-lost"] == [1]
    assert game.to_act == 2  # player 3, of the attacker's side, plays next


def test_a_counter_turns_it_away_and_nobody_loses_a_turn() -> None:
    game, events = stopped(hand_victim=("Right of Way", "50 km"))
    assert "lose-turn" in [e.kind for e in events]  # (declined)
    countered = build_position(load(POLICE), 2, sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll"]}},
                               hands={0: ["Police Stop", "25 km"], 1: ["Right of Way", "50 km"]},
                               deck=("25 km",) * 6, seed=5)
    countered.apply(Move("play", "Police Stop", 1))
    events = countered.apply(Move("counter", "Right of Way"))
    assert "lose-turn" not in [e.kind for e in events] and countered.lost_turns == [0, 0]
    assert countered.to_act == 1  # responder plays next


def test_the_top_discard_is_never_offered_to_the_seat_losing_its_turn(tmp_path) -> None:
    """The trap the issue names: a mechanic's draw step (taking the top discard) runs after the lost turn
    is skipped, so the offer goes to the seat that plays, not to the one passed over."""
    path = tmp_path / "police-discard.touring"
    path.write_text('edition "police-discard" extends "police-stop-mille-bornes" {\n'
                    '    title "Police Stop, drawing from the discards"\n}\n\n'
                    'turn {\n    add draw may take the top discard\n}\n', encoding="utf-8")
    ruleset = compile_file(path)
    game = build_position(ruleset, 3, sides={s: {"go": ["Roll"]} for s in range(3)},
                          hands={0: ["Police Stop", "25 km"], 1: ["Repairs", "75 km"], 2: ["50 km"]},
                          deck=("25 km",) * 6, seed=5)
    game.apply(Move("play", "Police Stop", 2))
    if game.pending is not None:
        game.apply(Move("decline"))
    game.apply(Move("discard", "Repairs"))  # player 2 discards; player 3 loses the turn
    assert game.to_act == 0 and game.lost_turns == [0, 0, 0]
    assert {m.action for m in game.legal_moves()} == {"take", "draw"}  # player 1 is asked, not player 3


def test_random_games_lose_turns_and_a_logged_one_replays(tmp_path) -> None:
    from touring_dsl.play import gamelog

    ruleset = load(POLICE)
    for seed in range(1, 40):
        game = new_game(ruleset, 2, seed=seed)
        record = gamelog.GameRecord(gamelog.make_header(ruleset, 2, game.setup.id, seed, ["greedy", "random"]))
        bots = [make_bot("greedy", ruleset), make_bot("random", ruleset)]
        rng, lost = Rng(seed), False
        while not game.is_over:
            seat = game.to_act
            move = bots[seat].choose(game.view(seat), game.legal_moves(), rng)
            events = game.apply(move)
            lost = lost or any(e.kind == "turn-lost" for e in events)
            record.moves.append(gamelog.MoveEntry(len(record.moves) + 1, seat, move.to_json(),
                                                  gamelog.events_json(events)))
        if not lost:
            continue
        record.result = gamelog.result_of(game)
        path = tmp_path / f"{seed}.jsonl"
        gamelog.save(path, record)
        result = runner.invoke(app, ["replay", str(path)], env={"NO_COLOR": "1"})
        assert result.exit_code == 0, result.output
        return
    pytest.fail("no game lost a turn")


def test_the_words_say_losing_a_turn() -> None:
    from touring_dsl.diff import diff_rulesets, render_text
    from touring_dsl.rulebook.markdown import rulebook_markdown

    police = load(POLICE)
    book = rulebook_markdown(police)
    assert "| **Police Stop** | Hazard | 3 | makes an opponent lose its next turn" in book
    assert "| **Police Stop** | 3 | the side loses its next turn |" in book
    assert "by making them lose turns" in book
    said = render_text(diff_rulesets(load("mille-bornes"), police))
    assert '"Police Stop" makes the side lose its next turn instead of stopping it (new)' in said
    shown = runner.invoke(app, ["show", POLICE], env={"NO_COLOR": "1"}).stdout
    assert "Hazard: Police Stop makes the side it is played on lose its next turn" in shown
    unstarted = build_position(police, 2, sides={0: {"go": ["Roll"]}}, hands={0: ["Police Stop"]})
    assert why_not(unstarted, 0, "Police Stop") == "no other side shows a Roll to make it lose a turn"
    shielded = build_position(police, 2, sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll"], "safeties": ["Right of Way"]}},
                              hands={0: ["Police Stop"]})
    assert why_not(shielded, 0, "Police Stop") == "player 2 is shielded from Police Stop by Right of Way"


def test_a_safety_that_cancels_the_hazard_asked_about_is_no_refusal() -> None:
    """Found by the trial's edition (tests/test_issue17_fixes.py along its random games): while a hazard
    waits for an answer, explain refused a safety that cancels it ("only a coup fourre ... answers"), though
    showing it is a legal move; only counter cards were let through."""
    game = build_position(load("mille-bornes"), 2, sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll"]}},
                          hands={0: ["Flat Tire", "25 km"], 1: ["Puncture-Proof", "50 km"]}, seed=5)
    game.apply(Move("play", "Flat Tire", 1))
    assert "counter with Puncture-Proof" in {str(m) for m in game.legal_moves()}
    assert why_not(game, 1, "Puncture-Proof") is None
    assert why_not(game, 1, "50 km").startswith("only a coup fourr")


def test_every_effect_wears_a_face_the_web_table_draws():
    """Nothing silent on the table: each effect's card face (HazardEffect.face) is a role faces.js draws,
    and the web catalogue gives each hazard of the house rules the face of its effect."""
    import touring_dsl
    from touring_dsl.base.resources import editions_dir
    from touring_dsl.mechanics.effects import effects_of
    from touring_dsl.web.views import catalogue

    faces = Path(touring_dsl.__file__).parent / "web" / "static" / "faces.js"
    drawn = set(re.findall(r"^\s{4}(\w+): \{label:", faces.read_text(encoding="utf-8"), re.M))
    assert {"hazard", "penalty"} <= drawn and {effect.face for effect in EFFECTS} <= drawn
    for path in sorted(editions_dir().rglob("*.touring")):
        ruleset = compile_file(path)
        effects = effects_of(ruleset)
        roles = {card["name"]: card["role"] for card in catalogue(ruleset)}
        assert {name: roles[name] for name in effects} == {name: e.face for name, e in effects.items()}
