"""`touring new`: the variant it writes compiles as is, every suggestion compiles when switched on,
it plays, and it differs from its parent only in its metadata."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from touring_dsl.language.archive import load
from touring_dsl.cli.app import app
from touring_dsl.cli.new import CODE, PROSE
from touring_dsl.language.compiler import compile_file, compile_text
from touring_dsl.diff import diff_rulesets

EDITIONS = ["touring-1906", "touring-1937", "touring-1937-penalties", "touring-1965", "touring-reprint"]
runner = CliRunner()


def _new(tmp_path: Path, parent: str, name: str = "our-rules") -> Path:
    target = tmp_path / f"{name}.touring"
    result = runner.invoke(app, ["new", name, "--from", parent, "-o", str(target)])
    assert result.exit_code == 0, result.stderr
    return target


def _blocks(text: str) -> list[list[str]]:
    """The suggested blocks: a ## line followed by commented rule lines."""
    blocks, current = [], None
    for line in text.splitlines():
        if line.startswith(PROSE):
            current = []
            blocks.append(current)
        elif current is not None and line.startswith(CODE):
            current.append(line)
        else:
            current = None
    return [b for b in blocks if b]


def _switch_on(text: str, block: list[str]) -> str:
    return text.replace("\n".join(block), "\n".join(line[len(CODE):] for line in block))


@pytest.mark.parametrize("parent", EDITIONS)
def test_the_new_file_compiles_and_changes_only_metadata(tmp_path: Path, parent: str) -> None:
    path = _new(tmp_path, parent)
    ruleset = compile_file(path)
    assert ruleset.parent == parent and len(ruleset.examples) == 1
    changes = diff_rulesets(load(parent), ruleset).changes
    assert changes and {c.topic for c in changes} == {"metadata"}


@pytest.mark.parametrize("parent", EDITIONS)
def test_every_suggestion_compiles_when_switched_on(tmp_path: Path, parent: str) -> None:
    text = _new(tmp_path, parent).read_text()
    blocks = _blocks(text)
    assert len(blocks) >= 8
    for block in blocks:
        ruleset = compile_text(_switch_on(text, block), "suggestion.touring", tmp_path)
        topics = {c.topic for c in diff_rulesets(load(parent), ruleset).changes} - {"metadata"}
        assert topics, f"switching on {block[0]!r} changed no rule"


@pytest.mark.parametrize("parent", EDITIONS)
def test_a_shorter_race_says_what_each_setup_race_becomes(tmp_path: Path, parent: str) -> None:
    """The words above a shorter race give each setup's race as its lines set it (the template once said
    "halved as well" above lines taking 70 miles to 50)."""
    text = _new(tmp_path, parent).read_text()
    lines = text.splitlines()
    checked = 0
    for block in _blocks(text):
        prose = lines[lines.index(block[0]) - 1]
        said = re.findall(r'"([^"]+)" from (\d+) to (\d+) miles', prose)
        if not prose.startswith(f"{PROSE}A shorter race") or not said:
            continue
        switched = compile_text(_switch_on(text, block), "suggestion.touring", tmp_path)
        before = {s.label: s.race.miles for s in load(parent).setups}
        after = {s.label: s.race.miles for s in switched.setups}
        assert [(label, before[label], after[label]) for label, _, _ in said] == [
            (label, int(was), int(now)) for label, was, now in said]
        checked += 1
    assert "halved as well" not in text
    if parent == "touring-1937":
        assert checked  # its three-player race has piles of its own


def test_suggestions_use_the_editions_own_card_names(tmp_path: Path) -> None:
    text = _new(tmp_path, "touring-1965").read_text()
    assert '"Freeway"' in text and '"Accident"' in text and "Country" not in text
    text = _new(tmp_path, "touring-1937", "other").read_text()
    assert "# change race 55 miles {" in text
    assert re.search(r"# zones \{\n#     change speeding forfeits the card\n# \}", text)


def test_the_new_file_plays(tmp_path: Path) -> None:
    from touring_dsl.engine import new_game

    game = new_game(compile_file(_new(tmp_path, "touring-1937")), players=2, seed=3)
    for _ in range(200):
        if game.is_over:
            break
        game.apply(game.legal_moves()[0])
    assert game.turns > 0


def test_a_variant_of_a_file_extends_it_by_relative_path(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    first = _new(tmp_path / "sub", "touring-1937", "first")
    second = tmp_path / "second.touring"
    result = runner.invoke(app, ["new", "second", "--from", str(first), "-o", str(second)])
    assert result.exit_code == 0, result.stderr
    assert 'extends "sub/first.touring"' in second.read_text()
    assert compile_file(second).parent == "first"


def test_a_variant_is_not_written_where_it_could_not_extend_its_parent(tmp_path: Path) -> None:
    first = _new(tmp_path, "touring-1937", "first")
    (tmp_path / "sub").mkdir()
    second = tmp_path / "sub" / "second.touring"
    result = runner.invoke(app, ["new", "second", "--from", str(first), "-o", str(second)])
    assert result.exit_code == 2 and "in its own folder or below it" in result.stderr
    assert not second.exists()


def test_an_overlong_name_is_the_users_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["new", "x" * 5000, "--from", "touring-1937", "-o", str(tmp_path / ("x" * 5000))])
    assert result.exit_code == 1 and "cannot write" in result.stderr


def test_new_refuses_to_overwrite_and_reports_bad_input(tmp_path: Path) -> None:
    path = _new(tmp_path, "touring-1937")
    again = runner.invoke(app, ["new", "our-rules", "--from", "touring-1937", "-o", str(path)])
    assert again.exit_code == 1 and "already exists" in again.stderr
    forced = runner.invoke(app, ["new", "our-rules", "--from", "touring-1937", "-o", str(path), "--force"])
    assert forced.exit_code == 0
    bad = runner.invoke(app, ["new", "x", "--from", "touring-1938", "-o", str(tmp_path / "x.touring")])
    assert bad.exit_code == 2 and 'no edition "touring-1938"' in bad.stderr
    same = runner.invoke(app, ["new", "touring-1937", "--from", "touring-1937", "-o", "-"])
    assert same.exit_code == 2


def test_new_to_stdout(tmp_path: Path) -> None:
    result = runner.invoke(app, ["new", "printed", "--from", "touring-1906", "-o", "-"])
    assert result.exit_code == 0
    assert result.stdout.count('edition "printed" extends "touring-1906"') == 1
    assert compile_text(result.stdout, "printed.touring", tmp_path).id == "printed"


def test_the_new_file_prints_a_rulebook(tmp_path: Path) -> None:
    path = _new(tmp_path, "touring-1937")
    out = tmp_path / "rules.md"
    result = runner.invoke(app, ["rulebook", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    assert out.exists() and out.stat().st_size > 0


@pytest.mark.parametrize("parent", ["touring-1937", "touring-1965"])
def test_the_shorter_race_shortens_every_setup_with_a_race_of_its_own(tmp_path: Path, parent: str) -> None:
    """Following the template's shorter race leaves no setup running a longer race than the new one,
    and `check` has nothing to warn of."""
    from touring_dsl.language.advice import variant_warnings

    path = _new(tmp_path, parent)
    text = path.read_text()
    block = next(b for b in _blocks(text) if b[0].startswith(CODE + "change race"))
    path.write_text(_switch_on(text, block))
    ruleset, before = compile_file(path), load(parent)
    assert ruleset.race.miles < before.race.miles
    for setup, was in zip(ruleset.setups, before.setups):
        if was.race.miles < before.race.miles:
            assert setup.race.miles < ruleset.race.miles, setup.label
    assert variant_warnings(ruleset, before) == []
    result = runner.invoke(app, ["check", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 0 and "warning" not in result.stderr


def test_the_template_credits_an_author(tmp_path: Path) -> None:
    from touring_dsl.rulebook import build

    ruleset = compile_file(_new(tmp_path, "touring-1937"))
    assert ruleset.author == "our table"
    assert build(ruleset).byline.startswith("A house rule by our table · based on Touring")
