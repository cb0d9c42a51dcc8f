"""The message catalogues' upkeep: which sentences the code asks for, and which each language has.

    python scripts/messages.py                 every message used but missing from a language, or
                                               translated but no longer used (exit 1 if any)
    python scripts/messages.py --pot FILE      write the template (touring.pot) a translator starts from
    python scripts/messages.py --add fr/table  append every missing message to that catalogue, untranslated

Messages are found the way gettext tools find them (Babel's Python extractor): the literal arguments of
`_`, `ngettext`, `pgettext` and `npgettext` anywhere in touring_dsl/. tests/test_catalogues.py runs the
same checks, so a sentence added in English without its translation fails the tests, naming it.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "touring_dsl"
LOCALE = PACKAGE / "locale"
KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}
CALLS = {"_": 1, "ngettext": 2, "pgettext": 2, "npgettext": 3}  # how many leading arguments are message text


def used_messages() -> dict:
    """{(context, id): ["file:line", ...]} for every message the code asks for; id is a string, or a
    (singular, plural) pair for a counted message."""
    from babel.messages.extract import extract_from_dir

    found: dict = {}
    for filename, line, message, _comments, context in extract_from_dir(
            str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS):
        found.setdefault((context, message), []).append(f"touring_dsl/{filename}:{line}")
    return found


def catalogues(language: str) -> dict:
    """{(context, id): (file, translation)} over every .po file of the language."""
    from babel.messages.pofile import read_po

    found: dict = {}
    for path in sorted((LOCALE / language / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as f:
            for message in read_po(f, locale=language):
                if message.id:
                    found.setdefault((message.context, message.id), []).append((path.stem, message.string))
    return found


def non_literal_calls() -> list[str]:
    """Calls of a message function whose text is not a literal string (an f-string, a variable): no
    catalogue can hold them, so they would be read in English whatever the reader's language."""
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CALLS:
                texts = node.args[:CALLS[node.func.id]]
                if any(not (isinstance(a, ast.Constant) and isinstance(a.value, str)) for a in texts):
                    wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.func.id}() of something "
                                 "other than a literal string")
    return wrong


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if p.is_dir())


def problems(language: str) -> list[str]:
    """Every message used but not translated, translated twice, or translated but not used."""
    used, have = used_messages(), catalogues(language)
    out = []
    for key, places in sorted(used.items(), key=lambda kv: kv[1][0]):
        entries = have.get(key)
        if not entries:
            out.append(f"{places[0]}: not in the {language} catalogues: {shown(key)}")
        elif not all(translated(t) for _f, t in entries):
            out.append(f"{places[0]}: untranslated in {language}/{entries[0][0]}.po: {shown(key)}")
    for key, entries in sorted(have.items(), key=lambda kv: str(kv[0])):
        if len(entries) > 1:
            out.append(f"{language}: in {', '.join(f + '.po' for f, _t in entries)} at once: {shown(key)}")
        if key not in used:
            out.append(f"{language}/{entries[0][0]}.po: no longer used: {shown(key)}")
    return out


def translated(string) -> bool:
    return all(string) if isinstance(string, tuple) else bool(string)


def shown(key) -> str:
    context, message = key
    text = " / ".join(message) if isinstance(message, tuple) else message
    return (f"[{context}] " if context else "") + repr(text)


def write_template(path: Path) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalogue = Catalog(project="touring", charset="utf-8")
    for (context, message), places in sorted(used_messages().items(), key=lambda kv: kv[1][0]):
        catalogue.add(message, locations=[tuple(p.rsplit(":", 1)) for p in places], context=context)
    with path.open("wb") as f:
        write_po(f, catalogue, width=100)


def add_missing(target: str) -> int:
    """Append each message missing from `target`'s language to the file LANG/PART.po, untranslated."""
    from babel.messages.pofile import read_po, write_po

    language, part = target.split("/")
    path = LOCALE / language / "LC_MESSAGES" / f"{part}.po"
    have = catalogues(language)
    with path.open("rb") as f:
        catalogue = read_po(f, locale=language)
    added = 0
    for (context, message), places in sorted(used_messages().items(), key=lambda kv: kv[1][0]):
        if (context, message) not in have:
            catalogue.add(message, locations=[(path, int(line)) for path, line in (p.rsplit(":", 1) for p in places)],
                          context=context)
            added += 1
    with path.open("wb") as f:
        write_po(f, catalogue, width=100, omit_header=False)
    return added


def main(argv: list[str]) -> int:
    if argv[:1] == ["--pot"] and len(argv) == 2:
        write_template(Path(argv[1]))
        return 0
    if argv[:1] == ["--add"] and len(argv) == 2:
        print(f"{add_missing(argv[1])} messages added to {argv[1]}.po", file=sys.stderr)
        return 0
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    found = non_literal_calls() + [p for language in languages() for p in problems(language)]
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
