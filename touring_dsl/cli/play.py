"""CLI stage, `touring play`: a game at the terminal against bots, logged so it can be resumed or replayed."""
from __future__ import annotations

import sys
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import typer

from ..play import gamelog
from ..play.gamelog import HUMAN, GameRecord, LogError, LogWriter, Mismatch, MoveEntry
from ..base.json_input import SEED_RANGE, seed_in_range
from ..base.rng import bot_rng
from ..play.table_view import bonus_turn_line, describe_event, forfeit_warnings, render_table, result_lines
from ..base.i18n import (_, language, ngettext, reader_language, set_language,
                         typography)
from .common import (EXIT_BUG, EXIT_INTERRUPTED, EXIT_USAGE, EXIT_USER, Stop, ask, bug_message, checked_language, err,
                     fail, load_edition, out, shown_path, usable_path, usable_text)
from .fit_lines import fitted_prompt, print_fitted
from .scored_races import play_races

RECENT = 8  # events kept for the table's short log

def help_text() -> str:
    """The help the player reads after ?, in the reader's language."""
    return typography(_("""\
How to play:
  N        make the move numbered N: every play and every discard has its own number
  t        show the table again
  ?        this help
  q        stop; the game can be saved and resumed later with --resume
A card you cannot play shows why next to it in your hand. A move marked ! forfeits something of your own side; you are asked to confirm it."""))


HELP = help_text()  # the help in English, as the module is read (tests compare the words on the screen with it)
YES = ("y", "yes", "o", "oui")  # a yes in either language the table speaks
NOT_SAVING = ("n", "no", "q", "quit", "exit")  # answers to the save prompt that leave the game unsaved
BOT_PACE = 0.6  # seconds from a bot's turn to its move with a person at the terminal (as `touring serve`'s bot delay)
LONGEST_NUMBER = 6  # digits: more than any move list holds, and short enough to convert safely


@dataclass
class Seats:
    """Who plays each seat: the word "human" or a bot name, and the bot objects."""

    kinds: list[str]
    bots: dict[int, object] = field(default_factory=dict)

    def is_human(self, seat: int) -> bool:
        return self.kinds[seat] == HUMAN

    @property
    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.kinds) if kind == HUMAN]

    def name(self, seat: int) -> str:
        """Always "player N", as the engine's events say it, with who plays the seat when that helps."""
        if self.is_human(seat):
            return _("player {number} (you)").format(number=seat + 1) if len(self.humans) == 1 else \
                _("player {number}").format(number=seat + 1)
        return _("player {number} ({bot})").format(number=seat + 1, bot=self.kinds[seat])

    @property
    def only_human(self) -> int | None:
        return self.humans[0] if len(self.humans) == 1 else None


def parse_humans(text: str, players: int) -> list[int]:
    """ "1,3" -> [0, 2]; "" or "none" -> no human seat. Bad input is a usage error."""
    text = text.strip().lower()
    if text in ("", "none", "0"):
        return []
    seats = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or not 1 <= int(part) <= players:
            fail(f"--humans: {part!r} is not a seat number from 1 to {players}", EXIT_USAGE)
        seats.append(int(part) - 1)
    return sorted(set(seats))


def seat_kinds(humans: list[int], bot_names: str, players: int) -> list[str]:
    """Humans where asked; the other seats take the bot names in turn, cycling."""
    names = [name.strip() for name in bot_names.split(",") if name.strip()] or ["greedy"]
    if HUMAN in names:  # "--bots human,ismcts" would otherwise quietly seat a second person
        fail(f'--bots: "{HUMAN}" is not a bot; seats played by people are chosen with --humans (for example '
             '--humans 1,2)', EXIT_USAGE)
    kinds, next_bot = [], 0
    for seat in range(players):
        if seat in humans:
            kinds.append(HUMAN)
        else:
            kinds.append(names[next_bot % len(names)])
            next_bot += 1
    return kinds


def make_seats(kinds: list[str], ruleset) -> Seats:
    from ..bots.players import BOTS, make_bot

    seats = Seats(kinds=list(kinds))
    for seat, kind in enumerate(kinds):
        if kind == HUMAN:
            continue
        try:
            seats.bots[seat] = make_bot(kind, ruleset)
        except (KeyError, ValueError) as exc:
            if kind.partition(":")[0] in BOTS:  # a known bot with a bad budget ("ismcts:fast")
                fail(f"--bots: {exc}", EXIT_USAGE)
            fail(f'--bots: no bot named "{kind}" (choose from {", ".join(sorted(BOTS))})', EXIT_USAGE)
    return seats


class Session:
    """One game being played: the engine, the seats, the record and where it is written."""

    def __init__(self, game, record: GameRecord, seats: Seats, edition_ref: str,
                 writer: LogWriter | None, log_path: Path | None):
        self.game, self.record, self.seats = game, record, seats
        self.edition_ref, self.writer, self.log_path = edition_ref, writer, log_path
        self.console = out()
        self.recent: deque[tuple[int | None, str]] = deque(maxlen=RECENT * 4)
        self.interactive = sys.stdin.isatty()
        self.signal = None  # a party round's signal (party.signal.RoundSignal): play stops when it is due
        self.logged = len(record.moves)  # moves the log holds: it may fall behind while the disk is full
        self.log_error: OSError | None = None  # why the log is behind, if it is

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> None:
        watching = not self.seats.humans  # with a person playing, the table's short log tells the moves
        while not self.game.is_over and not self.signal_sounded():
            seat = self.game.to_act
            if self.seats.is_human(seat):
                move = self.ask(seat)
            else:
                began = time.monotonic()
                move = self.seats.bots[seat].choose(self.game.view(seat), self.game.legal_moves(),
                                                    bot_rng(self.record.header["seed"], len(self.record.moves) + 1))
                self.pace_bot(began)
            if self.signal_sounded():  # a move chosen after the bell is not played
                break
            self.commit(seat, move, announce=watching)
        self.finish()

    def pace_bot(self, began: float) -> None:
        """With a person at the terminal, a bot's move shows BOT_PACE after its turn began, however long it
        thought within that: a search's time grows with the plays its hidden hand allows, and the person
        would read it from the clock."""
        if self.interactive and self.seats.humans:
            time.sleep(max(0.0, began + BOT_PACE - time.monotonic()))

    def signal_sounded(self) -> bool:
        if self.signal is not None and not self.game.is_over and self.signal.due(self.game):
            self.game.stop("signal")
        return self.game.is_over

    def commit(self, seat: int, move, announce: bool) -> None:
        events = self.game.apply(move)
        entry = MoveEntry(n=len(self.record.moves) + 1, seat=seat, move=gamelog.plain_json(move.to_json()),
                          events=gamelog.events_json(events))
        self.record.moves.append(entry)
        self.write_log()
        lines = self.remember(events)
        bonus = bonus_turn_line(self.game, seat, events, self.seats.name)
        if bonus:  # the same player acts again: say why, so it does not look like a skipped turn
            self.recent.append((None, bonus))
            lines.append(bonus)
        for line in lines:
            if announce:
                self.say(f"  {line}")

    def remember(self, events) -> list[str]:
        """Add events to the short log; returns the lines that anyone may read."""
        public = []
        for event in events:
            # a draw is seen by the drawer alone, so each line of the short log remembers who may read it
            reader = event.seat if event.kind == "draw" else None
            line = describe_event(event, set(self.seats.humans), self.seats.name, self.game)
            if line:
                self.recent.append((reader, line))
                if reader is None:
                    public.append(line)
        return public

    def recent_for(self, seat: int) -> list[str]:
        return [line for viewer, line in self.recent if viewer in (None, seat)][-RECENT:]

    def finish(self) -> None:
        self.record.result = gamelog.result_of(self.game)
        logged = self.write_log()
        if logged and self.writer is not None:
            self.writer.close()
        self.say("")
        for line in result_lines(self.game, self.seats.name, self.seats.only_human):
            self.say(line, style="bold")
        for line in self.signal.report(self.game) if self.signal else []:
            self.say(line, style="bold")
        if not logged:
            self.log_failed()
        if self.log_path is not None:
            self.say(typography(_("The game is logged in {log}; watch it again, move by move, with: touring replay "
                                  "--step {log}").format(log=self.log_path)))

    def write_log(self) -> bool:
        """Give the log the moves it lacks (and the result once there is one), all or none. When the disk
        cannot take them the player is told once, the game goes on in memory and the next move tries again.
        True when the log holds the whole game so far."""
        if self.writer is None:
            return self.log_error is None
        lines = [entry.to_json() for entry in self.record.moves[self.logged:]]
        lines += [{"result": self.record.result}] if self.record.result is not None else []
        try:
            if lines:
                self.writer.write_lines(lines)
        except OSError as exc:
            if self.log_error is None:
                print(f"\nCannot write to the log {self.log_path} ({exc.strerror or exc}): the game goes on, and "
                      f"the log, which holds it up to move {self.logged}, takes the missing moves as soon as it "
                      "can.", file=sys.stderr)
            self.log_error = exc
            return False
        self.logged = len(self.record.moves)
        if self.log_error is not None:
            print(f"The log {self.log_path} has caught up: it holds every move again.", file=sys.stderr)
            self.log_error = None
        return True

    def log_failed(self) -> None:
        """The log could not take the end of the game: it ends on its last whole line, and stopping saves
        the whole game elsewhere."""
        self.give_up_log()
        raise Stop("log")

    def give_up_log(self) -> None:
        exc = self.log_error
        self.writer.close()
        self.writer = None
        tell(f"\nCannot write to the log {self.log_path} ({exc.strerror or exc}); it holds the game up to "
             f"move {self.logged} and can be resumed from there.")

    # -- the person at the keyboard -----------------------------------------------------------
    def ask(self, seat: int):
        numbered = self.game.legal_moves()  # plays first, then one discard per kind of card: one numbering
        warnings = forfeit_warnings(self.game, numbered)
        self.show_table(seat, numbered, warnings)
        while True:
            answer = self.answer(self.prompt(seat, numbered))
            move, problem = self.interpret(answer, numbered)
            if move is not None and self.confirmed(numbered.index(move) + 1, warnings):
                return move
            if problem == "table":
                self.show_table(seat, numbered, warnings)
            elif problem:
                self.say(problem, style="yellow")

    def answer(self, prompt: str) -> str:
        answer = self.read(prompt).strip().lower()
        if not self.interactive:
            self.say(answer)  # input from a file or pipe is not echoed: keep the transcript readable
        return answer

    def confirmed(self, number: int, warnings: dict[int, str]) -> bool:
        """A move that forfeits something of the mover's own side is made only when the player says yes."""
        if number not in warnings:
            return True
        sure = self.answer(typography(_("Move {number} {warning}. Make it anyway? [y/N]: ").format(
            number=number, warning=warnings[number]))) in YES
        if not sure:
            self.say(typography(_("Not made: choose again.")), style="yellow")
        return sure

    def prompt(self, seat: int, numbered: list) -> str:
        choices = "1" if len(numbered) == 1 else f"1-{len(numbered)}"
        if len(self.seats.humans) == 1:
            return typography(_("Your move [{choices}, ? help, q quit]: ").format(choices=choices))
        return typography(_("Player {number}, your move [{choices}, ? help, q quit]: ").format(number=seat + 1,
                                                                                            choices=choices))

    def interpret(self, answer: str, numbered: list):
        """(move, None) for a valid entry, else (None, what to tell the player)."""
        if answer in ("?", "h", "help", "aide"):
            return None, help_text()
        if answer in ("q", "quit", "exit"):
            raise Stop("quit")
        if answer in ("", "t", "table"):
            return None, "table"
        if answer.isascii() and answer.isdigit():  # "²" is a digit to str.isdigit, but no number to int()
            if len(answer) <= LONGEST_NUMBER and 1 <= int(answer) <= len(numbered):
                return numbered[int(answer) - 1], None
            shown = answer if len(answer) <= LONGEST_NUMBER else f"{answer[:LONGEST_NUMBER]}..."
            return None, typography(_("There is no move {number}: choose 1 to {last}.").format(number=shown,
                                                                                             last=len(numbered)))
        parts = answer.split()
        if parts and parts[0] in ("d", "discard", "défausser"):
            if not any(move.action == "discard" for move in numbered):
                return None, typography(_("You cannot discard now: answer with one of the numbered choices."))
            return None, typography(_("Discards are numbered with the plays: type the number shown before the card."))
        shown = answer if len(answer) <= 40 else f"{answer[:40]}..."
        return None, typography(_("I did not understand {answer}. Type a move number, or ? for help.").format(
            answer=repr(shown)))

    def read(self, prompt: str) -> str:
        return ask(prompt)

    def show_table(self, seat: int, numbered: list, warnings: dict[int, str]) -> None:
        self.say("")
        for line in render_table(self.game, seat, numbered, self.recent_for(seat), self.seats.name, warnings):
            print_fitted(self.console, line)

    def say(self, text: str, style: str | None = None) -> None:
        print_fitted(self.console, text, style)

    # -- stopping without losing the game ------------------------------------------------------
    def stop(self, reason: str) -> int:
        print(file=sys.stderr)
        what = {"quit": _("Stopped"), "eof": _("Input ended"), "interrupt": _("Interrupted"),
                "error": _("Stopped by the error"), "log": _("Stopped because the log could not be written")}[reason]
        if self.writer is not None and self.write_log():
            self.writer.close()
            saved = self.log_path
        else:
            if self.writer is not None:  # the log is behind and still cannot catch up
                self.give_up_log()
            saved = self.save_somewhere()
        if saved is None and reason == "log":
            tell(typography(_("{what}; nowhere else could take the game either. The log {log} keeps it up to its "
                              "last whole move: continue with touring play --resume {log}").format(
                what=what, log=self.log_path)))
        elif saved is None:
            tell(typography(_("{what}; the game was not saved.").format(what=what)))
        else:
            moves = ngettext("{n} move", "{n} moves", len(self.record.moves)).format(n=len(self.record.moves))
            tell(typography(_("{what} after {moves}; the game is saved in {saved}.\n"
                              "Continue it with: touring play --resume {saved}").format(what=what, moves=moves,
                                                                                     saved=saved)))
        if saved is None and self.log_error is not None:  # the game played since the log fell behind is lost
            return EXIT_BUG if reason == "error" else EXIT_USER
        return {"interrupt": EXIT_INTERRUPTED, "error": EXIT_BUG}.get(reason, 0)

    def save_somewhere(self) -> Path | None:
        default = free_name(f"{self.record.header['edition']}-seed{self.record.header['seed']}.jsonl")
        if self.interactive:
            saved = self.save_where_asked(default)
            if saved is not PROMPT_ENDED:
                return saved
        return self.save_anywhere(default)

    def save_anywhere(self, default: Path) -> Path | None:
        """With no one to ask (input piped, or ended at the prompt): the default, else the home folder, else
        the temporary folder, so that the game is not lost."""
        import tempfile

        for place in (default, free_name(default.name, Path.home()), free_name(default.name, Path(tempfile.gettempdir()))):
            try:
                gamelog.save(place, self.record)
                return place
            except (OSError, ValueError) as exc:
                tell(f"Cannot write {place} ({_why_not_written(exc)}); trying elsewhere.")
        return None

    def save_where_asked(self, default: Path):
        """Ask for a file until the game is saved in it (a file that cannot be written is said so, and the
        name asked again), or the person says not to save: the path, None, or PROMPT_ENDED when input ends.

        Enter saves, as the capital Y offers: a game saved by mistake costs a small file, one lost by
        mistake cannot be had back."""
        self.say(typography(_("Save the game to resume it later? Enter or y saves it to {default}; a file name "
                              "saves it there; n or q does not save it.").format(default=default)))
        while True:
            try:
                target = self.ask_save_name(default)
            except (EOFError, KeyboardInterrupt):
                print()  # end the prompt's line: what became of the game is said from the start of the next
                return PROMPT_ENDED  # asked to stop while asked to save: save rather than lose the game
            if target is None:
                return None
            try:
                gamelog.save(target, self.record)
                return target
            except (OSError, ValueError) as exc:
                self.say(typography(_("Cannot write {target} ({why}): type another file name, Enter for {default}, "
                                      "or n not to save it.").format(target=target, why=_why_not_written(exc),
                                                                     default=default)), style="yellow")

    def ask_save_name(self, default: Path) -> Path | None:
        """The file the person names (asked again before an existing one is replaced), the default, or None."""
        while True:
            answer = input(typography(_("Save? [Y/n, or a file name]: "))).strip()
            if answer.lower() in NOT_SAVING:  # "q" once saved the game to a file called q
                return None
            # "y" agrees to the name offered (it once saved the game to a file called y)
            target = default if answer.lower() in ("", *YES) else Path(answer)
            if _is_folder(target):
                self.say(typography(_("{target} is a folder: type a file name, such as {example}, or Enter for "
                                      "{default}.").format(target=target, example=target / default.name,
                                                          default=default)), style="yellow")
            elif not _exists(target) or input(fitted_prompt(self.console, typography(_(
                    "{target} exists. Replace it? [y/N]: ").format(target=target)))).strip().lower() in YES:
                return target


PROMPT_ENDED = object()  # input ended (Ctrl-D, Ctrl-C) at the save prompt


def _why_not_written(exc: Exception) -> str:
    """Why a file could not be written, in the system's words ("No such file or directory")."""
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else _("the name cannot be a file's name")


def tell(text: str) -> None:
    """What became of the game (stopped, saved where): on standard error, fitted to a terminal between words."""
    print_fitted(err(), text)


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long, or holding a NUL: writing it will fail and say why
        return False


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def start_line(session: Session) -> str:
    """"Mille Bornes, 2 players, seed 11.": the setup named only where another seats as many players."""
    ruleset, header = session.game.ruleset, session.record.header
    players, sides = header["players"], session.game.sides
    seating = ngettext("{n} player", "{n} players", players).format(n=players)
    if sides < players:
        seating = _("{players} on {sides} sides").format(players=seating, sides=sides)
    rivals = [s for s in ruleset.setups if players in s.players]
    if len(rivals) > 1:
        return typography(_('{title}, {seating} (setup "{setup}"), seed {seed}.').format(
            title=ruleset.title, seating=seating, setup=setup_label(session), seed=header["seed"]))
    return typography(_("{title}, {seating}, seed {seed}.").format(title=ruleset.title, seating=seating,
                                                                   seed=header["seed"]))


def setup_label(session: Session) -> str:
    ruleset = session.game.ruleset
    return next((s.label for s in ruleset.setups if s.id == session.record.header["setup"]), "")


def free_name(name: str, folder: Path | None = None) -> Path:
    """name in folder, or name-2, name-3 ... so an earlier save is never overwritten."""
    folder = folder or Path()
    candidate, stem, suffix, number = folder / name, Path(name).stem, Path(name).suffix, 2
    while candidate.exists():
        candidate, number = folder / f"{stem}-{number}{suffix}", number + 1
    return candidate


# -- starting a game: new or resumed ----------------------------------------------------------------

def new_session(edition: str, players: int, setup: Optional[str], humans: str, bots: str,
                seed: Optional[int], log: Optional[Path], force: bool = False, first: int = 0,
                lang: Optional[str] = None) -> Session:
    from ..engine import new_game

    usable_text(edition, "the edition", "play")  # the log names it
    if log is not None:
        usable_path(log, "play --log")
        if log.is_dir():
            fail(f"touring play: --log {shown_path(log)} is a folder; name the file to write the game to", EXIT_USAGE)
    if log is not None and log.exists() and not force:
        keep_saved_game(log)
    ruleset = load_edition(edition)
    set_language(reader_language(ruleset.language, lang))  # the table speaks the reader's language from here
    if players not in ruleset.player_counts():
        counts = ", ".join(map(str, ruleset.player_counts()))
        fail(f"{ruleset.id} is played by {counts} players, not {players}", EXIT_USAGE)
    try:
        setup_id = ruleset.setup_for(players, setup).id
    except KeyError:
        ids = ", ".join(f'"{s.id}"' for s in ruleset.setups if players in s.players)
        fail(f'--setup: no setup "{setup}" for {players} players in {ruleset.id} (choose {ids})', EXIT_USAGE)
    seats = make_seats(seat_kinds(parse_humans(humans, players), bots, players), ruleset)
    seed = seed if seed is not None else fresh_seed()
    game = new_game(ruleset, players=players, seed=seed, setup=setup_id, first=first)
    record = GameRecord(header=gamelog.make_header(ruleset, players, setup_id, seed, seats.kinds, edition, first))
    writer = open_writer(log, record, append=False)
    return Session(game, record, seats, edition, writer, log)


def keep_saved_game(log: Path) -> None:
    """--log names a file that exists: overwrite it only if the person at the keyboard says so."""
    advice = (f"--log {log}: the file exists (a saved game?). Continue it with --resume {log}, "
              "choose another file, or add --force to overwrite it.")
    if not sys.stdin.isatty():
        fail(advice)
    try:
        answer = input(f"{log} exists. Overwrite it with a new game? [y/N]: ").strip().lower()
    except (EOFError, KeyboardInterrupt):
        answer = ""
    if answer not in ("y", "yes"):
        fail(advice)


def resumed_session(path: Path, edition: Optional[str], humans: Optional[str], bots: Optional[str],
                    log: Optional[Path], force: bool = False, lang: Optional[str] = None) -> Session:
    usable_path(path, "play --resume")
    if log is not None:
        usable_path(log, "play --log")
    try:
        record = gamelog.read(path)
    except LogError as exc:
        fail(f"cannot resume: {exc}")
    header = record.header
    ref = edition or gamelog.edition_ref(header)
    ruleset = load_edition(ref)
    set_language(reader_language(ruleset.language, lang))
    if ruleset.id != header["edition"]:
        fail(f"{path} is a game of {header['edition']}, not of {ruleset.id}", EXIT_USAGE)
    problem = gamelog.hash_problem(record, ruleset)
    if problem:
        fail(f"cannot resume {path}: {problem}")
    if record.result is not None:
        fail(f"{path} holds a finished game ({header['edition']}); watch it with: touring replay --step {path}")
    past: deque = deque(maxlen=RECENT * 4)
    try:
        game = gamelog.rebuild(record, ruleset, on_move=lambda entry, move, events, game: past.extend(events))
    except Mismatch as exc:
        fail(f"cannot resume {path}:{exc.line or 1}: {exc.problem}")
    kinds = list(header["bots"])
    if humans is not None or bots is not None:
        chosen = parse_humans(humans if humans is not None else "1", header["players"])
        kinds = seat_kinds(chosen, bots or "greedy", header["players"])
        record.header = {**header, "bots": kinds}
    seats = make_seats(kinds, ruleset)
    same_file = log is None or Path(log).resolve() == Path(path).resolve()
    target = Path(path) if same_file else Path(log)
    if not same_file and target.exists() and not force:
        keep_saved_game(target)
    # the seats may have changed hands, so the header is rewritten: atomically, then appended to
    try:
        gamelog.save(target, record)
    except OSError as exc:
        fail(f"cannot write {target}: {exc.strerror or exc}")
    writer = open_writer(target, record, append=True)
    session = Session(game, record, seats, ref, writer, target)
    session.remember(past)  # the short log picks up where the saved game left off
    moves = ngettext("{n} move", "{n} moves", len(record.moves)).format(n=len(record.moves))
    session.say(typography(_("Resuming {edition} (seed {seed}) after {moves}.").format(
        edition=header["edition"], seed=header["seed"], moves=moves)))
    return session


def open_writer(path: Optional[Path], record: GameRecord, append: bool) -> LogWriter | None:
    if path is None:
        return None
    try:
        return LogWriter(path, record, append=append)
    except OSError as exc:
        fail(f"--log: cannot write {path}: {exc.strerror or exc}")


def fresh_seed() -> int:
    """A seed for a game nobody asked to repeat; printed and logged so it can be."""
    import os

    return int.from_bytes(os.urandom(4), "big")


def play(
    edition: Optional[str] = typer.Argument(None, help="An archive id or a path to an edition (with --resume, the "
                                            "saved game names its own)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", min=1, help="Number of players (default 2)."),
    setup: Optional[str] = typer.Option(None, "--setup", help="Setup id (default: the first that seats the players)."),
    humans: Optional[str] = typer.Option(None, "--humans", help='Seats played by people, 1-based: "1,3" (default "1"; "none" for bots only).'),
    bots: Optional[str] = typer.Option(None, "--bots", help="Bots for the other seats, cycled: easy, medium, hard (levels), or greedy, expert, scorer, random, ismcts (search; a budget as ismcts:2000 iterations or ismcts:0.5s), rollout (search; rollout:200 tables a move or rollout:0.5s); scorer:64 tables dealt to weigh the Extension, scorer:0 to decline it (default greedy)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for the deal (default: a fresh one, printed)."),
    log: Optional[Path] = typer.Option(None, "--log", help="Write the game to this JSON Lines file as it goes."),
    resume: Optional[Path] = typer.Option(None, "--resume", help="Continue a game saved in this log."),
    round_turns: Optional[int] = typer.Option(None, "--round-turns", help="Stop at a party's signal after this many moves (every player's moves counted)."),
    round_minutes: Optional[float] = typer.Option(None, "--round-minutes", help="Stop at a party's signal after this many minutes."),
    force: bool = typer.Option(False, "--force", help="Let --log overwrite an existing file without asking."),
    lang: Optional[str] = typer.Option(None, "--lang", help="The language the table speaks: en or fr (default: the "
                                       "edition's own)."),
) -> None:
    """Play an edition at the terminal, against bots or other people at the same keyboard.

    An edition that scores a match is played race after race until a side wins it."""
    before = language()
    try:
        play_in_language(edition, players, setup, humans, bots, seed, log, resume, round_turns, round_minutes, force,
                         lang)
    finally:
        set_language(before)  # the command read in its reader's language; whoever called it reads in its own


def play_in_language(edition, players, setup, humans, bots, seed, log, resume, round_turns, round_minutes, force,
                     lang) -> None:
    """`touring play` itself; the table speaks the language chosen when the edition is loaded (new_session)."""
    signal = round_signal(round_turns, round_minutes)
    lang = checked_language(lang, "play")
    if resume is None and edition is None:
        fail("touring play: name the edition to play (for example touring-1937), or --resume a saved game",
             EXIT_USAGE)
    if seed is not None and not seed_in_range(seed):
        fail(f"--seed should be {SEED_RANGE}: the log must be able to keep it", EXIT_USAGE)
    if resume is not None:
        for given, flag in ((players, "--players"), (setup, "--setup"), (seed, "--seed")):
            if given is not None:
                fail(f"{flag} cannot be combined with --resume: the saved game decides it", EXIT_USAGE)
        session = resumed_session(resume, edition, humans, bots, log, force, lang)
    else:
        session = new_session(edition, players if players is not None else 2, setup,
                              humans if humans is not None else "1", bots or "greedy", seed, log, force, lang=lang)
        session.say(start_line(session) + (typography(_(" Type ? for help.")) if session.seats.humans else ""))
    session.signal = signal
    try:
        play_races(session, None if resume is not None else lambda race_seed, first, race_log: _next_race(
            new_session(edition, players if players is not None else 2, setup, humans if humans is not None else "1",
                        bots or "greedy", race_seed, race_log, force, first, lang), signal))
    except Stop as stop:
        raise typer.Exit(session.stop(stop.reason))
    except KeyboardInterrupt:
        raise typer.Exit(session.stop("interrupt"))
    except typer.Exit:  # a later race of a match stopped and saved itself
        raise
    except Exception as exc:  # a bug in touring: say so, but never lose the game played so far
        print(bug_message(exc), file=sys.stderr)
        raise typer.Exit(session.stop("error")) from None


def _next_race(session: "Session", signal) -> "Session":
    """A match's next race is played under the same party signal as the first."""
    session.signal = signal
    return session


def round_signal(turns: Optional[int], minutes: Optional[float]):
    """One table of a Progressive Touring party: the game stops at the signal, by turns or by the clock."""
    if turns is not None and minutes is not None:
        fail("--round-turns and --round-minutes cannot be combined: choose one signal", EXIT_USAGE)
    if (turns is not None and turns < 1) or (minutes is not None and minutes <= 0):
        fail("--round-turns and --round-minutes must be more than 0", EXIT_USAGE)
    if turns is None and minutes is None:
        return None
    from ..party.signal import RoundSignal

    return RoundSignal(turns=turns, minutes=minutes)


def register(app: typer.Typer) -> None:
    app.command("play")(play)
