"""Compile stage, `extends`: only archive editions and edition files in the edition's own folder or below are
read, and a refused target is never quoted (issue 19, hole 4)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from touring_dsl.cli.app import app
from touring_dsl.language.compiler import compile_file
from touring_dsl.language.errors import TouringError

ROOT = Path(__file__).resolve().parents[1]
SECRET = "SECRET-LINE-do-not-print"


def variant(folder: Path, target: str, name: str = "house.touring") -> Path:
    path = folder / name
    path.write_text(f'edition "house" extends "{target}" {{\n    title "House"\n}}\n', encoding="utf-8")
    return path


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    """A file that is not an edition, outside the edition's folder: parsing it would quote it."""
    path = tmp_path / "secret.touring"
    path.write_text(f"{SECRET} {{\n", encoding="utf-8")
    (tmp_path / "secret.txt").write_text(f"{SECRET}\n", encoding="utf-8")
    (tmp_path / "edition").mkdir()
    return path


def check(path: Path):
    return CliRunner().invoke(app, ["check", str(path)], env={"NO_COLOR": "1"})


@pytest.mark.parametrize("target", ["/etc/passwd", "/proc/self/environ", "../secret.touring", "../secret",
                                    "ABSOLUTE", "escape.touring", "secret.txt", "x" * 5000, "a\\u{0}b"])
def test_extends_outside_the_folder_is_refused_without_quoting_it(secret: Path, target: str) -> None:
    folder = secret.parent / "edition"
    (folder / "escape.touring").symlink_to(secret)
    (folder / "secret.txt").write_text(f"{SECRET}\n", encoding="utf-8")
    target = str(secret) if target == "ABSOLUTE" else target
    result = check(variant(folder, target))
    assert result.exit_code == 1, result.stderr
    assert SECRET not in result.stderr + result.stdout
    assert "root:" not in result.stderr and "PATH=" not in result.stderr
    assert "error[E206]" in result.stderr or "error[E205]" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_refusal_is_the_same_whether_the_file_exists_or_not(secret: Path) -> None:
    folder = secret.parent / "edition"
    there = check(variant(folder, "../secret.touring")).stderr
    missing = check(variant(folder, "../nosuch.touring")).stderr.replace("nosuch", "secret")
    assert there == missing


def test_a_file_beside_or_below_and_an_archive_edition_may_be_extended(tmp_path: Path) -> None:
    base = (ROOT / "editions" / "touring-1937.touring").read_text().replace('"touring-1937"', '"base"', 1)
    (tmp_path / "sub").mkdir()
    (tmp_path / "base.touring").write_text(base)
    (tmp_path / "sub" / "deep.touring").write_text(base.replace('"base"', '"deep"', 1))
    assert compile_file(variant(tmp_path, "base")).parent == "base"
    assert compile_file(variant(tmp_path, "base.touring")).parent == "base"
    assert compile_file(variant(tmp_path, "sub/deep.touring")).parent == "deep"
    assert compile_file(variant(tmp_path, "./sub/../base.touring")).parent == "base"
    assert compile_file(variant(tmp_path, "touring-1937")).parent == "touring-1937"


def test_a_file_in_the_working_folder_is_not_found_from_elsewhere(tmp_path: Path, monkeypatch) -> None:
    """The working folder is not the edition's: a file there is not read unless it lies beside the edition."""
    base = (ROOT / "editions" / "touring-1937.touring").read_text().replace('"touring-1937"', '"base"', 1)
    (tmp_path / "cwd").mkdir()
    (tmp_path / "cwd" / "base.touring").write_text(base)
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    with pytest.raises(TouringError) as caught:
        compile_file(variant(tmp_path / "elsewhere", "base.touring"))
    assert "E206" in str(caught.value.render())


def test_a_symlinked_folder_of_the_edition_itself_still_works(tmp_path: Path) -> None:
    base = (ROOT / "editions" / "touring-1937.touring").read_text().replace('"touring-1937"', '"base"', 1)
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "base.touring").write_text(base)
    os.symlink(tmp_path / "real", tmp_path / "link")
    assert compile_file(variant(tmp_path / "link", "base")).parent == "base"
