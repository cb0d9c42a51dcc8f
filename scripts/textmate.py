"""Write the TextMate grammar editors colour .touring files with, from the language's own grammar.

Usage: python scripts/textmate.py [--check]

The words come from grammar/touring.lark, sorted into kinds as the Pygments lexer sorts them
(touring_dsl/language/lexer.py: the words that open a section, the variant's add/change/remove, the
kinds of card, the annotations, every other keyword), and the language server's semantic tokens use the
same lexer (touring_dsl/lsp/tokens.py), so the TextMate colours, the semantic tokens, the docs and the
terminal agree; tests/test_textmate.py holds that. Each kind's scope is the one VS Code falls back on
for the semantic token of that kind. Writes editors/vscode/syntaxes/touring.tmLanguage.json; --check
only says whether that file is what this script writes (exit 1 if not).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from touring_dsl.language.lexer import ANNOTATIONS, CARD_KINDS, CHANGES, SECTIONS, grammar_words  # noqa: E402

TARGET = ROOT / "editors" / "vscode" / "syntaxes" / "touring.tmLanguage.json"
NAME = r"[a-z][a-z0-9_-]*"

# a semantic token type of touring_dsl/lsp/tokens.py -> the TextMate scope this grammar gives the same words
SCOPES = {
    "keyword.declaration": "keyword.declaration.section.touring",
    "keyword": "keyword.other.touring",
    "modifier": "storage.modifier.variant.touring",
    "type": "entity.name.type.kind.touring",
    "decorator": "entity.name.function.decorator.annotation.touring",
    "label": "entity.name.label.source.touring",
    "string": "string.quoted.double.touring",
    "number": "constant.numeric.integer.touring",
    "comment": "comment.line.number-sign.touring",
}


def alternatives(words) -> str:
    # longest first: Oniguruma, like Python's re, takes the first alternative that matches
    return "|".join(sorted(set(words), key=lambda w: (-len(w), w)))


def grammar() -> dict:
    words = grammar_words()
    sections = [w for w in SECTIONS]
    others = [w for w in words if w not in (*SECTIONS, *CHANGES, *CARD_KINDS, *ANNOTATIONS)]
    patterns = [
        {"name": SCOPES["comment"], "match": "#.*$"},
        {"match": rf"\b(cite)\s+({NAME})\b",
         "captures": {"1": {"name": SCOPES["decorator"]}, "2": {"name": SCOPES["label"]}}},
        {"name": SCOPES["decorator"], "match": rf"\b(?:{alternatives(ANNOTATIONS)})\b"},
        {"match": rf"\b(outside)\s+(source)\s+({NAME})\b",
         "captures": {"1": {"name": SCOPES["keyword"]}, "2": {"name": SCOPES["keyword"]},
                      "3": {"name": SCOPES["label"]}}},
        {"match": rf"\b(source)\s+({NAME})\b",
         "captures": {"1": {"name": SCOPES["keyword"]}, "2": {"name": SCOPES["label"]}}},
        # `assume ... because "reason" on SOURCE`; `on own side`, `on an opponent`, `on side 2` are plays
        {"match": rf'("[^"\n]*")\s+(on)\s+(?!(?:own|an|any|side)\b)({NAME})\b',
         "captures": {"1": {"name": SCOPES["string"]}, "2": {"name": SCOPES["decorator"]},
                      "3": {"name": SCOPES["label"]}}},
        {"name": SCOPES["keyword.declaration"], "match": rf"\b(?:{alternatives(sections)})\b"},
        {"name": SCOPES["modifier"], "match": rf"\b(?:{alternatives(CHANGES)})\b"},
        {"name": SCOPES["type"], "match": rf"\b(?:{alternatives(CARD_KINDS)})\b"},
        {"name": SCOPES["keyword"], "match": rf"\b(?:{alternatives(others)})\b"},
        {"name": SCOPES["string"], "match": r'"[^"\n]*"?'},
        {"name": SCOPES["number"], "match": r"\b[0-9]+\b"},
        {"name": "punctuation.section.block.touring", "match": r"[{}]"},
        {"name": "punctuation.separator.comma.touring", "match": ","},
    ]
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "Touring",
        "scopeName": "source.touring",
        "fileTypes": ["touring"],
        "comment": "Written by scripts/textmate.py from grammar/touring.lark: edit those, not this file.",
        "patterns": patterns,
    }


def text() -> str:
    return json.dumps(grammar(), indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether the committed file is up to date")
    args = parser.parse_args()
    if args.check:
        same = TARGET.is_file() and TARGET.read_text(encoding="utf-8") == text()
        print(f"{TARGET.relative_to(ROOT)} is {'up to date' if same else 'out of date: run scripts/textmate.py'}",
              file=sys.stderr)
        return 0 if same else 1
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text(text(), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
