"""``deckcli solo --table``: the terminal face of a Gwent Solo game kept at the table (:mod:`deckcli.game.solo.table`).

It asks on standard output and reads standard input a line at a time (with completion of names through readline
where the terminal has it), shows what the library tells, and saves the game: a save file is the game's setup and
the decisions taken, in order (:class:`deckcli.game.solo.table.Decided`: the engine's actions and options, the
automaton's cards by name, not the words typed), with the digest of the game's log when the last was taken; resuming
applies the decisions (the library is deterministic), checks that they made the same game, then asks on: the game
stands between the same two decisions. ``undo`` takes the last answer back the same way: the game is played again
from the decisions before it. A save of the earlier format (the answers typed) is read by playing its answers again
into decisions, checked by its own digest.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import click

from deckcli.cli.output import echo, say
from deckcli.cli.parameter_types import MAX_SEED
from deckcli.cli.terminal import text_layout
from deckcli.errors import EXIT_OK, DeckcliError
from deckcli.text import printable

if TYPE_CHECKING:
    from deckcli.game.solo.table import Decided, Question, TableSetup

SAVE_KIND = "deckcli solo --table"
"""The ``kind`` of a save file."""
DEFAULT_SAVE = "solo-table"
"""The name a game is saved under on Ctrl-C or quit without --save (``solo-table.json``, ``solo-table-2.json``...)."""
MAX_ANSWERS = 10_000
"""Decisions (or, in the earlier format, answers) a save holds at most (a whole game takes about 60)."""
MAX_ANSWER = 1_000
"""Characters of one answer at most (a card's name is under 50)."""
SAVE_FORMAT = 2
"""The ``format`` of a save file deckcli writes: the decisions taken. Files without ``format`` are of the earlier
one, the answers typed (:data:`ANSWERS_KEYS`)."""
SAVE_KEYS = ("kind", "format", "deckcli_version", "deck", "deck_sha256", "vs", "leader_variant", "seed", "decisions",
             "log_sha256")
"""The keys of a save file, in the order written; all are required (``log_sha256`` is null before a decision)."""
ANSWERS_KEYS = ("kind", "deckcli_version", "deck", "deck_sha256", "vs", "leader_variant", "seed", "answers",
                "transcript_sha256")
"""The keys of a save of the earlier format; all but ``transcript_sha256`` (saves before it) are required."""
WORDS = ("quit", "save", "undo")
"""What the player may answer at any question besides what it asks (the library never sees them)."""


class _Digest(Protocol):
    """A running SHA-256 (``hashlib.sha256()``)."""

    def update(self, data: bytes, /) -> None: ...

    def hexdigest(self) -> str: ...


class _Quit(Exception):
    """The player typed quit (or ended the input)."""


class _Undo(Exception):
    """The player typed undo: the game is played again without the last answer."""


class SaveFileError(DeckcliError):
    """A --resume file that is not a saved game of ``deckcli solo --table``, whose deck has changed, or whose decisions
    (or answers) play into another game with this deckcli (exit code 2)."""


class SavedGame(NamedTuple):
    """A save file's fields, each checked (:func:`check_save`): the ``deck`` file and its ``deck_sha256``, the
    automaton's faction ``vs`` (a slug), ``leader_variant``, ``seed``, the ``decisions`` taken in order and the
    ``digest`` of the game's log when the last was taken (``None`` before the first); in a save of the earlier format
    ``decisions`` is ``None`` and the ``answers`` typed are kept, ``digest`` the transcript's (``None`` in a save
    written before it was kept); the ``version`` of deckcli that wrote it, ``lines``, the line of each key in the
    file, and ``where`` it was read."""

    deck: str
    deck_sha256: str
    vs: str
    leader_variant: bool
    seed: int
    decisions: list[Decided] | None
    answers: list[str]
    digest: str | None
    version: str
    lines: dict[str, int]
    where: str = ""


def play_at_table(deck: str | None, faction: str | None, leader_variant: bool, seed: int, save: str | None,
                  resume: str | None, force: bool) -> int:
    """Play a Gwent Solo game at the table on this terminal; returns the exit code (0: the game ended or was saved
    on quit). Ctrl-C saves the game first, then stops (exit 130). ``--save FILE`` is checked before the first turn
    (a folder, a device, a missing folder, a file of its own without ``force``, a file the command reads): never
    after a game played."""
    saved: SavedGame | None = None
    given: list[Decided] = []
    digest: str | None = None
    if resume is not None:
        saved = _read_save(resume)
        setup, source = _setup(_saved_deck(saved, resume), saved.vs, saved.leader_variant, saved.seed,
                               save_file=resume, lines=saved.lines)
        if source["deck_sha256"] != saved.deck_sha256:
            raise SaveFileError(f"the deck {saved.deck} has changed since the game was saved: the game cannot be "
                                "played again from it; restore the deck, or start a new game", where=resume,
                                line=saved.lines.get("deck_sha256"))
        save = save or resume
        given, digest = (saved.decisions, saved.digest) if saved.decisions is not None else _from_answers(setup, saved)
    else:
        if deck is None or faction is None:
            raise click.UsageError("--table needs DECK and --vs FACTION: deckcli solo --table my-deck.toml --vs monsters")
        setup, source = _setup(deck, faction, leader_variant, seed)
    rewriting = _check_save_file(save, resume, force)
    session = _Session(setup, source, saved, given, digest, save, rewriting)
    try:
        session.play()
    except KeyboardInterrupt:
        where = session.write_save()
        say(f"saved the game to {where}: deckcli solo --resume {where} plays on", err=True)
        raise
    except _Quit:
        where = session.write_save()
        say(f"saved the game to {where}: deckcli solo --resume {where} plays on")
    return EXIT_OK


def _check_save_file(save: str | None, resume: str | None, force: bool) -> bool:
    """Refuse, before the first turn, a ``--save`` file the game could not be saved to; returns whether it is the
    ``--resume`` file itself (rewritten in place, as it was read) rather than a file of its own."""
    from deckcli.files.reading import file_identity
    from deckcli.files.safe_write import check_rewritable, check_writable

    if save is None:
        return False
    if resume is not None and file_identity(save) == file_identity(resume):
        check_rewritable(resume)
        return True
    check_writable(save, force=force)  # also refuses the deck itself (a file this command read), even with --force
    return False


def _setup(deck: str, faction: str, leader_variant: bool, seed: int, save_file: str | None = None,
           lines: dict[str, int] | None = None) -> tuple[TableSetup, dict[str, Any]]:
    """The game's setup from DECK (legal under the Solo rules), read once, and the automaton's faction (a slug, not
    DECK's); ``save_file`` names the save these came from, for the messages."""
    from deckcli.catalog.loading import default_catalog
    from deckcli.cli.output import echo_findings
    from deckcli.deck.reading import parse_deck
    from deckcli.deck.resolution import resolve_deck
    from deckcli.files.reading import display_path, read_bytes
    from deckcli.game.simulation.matchups import entrant
    from deckcli.game.solo.automaton import solo_player_deck
    from deckcli.game.solo.table import TableSetup

    if deck == "-":
        raise click.UsageError("--table DECK: standard input holds your answers, so DECK is a file")
    catalog = default_catalog()
    data = read_bytes(deck, "deck file")
    resolved = resolve_deck(parse_deck(data, display_path(deck)), catalog)
    echo_findings(resolved.where, resolved.warnings, warning=True)
    if resolved.faction.slug == faction:
        reason = (f"in Gwent Solo the automaton plays another faction than yours (§18), and the deck is "
                  f"{resolved.faction.name}")
        if save_file is not None:
            raise SaveFileError(f"vs {faction}: {reason}: not a game deckcli saved", where=save_file,
                                line=(lines or {}).get("vs"))
        raise click.UsageError(f"--vs {faction}: {reason}: name another faction")
    player = entrant(resolved, resolved.where, "solo")
    # the deck's whole path: the game is resumed from whatever folder the player is in then
    source = {"deck": os.path.abspath(deck), "deck_sha256": _digest(data)}
    return TableSetup(solo_player_deck(player.deck), faction, leader_variant, seed), source


def _saved_deck(saved: SavedGame, save_file: str) -> str:
    """The deck a saved game was played with: its path as saved (a whole path since this version), else beside the
    save file (a save of an older version holds the path as typed, from the folder the game was started in).
    Raises :class:`SaveFileError` on the save's ``deck`` line when neither is a file."""
    if os.path.isabs(saved.deck) or os.path.exists(saved.deck):
        found = saved.deck
    else:
        found = os.path.join(os.path.dirname(os.path.abspath(save_file)), saved.deck)
    if not os.path.exists(found):
        from deckcli.files.reading import display_path

        raise SaveFileError(f"the game's deck, {display_path(saved.deck)}, is not there (nor beside the save): put "
                            "the deck back, or write its path on this line", where=display_path(save_file),
                            line=saved.lines.get("deck"))
    return found


def _digest(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _read_save(path: str) -> SavedGame:
    """The saved game in the file at ``path``, every field checked (:func:`check_save`)."""
    import json

    from deckcli.files.budget import check_json_text
    from deckcli.files.reading import decode_text, display_path, read_bytes

    where = display_path(path)
    text = decode_text(read_bytes(path, "saved game"), where)
    check_json_text(text, where, SaveFileError)
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveFileError(f"is not a saved game (not JSON: {error.msg}): give the file --save wrote", where=where,
                            line=error.lineno) from None
    saved = check_save(document, where, _key_lines(text))
    if saved.version != _version() and saved.digest is None and (saved.decisions or saved.answers):
        raise SaveFileError(f"saved by deckcli {saved.version}, without the digest that would show this deckcli "
                            f"plays its {'answers' if saved.decisions is None else 'decisions'} into the same game: "
                            "finish it with that version, or start a new game", where=where,
                            line=saved.lines.get("deckcli_version"))
    return saved


def _from_answers(setup: TableSetup, saved: SavedGame) -> tuple[list[Decided], str | None]:
    """The decisions that the answers of a save of the earlier format take, played again (silently) as they were
    typed, checked by the save's digest of what the game asked and told up to the last answer; and the digest of the
    game's log when the last decision was taken. Answers after the last decision (a move whose row was not yet
    said) take none: they are asked again."""
    from deckcli.game.solo.table import play_table_game

    answers = list(saved.answers)
    transcript = _transcript()
    digests: list[str] = []
    taken: list[Decided] = []
    reached: list[str] = []

    class _Stop(Exception):
        pass

    def ask(question: Question) -> str:
        transcript.update(repr(tuple(question)).encode("utf-8", "surrogatepass") + b"\n")
        if not answers:
            raise _Stop()
        if len(answers) == 1:
            reached.append(transcript.hexdigest())
        return answers.pop(0)

    def tell(lines: list[str]) -> None:
        for line in lines:
            transcript.update(line.encode("utf-8", "surrogatepass") + b"\n")

    def record(decisions: list[Decided], said: str, digest: str) -> None:
        taken[:] = decisions
        del digests[len(decisions):]
        if digest:
            digests.append(digest)

    try:
        play_table_game(setup, ask, tell, record=record)
    except _Stop:
        pass
    if saved.digest is not None and reached and reached[0] != saved.digest:
        raise SaveFileError(f"its answers play into another game with deckcli {_version()} than the one saved (by "
                            f"deckcli {saved.version}): nothing was written, the save is kept as it was; finish it "
                            "with that version, or start a new game", where=saved.where)
    return taken, digests[-1] if digests else None


def _key_lines(text: str) -> dict[str, int]:
    """The line of each top-level key of a save file as deckcli writes it (one key a line)."""
    import re

    lines = {found.group(1): text.count("\n", 0, found.start()) + 1
             for found in re.finditer(r'^\s{0,2}"([a-z_0-9]+)"\s*:', text, re.M)}
    if "decisions" in lines:  # one decision a line, as save_text writes them
        following = text.splitlines()[lines["decisions"]:]
        for index, line in enumerate(following):
            if not line.lstrip().startswith("["):
                break
            lines[f"decisions[{index}]"] = lines["decisions"] + 1 + index
    return lines


def check_save(document: Any, where: str, lines: dict[str, int] | None = None) -> SavedGame:
    """A save document's fields checked, each against what ``deckcli solo --table --save`` writes: ``kind``,
    ``format`` (:data:`SAVE_FORMAT`), the ``deckcli_version``, ``deck`` (a file name), ``deck_sha256`` (64
    hexadecimal digits), ``vs`` (a faction of the catalog), ``leader_variant`` (true or false), ``seed`` (a whole
    number 0 to 2**64 - 1), ``decisions`` (at most :data:`MAX_ANSWERS` pairs ``[question, answer]``,
    :func:`deckcli.game.solo.table.decided_of`), ``log_sha256`` (64 hexadecimal digits, or null), and no other key.
    A document without ``format`` is of the earlier format: ``answers`` (at most :data:`MAX_ANSWERS` texts of at most
    :data:`MAX_ANSWER` characters, no control character or lone surrogate) and ``transcript_sha256`` (optional) in
    place of ``decisions`` and ``log_sha256``. Whether the game offers each decision is checked as it is applied.

    Raises :class:`SaveFileError` (exit code 2) naming ``where``, the key's line (``lines``) and what it should hold.
    """
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.solo.table import decided_of

    lines = lines or {}

    def refuse(key: str | None, reason: str) -> SaveFileError:
        return SaveFileError(f"{reason}: not a game deckcli solo --table --save wrote; give the file it wrote",
                             where=where, line=lines.get(key) if key else None)

    if not isinstance(document, dict) or document.get("kind") != SAVE_KIND:
        raise refuse("kind", f'is not a saved game (its kind is not "{SAVE_KIND}")')
    earlier = "format" not in document
    if not earlier and document["format"] != SAVE_FORMAT:
        raise refuse("format", f"format is {_shown(document['format'])}, not {SAVE_FORMAT} (a save of another "
                               "deckcli: finish it with that version, or start a new game)")
    keys = ANSWERS_KEYS if earlier else SAVE_KEYS
    unknown = [key for key in document if key not in keys]
    if unknown:
        raise refuse(unknown[0], f"key {_shown(unknown[0])} is not part of a saved game ({', '.join(keys)})")
    missing = [key for key in (keys[:-1] if earlier else keys) if key not in document]
    if missing:
        raise refuse(None, f"no {', '.join(missing)}")

    def hexadecimal(value: Any) -> bool:
        return isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)

    factions = default_catalog().factions
    checks: dict[str, tuple[bool, str]] = {
        "deckcli_version": (_text(document["deckcli_version"], 40), "a version"),
        "deck": (_text(document["deck"], 4096), "the deck file's name"),
        "deck_sha256": (hexadecimal(document["deck_sha256"]), "64 hexadecimal digits"),
        "vs": (isinstance(document["vs"], str) and document["vs"] in factions,
               f"a faction: {', '.join(factions)}"),
        "leader_variant": (isinstance(document["leader_variant"], bool), "true or false"),
        "seed": (isinstance(document["seed"], int) and not isinstance(document["seed"], bool)
                 and 0 <= document["seed"] <= MAX_SEED, "a whole number 0 to 2**64 - 1"),
    }
    if earlier:
        checks["answers"] = (isinstance(document["answers"], list) and len(document["answers"]) <= MAX_ANSWERS
                             and all(_text(answer, MAX_ANSWER, blank=True) for answer in document["answers"]),
                             f"a list of at most {MAX_ANSWERS:,} answers, each a line of text")
        checks["transcript_sha256"] = (document.get("transcript_sha256") is None
                                       or hexadecimal(document["transcript_sha256"]), "64 hexadecimal digits")
    else:
        decisions = document["decisions"]
        checks["decisions"] = (isinstance(decisions, list) and len(decisions) <= MAX_ANSWERS
                               and all(decided_of(item) is not None for item in decisions),
                               f"a list of at most {MAX_ANSWERS:,} decisions, each [question, answer]")
        checks["log_sha256"] = (document["log_sha256"] is None or hexadecimal(document["log_sha256"]),
                                "64 hexadecimal digits or null")
    for key, (good, should) in checks.items():
        if not good:
            shown = document.get(key)
            if key == "decisions" and isinstance(shown, list):
                shown = next((item for item in shown if decided_of(item) is None), shown)
            raise refuse(key, f"{key} {'holds' if shown is not document.get(key) else 'is'} {_shown(shown)}, "
                              f"not {should}")
    found = None if earlier else [decided_of(item) for item in document["decisions"]]
    return SavedGame(document["deck"], document["deck_sha256"], document["vs"], document["leader_variant"],
                     document["seed"], [found_one for found_one in found if found_one is not None] if found is not None
                     else None, list(document.get("answers", [])),
                     document.get("transcript_sha256") if earlier else document["log_sha256"],
                     document["deckcli_version"], lines, where)


def _text(value: Any, limit: int, blank: bool = False) -> bool:
    """Whether ``value`` is one line of text of at most ``limit`` characters that UTF-8 can hold (blank only with
    ``blank``)."""
    return (isinstance(value, str) and len(value) <= limit and (blank or bool(value.strip()))
            and value.isprintable() and not any("\ud800" <= c <= "\udfff" for c in value))


def _shown(value: Any) -> str:
    import json

    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 60 else text[:57] + "..."


def _version() -> str:
    from deckcli import __version__

    return __version__


class _Session:
    """One game on this terminal: the decisions given (a save's, or those before an undo) applied first, silently,
    checked against the digest kept with the last of them; then asked; the game saved after each decision; ``undo``
    plays the game again without the last answer."""

    def __init__(self, setup: TableSetup, source: dict[str, Any], saved: SavedGame | None, given: list[Decided],
                 digest: str | None, save: str | None, rewriting: bool) -> None:
        self.setup = setup
        self.source = source
        self.saved = saved
        self.given = list(given)
        """The decisions to apply before asking."""
        self.taken: list[Decided] = []
        self.said: list[str] = []
        """What each decision taken was, in words (for ``undo``)."""
        self.digests: list[str] = []
        """The digest of the game's log when each decision was taken, in order (of ``taken``)."""
        self.typed: list[str] = []
        """The answers typed since the last decision (a move whose row is not yet said)."""
        self.save = save
        self.rewriting = rewriting
        self.layout = text_layout()
        self.completion: tuple[str, ...] = ()
        self.readline = _readline(self)
        self.pending = digest
        """The digest kept with the last decision given (that of the save, or of the game before an undo): what a
        save written meanwhile keeps."""
        self.undone = ""

    @property
    def replaying(self) -> bool:
        return len(self.taken) < len(self.given)

    def play(self) -> None:
        from deckcli.game.solo.table import NotThisGame, play_table_game

        while True:
            self.taken, self.said, self.digests, self.typed = [], [], [], []
            try:
                game = play_table_game(self.setup, self.ask, self.tell, self.given, self.record)
                break
            except _Undo:
                if self.typed:  # the decision half taken is asked again
                    self.undone, self.given = self.typed[-1], list(self.taken)
                    self.pending = self.digests[-1] if self.digests else None
                else:
                    self.undone, self.given = self.said[-1], self.taken[:-1]
                    self.pending = self.digests[-2] if len(self.digests) > 1 else None
                self.taken, self.said, self.digests = [], [], []
                if self.save is not None:
                    self.write_save()  # the game as it stands now, before it is played again
                if not self.given:
                    self.show([f"(your answer, {self.undone}, is taken back: the game starts again)"])
                    self.undone = ""
            except NotThisGame as error:
                saved = self.saved
                version = saved.version if saved is not None else _version()
                line = (saved.lines.get(f"decisions[{error.index}]", saved.lines.get("decisions"))
                        if saved is not None else None)
                raise SaveFileError(
                    f"its decisions play into another game with deckcli {_version()} than the one saved (by deckcli "
                    f"{version}; {error}): nothing was written, the save is kept as it was; finish it with that "
                    "version, or start a new game", where=saved.where if saved is not None else self.save,
                    line=line) from None
        if self.save is not None:
            self.write_save()
        echo(f"Final gems: you {game.gems[0]}, the automaton {game.gems[1]}.")

    def tell(self, lines: list[str]) -> None:
        if not self.replaying:
            self.show(lines)

    def show(self, lines: list[str]) -> None:
        for line in lines:
            for part in self.layout.wrap(line, indent=" " * (len(line) - len(line.lstrip()))):
                echo(part)

    def read(self, prompt: str) -> str:
        if self.readline:
            try:
                return input(prompt)
            except UnicodeDecodeError:
                return "\udcff"  # not UTF-8: refused by ask, which asks again
        raw = sys.stdin.buffer.readline() if hasattr(sys.stdin, "buffer") else sys.stdin.readline().encode()
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            line = raw.decode("utf-8", "surrogateescape")
        answer = line.rstrip("\r\n")
        # not a terminal: the answer shown after its question, as a transcript reads (a long one cut to the width)
        width = self.layout.width
        shown = answer
        if width is not None and len(prompt) + len(answer) > width:
            echo(prompt.rstrip())
            prompt = "    "
            if len(prompt) + len(answer) > width:
                shown = printable(answer, width - len(prompt) - 1)
        echo((prompt + shown).rstrip())
        if not raw:
            raise EOFError
        return answer

    def complete(self, text: str, state: int) -> str | None:
        from deckcli.catalog.names import fold

        typed = fold(text)
        found = [option for option in self.completion if fold(option).startswith(typed)]
        return found[state] if state < len(found) else None

    def ask(self, question: Question) -> str:
        if question.error:
            for part in self.layout.wrap(f"  {question.error}", indent="  "):
                echo(part)
        self.completion = (*question.options, *WORDS)
        for part in self.layout.wrap(question.text)[:-1]:
            echo(part)
        prompt = self.layout.wrap(question.text)[-1] + " "
        while True:
            try:
                answer = self.read(prompt)
            except EOFError:
                raise _Quit() from None
            word = answer.strip().casefold()
            if word == "quit":
                raise _Quit()
            if word == "save":
                echo(f"  saved to {self.write_save()}")
            elif word == "undo":
                if self.taken or self.typed:
                    raise _Undo()
                echo("  there is no answer to take back yet")
            elif len(answer) > MAX_ANSWER:
                self.show([f"  that line is {len(answer):,} characters long, more than any answer "
                           f"({MAX_ANSWER:,} at most): type a card's name, or its first letters and Tab"])
            elif not _text(answer, MAX_ANSWER, blank=True):
                self.show(["  that line is not text deckcli can keep (not UTF-8, such as a terminal in Latin-1, or a "
                           "control character): type it again in UTF-8, or its first letters and Tab"])
            else:
                break
        self.typed.append(answer)
        return answer

    def record(self, taken: list[Decided], said: str, digest: str) -> None:
        """A decision taken (or, ``digest`` empty, the last taken back): kept, and saved; the last of those given
        checks the game against the digest given with it."""
        given = self.replaying
        self.taken = taken
        del self.said[len(taken):], self.digests[len(taken):]
        if not digest:
            return
        self.said.append(said)
        self.digests.append(digest)
        self.typed = []
        if not given:
            if self.save is not None:
                self.write_save()
            return
        if self.replaying:
            return
        saved = self.saved
        if self.pending is not None and self.pending != digest:
            from deckcli.game.solo.table import NotThisGame

            raise NotThisGame(len(taken) - 1, "the game's log before it is not the one saved")

        self.pending = None
        if saved is not None and saved.version != _version() and not self.undone:
            what = "decisions, applied" if saved.decisions is not None else "answers, played"
            say(f"{saved.where}: saved by deckcli {saved.version}, and this is deckcli {_version()}: its {what} "
                "again, made the game saved", err=True)
        if self.undone:
            self.show([f"(your last answer, {self.undone}, is taken back: the game is played again up to here)"])
            self.undone = ""
        else:
            self.show(["(the saved game is played again up to here)"])

    def write_save(self) -> str:
        """Write the game so far (setup, decisions, the digest of the game's log at the last) to --save FILE, or a new
        ``solo-table.json`` file here; returns the file's name. While decisions are applied again (a save resumed,
        an undo) those still to come are written too: a save is never shorter than the game it holds."""
        from deckcli.files.safe_write import rewrite_text, write_text

        replaying = self.replaying
        document = {"kind": SAVE_KIND, "format": SAVE_FORMAT, "deckcli_version": _version(), **self.source,
                    "vs": self.setup.faction, "leader_variant": self.setup.leader_variant, "seed": self.setup.seed,
                    "decisions": self.taken + self.given[len(self.taken):],
                    "log_sha256": self.pending if replaying else self.digests[-1] if self.digests else None}
        text = save_text(document)
        if self.save is not None:
            if self.rewriting:
                rewrite_text(self.save, text)
            else:
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


def save_text(document: dict[str, Any]) -> str:
    """A save document as deckcli writes it: one key a line, one decision a line (``[question, answer]``)."""
    import json

    parts = []
    for key, value in document.items():
        if key == "decisions" and value:
            items = ",\n".join(f"  {json.dumps([q, list(a) if isinstance(a, tuple) else a], ensure_ascii=False)}"
                               for q, a in value)
            parts.append(f' "decisions": [\n{items}\n ]')
        else:
            parts.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def _transcript() -> _Digest:
    import hashlib

    return hashlib.sha256()


def _exists(path: str) -> bool:
    import os

    return os.path.lexists(path)


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
