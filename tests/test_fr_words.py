"""Words by language for `touring diff`, `show` and `editions`: the French reports read in French (no English
word of ours left, goldens of both), --lang refuses a language without words (exit 2), and --json is the same
data whatever the language."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from english_words import english_words_in  # tests/english_words.py
from golden_files import UPDATE, golden_path, write_golden  # tests/golden_files.py

from touring_dsl.base.i18n import typography
from touring_dsl.cli.app import app
from touring_dsl.language.archive import load

runner = CliRunner()
GOLDEN = golden_path("golden", "fr")
QUOTED = re.compile(r"«\u00a0(.*?)\u00a0»")


def _check_golden(path: Path, text: str) -> None:
    if UPDATE or not path.exists():
        write_golden(path, text)
        if not UPDATE:
            pytest.fail(f"golden file {path.name} was missing and has been written; check it and rerun")
    assert text == path.read_text(encoding="utf-8"), \
        f"{path.name} differs; rerun with TOURING_UPDATE_GOLDEN=1 if the change is intended"


def _english_editions_words() -> set[str]:
    """What the English edition says in its own words, which a French report quotes when it says what changed
    from it: its card names (Roll, Right of Way...), pile names, title, subtitle and summary. They are the
    edition's proper names and text, quoted « like this » as data; no sentence of ours is among them."""
    r = load("mille-bornes")
    words = {c.name for c in r.deck} | {r.title, r.subtitle, r.summary, r.pile_names.go, r.pile_names.zone}
    return {typography(said, "fr") for said in words}  # as the French report sets them


def _ours(text: str) -> str:
    """The report less the English edition's own words where it quotes them: what is left is our sentences
    and the French edition's names."""
    quoted_english = _english_editions_words()
    for note, _provenance in load("mille-bornes").notes:  # the parent's notes, which the French edition
        text = text.replace(typography(note, "fr"), "")  # replaces with its own: said as removed, in their words
    return QUOTED.sub(lambda m: "" if m.group(1) in quoted_english else m.group(0), text)


def _run(*args: str):
    return runner.invoke(app, list(args))


def test_show_of_the_french_edition_is_in_french() -> None:
    result = _run("show", "mille-bornes-fr")
    assert result.exit_code == 0
    assert "Paquet de 106 cartes" in result.stdout and "Marque" in result.stdout
    assert english_words_in(_ours(result.stdout)) == []
    _check_golden(GOLDEN / "show-mille-bornes-fr.txt", result.stdout)


def test_diff_into_the_french_edition_reads_in_french() -> None:
    result = _run("diff", "mille-bornes", "mille-bornes-fr", "--lang", "fr")
    assert result.exit_code == 1
    assert "«\u00a0Roll\u00a0» s'appelle désormais «\u00a0Feu vert\u00a0»" in result.stdout
    assert english_words_in(_ours(result.stdout)) == []
    _check_golden(GOLDEN / "diff-mille-bornes--mille-bornes-fr.txt", result.stdout)


def test_the_quoted_english_words_left_out_are_only_the_english_editions() -> None:
    """The test above leaves out only quotations of the English edition: without that, its names are found."""
    result = _run("diff", "mille-bornes", "mille-bornes-fr", "--lang", "fr")
    assert "right" in english_words_in(result.stdout)  # "Right of Way", a card name of the English deck
    assert "right" not in english_words_in(_ours(result.stdout))


def test_diff_is_read_in_the_newer_editions_language_unless_asked() -> None:
    into_french = _run("diff", "mille-bornes", "mille-bornes-fr")
    into_english = _run("diff", "mille-bornes-fr", "mille-bornes")
    assert "différences" in into_french.stdout
    assert "26 differences from mille-bornes-fr to mille-bornes." in into_english.stdout  # names, notes, language...
    assert "26 differences" in _run("diff", "mille-bornes", "mille-bornes-fr", "--lang", "en").stdout


def test_show_of_an_english_edition_in_french_and_back() -> None:
    french = _run("show", "touring-1906", "--lang", "fr").stdout
    assert french.startswith("Touring\u00a0: The Great Automobile Card Game") and "Course\u00a0: 50 milles" in french
    assert _run("show", "mille-bornes-fr", "--lang", "en").stdout.splitlines()[1] == \
        "Extends mille-bornes, changing:"


@pytest.mark.parametrize("command", [["diff", "mille-bornes", "mille-bornes-fr"], ["show", "mille-bornes"],
                                     ["editions"], ["simulate", "mille-bornes", "-n", "1"]])
def test_a_language_without_words_is_a_usage_error(command) -> None:
    result = _run(*command, "--lang", "xx")
    assert result.exit_code == 2
    assert "--lang" in result.stderr and "no words in language 'xx'" in result.stderr
    assert "fr (Français)" in result.stderr


@pytest.mark.parametrize("command", [["diff", "mille-bornes", "mille-bornes-fr"], ["show", "mille-bornes-fr"],
                                     ["editions"]])
def test_json_is_the_same_data_in_every_language(command) -> None:
    french = _run(*command, "--json", "--lang", "fr")
    english = _run(*command, "--json", "--lang", "en")
    assert french.exit_code == english.exit_code
    assert json.loads(french.stdout) == json.loads(english.stdout)
    assert "s'appelle" not in french.stdout


def test_editions_headings_in_french() -> None:
    result = _run("editions", "--lang", "fr")
    assert result.stdout.split()[:4] == ["id", "année", "course", "cartes"]
    assert _run("editions").stdout.split()[:4] == ["id", "year", "race", "cards"]


def _data_of(change) -> list[str]:
    """The edition's own words a change carries (names, notes, facts, titles: strings in its subject and
    values), longest first, so that what is left of its sentence is ours."""
    found: list[str] = []

    def walk(value) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
    walk((change.subject, change.old, change.new))
    return sorted(set(found), key=len, reverse=True)


def test_every_differ_sentence_between_archive_editions_reads_in_french() -> None:
    """Every change between any two editions of the archive, said in French, holds no English word of ours
    once the editions' own words (card names, notes, history, titles) are taken out of it."""
    import itertools

    from touring_dsl.base.i18n import reading
    from touring_dsl.diff import describe, diff_rulesets
    from touring_dsl.language.locate import archive_files

    editions = [load(str(path)) for path in archive_files()]
    left: dict[str, list[str]] = {}
    with reading("fr"):
        for a, b in itertools.combinations(editions, 2):
            for change in diff_rulesets(a, b).changes:
                said = typography(describe(change), "fr")
                for data in _data_of(change):
                    said = said.replace(typography(data, "fr"), "")
                said = QUOTED.sub("", said)
                words = english_words_in(said)
                if words:
                    left.setdefault(change.aspect, [said, words])
    assert left == {}


# the reasons a card cannot be played, read in French (engine.explain and each construct's refusal) ----------

def _french_held_by(*battle: str, hand: tuple[str, ...]):
    from touring_dsl.engine import build_position

    return build_position(load("mille-bornes-fr"), sides={0: {"go": ["Feu vert", *battle]}}, hands={0: list(hand)})


def test_refusals_read_in_french() -> None:
    from touring_dsl.base.i18n import reading

    game = _french_held_by("Crevaison", hand=("Réparation", "Roue de secours", "Feu vert", "25 km"))
    with reading("fr"):
        reasons = {card: game.why_not(0, card) for card in ("Réparation", "Feu vert", "25 km", "Accident")}
    assert reasons["Réparation"] == ("Crevaison arrête votre équipe : il lui faut Roue de secours, pas Réparation "
                                     "(qui pare Accident)")
    assert reasons["Feu vert"] == "Crevaison arrête votre équipe : il lui faut Roue de secours avant un Feu vert"
    assert reasons["Accident"] == "Accident n'est pas dans la main du joueur 1"
    for reason in reasons.values():
        assert english_words_in(reason) == [], reason
    # the same position read in English says what it always said
    assert game.why_not(0, "Feu vert") == "Crevaison is holding your side up: it needs Roue de secours before a Feu vert"


def test_the_simulate_report_of_the_french_edition_reads_in_french() -> None:
    """Its sentences and figures in French (50,0 %); the cards named as the edition names them."""
    result = _run("simulate", "mille-bornes-fr", "-n", "20", "-j", "1", "--matches", "2", "--bots", "greedy,random")
    assert result.exit_code == 0
    assert "Victoires par place" in result.stdout and "Parties en 5000 points" in result.stdout
    assert re.search(r"\d,\d\u202f%", result.stdout) and not re.search(r"\d\.\d", result.stdout)
    assert english_words_in(result.stdout, allowed=frozenset({"greedy", "random"})) == []  # the bots' names
    english = _run("simulate", "mille-bornes-fr", "-n", "20", "-j", "1", "--matches", "2", "--lang", "en")
    assert "Wins by seat" in english.stdout and "Victoires" not in english.stdout
    as_json = [_run("simulate", "mille-bornes-fr", "-n", "20", "-j", "1", "--matches", "2", "--json", "--lang", code)
               for code in ("fr", "en")]
    assert json.loads(as_json[0].stdout) == json.loads(as_json[1].stdout)


def _editions_words(r) -> list[str]:
    """An edition's own words that `touring show` prints as they are: names, labels, titles, notes, history."""
    from touring_dsl.language.archive import load_parent

    words = [c.name for c in r.deck] + [s.label for s in r.setups] + [z.name for z in r.zones.zones]
    words += [r.title, r.subtitle, r.publisher, r.author, r.summary, r.parent, r.pile_names.go, r.pile_names.zone,
              r.pile_names.counter]
    words += [f.text for f in r.history] + [f.uncertain for f in r.history]
    for edition in (r, load_parent(r)):
        words += [text for text, _where in edition.notes] if edition else []
    return sorted({typography(w, "fr") for w in words if w}, key=len, reverse=True)


def test_every_show_line_of_the_archive_reads_in_french() -> None:
    """`touring show --lang fr` of every edition: no English word of ours once the edition's own words (and the
    sources its history cites, in brackets) are taken out."""
    from touring_dsl.base.i18n import reading
    from touring_dsl.cli.show import summary_lines
    from touring_dsl.language.locate import archive_files

    left = []
    for path in archive_files():
        r = load(str(path))
        words = _editions_words(r)
        with reading("fr"):
            lines = [typography(line, "fr") for line in summary_lines(r)]
        for line in lines:
            for said in words:
                line = line.replace(said, "")
            line = re.sub(r"\[[^\]]*\]$", "", QUOTED.sub("", line))
            if english_words_in(line):
                left.append((path.stem, line, english_words_in(line)))
    assert left == []
