"""Language server stage: a session with `touring lsp` over its pipes (tests/lsp_support.py), on the archive's
editions and house rules and on every broken fixture of tests/bad/: diagnostics, quick fixes, completion,
hover, definition, references, outline, folding, semantic tokens, formatting, and bad input."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from lsp_support import LAUNCH, Client  # tests/lsp_support.py

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = sorted((ROOT / "editions").glob("*.touring")) + sorted((ROOT / "editions" / "house").glob("*.touring"))
BAD = Path(__file__).resolve().parent / "bad"
# not_utf8 is about reading bytes from disk: an editor sends text, so it has no equivalent here
FIXTURES = [p for p in sorted(BAD.glob("*.touring")) if p.stem != "not_utf8"]


@pytest.fixture(scope="module")
def client():
    session = Client(cwd=ROOT)
    session.initialize(ROOT)
    yield session
    assert session.close() == 0


def uri(path: Path) -> str:
    return path.resolve().as_uri()


def opened(client: Client, path: Path, text: str | None = None) -> list[dict]:
    """Open a file in the session and return the diagnostics published for it."""
    text = path.read_text(encoding="utf-8") if text is None else text
    if uri(path) in client.versions:
        return client.diagnostics(uri(path), client.change(uri(path), text))
    client.open(uri(path), text)
    return client.diagnostics(uri(path), 1)


def line_of(path: Path, pattern: str) -> int:
    """The 0-based line of the first line matching a pattern."""
    lines = path.read_text(encoding="utf-8").split("\n")
    return next(i for i, line in enumerate(lines) if re.search(pattern, line))


def text_at(path: Path, where: dict) -> str:
    line = path.read_text(encoding="utf-8").split("\n")[where["start"]["line"]]
    return line[where["start"]["character"]:where["end"]["character"]]


# diagnostics -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", EDITIONS, ids=lambda p: p.stem)
def test_an_archive_file_has_no_diagnostics(client, path):
    assert opened(client, path) == []


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_a_broken_file_gets_every_diagnostic_touring_check_prints(client, fixture):
    """Each error and warning of the fixture's .expected (what `touring check` prints), at its line and
    column when it is in the file itself, else on the `extends` line naming the file it is in."""
    found = opened(client, fixture)
    expected = re.findall(r"^(\S+?):(\d+):(\d+): (error|warning)\[(\w+)\]",
                          fixture.with_suffix(".expected").read_text(encoding="utf-8"), re.M)
    assert [d["code"] for d in found] == [code for *_, code in expected]
    for d, (file, line, column, severity, _) in zip(found, expected):
        assert d["severity"] == (1 if severity == "error" else 2)
        if file == fixture.name:
            assert (d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1) == (int(line), int(column))
        else:
            assert d["message"].startswith(f"in {file}") or file in d["message"], d
            assert "extends" in text_at(fixture, d["range"])


def test_a_diagnostic_carries_its_hint_and_its_notes(client):
    found = opened(client, BAD / "unclosed_block.touring")
    expected = (BAD / "unclosed_block.expected").read_text(encoding="utf-8")
    hint = re.search(r"= hint: (.*)", expected)[1]
    note = re.search(r": note: (.*)", expected)[1]
    assert found[0]["message"].endswith(f"\nhint: {hint}")
    assert found[0]["relatedInformation"][0]["message"] == note


def test_diagnostics_follow_the_text_as_it_is_typed(client, tmp_path):
    path = tmp_path / "typing.touring"
    text = (ROOT / "editions" / "house" / "short-race-1937.touring").read_text(encoding="utf-8")
    assert opened(client, path, text) == []
    broken = re.sub(r'pile "3 Miles"(\s+)needs 2', r'pile "3 Mils"\1needs 2', text, 1)
    assert [d["code"] for d in opened(client, path, broken)] == ["E251"]  # the parent has no such pile
    assert opened(client, path, text) == []


def test_saving_a_parent_checks_the_files_that_extend_it_again(client, tmp_path):
    parent, child = tmp_path / "base.touring", tmp_path / "child.touring"
    good = (ROOT / "editions" / "touring-1937.touring").read_text(encoding="utf-8").replace(
        'edition "touring-1937"', 'edition "base"', 1)
    parent.write_text(good, encoding="utf-8")
    text = 'edition "child" extends "base" {\n}\nchange turn {\n    change hand 6\n}\n'
    assert opened(client, child, text) == []
    opened(client, parent, good)
    parent.write_text(good.replace("    hand 5\n", ""), encoding="utf-8")  # the parent no longer has a hand
    client.notify("textDocument/didSave", {"textDocument": {"uri": uri(parent)}})
    found = client.diagnostics(uri(child))
    assert [d["code"] for d in found] and "hand" in found[0]["message"]


# quick fixes -----------------------------------------------------------------------------------------

def apply(text: str, edit: dict) -> str:
    lines = text.split("\n")
    start, end = edit["range"]["start"], edit["range"]["end"]
    head = "\n".join(lines[:start["line"]] + [lines[start["line"]][:start["character"]]])
    tail = "\n".join([lines[end["line"]][end["character"]:]] + lines[end["line"] + 1:])
    return head + edit["newText"] + tail


def fix(client: Client, path: Path, text: str, code: str) -> tuple[str, str]:
    """The first quick fix offered for the diagnostic `code`: its title and the text with it applied."""
    found = [d for d in opened(client, path, text) if d["code"] == code]
    assert found, f"no {code} for {path.name}"
    actions = client.request("textDocument/codeAction", {"textDocument": {"uri": uri(path)},
                                                         "range": found[0]["range"],
                                                         "context": {"diagnostics": found}})
    assert actions, f"no quick fix for {code}"
    edits = actions[0]["edit"]["changes"][uri(path)]
    assert actions[0]["kind"] == "quickfix"
    return actions[0]["title"], apply(text, edits[0])


QUICK_FIXES = [  # fixture, the diagnostic fixed, what the fix's title says
    ("unknown_card", "E200", 'Change to "Hauled In"'),
    ("unknown_zone", "E202", 'Change to "Town"'),
    ("unknown_parent", "E205", 'Change to "touring-1937"'),
    ("misspelt_keyword", "E100", "Change to change"),
    ("rename_unknown_card", "E251", 'Change to "Hauled In"'),
    ("score_wrong_unit", "E298", "Write mile"),
    ("extension_wrong_unit", "E225", "Write km"),
    ("years_backwards", "E223", "Write 1958-1975"),
    ("unclosed_block", None, "Insert } before this line"),  # None: the fixture's first error (E100, or E103
    ("missing_brace", None, "Insert } at the end"),  # once the parser reports a block where it opened)
]


@pytest.mark.parametrize("name, code, title", QUICK_FIXES, ids=[q[0] for q in QUICK_FIXES])
def test_a_quick_fix_removes_the_error_it_names(client, tmp_path, name, code, title):
    fixture = BAD / f"{name}.touring"
    code = code or re.search(r"error\[(\w+)\]", fixture.with_suffix(".expected").read_text(encoding="utf-8"))[1]
    path = tmp_path / fixture.name  # beside the fixtures' parents, as the fixture is
    for sibling in BAD.glob("*.touring"):
        (tmp_path / sibling.name).write_bytes(sibling.read_bytes())
    text = fixture.read_text(encoding="utf-8")
    said, fixed = fix(client, path, text, code)
    assert said == title
    before = [d for d in opened(client, path, text) if d["code"] == code]
    after = [d for d in opened(client, path, fixed) if d["code"] == code]
    assert len(after) < len(before), (fixed, after)


def test_a_missing_unit_is_fixed_by_inserting_one(client, tmp_path):
    path = tmp_path / "no-unit.touring"
    text = (ROOT / "editions" / "touring-1937.touring").read_text(encoding="utf-8").replace(
        "race 110 miles cite", "race 110 cite", 1)
    found = [d for d in opened(client, path, text) if d["code"] == "E100"]  # (and what a recovering parse adds)
    assert len(found) == 1
    actions = client.request("textDocument/codeAction", {"textDocument": {"uri": uri(path)}, "range": found[0]["range"],
                                                         "context": {"diagnostics": found}})
    assert sorted(a["title"] for a in actions) == ["Insert km", "Insert miles"]
    miles = next(a for a in actions if a["title"] == "Insert miles")
    fixed = apply(text, miles["edit"]["changes"][uri(path)][0])
    assert "race 110 miles cite" in fixed
    assert opened(client, path, fixed) == []


def test_a_hint_that_only_explains_offers_no_fix(client):
    found = opened(client, BAD / "piles_not_summing.touring")
    actions = client.request("textDocument/codeAction", {"textDocument": {"uri": uri(BAD / "piles_not_summing.touring")},
                                                         "range": found[0]["range"], "context": {"diagnostics": found}})
    assert actions == []


# completion ------------------------------------------------------------------------------------------

def completed(client: Client, path: Path, text: str, line: int, character: int) -> list[str]:
    opened(client, path, text)
    return [item["label"] for item in client.at(uri(path), "textDocument/completion", line, character)]


def test_completion_after_extends_offers_the_archive_ids(client, tmp_path):
    labels = completed(client, tmp_path / "new.touring", 'edition "mine" extends "', 0, 24)
    assert {"touring-1937", "mille-bornes", "short-race-1937"} <= set(labels)


def test_completion_offers_the_keywords_the_parser_expects(client, tmp_path):
    path = tmp_path / "kw.touring"
    assert completed(client, path, 'edition "x" {\n}\nrace 110 ', 2, 9) == ["km", "miles"]
    top = completed(client, path, 'edition "x" {\n}\n', 2, 0)
    assert {"deck", "race", "setup", "turn", "delays", "zones", "example", "add", "change", "remove"} <= set(top)
    assert set(completed(client, path, 'edition "x" {\n}\nturn {\n    hand 5\n    dr', 4, 6)) >= {"draw", "hand",
                                                                                           "before", "}"}


def test_completion_after_a_mistake_higher_up_offers_the_blocks_words(client, tmp_path):
    path = tmp_path / "mistake.touring"
    text = 'edition "x" {\n    titel "oops"\n}\ndeck {\n    card "A" go count 2\n}\nturn {\n    \n}\n'
    labels = completed(client, path, text, 7, 4)
    assert {"hand", "draw", "before", "}"} <= set(labels)
    assert "card" not in labels
    header = completed(client, path, 'edition "x" {\n    titel "oops"\n    \n', 2, 4)
    assert {"title", "year", "publisher"} <= set(header)


def test_completion_offers_the_cards_where_a_card_is_named(client):
    path = ROOT / "editions" / "touring-1937.touring"
    text = path.read_text(encoding="utf-8")
    row = line_of(path, r'^\s*chain "Puncture"')
    labels = completed(client, path, text, row, len('    chain "'))
    assert {"Puncture", "Collision", "Go", "Gasoline"} <= set(labels)


def test_a_completed_name_replaces_what_was_typed_of_it(client, tmp_path):
    path = tmp_path / "typed.touring"
    text = (ROOT / "editions" / "touring-1937.touring").read_text(encoding="utf-8")
    row = line_of(ROOT / "editions" / "touring-1937.touring", r'^\s*chain "Out of Gasoline"')
    lines = text.split("\n")
    lines[row] = '    chain "Out of G'
    opened(client, path, "\n".join(lines))
    items = client.at(uri(path), "textDocument/completion", row, len(lines[row]))
    item = next(i for i in items if i["label"] == "Out of Gasoline")
    edit = item["textEdit"]
    assert (edit["range"]["start"]["character"], edit["range"]["end"]["character"]) == (len('    chain "'), len(lines[row]))
    assert edit["newText"] == 'Out of Gasoline"'  # the closing quote too, as none was typed


def test_completion_still_knows_the_cards_while_the_text_is_broken(client, tmp_path):
    path = tmp_path / "broken.touring"
    text = (ROOT / "editions" / "touring-1937.touring").read_text(encoding="utf-8")
    assert opened(client, path, text) == []
    broken = re.sub(r'chain "Puncture"\s+then "Go"', 'chain "', text.replace("delays cite", "delays citee", 1), 1)
    row = next(i for i, line in enumerate(broken.split("\n")) if line.strip() == 'chain "')
    labels = completed(client, path, broken, row, len('    chain "'))
    assert "Out of Gasoline" in labels


def test_completion_offers_the_declared_sources_after_cite(client):
    path = ROOT / "editions" / "touring-1937.touring"
    text = path.read_text(encoding="utf-8")
    row = line_of(path, r"^deck cite sheet")
    assert "sheet" in completed(client, path, text, row, len("deck cite "))


def test_completion_offers_the_parents_setups_after_setup(client, tmp_path):
    path = tmp_path / "variant.touring"
    text = 'edition "mine" extends "touring-1937" {\n}\nsetup "'
    assert {"three players", "two partnerships"} <= set(completed(client, path, text, 2, 7))


# hover -----------------------------------------------------------------------------------------------

def hovered(client: Client, path: Path, line: int, character: int) -> str | None:
    opened(client, path)
    found = client.at(uri(path), "textDocument/hover", line, character)
    return found["contents"]["value"] if found else None


def rulebook_text(path: Path) -> str:
    """The scholarly rulebook of an edition file as plain words (marks and styles dropped)."""
    from touring_dsl.language.archive import load
    from touring_dsl.rulebook.document import build
    from touring_dsl.rulebook.markdown import render

    return " ".join(re.sub(r"[*_`\[\]]|\[A\d+\]", "", render(build(load(str(path))))).split())


def test_hover_on_a_rule_shows_the_sentence_the_rulebook_prints(client):
    path = ROOT / "editions" / "touring-1937.touring"
    said = hovered(client, path, line_of(path, r"^race 110 miles"), 1)
    sentence = said.split("> ", 1)[1]
    assert "race of 110 miles" in sentence
    assert sentence[:60] in rulebook_text(path)


def test_hover_on_a_house_rules_change_shows_its_new_sentence(client):
    path = ROOT / "editions" / "house" / "short-race-1937.touring"
    said = hovered(client, path, line_of(path, r"^change race 55"), 2)
    assert said.startswith("`change race`") and "race of 55 miles" in said
    assert "(it was 110 miles)" in said  # the house rule's own section of the rulebook says what changed


def test_hover_on_a_card_gives_its_count_role_and_answers(client):
    path = ROOT / "editions" / "touring-1937.touring"
    row = line_of(path, r'chain "Collision"')
    said = hovered(client, path, row, len('    chain "C'))
    assert said.startswith("**Collision**: hazard, 3 in the pack")
    assert "answered by **Hauled In** or **Go**" in said
    safety = ROOT / "editions" / "mille-bornes.touring"
    said = hovered(client, safety, line_of(safety, r'card "Flat Tire"'), len('    card "F'))
    assert "answered by **Spare Tire** or **Go** or **Puncture-Proof**" in said or "Puncture-Proof" in said


def test_hover_on_the_edition_extended_gives_its_title(client):
    path = ROOT / "editions" / "house" / "short-race-1937.touring"
    said = hovered(client, path, line_of(path, r"extends"), line_of_text(path, "extends").index('"touring-1937"') + 2)
    assert said.startswith("**Touring** (touring-1937)")


def line_of_text(path: Path, pattern: str) -> str:
    return path.read_text(encoding="utf-8").split("\n")[line_of(path, pattern)]


def test_hover_on_nothing_is_empty(client):
    path = ROOT / "editions" / "touring-1937.touring"
    assert hovered(client, path, line_of(path, r"^$"), 0) is None


# navigation ------------------------------------------------------------------------------------------

def test_definition_of_a_card_is_its_declaration(client):
    path = ROOT / "editions" / "touring-1937.touring"
    opened(client, path)
    found = client.at(uri(path), "textDocument/definition", line_of(path, r'chain "Collision"'), len('    chain "C'))
    assert [f["uri"] for f in found] == [uri(path)]
    assert found[0]["range"]["start"]["line"] == line_of(path, r'card "Collision"')
    assert text_at(path, found[0]["range"]) == '"Collision"'


def test_definition_of_a_change_is_the_parents_rule_it_modifies(client):
    path = ROOT / "editions" / "house" / "short-race-1937.touring"
    parent = ROOT / "editions" / "touring-1937.touring"
    opened(client, path)
    found = client.at(uri(path), "textDocument/definition", line_of(path, r"^change race 55"), 1)
    assert [f["uri"] for f in found] == [uri(parent)]
    assert found[0]["range"]["start"]["line"] == line_of(parent, r"^race 110 miles")
    # a pile changed inside a setup: the parent's pile of that setup
    row = line_of(path, r'change pile "15 Miles"\s+needs 1')
    found = client.at(uri(path), "textDocument/definition", row, 6)
    three = line_of(parent, r'^setup "three players"')
    assert found[0]["range"]["start"]["line"] > three
    assert "15 Miles" in parent.read_text(encoding="utf-8").split("\n")[found[0]["range"]["start"]["line"]]


def test_definition_of_an_inherited_card_is_in_the_parent(client):
    path = ROOT / "editions" / "house" / "short-race-1937.touring"
    parent = ROOT / "editions" / "touring-1937.touring"
    opened(client, path)
    found = client.at(uri(path), "textDocument/definition", line_of(path, r'hand 1 "30 Miles"'), len('        hand 1 "3'))
    assert found[0]["uri"] == uri(parent)
    assert found[0]["range"]["start"]["line"] == line_of(parent, r'card "30 Miles"')


def test_definition_of_the_edition_extended_is_its_file(client):
    path = ROOT / "editions" / "house" / "short-race-1937.touring"
    opened(client, path)
    row = line_of(path, r"extends")
    found = client.at(uri(path), "textDocument/definition", row, line_of_text(path, "extends").index('"touring-1937"') + 3)
    assert found == [{"uri": uri(ROOT / "editions" / "touring-1937.touring"),
                      "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}}}]


def test_references_of_a_card_are_its_every_use(client):
    path = ROOT / "editions" / "touring-1937.touring"
    opened(client, path)
    row = line_of(path, r'card "Puncture"')
    found = client.at(uri(path), "textDocument/references", row, len('    card "P'), context={"includeDeclaration": True})
    assert all(text_at(path, f["range"]) == '"Puncture"' for f in found)
    written = [i for i, line in enumerate(path.read_text(encoding="utf-8").split("\n"))
               if '"Puncture"' in line and not line.lstrip().startswith(("note", "#"))]
    assert sorted({f["range"]["start"]["line"] for f in found}) == written
    without = client.at(uri(path), "textDocument/references", row, len('    card "P'), context={"includeDeclaration": False})
    assert len(without) == len(found) - 1


# outline, folding, tokens, formatting ----------------------------------------------------------------

@pytest.mark.parametrize("path", EDITIONS, ids=lambda p: p.stem)
def test_the_outline_lists_sections_cards_and_examples(client, path):
    opened(client, path)
    found = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri(path)}})
    text = path.read_text(encoding="utf-8")
    names = [s["name"] for s in found]
    assert sum(n.startswith("example ") for n in names) == len(re.findall(r'^example "', text, re.M))
    tops = re.findall(r'^(?:(add|change|remove)\s+)?(deck|race|setup|turn|delays|zones|penalties|reshuffle|ending|'
                      r'progressive|scoring|notes|piles|history)\b', text, re.M)
    assert len(names) - sum(n.startswith("example ") for n in names) == len(tops)
    cards = [c["name"] for s in found for c in s.get("children") or []]
    assert len(cards) == len(re.findall(r'^\s*(?:(?:add|change|remove)\s+)?card\s+"', text, re.M))
    for symbol in found:  # a section's range runs from its heading to its closing brace
        last = text.split("\n")[symbol["range"]["end"]["line"]]
        assert symbol["range"]["end"]["line"] >= symbol["range"]["start"]["line"]
        assert "{" not in text.split("\n")[symbol["range"]["start"]["line"]] or last.rstrip().endswith("}")


def test_folding_ranges_are_the_blocks_and_comment_runs(client):
    path = ROOT / "editions" / "touring-1937.touring"
    opened(client, path)
    found = client.request("textDocument/foldingRange", {"textDocument": {"uri": uri(path)}})
    lines = path.read_text(encoding="utf-8").split("\n")
    regions = [f for f in found if f["kind"] == "region"]
    assert all(lines[f["startLine"]].rstrip().endswith("{") and lines[f["endLine"]].strip().startswith("}")
               for f in regions)
    assert len(regions) == sum(1 for line in lines if line.rstrip().endswith("{"))
    assert {"startLine": 0, "endLine": 1, "kind": "comment"} in found


def decoded(data: list[int], legend: dict) -> list[tuple[int, int, int, str, list[str]]]:
    out, line, start = [], 0, 0
    for i in range(0, len(data), 5):
        delta_line, delta_start, length, kind, modifiers = data[i:i + 5]
        line += delta_line
        start = start + delta_start if delta_line == 0 else delta_start
        out.append((line, start, length, legend["tokenTypes"][kind],
                    [m for b, m in enumerate(legend["tokenModifiers"]) if modifiers >> b & 1]))
    return out


def test_semantic_tokens_mark_keywords_cards_and_comments(client):
    path = ROOT / "editions" / "touring-1937.touring"
    opened(client, path)
    data = client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri(path)}})["data"]
    from touring_dsl.lsp.tokens import LEGEND

    tokens = decoded(data, {"tokenTypes": LEGEND.token_types, "tokenModifiers": LEGEND.token_modifiers})
    lines = path.read_text(encoding="utf-8").split("\n")
    said = {(lines[row][start:start + length], kind, tuple(mods)) for row, start, length, kind, mods in tokens}
    assert ("deck", "keyword", ("declaration",)) in said
    assert ('"Puncture"', "enumMember", ()) in said  # a card of the edition
    assert ("hazard", "type", ()) in said
    assert ("cite", "decorator", ()) in said
    assert ('"The Great Automobile Card Game"', "string", ()) in said
    assert any(kind == "comment" and row == 0 for row, _, _, kind, _ in tokens)


def test_formatting_is_touring_fmts_layout_or_no_edit_until_it_lands(client, tmp_path):
    import importlib.util

    path = tmp_path / "messy.touring"
    text = (ROOT / "editions" / "touring-1937.touring").read_text(encoding="utf-8").replace("\n    hand 5", "\n  hand   5")
    opened(client, path, text)
    edits = client.request("textDocument/formatting", {"textDocument": {"uri": uri(path)},
                                                       "options": {"tabSize": 4, "insertSpaces": True}})
    if importlib.util.find_spec("touring_dsl.language.format") is None:
        assert edits == []  # the hook (lsp/formatting.py) until `touring fmt` lands
    else:
        from touring_dsl.language.format import format_text

        assert [apply(text, edit) for edit in edits] == [format_text(text, str(path))]


# bad input -------------------------------------------------------------------------------------------

def test_a_file_that_is_not_an_edition_is_left_alone(client, tmp_path):
    notes = tmp_path / "notes.txt"
    client.open(uri(notes), 'deck { card "x" }', language="plaintext")
    assert client.at(uri(notes), "textDocument/hover", 0, 2) is None
    assert client.at(uri(notes), "textDocument/completion", 0, 0) == []
    assert client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri(notes)}}) == []
    edition = tmp_path / "after.touring"
    client.open(uri(edition), "garbage")
    note = client.notes.get(timeout=60)
    assert note["params"]["uri"] == uri(edition)  # nothing was published for notes.txt before it


def test_an_unsaved_buffer_in_the_touring_language_is_checked(client):
    buffer = "untitled:Untitled-7"
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": buffer, "languageId": "touring", "version": 1,
        "text": 'edition "u" extends "touring-1973" {\n}\n'}})
    found = client.diagnostics(buffer, 1)
    assert [d["code"] for d in found] == ["E205"]


def test_a_huge_file_is_answered_with_a_note_not_a_hang(client, tmp_path):
    path = tmp_path / "huge.touring"
    text = 'edition "huge" {\n}\n' + "# padding\n" * 250_000
    found = opened(client, path, text)
    assert len(found) == 1 and "too large to check as you type" in found[0]["message"]
    assert client.at(uri(path), "textDocument/hover", 5, 3) is None
    assert client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri(path)}})["data"] == []


def test_garbage_text_gets_diagnostics_and_the_server_goes_on(client, tmp_path):
    path = tmp_path / "garbage.touring"
    found = opened(client, path, "\x00\x01\ufffd{{{ }}}} \U0001F697 \"unclosed\n" * 50)
    assert found and all(d["source"] == "touring" for d in found)
    for method in ("textDocument/hover", "textDocument/completion", "textDocument/definition"):
        client.at(uri(path), method, 3, 5)
    client.at(uri(path), "textDocument/hover", 10_000, 10_000)  # beyond the text
    client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri(path)}})
    client.request("textDocument/foldingRange", {"textDocument": {"uri": uri(path)}})
    client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri(path)}})


def test_a_message_that_is_not_json_does_not_stop_the_server(client):
    client.send_raw(b"{this is not json")
    path = ROOT / "editions" / "touring-1937.touring"
    assert opened(client, path) == []
    assert client.at(uri(path), "textDocument/hover", line_of(path, r"^race 110"), 1) is not None


def test_a_position_in_a_non_bmp_line_is_counted_in_utf16(client, tmp_path):
    """A car emoji counts two UTF-16 units: the error after it is still underlined exactly."""
    path = tmp_path / "emoji.touring"
    text = (ROOT / "editions" / "touring-1937.touring").read_text(encoding="utf-8").replace(
        '"Collision"', '"Collision \U0001F697"')
    text = re.sub(r'then(\s+)"Hauled In"', r'then\1"Hauld In"', text, 1)
    found = [d for d in opened(client, path, text) if d["code"] == "E200"]
    line = text.split("\n")[found[0]["range"]["start"]["line"]].encode("utf-16-le")
    start, end = found[0]["range"]["start"]["character"], found[0]["range"]["end"]["character"]
    assert line[2 * start:2 * end].decode("utf-16-le") == '"Hauld In"'


def test_positions_are_counted_in_utf16_even_when_a_client_prefers_utf8():
    session = Client(cwd=ROOT)
    try:
        answer = session.request("initialize", {"processId": None, "rootUri": ROOT.as_uri(), "capabilities": {
            "general": {"positionEncodings": ["utf-8", "utf-16"]}}})
        assert answer["capabilities"]["positionEncoding"] == "utf-16"
        session.notify("initialized", {})
    finally:
        assert session.close() == 0


def test_touring_lsp_without_pygls_says_how_to_install_it():
    blocked = ("import sys; sys.modules['pygls'] = None; sys.argv = ['touring', 'lsp']; "
               "from touring_dsl.cli.app import main; main()")
    result = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert 'pip install "touring-dsl[lsp]"' in result.stderr
    assert "Traceback" not in result.stderr
    assert LAUNCH[-1] == "lsp"
