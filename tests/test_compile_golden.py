"""Compile stage output: each archive edition's Ruleset JSON against tests/golden/compiled/<id>.json.

Regenerate after an intended change with: TOURING_UPDATE_GOLDEN=1 pytest tests/test_compile_golden.py
(`python scripts/goldens.py` writes every golden of the suite and says which changed)
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from touring_dsl.language.locate import archive_files
from touring_dsl.cli.app import app
from touring_dsl.language.compiler import compile_file
from touring_dsl.language.model import FORMAT_VERSION, Ruleset
from golden_files import UPDATE, golden_path, write_golden  # tests/golden_files.py

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = golden_path("golden", "compiled")
EDITIONS = sorted((ROOT / "editions").glob("*.touring"))


def compiled_json(path: Path, monkeypatch) -> dict:
    """The edition as `touring compile` prints it, with locations relative to the checkout."""
    monkeypatch.chdir(ROOT)  # locations (and the parent's) are shown relative to the working folder
    ruleset = compile_file(path, str(path.relative_to(ROOT)))
    return json.loads(json.dumps(ruleset.model_dump(mode="json"), ensure_ascii=False))


def _golden_path(path: Path) -> Path:
    return GOLDEN / f"{path.stem}.json"


def test_golden_files_match_the_archive() -> None:
    """One golden file per archive edition, no strays (house rules are left to their own tests)."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    assert {p.stem for p in EDITIONS} == {p.stem for p in GOLDEN.glob("*.json")} or UPDATE


@pytest.mark.parametrize("path", EDITIONS, ids=lambda p: p.stem)
def test_compiled_json_matches_golden(path: Path, monkeypatch) -> None:
    data = compiled_json(path, monkeypatch)
    golden = _golden_path(path)
    if UPDATE:
        write_golden(golden, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    assert golden.exists(), f"no golden file; run with TOURING_UPDATE_GOLDEN=1 to create {golden}"
    assert data == json.loads(golden.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", EDITIONS, ids=lambda p: p.stem)
def test_golden_round_trips_through_the_model(path: Path, monkeypatch) -> None:
    data = json.loads(_golden_path(path).read_text(encoding="utf-8"))
    ruleset = Ruleset.model_validate(data)
    assert ruleset.model_dump(mode="json") == data
    monkeypatch.chdir(ROOT)
    assert ruleset == compile_file(path, str(path.relative_to(ROOT)))
    assert ruleset.format == FORMAT_VERSION and ruleset.id == path.stem


def test_archive_lists_every_edition_file() -> None:
    assert {p.stem for p in EDITIONS} <= {p.stem for p in archive_files()}


# the JSON Schema ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def schema() -> dict:
    result = CliRunner().invoke(app, ["compile", "--schema"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_schema_describes_the_ruleset(schema: dict) -> None:
    assert schema["title"] == "Ruleset"
    assert schema["type"] == "object"
    assert set(schema["properties"]) == set(Ruleset.model_fields)
    assert schema.get("additionalProperties") is False  # extra="forbid": unknown keys are refused
    assert {"Card", "Pile", "Race", "Setup", "Zones", "Example"} <= set(schema["$defs"])


@pytest.mark.parametrize("path", EDITIONS, ids=lambda p: p.stem)
def test_golden_fits_the_schema_outline(path: Path, schema: dict) -> None:
    """Without a JSON Schema validator installed: top-level keys present and allowed."""
    data = json.loads(_golden_path(path).read_text(encoding="utf-8"))
    assert set(schema["required"]) <= set(data) <= set(schema["properties"])


def test_goldens_validate_against_the_schema(schema: dict) -> None:
    jsonschema = pytest.importorskip("jsonschema")  # optional: not a dependency of the project
    for path in EDITIONS:
        jsonschema.validate(json.loads(_golden_path(path).read_text(encoding="utf-8")), schema)
