"""A full disk loses nothing: a move, a table, a party, a signal or a terminal log that the disk cannot take
is refused (or kept in memory) with words, the table stays as it was in memory and on disk, and once space
returns the next write carries on where the last whole one ended, and a restart loads everything.

The disk is made to fail by hand: the log file's write (all of it, or part of a line first), its flush, or
the sync that makes it last (os.fsync / os.fdatasync) raise OSError(ENOSPC). One test uses a real small
file system (a tmpfs), when this machine lets the test mount one.
"""
from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from html import unescape
from pathlib import Path

import pytest

from touring_dsl.play import gamelog
from touring_dsl.language.archive import load
from touring_dsl.cli import play
from touring_dsl.cli.common import Stop
from touring_dsl.party.record import PartyError
from touring_dsl.web.party import PARTIES, WebParty
from touring_dsl.web.store import TableStore
from touring_dsl.web.table import LOG_NAME, MoveRefused
from web_support import first_move, local_client

pytest.importorskip("starlette")

from touring_dsl.web.app import create_app, load_parties  # noqa: E402

FULL = "the server's disk is full"
POINTS = ["write", "part of a line", "flush", "sync"]


def no_space(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


class FailingFile:
    """A raw file that fails as a full disk does: at write (after `room` bytes of it, part of a line, have
    gone through) or at flush; anything else is the real file's."""

    def __init__(self, real, point: str, room: int = 0):
        self.real, self.point, self.room = real, point, room

    def write(self, data) -> int:
        if self.point == "part of a line" and self.room > 0:
            taken = self.real.write(bytes(data[:self.room]))
            self.room -= taken
            return taken
        if self.point in ("write", "part of a line"):
            no_space()
        return self.real.write(data)

    def flush(self) -> None:
        if self.point == "flush":
            no_space()
        self.real.flush()

    def __getattr__(self, name):
        return getattr(self.real, name)


@contextmanager
def full_disk(writer, point: str, monkeypatch):
    """The disk under writer's log is full while inside; space returns on leaving."""
    real = writer._file
    if point == "sync":
        monkeypatch.setattr(os, "fsync", no_space)
        monkeypatch.setattr(os, "fdatasync", no_space, raising=False)
    else:
        writer._file = FailingFile(real, point, room=30)
    try:
        yield
    finally:
        writer._file = real
        monkeypatch.undo()


def a_table(tmp_path, kinds=("human", "human"), moves=3, seed=7):
    store = TableStore(tmp_path)
    table = store.create(len(kinds), list(kinds), "touring-1937", seed=seed)
    for _ in range(moves):
        table.apply(table.game.to_act, first_move(table.game).to_json(), confirm=True)
    return store, table


def everything_shown(table) -> list:
    return [table.state(seat) for seat in (*range(table.players), None)]


def reloaded(tmp_path, table_id: str):
    reports: list[str] = []
    store = TableStore(tmp_path)
    store.load_all(report=reports.append)
    assert reports == []
    return store.tables[table_id]


# -- a move ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("point", POINTS)
def test_a_move_the_disk_cannot_take_is_refused_and_the_table_stays_as_it_was(tmp_path, monkeypatch, point):
    store, table = a_table(tmp_path)
    log = table.folder / LOG_NAME
    on_disk, shown, position = log.read_bytes(), everything_shown(table), table.game.snapshot()
    seat, move = table.game.to_act, first_move(table.game)
    with full_disk(table.writer, point, monkeypatch):
        with pytest.raises(MoveRefused, match=f"^{FULL}: your move was not made; try again in a moment$"):
            table.apply(seat, move.to_json(), confirm=True)
    assert log.read_bytes() == on_disk  # no line, no half line
    assert table.game.snapshot() == position and everything_shown(table) == shown
    assert len(table.record.moves) == 3
    # space returns: the same move is made, numbered 4, and a restart finds the table at it
    table.apply(seat, move.to_json(), confirm=True)
    assert [entry.n for entry in gamelog.read(log).moves] == [1, 2, 3, 4]
    store.close()
    again = reloaded(tmp_path, table.id)
    assert everything_shown(again) == everything_shown(table)


def test_a_half_line_that_could_not_be_taken_back_is_cut_before_the_next_move(tmp_path, monkeypatch):
    """Part of a line went through and even the truncate failed: the next write starts at the last whole line."""
    store, table = a_table(tmp_path)
    log = table.folder / LOG_NAME
    on_disk = log.read_bytes()
    real = table.writer._file
    failing = FailingFile(real, "part of a line", room=25)
    failing.truncate = no_space
    table.writer._file = failing
    seat, move = table.game.to_act, first_move(table.game)
    with pytest.raises(MoveRefused, match=FULL):
        table.apply(seat, move.to_json(), confirm=True)
    assert len(log.read_bytes()) == len(on_disk) + 25  # the half line is still there
    table.writer._file = real
    table.apply(seat, move.to_json(), confirm=True)
    assert log.read_bytes().startswith(on_disk) and gamelog.read(log).moves[-1].n == 4
    store.close()
    assert len(reloaded(tmp_path, table.id).record.moves) == 4


def test_the_move_that_ends_the_game_is_refused_whole(tmp_path, monkeypatch):
    """The last move and the result line go to the disk together, or neither does."""
    store, table = a_table(tmp_path, moves=0, seed=2)
    while True:
        move = first_move(table.game)
        after = table.game.copy()
        after.apply(move)
        if after.is_over:
            break
        table.apply(table.game.to_act, move.to_json(), confirm=True)
    log = table.folder / LOG_NAME
    on_disk, seat = log.read_bytes(), table.game.to_act
    with full_disk(table.writer, "sync", monkeypatch):
        with pytest.raises(MoveRefused, match=FULL):
            table.apply(seat, move.to_json(), confirm=True)
    assert not table.game.is_over and table.record.result is None and log.read_bytes() == on_disk
    table.apply(seat, move.to_json(), confirm=True)
    assert table.game.is_over and gamelog.read(log).result == table.record.result
    store.close()
    assert reloaded(tmp_path, table.id).game.is_over


def test_a_bots_move_the_disk_cannot_take_is_refused_and_made_later(tmp_path, monkeypatch):
    store, table = a_table(tmp_path, kinds=("human", "greedy"), moves=1)
    seat, view, legal, rng = table.bot_choice()
    move = table.bots[seat].choose(view, legal, rng)
    position = table.game.snapshot()
    with full_disk(table.writer, "write", monkeypatch):
        with pytest.raises(MoveRefused, match=FULL):
            table.commit(seat, move)
    assert table.game.snapshot() == position and table.bot_to_act() == seat
    table.commit(seat, move)
    assert table.record.moves[-1].n == 2 and table.record.moves[-1].seat == seat
    store.close()
    assert len(reloaded(tmp_path, table.id).record.moves) == 2


def test_a_refused_move_reaches_the_seat_as_an_error_and_the_channel_stays_open(tmp_path, monkeypatch):
    app = create_app(tmp_path, bot_delay=0)
    client = local_client(app)
    response = client.post("/tables", data={"edition": "touring-1937", "players": "2", "seat0": "human",
                                            "seat1": "human", "seed": "7"}, follow_redirects=False)
    table = next(iter(app.app.state.store.tables.values()))
    move = first_move(table.game).to_json()
    with client.websocket_connect(f"/ws/{table.meta['tokens'][0]}") as ws:
        ws.receive_json(), ws.receive_json()  # the cards, the position
        with full_disk(table.writer, "write", monkeypatch):
            ws.send_json({"type": "move", "move": move, "confirm": True})
            answer = ws.receive_json()
        assert answer["type"] == "error" and answer["message"].startswith(FULL)
        ws.send_json({"type": "move", "move": move, "confirm": True})
        assert ws.receive_json()["moves_made"] == 1
    assert response.status_code == 303


def test_the_bot_loop_waits_out_a_full_disk_instead_of_ending(tmp_path, monkeypatch, capsys):
    import asyncio

    app = create_app(tmp_path, bot_delay=0)
    store, hub = app.app.state.store, app.app.state.hub
    table = store.create(2, ["greedy", "greedy"], "touring-1937", seed=5)
    failing = FailingFile(table.writer._file, "write")
    table.writer._file = failing

    async def run() -> bool:
        task = asyncio.create_task(hub.run_bots(table))
        for _ in range(200):  # let the loop try the move and meet the full disk
            await asyncio.sleep(0.01)
        ended = task.done()
        task.cancel()
        return ended

    ended = asyncio.run(run())
    assert not table.record.moves and table.bot_to_act() == 0
    assert not ended, "the bot loop gave up on the table at the first refused write"
    assert "a bug" not in capsys.readouterr().err


# -- making a table ---------------------------------------------------------------------------------------

@contextmanager
def failing_at(point: str, monkeypatch):
    """The disk is full at one step of making a table: its meta, its log, its upload, or the final rename."""
    if point == "meta":
        monkeypatch.setattr(os, "fsync", no_space)
    elif point == "log":
        monkeypatch.setattr(gamelog, "save", no_space)
    elif point == "upload":
        monkeypatch.setattr(Path, "write_text", no_space)
    elif point == "rename":
        monkeypatch.setattr(Path, "rename", no_space)
    try:
        yield
    finally:
        monkeypatch.undo()


HOUSE_RULE = 'edition "mine" extends "touring-1937" {\n  title "Mine"\n}\n'


@pytest.mark.parametrize("point", ["meta", "log", "upload", "rename"])
def test_a_table_the_disk_cannot_take_is_refused_in_words_and_leaves_nothing(tmp_path, monkeypatch, point):
    store = TableStore(tmp_path)
    upload = HOUSE_RULE if point == "upload" else None
    with failing_at(point, monkeypatch):
        with pytest.raises(ValueError, match=f"^{FULL}: the table was not made; try again in a moment$"):
            store.create(2, ["human", "human"], None if upload else "touring-1937", upload=upload, seed=3)
    assert list(tmp_path.iterdir()) == [] and store.tables == {} and store.access == {}
    table = store.create(2, ["human", "human"], None if upload else "touring-1937", upload=upload, seed=3)
    store.close()
    assert reloaded(tmp_path, table.id).game.snapshot() == table.game.snapshot()


def test_the_host_form_on_a_full_disk_answers_in_words(tmp_path, monkeypatch):
    app = create_app(tmp_path, bot_delay=0)
    client = local_client(app)
    with failing_at("meta", monkeypatch):
        response = client.post("/tables", data={"edition": "touring-1937", "players": "2", "seat0": "human",
                                                "seat1": "greedy"})
    assert response.status_code == 400 and f"{FULL}: the table was not made" in unescape(response.text)
    assert str(tmp_path) not in response.text and list(tmp_path.iterdir()) == []


def test_what_an_older_touring_left_half_made_is_cleared_quietly_at_start(tmp_path, capsys):
    store, table = a_table(tmp_path)
    store.close()
    (tmp_path / "0badc0ffee00").mkdir()  # a table folder made, nothing written in it
    (tmp_path / "0badc0ffee01").mkdir()  # its meta written, then the disk was full
    (tmp_path / "0badc0ffee01" / "meta.json").write_text("{}")
    (tmp_path / ".new-0badc0ffee02").mkdir()  # a crash while this touring made a table
    (tmp_path / ".new-0badc0ffee02" / "meta.json").write_text("{}")
    parties = tmp_path / PARTIES
    (parties / "0badc0ffee03").mkdir(parents=True)  # a party folder made, its file refused
    (parties / "0badc0ffee04").mkdir()
    (parties / "0badc0ffee04" / ".party.json.x1y2z3").write_text('{"kind"')
    kept = tmp_path / "0badc0ffee05"  # not a half-made table: left, and reported
    kept.mkdir()
    (kept / "notes.txt").write_text("mine")
    for start in range(2):  # once cleared, nothing is said about them again
        reports: list[str] = []
        store = TableStore(tmp_path)
        store.load_all(report=reports.append)
        assert list(store.tables) == [table.id]
        assert [r for r in reports if "0badc0ffee05" not in r] == [] and len(reports) == 1
        assert load_parties(store) == []
        assert "not loaded" not in capsys.readouterr().err
        store.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([table.id, PARTIES, kept.name])
    assert list(parties.iterdir()) == []


# -- a party ---------------------------------------------------------------------------------------------

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def leftovers(tmp_path) -> list[str]:
    return sorted(p.name for p in tmp_path.rglob("*"))


@pytest.mark.parametrize("point", ["party file", "its meta", "its tables"])
def test_a_party_the_disk_cannot_take_is_refused_in_words_and_leaves_nothing(tmp_path, monkeypatch, point):
    from touring_dsl.party import save as party_save
    from touring_dsl.web import party as web_party

    app = create_app(tmp_path, bot_delay=0)
    client = local_client(app)
    if point == "party file":
        monkeypatch.setattr(party_save.os, "fsync", no_space)
    elif point == "its meta":
        monkeypatch.setattr(web_party, "write_json", no_space)
    else:
        monkeypatch.setattr(gamelog, "save", no_space)
    response = client.post("/parties", data={"edition": "touring-1937", "names": ", ".join(NAMES), "rounds": "2"})
    assert response.status_code == 400, response.text
    assert FULL in unescape(response.text) and str(tmp_path) not in response.text
    assert leftovers(tmp_path) in ([], [PARTIES]) and app.app.state.parties == {}
    assert app.app.state.store.tables == {}
    monkeypatch.undo()
    response = client.post("/parties", data={"edition": "touring-1937", "names": ", ".join(NAMES), "rounds": "2"},
                           follow_redirects=False)
    assert response.status_code == 303


def a_party(tmp_path, store=None):
    store = store or TableStore(tmp_path)
    party = WebParty.create(tmp_path, "touring-1937", NAMES, 2, seed=4)
    party.seat_round(store)
    tables = [party.games_of(store, 1, t.number)[0] for t in party.party.current.tables]
    for _ in range(6):
        tables[0].apply(tables[0].game.to_act, first_move(tables[0].game).to_json(), confirm=True)
    return store, party, tables


def test_a_signal_the_logs_cannot_take_is_refused_and_the_round_goes_on(tmp_path, monkeypatch):
    store, party, tables = a_party(tmp_path)
    files = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    monkeypatch.setattr(gamelog, "_sync", no_space)
    with pytest.raises(PartyError, match=f"^{FULL}: the signal was not given; try again in a moment$"):
        party.signal(store)
    assert party.party.current.number == 1 and not any(t.game.is_over for t in tables)
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == files
    monkeypatch.undo()
    miles = tables[0].game.side_miles()
    assert sorted(t.id for t in party.signal(store)) == sorted(t.id for t in tables)
    assert party.party.rounds[0].tables[0].games == [list(miles)] and party.party.current.number == 2
    store.close()
    again = TableStore(tmp_path)
    again.load_all()
    restored = WebParty.load(party.folder)
    assert restored.party.current.number == 2
    assert all(restored.games_of(again, 2, t.number) for t in restored.party.current.tables)


def test_a_signal_whose_party_file_cannot_be_written_keeps_the_round_and_is_given_again(tmp_path, monkeypatch):
    from touring_dsl.web import party as web_party

    store, party, tables = a_party(tmp_path)
    count = len(store.tables)
    monkeypatch.setattr(web_party, "write_json", no_space)
    with pytest.raises(PartyError, match=f"^{FULL}: the signal was not given"):
        party.signal(store)
    # the games stopped (their logs say so) but the round is not recorded, and no next table is left behind
    assert all(t.game.is_over for t in tables) and party.party.current.number == 1
    assert len(store.tables) == count and len([p for p in tmp_path.iterdir() if p.name != PARTIES]) == count
    assert WebParty.load(party.folder).party.current.number == 1
    monkeypatch.undo()
    changed = party.signal(store)  # given again: the games stopped before are shown now
    assert sorted(t.id for t in changed) == sorted(t.id for t in tables)
    assert party.party.current.number == 2 and len(store.tables) == count + len(party.party.current.tables)
    store.close()
    again = TableStore(tmp_path)
    again.load_all()
    assert WebParty.load(party.folder).party.current.number == 2


def test_a_party_signal_on_a_full_disk_is_a_page_in_words(tmp_path, monkeypatch):
    app = create_app(tmp_path, bot_delay=0)
    client = local_client(app)
    host = client.post("/parties", data={"edition": "touring-1937", "names": ", ".join(NAMES), "rounds": "2"},
                       follow_redirects=False).headers["location"]
    monkeypatch.setattr(gamelog, "_sync", no_space)
    response = client.post(host + "/signal", data={"confirm": "yes"})
    assert response.status_code == 400 and f"{FULL}: the signal was not given" in unescape(response.text)
    monkeypatch.undo()
    assert client.post(host + "/signal", data={"confirm": "yes"}, follow_redirects=False).status_code == 303
    assert "Round 2 of 2" in client.get(host).text


def test_the_clocks_signal_on_a_full_disk_waits_for_the_next_tick_and_is_no_bug(tmp_path, monkeypatch, capsys):
    import asyncio

    from touring_dsl.web.party_routes import sound_due_signals

    app = create_app(tmp_path, bot_delay=0)
    state = app.app.state
    store, party, tables = a_party(tmp_path, store=state.store)
    state.parties[party.meta["host"]] = party
    party.meta["deadline"] = 0  # the edition's time for the round has run out
    monkeypatch.setattr(gamelog, "_sync", no_space)
    asyncio.run(sound_due_signals(state))
    said = capsys.readouterr().err
    assert FULL in said and "a bug" not in said and party.party.current.number == 1
    monkeypatch.undo()
    asyncio.run(sound_due_signals(state))  # the next tick: space has returned
    assert party.party.current.number == 2


def test_another_game_the_disk_cannot_take_is_refused_and_leaves_nothing(tmp_path, monkeypatch):
    store, party, tables = a_party(tmp_path)
    while not tables[0].game.is_over:  # table 1's game is won before the signal: another may follow
        tables[0].apply(tables[0].game.to_act, first_move(tables[0].game).to_json(), confirm=True)
    games, count = dict(party.meta["games"]), len(store.tables)
    monkeypatch.setattr(gamelog, "save", no_space)
    with pytest.raises(PartyError, match=f"^{FULL}: the game was not made; try again in a moment$"):
        party.another_game(store, 1)
    assert party.meta["games"] == games and len(store.tables) == count
    assert len([p for p in tmp_path.iterdir() if p.name != PARTIES]) == count
    monkeypatch.undo()
    made = party.another_game(store, 1)
    assert party.games_of(store, 1, 1)[-1] is made and WebParty.load(party.folder).meta["games"] == party.meta["games"]


def test_a_log_cut_short_by_a_crash_is_cut_back_in_place_at_start(tmp_path):
    store, table = a_table(tmp_path)
    store.close()
    log = table.folder / LOG_NAME
    whole = log.read_bytes()
    log.write_bytes(whole + b'{"n":4,"seat":0,"mo')
    again = reloaded(tmp_path, table.id)
    assert log.read_bytes() == whole and len(again.record.moves) == 3
    again.apply(again.game.to_act, first_move(again.game).to_json(), confirm=True)
    assert gamelog.read(log).moves[-1].n == 4


# -- the terminal ------------------------------------------------------------------------------------------

class FlakyFile:
    """The log's raw file: writes number `failing` (counted from 1) fail as a full disk does."""

    def __init__(self, real, failing):
        self.real, self.failing, self.calls = real, failing, 0

    def write(self, data) -> int:
        self.calls += 1
        if self.calls in self.failing:
            no_space()
        return self.real.write(data)

    def __getattr__(self, name):
        return getattr(self.real, name)


def a_terminal_game(tmp_path, failing):
    log = tmp_path / "game.jsonl"
    session = play.new_session("touring-1937", 2, None, "none", "greedy", 3, log)
    session.say = lambda *args, **kwargs: None
    session.writer._file = FlakyFile(session.writer._file, failing)
    return session, log


def test_the_terminal_game_goes_on_while_the_log_is_full_and_the_log_catches_up(tmp_path, capsys):
    session, log = a_terminal_game(tmp_path, failing=range(5, 12))
    session.run()
    err = capsys.readouterr().err
    assert err.count("Cannot write to the log") == 1 and "the game goes on" in err and "has caught up" in err
    record = gamelog.read(log)
    assert record.result is not None and [e.n for e in record.moves] == list(range(1, len(record.moves) + 1))
    assert len(record.moves) == len(session.record.moves)
    assert gamelog.rebuild(record, load("touring-1937")).is_over


def test_a_terminal_log_that_never_recovers_saves_the_whole_game_elsewhere(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    session, log = a_terminal_game(tmp_path, failing=range(5, 10**6))
    with pytest.raises(Stop):
        session.run()
    assert session.stop("log") == 0  # the game is kept: not a failure
    err = capsys.readouterr().err
    saved = Path(err.split("the game is saved in ")[1].split(".\n")[0])
    whole = gamelog.read(tmp_path / saved)
    assert whole.result is not None and len(whole.moves) == len(session.record.moves)
    assert len(gamelog.read(log).moves) == 4  # the log ends on its last whole line: it can be resumed


def test_quitting_while_the_log_is_behind_writes_the_missing_moves(tmp_path, capsys):
    session, log = a_terminal_game(tmp_path, failing=range(3, 6))
    for _ in range(8):
        seat = session.game.to_act
        session.commit(seat, first_move(session.game), announce=False)
    assert session.log_error is None and len(gamelog.read(log).moves) == 8
    session.writer._file.failing = range(1, 10**6)
    session.commit(session.game.to_act, first_move(session.game), announce=False)
    session.writer._file.failing = ()
    assert session.stop("quit") == 0
    assert len(gamelog.read(log).moves) == 9 and "the game is saved in" in capsys.readouterr().err


# -- touring party at the prompt -----------------------------------------------------------------------------

def test_touring_party_keeps_the_tables_in_memory_while_the_disk_is_full(tmp_path, monkeypatch):
    import json

    from typer.testing import CliRunner

    from touring_dsl.cli.app import app
    from touring_dsl.party import save as party_save

    real, calls = party_save.save, []

    def flaky(path, party):
        calls.append(path)
        if len(calls) in (2, 3):  # the first two tables' saves (the party's first save went through)
            no_space()
        real(path, party)

    monkeypatch.setattr(party_save, "save", flaky)
    save = tmp_path / "party.json"
    result = CliRunner().invoke(app, ["party", "touring-1937", "--players", ",".join(NAMES), "--rounds", "1",
                                      "--in-order", "--seed", "5", "--save", str(save)],
                                input="45\n30\n20+5\n110+15\n", env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert result.stderr.count("Cannot save the party") == 1 and "saved in" in result.stderr
    data = json.loads(save.read_text())
    assert [t["games"] for t in data["rounds"][0]["tables"]] == [[[45, 30]], [[20, 110], [5, 15]]]


def test_touring_party_stopped_while_the_disk_is_full_saves_elsewhere_or_fails(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from touring_dsl.cli.app import app
    from touring_dsl.party import save as party_save

    real = party_save.save
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    save = tmp_path / "disk" / "party.json"
    save.parent.mkdir()
    monkeypatch.setattr(party_save, "save", lambda path, party: no_space() if Path(path).parent == save.parent and
                        save.exists() else real(path, party))
    result = CliRunner().invoke(app, ["party", "touring-1937", "--players", ",".join(NAMES), "--rounds", "1",
                                      "--in-order", "--seed", "5", "--save", str(save)],
                                input="45\n30\n", env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    elsewhere = tmp_path / "home" / "party.json"
    assert f"saved in {elsewhere} instead" in result.stderr
    assert party_save.load(elsewhere).rounds[0].tables[0].games == [[45, 30]]


# -- a real small disk ----------------------------------------------------------------------------------------

@pytest.fixture
def small_disk(tmp_path):
    """A 1 MB tmpfs, when this machine lets the test mount one (root, and a kernel that allows it)."""
    folder = tmp_path / "small"
    folder.mkdir()
    if not shutil.which("mount") or os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root")
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.decode(errors='replace').strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def fill(folder: Path) -> Path:
    """Fill the file system to its last byte."""
    filler = folder / "filler"
    with filler.open("wb", buffering=0) as stream:
        try:
            while True:
                stream.write(b"x" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
        try:
            while True:
                stream.write(b"x")
        except OSError:
            pass
    return filler


def test_a_table_on_a_really_full_disk(small_disk):
    store, table = a_table(small_disk)
    filler = fill(small_disk)
    with pytest.raises(ValueError, match=FULL):
        store.create(2, ["human", "human"], "touring-1937", seed=9)
    log = table.folder / LOG_NAME
    on_disk, position = log.read_bytes(), table.game.snapshot()
    refused = 0
    for _ in range(200):  # the log's last block fills up, then every move is refused
        try:
            table.apply(table.game.to_act, first_move(table.game).to_json(), confirm=True)
        except MoveRefused as exc:
            assert str(exc).startswith(FULL)
            refused += 1
            break
        on_disk, position = log.read_bytes(), table.game.snapshot()
    assert refused == 1 and log.read_bytes() == on_disk and table.game.snapshot() == position
    filler.unlink()
    table.apply(table.game.to_act, first_move(table.game).to_json(), confirm=True)
    store.close()
    assert sorted(p.name for p in small_disk.iterdir()) == [table.id]
    assert reloaded(small_disk, table.id).game.snapshot() == table.game.snapshot()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
