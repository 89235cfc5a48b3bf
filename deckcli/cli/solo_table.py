"""``deckcli solo --table``: the terminal face of a Gwent Solo game kept at the table (:mod:`deckcli.game.solo.table`).

It asks on standard output and reads standard input a line at a time (with completion of names through readline
where the terminal has it), shows what the library tells, and saves the game: a save file is the game's setup and
every answer given, in order; resuming plays them again (the library is deterministic), then asks on.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from deckcli.cli.options import echo, say, text_layout
from deckcli.errors import EXIT_OK, DeckcliError

if TYPE_CHECKING:
    from deckcli.game.solo.table import Question, TableSetup

SAVE_KIND = "deckcli solo --table"
"""The ``kind`` of a save file."""
DEFAULT_SAVE = "solo-table"
"""The name a game is saved under on Ctrl-C or quit without --save (``solo-table.json``, ``solo-table-2.json``...)."""


class _Quit(Exception):
    """The player typed quit (or ended the input)."""


class SaveFileError(DeckcliError):
    """A --resume file that is not a saved game of ``deckcli solo --table``, or whose deck has changed."""


def play_at_table(deck: str | None, faction: str | None, leader_variant: bool, seed: int, save: str | None,
                  resume: str | None, force: bool) -> int:
    """Play a Gwent Solo game at the table on this terminal; returns the exit code (0: the game ended or was saved
    on quit). Ctrl-C saves the game first, then stops (exit 130)."""
    from deckcli.files.safe_write import EXISTS

    answers: list[str] = []
    if resume is not None:
        setup, source, answers = _read_save(resume)
        save = save or resume
    else:
        if deck is None or faction is None:
            raise click.UsageError("--table needs DECK and --vs FACTION: deckcli solo --table my-deck.toml --vs monsters")
        setup, source = _setup(deck, faction, leader_variant, seed)
    if save is not None and save != resume and _exists(save) and not force:
        from deckcli.errors import OutputError

        raise OutputError(EXISTS, where=save)
    session = _Session(setup, source, answers, save)
    try:
        session.play()
    except KeyboardInterrupt:
        where = session.write_save()
        say(f"saved the game to {where}: deckcli solo --table --resume {where} plays on", err=True)
        raise
    except _Quit:
        where = session.write_save()
        say(f"saved the game to {where}: deckcli solo --table --resume {where} plays on")
    return EXIT_OK


def _exists(path: str) -> bool:
    import os

    return os.path.lexists(path)


def _setup(deck: str, faction: str, leader_variant: bool, seed: int) -> tuple[TableSetup, dict[str, Any]]:
    """The game's setup from DECK (legal under the Solo rules) and the automaton's faction (a slug, not DECK's)."""
    from deckcli.catalog.loading import default_catalog
    from deckcli.cli.options import echo_findings
    from deckcli.files.reading import read_bytes
    from deckcli.game.simulation.matchups import entrant
    from deckcli.game.solo.automaton import solo_player_deck
    from deckcli.game.solo.table import TableSetup
    from deckcli.rules.judging import read_resolved_deck

    if deck == "-":
        raise click.UsageError("--table DECK: standard input holds your answers, so DECK is a file")
    resolved = read_resolved_deck(deck)
    echo_findings(resolved.where, resolved.warnings, warning=True)
    if resolved.faction.slug == faction:
        raise click.UsageError(f"--vs {faction}: in Gwent Solo the automaton plays another faction than yours (§18), "
                               f"and the deck is {resolved.faction.name}: name another faction")
    player = entrant(resolved, resolved.where, "solo")
    source = {"deck": deck, "deck_sha256": _digest(read_bytes(deck, "deck file"))}
    default_catalog()
    return TableSetup(solo_player_deck(player.deck), faction, leader_variant, seed), source


def _digest(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _read_save(path: str) -> tuple[TableSetup, dict[str, Any], list[str]]:
    """A saved game: its setup (the deck read again, and refused if it changed) and the answers given."""
    import json

    from deckcli.files.reading import decode_text, read_bytes

    try:
        saved = json.loads(decode_text(read_bytes(path, "saved game"), path))
    except json.JSONDecodeError as error:
        raise SaveFileError(f"is not a saved game (not JSON: {error.msg}): give the file --save wrote", where=path,
                            line=error.lineno) from None
    keys = {"kind", "deck", "deck_sha256", "vs", "leader_variant", "seed", "answers"}
    if not isinstance(saved, dict) or saved.get("kind") != SAVE_KIND or not keys <= set(saved):
        raise SaveFileError("is not a saved game of deckcli solo --table: give the file --save wrote", where=path)
    setup, source = _setup(saved["deck"], saved["vs"], bool(saved["leader_variant"]), int(saved["seed"]))
    if source["deck_sha256"] != saved["deck_sha256"]:
        raise SaveFileError(f"the deck {saved['deck']} has changed since the game was saved: the game cannot be "
                            "played again from it; restore the deck, or start a new game", where=path)
    return setup, source, [str(answer) for answer in saved["answers"]]


class _Session:
    """One game on this terminal: the answers replayed first (silently), then asked; each answer saved."""

    def __init__(self, setup: TableSetup, source: dict[str, Any], replay: list[str], save: str | None) -> None:
        self.setup = setup
        self.source = source
        self.replay = replay[:]
        self.answers: list[str] = []
        self.save = save
        self.layout = text_layout()
        self.completion: tuple[str, ...] = ()
        self.readline = _readline(self)

    def play(self) -> None:
        from deckcli.game.solo.table import play_table_game

        game = play_table_game(self.setup, self.ask, self.tell)
        if self.save is not None:
            self.write_save()
        echo(f"Final gems: you {game.gems[0]}, the automaton {game.gems[1]}.")

    def tell(self, lines: list[str]) -> None:
        if self.replay:
            return
        for line in lines:
            for part in self.layout.wrap(line, indent=" " * (len(line) - len(line.lstrip()))):
                echo(part)

    def ask(self, question: Question) -> str:
        if self.replay:
            answer = self.replay.pop(0)
            self.answers.append(answer)
            if not self.replay:
                self.tell(["(the saved game is played again up to here)"])
            return answer
        if question.error:
            for part in self.layout.wrap(f"  {question.error}", indent="  "):
                echo(part)
        self.completion = question.options
        for part in self.layout.wrap(question.text)[:-1]:
            echo(part)
        prompt = self.layout.wrap(question.text)[-1] + " "
        try:
            answer = self.read(prompt)
        except EOFError:
            raise _Quit() from None
        if answer.strip().casefold() == "quit":
            raise _Quit()
        if answer.strip().casefold() == "save":
            where = self.write_save()
            echo(f"  saved to {where}")
            return self.ask(question._replace(error=""))
        self.answers.append(answer)
        if self.save is not None:
            self.write_save()
        return answer

    def read(self, prompt: str) -> str:
        if self.readline:
            return input(prompt)
        line = sys.stdin.readline()
        answer = line.rstrip("\n")
        # not a terminal: the answer shown after its question, as a transcript reads
        width = self.layout.width
        if width is not None and len(prompt) + len(answer) > width:
            echo(prompt.rstrip())
            prompt = "    "
        echo((prompt + answer).rstrip())
        if not line:
            raise EOFError
        return line.rstrip("\n")

    def complete(self, text: str, state: int) -> str | None:
        from deckcli.catalog.names import fold

        typed = fold(text)
        found = [option for option in self.completion if fold(option).startswith(typed)]
        return found[state] if state < len(found) else None

    def write_save(self) -> str:
        """Write the game so far (setup and answers) to --save FILE, or a new ``solo-table.json`` file here."""
        import json

        from deckcli import __version__
        from deckcli.files.safe_write import write_text

        document = {"kind": SAVE_KIND, "deckcli_version": __version__, **self.source, "vs": self.setup.faction,
                    "leader_variant": self.setup.leader_variant, "seed": self.setup.seed, "answers": self.answers}
        text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
        if self.save is not None:
            write_text(self.save, text, force=True)
            return self.save
        number = 1
        while True:
            where = f"{DEFAULT_SAVE}{'' if number == 1 else f'-{number}'}.json"
            if not _exists(where):
                write_text(where, text)
                self.save = where
                return where
            number += 1


def _readline(session: _Session) -> bool:
    """Completion of names on a terminal (readline, where Python has it); ``False`` where input is not a terminal."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    try:
        import readline
    except ImportError:
        return True
    readline.set_completer(session.complete)
    readline.set_completer_delims("")
    readline.parse_and_bind("tab: complete")
    return True
