"""Docs stage, hand-written pages: the README's install serves its commands, the CLI page lists every exit status."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

from touring_dsl.cli import common

ROOT = Path(__file__).resolve().parents[1]
# what a command needs beyond a plain install: (pattern in a README command, extra)
NEEDS = [(r"touring rulebook \S+ -o \S+\.pdf", "pdf"), (r"touring simulate .*--plot", "plot")]


def _sh_blocks(text: str) -> list[str]:
    return re.findall(r"```sh\n(.*?)```", text, re.S)


def test_the_first_install_serves_every_command_the_readme_shows():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = _sh_blocks(readme)[0]
    extras = set(re.search(r'pip install -q "?\.\[([a-z,]+)\]"?', first).group(1).split(","))
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert extras <= set(declared)
    shown = "\n".join(_sh_blocks(readme))
    for pattern, extra in NEEDS:
        if re.search(pattern, shown):
            assert extra in extras, f"the README shows a command needing [{extra}] but the first install lacks it"


def test_the_cli_page_has_one_table_of_every_exit_status():
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    table = re.findall(r"^\| `(\d+)` \|", page, re.M)
    statuses = {value for name, value in vars(common).items() if name.startswith("EXIT_")}
    assert sorted(map(int, table)) == sorted(statuses) == [0, 1, 2, 3, 130]
    assert "differences were found" in page  # diff's 1


def test_the_readme_demo_game_is_won_by_the_bot_it_shows_off():
    """The first command's demo game shows what a bot is: the skilled bot, seated first, beats the random one."""
    from typer.testing import CliRunner

    from touring_dsl.cli.app import app

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    demo = re.search(r"touring (play [^\n&]+)", _sh_blocks(readme)[0]).group(1).split()
    assert "--humans" in demo and "none" in demo
    bots = demo[demo.index("--bots") + 1].split(",")
    assert bots[1] == "random" and bots[0] != "random"
    result = CliRunner().invoke(app, demo, env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert f"Side 1 wins: player 1 ({bots[0]})." in result.stdout
    miles = re.findall(r"Side \d - player \d \(\w+\): (\d+) of (\d+)", result.stdout)
    assert int(miles[0][0]) == int(miles[0][1]) and int(miles[1][0]) < int(miles[1][1])


def test_getting_started_installs_what_the_readme_installs_and_shows_party_and_new():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    page = (ROOT / "docs" / "getting-started.md").read_text(encoding="utf-8")
    readme_extras = re.search(r'pip install -q "?\.\[([a-z,]+)\]"?', _sh_blocks(readme)[0]).group(1)
    page_extras = re.search(r'pip install "?\.\[([a-z,]+)\]"?', _sh_blocks(page)[0]).group(1)
    assert sorted(page_extras.split(",")) == sorted(readme_extras.split(","))
    commands = "\n".join(_sh_blocks(page))
    assert "touring party " in commands and "touring new " in commands
