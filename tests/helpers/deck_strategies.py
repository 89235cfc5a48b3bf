"""Hypothesis strategies for what players feed deckcli: bytes, TOML, decks, edited files, typed lists.

Every strategy here produces the *bytes of a file* (``FAMILIES``), so the same
inputs can be written to a deck path, piped to ``-`` or given to ``import``.
The documents themselves (``deck_documents``, ``toml_documents``) are
exported too, for tests of the deck-shape check.
"""

from __future__ import annotations

import datetime
import unicodedata
from collections.abc import Callable
from pathlib import Path

import tomli_w
from hypothesis import strategies as st

from deckcli.catalog import loading
from deckcli.catalog.loading import default_catalog

DECKS = Path(__file__).resolve().parents[2] / "decks"
CATALOG = default_catalog()
CARD_NAMES = sorted(CATALOG.cards)
LEADER_NAMES = sorted(name for name, card in CATALOG.cards.items() if card.is_leader)
FACTION_NAMES = sorted([f.name for f in CATALOG.factions.values()] + list(CATALOG.factions))
EXAMPLE_TEXTS = sorted(path.read_text("utf-8") for path in DECKS.glob("*.toml"))

# Characters players' phones and chat apps slip into names.
_NOISE = "aeiouxzAEIOU '’‘`´-–—:.,\"\\#=[]{}\t\u00a0\u200b\u0301éñßı İ🂡"


def _edit(name: str, edits: list[tuple[int, int, str]]) -> str:
    """Apply ``(kind, position, text)`` edits: 0 insert, 1 delete, 2 replace, 3 truncate."""
    for kind, position, text in edits:
        at = position % (len(name) + 1)
        if kind == 0:
            name = name[:at] + text + name[at:]
        elif kind == 1:
            name = name[:at] + name[at + 1 :]
        elif kind == 2:
            name = name[:at] + text + name[at + 1 :]
        else:
            name = name[:at]
    return name


_EDITS = st.tuples(st.integers(0, 3), st.integers(0, 200), st.text(_NOISE, min_size=1, max_size=3))

_STYLES = [
    str,
    str.lower,
    str.upper,
    str.swapcase,
    str.title,
    lambda s: s.replace("'", "’"),
    lambda s: s.replace("'", "`"),
    lambda s: s.replace(": ", " - "),
    lambda s: s.replace(": ", " – "),
    lambda s: s.replace(" ", "  "),
    lambda s: f"  {s}\t",
    lambda s: unicodedata.normalize("NFD", s),
    lambda s: "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c)),
    lambda s: s.split(":")[0],
]


@st.composite
def mutated(draw: st.DrawFn, names: st.SearchStrategy[str]) -> str:
    """A real name respelled (case, apostrophes, accents, separators) and maybe mistyped."""
    name = draw(st.sampled_from(_STYLES))(draw(names))
    return _edit(name, draw(st.lists(_EDITS, max_size=3)))


def names_like(real: list[str]) -> st.SearchStrategy[str]:
    """Names as players type them: real ones, respelled or mistyped ones, and anything at all."""
    return st.one_of(
        st.sampled_from(real),
        mutated(st.sampled_from(real)),
        st.text(max_size=60),
        st.builds(" ".join, st.lists(st.sampled_from(real), min_size=2, max_size=4)),
    )


card_names = names_like(CARD_NAMES)
leader_names = names_like(LEADER_NAMES)
faction_names = names_like(FACTION_NAMES)

# Every kind of TOML value; naive times only (TOML has no time with an offset).
toml_scalars = st.one_of(
    st.text(max_size=30),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.datetimes(min_value=datetime.datetime(1, 1, 1), timezones=st.none() | st.just(datetime.timezone.utc)),
    st.dates(),
    st.times(),
)
toml_values = st.recursive(
    toml_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)
huge_integers = st.builds(
    "{}{}".format,
    st.sampled_from(["0x", "0o", "0b", "", "-", "+"]),
    st.integers(1, 5000).map(lambda n: "1" * n),
)
"""An integer as TOML writes it, of up to 5,000 digits: hexadecimal, octal, binary or decimal (issue 22, item 9)."""
counts = st.one_of(
    st.integers(1, 4),
    st.integers(-3, 100),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
)
card_tables = st.dictionaries(card_names, counts | toml_values, max_size=40) | toml_values

deck_documents = st.fixed_dictionaries(
    {"faction": faction_names | toml_values},
    optional={
        "name": st.text(max_size=40) | toml_values,
        "leader": leader_names | st.lists(leader_names, max_size=3) | toml_values,
        "cards": st.dictionaries(card_names, counts, max_size=40) | card_tables,
        "side": st.dictionaries(card_names, counts, max_size=4) | card_tables,
        "notes": toml_values,
    },
)
"""Deck documents from real, respelled and mistyped names with any counts, some values of the wrong type."""

toml_documents = st.dictionaries(
    st.sampled_from(["faction", "leader", "cards", "side", "name"]) | st.text(max_size=12),
    toml_values,
    max_size=6,
)
"""Any TOML document at all, leaning on the keys a deck file uses."""


row_names = st.sampled_from(["close", "ranged", "siege", "Close Combat", "Siege Combat", "middle"]) | st.text(max_size=12)
name_lists = st.lists(card_names, max_size=8) | toml_values
board_sides = st.fixed_dictionaries(
    {"faction": faction_names | toml_values},
    optional={
        "leader": leader_names | toml_values,
        **{key: name_lists for key in ("close", "ranged", "siege", "hand", "deck", "discard", "side")},
        "horns": st.lists(row_names, max_size=3) | toml_values,
        "mardroeme": st.lists(row_names, max_size=2) | toml_values,
        "leader_horn": row_names | toml_values,
        "gems": st.integers(-1, 3) | toml_values,
        "passed": st.booleans() | toml_values,
        "leader_used": st.booleans() | toml_values,
        "notes": toml_values,
    },
)
board_documents = st.fixed_dictionaries(
    {},
    optional={
        "weather": st.lists(card_names, max_size=4) | toml_values,
        "round": st.integers(0, 4) | toml_values,
        "to_move": st.sampled_from(["me", "opponent", "them"]) | toml_values,
        "me": board_sides | toml_values,
        "opponent": board_sides | toml_values,
    },
)
"""Board files (``deckcli score``) from real, respelled and mistyped names, rows and values of the wrong type."""


def _edited_by_hand(draw: st.DrawFn, lines: list[str], changed: Callable[[list[str], int], None]) -> list[str]:
    """``lines`` edited as a player edits a file: 1 to 4 times a line dropped, doubled, mistyped or ``changed``
    (``changed(lines, at)`` edits them in place), or the text cut short there."""
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        at = draw(st.integers(0, len(lines) - 1))
        action = draw(st.integers(0, 5))
        if action == 0:
            del lines[at]
        elif action == 1:
            lines.insert(at, lines[at])
        elif action == 2:
            lines[at] = _edit(lines[at], draw(st.lists(_EDITS, min_size=1, max_size=3)))
        elif action == 3:
            changed(lines, at)
        elif action == 4:
            lines = lines[:at]
        else:
            lines.insert(at, f'"{draw(card_names)}" = {draw(huge_integers)}\n')
    return lines


@st.composite
def edited_examples(draw: st.DrawFn) -> bytes:
    """One of the example decks edited by hand: lines dropped, doubled or changed, text cut short."""
    lines = _edited_by_hand(draw, draw(st.sampled_from(EXAMPLE_TEXTS)).splitlines(keepends=True),
                            lambda lines, at: lines.insert(at, draw(st.text(max_size=40)) + "\n"))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    bom = draw(st.sampled_from(["", "\ufeff"]))
    return (bom + "".join(lines).replace("\n", newline)).encode("utf-8")


_LIST_LINES = st.one_of(
    st.builds("{} {}".format, st.integers(-2, 99), card_names),
    st.builds("{}x {}".format, st.integers(0, 9), card_names),
    st.builds("{} x{}".format, card_names, st.integers(0, 9)),
    card_names,
    st.builds("Leader: {}".format, leader_names),
    st.builds("Faction: {}".format, faction_names),
    st.sampled_from(["", "# a comment", "Units:", "Special Cards:", "Weather:", "Side deck:"]),
    st.text(max_size=40),
)


@st.composite
def typed_lists(draw: st.DrawFn) -> bytes:
    """A deck list as people type it in a chat: ``3 Name``, ``3x Name``, ``Name x3``, ``Leader: Name``…"""
    lines = draw(st.lists(_LIST_LINES, max_size=30))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    return newline.join(lines).encode("utf-8")


def _toml_bytes(document: dict) -> bytes:
    try:
        return tomli_w.dumps(document).encode("utf-8")
    except (TypeError, ValueError):  # a value tomli-w cannot write (it refuses a few)
        return b'faction = "Monsters"\n'


CATALOG_TEXT = (Path(loading.CARDS_FOLDER) / "skellige.toml").read_text("utf-8")
"""The packaged Skellige catalog file: what a player copies into ``DECKCLI_CATALOG`` and edits."""

# Names a player's catalog could give a card or a faction: nothing once folded, terminal controls, a twin.
_HOSTILE_NAMES = ["--", "'''", "\\u200b", "\\u00ad", "", " ", "\\u001b]0;owned\\u0007", "\\u009b31m", "\\u202eCerys",
                  "Cerys", "CERYS", "Crach an Craite", "Kambi: Kambi", "a" * 81]


@st.composite
def edited_catalogs(draw: st.DrawFn) -> bytes:
    """The Skellige catalog file edited by hand: lines dropped, doubled or changed, names replaced, text cut short."""

    def renamed(lines: list[str], _at: int) -> None:
        named = [n for n, line in enumerate(lines) if line.startswith(("name =", "leader_ability =", "aliases ="))]
        if named:
            where = draw(st.sampled_from(named))
            key = lines[where].split("=")[0].strip()
            name = draw(st.sampled_from(_HOSTILE_NAMES))
            lines[where] = f'{key} = ["{name}"]\n' if key == "aliases" else f'{key} = "{name}"\n'

    return "".join(_edited_by_hand(draw, CATALOG_TEXT.splitlines(keepends=True), renamed)).encode("utf-8")


FAMILIES: dict[str, st.SearchStrategy[bytes]] = {
    "bytes": st.binary(max_size=2048),
    "toml": toml_documents.map(_toml_bytes),
    "deck": deck_documents.map(_toml_bytes),
    "edited": edited_examples(),
    "list": typed_lists(),
    "board": board_documents.map(_toml_bytes),
    "catalog": edited_catalogs(),
}
"""Each family of input, as the bytes of a file."""
