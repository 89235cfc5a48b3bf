"""Sheets as pages: HTML through the Jinja2 templates (package data), PDF through WeasyPrint (the ``pdf`` extra).

A page is standalone: inline CSS and SVG, no script, no font or image
fetched from anywhere. Every value is escaped by Jinja2's autoescape.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckcli.errors import EXIT_ILLEGAL, EXIT_OK, DeckcliError
from deckcli.text import printable

if TYPE_CHECKING:
    from collections.abc import Callable

    import jinja2
    from markupsafe import Markup

    from deckcli.deck.resolution import ResolvedDeck
    from deckcli.game.simulation.report import SimulationReport

    Simulation = Callable[[ResolvedDeck], SimulationReport]
    """What plays a deck's simulated matchups for its sheet."""

PAPERS = {"a4": "A4", "letter": "letter"}
"""``--paper`` choices and their CSS ``@page`` size."""
PDF_EXTRA = "pip install 'deckcli[pdf]'"


class MissingExtraError(DeckcliError):
    """A feature needs an optional dependency that is not installed (exit code 2)."""


@dataclass(frozen=True)
class Page:
    """A rendered sheet: ``kind`` (``deck`` or ``registration``), the ``html``, a one-line ``summary``.

    ``exit_code`` is 1 when the figures leave out names that are not cards, else 0.
    """

    kind: str
    source: str
    html: str
    summary: str
    exit_code: int = EXIT_OK


@functools.cache
def environment() -> jinja2.Environment:
    """The Jinja2 environment over the packaged templates (autoescape on, undefined names are errors)."""
    import jinja2

    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("deckcli.sheets", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        finalize=_shown,
    )
    environment.filters["path"] = breakable_path
    return environment


def _shown(value: Any) -> Any:
    """Every value a template prints, with the control and format characters of a player's text (a terminal
    escape, a right-to-left override that would turn a printed name around) shown escaped, as in messages."""
    if isinstance(value, str) and not hasattr(value, "__html__") and not value.isprintable():
        return "\n".join(printable(line, limit=None) for line in value.split("\n"))
    return value


def breakable_path(path: str) -> Markup:
    """A file path as HTML that may end a line after each ``/`` or ``\\`` (a ``<wbr>``): a long path wraps at its
    folders on a phone instead of inside a file name. Escaped, with control characters shown as in messages
    (the templates' ``path`` filter)."""
    from markupsafe import Markup, escape

    text = str(escape(_shown(path)))
    return Markup(text.replace("/", "/<wbr>").replace("\\", "\\<wbr>"))


def render_template(name: str, paper: str = "a4", **values: Any) -> str:
    """Render the template ``name`` (e.g. ``deck.html.j2``) for ``paper`` (a :data:`PAPERS` key)."""
    from deckcli import __version__

    return environment().get_template(name).render(version=__version__, paper=PAPERS[paper], **values)


def is_registration(path: str) -> bool:
    """Whether the TOML file at ``path`` is a registration (``decks`` and no ``faction``) rather than a deck.

    Standard input (``-``) and a pipe are a deck: they can be read only once, and a registration names its
    deck files relative to its own folder. Raises :class:`DeckcliError` (exit 2) when the file
    cannot be read or is not TOML.
    """
    from deckcli.files.reading import STDIN, decode_text, display_path, read_bytes
    from deckcli.files.toml_lines import parse_toml

    if path == STDIN or (os.path.exists(path) and not os.path.isdir(path) and not os.path.isfile(path)):
        return False  # a pipe (<(cat deck.toml)) as standard input: read once, as a deck
    where = display_path(path)
    document = parse_toml(decode_text(read_bytes(path), where), where)
    return "decks" in document and "faction" not in document


def sheet_page(path: str, paper: str = "a4", simulate: Simulation | None = None) -> Page:
    """The sheet of the deck or registration file at ``path``, as a page.

    With ``simulate``, a deck sheet shows the matchups ``simulate(deck)`` plays (``sheet --simulate``); a
    registration has none (:class:`DeckcliError`, exit 2: simulate each deck on its own). Raises
    :class:`DeckcliError` (exit 2) when the file, or a deck file a registration names, cannot be read, and what
    ``simulate`` raises (an illegal deck plays no game: exit 1).
    """
    if is_registration(path):
        if simulate is not None:
            raise DeckcliError("a registration sheet shows no simulated matchups: give --simulate a deck file "
                               "(deckcli sheet DECK --simulate), one deck at a time", where=path)
        from deckcli.sheets.registration_sheet import registration_sheet

        registration = registration_sheet(path)
        html = render_template("registration.html.j2", paper, sheet=registration, source=registration.where)
        who = registration.player or "no player named"
        return Page("registration", registration.where, html, f"registration sheet ({printable(who)}): {registration.verdict}")
    from deckcli.rules.judging import read_resolved_deck
    from deckcli.sheets.deck_sheet import deck_sheet

    deck = read_resolved_deck(path)
    sheet = deck_sheet(deck, simulation=simulate(deck) if simulate is not None else None)
    html = render_template("deck.html.j2", paper, sheet=sheet, source=sheet.where)
    code = EXIT_ILLEGAL if sheet.unresolved else EXIT_OK
    return Page("deck", sheet.where, html, f"deck sheet of {printable(sheet.name)} ({sheet.faction})", code)


def pdf_bytes(html: str) -> bytes:
    """The page printed to PDF by WeasyPrint. Raises :class:`MissingExtraError` when WeasyPrint is not installed."""
    try:
        import weasyprint  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        raise MissingExtraError(f"writing PDF needs WeasyPrint, which is not installed: {PDF_EXTRA}") from None
    except OSError as error:  # WeasyPrint is installed but a system library it loads (Pango) is missing
        raise MissingExtraError(f"WeasyPrint cannot start ({error}): see its installation notes") from None
    document: bytes = weasyprint.HTML(string=html).write_pdf()
    return document


def require_pdf() -> None:
    """Raise :class:`MissingExtraError` (exit 2, saying how to install it) unless WeasyPrint can be imported."""
    import importlib.util

    if importlib.util.find_spec("weasyprint") is None:
        raise MissingExtraError(f"writing PDF needs WeasyPrint, which is not installed: {PDF_EXTRA}")
