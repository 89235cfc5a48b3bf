"""A printed sheet (PDF) read back with poppler's ``pdfinfo`` and ``pdftotext``: its pages and where each word is.

A heading is kept with what it heads when its words and the first word after
it are on one page, in one column, each on the line of the one before or
below it, the first word after it at most three lines down: a heading that
ends a page or a column, or is split across one, fails.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import NamedTuple

POPPLER = shutil.which("pdfinfo") is not None and shutil.which("pdftotext") is not None
POPPLER_MISSING = "poppler-utils (pdfinfo, pdftotext) is not installed: apt-get install poppler-utils"
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')
NARROWEST_COLUMN = 150.0
"""Points: narrower than any column a sheet prints in (a registration's pull list is 178 pt wide on A4). The word
after a heading starts less than this right of the heading's start, or it is in another column."""


class Word(NamedTuple):
    """One word as printed: its page (from 1), its box in points from the page's top left corner."""

    page: int
    left: float
    top: float
    right: float
    bottom: float
    text: str


def pages_and_size(pdf: Path) -> tuple[int, str]:
    """The number of pages of ``pdf`` and ``pdfinfo``'s page size, e.g. ``594.96 x 841.92 pts (A4)``."""
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = re.search(r"^Pages:\s+(\d+)", info, re.M)
    size = re.search(r"^Page size:\s+(.+)$", info, re.M)
    assert pages and size, info
    return int(pages.group(1)), size.group(1).strip()


def printed_words(pdf: Path) -> list[Word]:
    """Every word of ``pdf`` with its page and box, in pdftotext's reading order (side by side columns may
    interleave their lines: :func:`printed_runs` follows a text by where its words are, not by that order)."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    words = []
    for number, page in enumerate(out.split("<page ")[1:], start=1):
        for found in WORD.finditer(page):
            left, top, right, bottom = (float(found.group(i)) for i in range(1, 5))
            words.append(Word(number, left, top, right, bottom, html.unescape(found.group(5))))
    return words


def _next_on_the_line(words: list[Word], before: Word, text: str, column: float) -> Word | None:
    """The word ``text`` that follows ``before``: right of it on its line, or starting the line below in its column."""
    line = before.bottom - before.top
    for word in words:
        if word.text != text or word.page != before.page:
            continue
        same_line = abs(word.top - before.top) < line / 2 and 0 <= word.left - before.right < line
        next_line = 0 <= word.top - before.bottom + line / 4 < line and abs(word.left - column) < line
        if same_line or next_line:
            return word
    return None


def printed_runs(words: list[Word], text: str) -> list[tuple[Word, Word]]:
    """The first and last word of each place ``text`` is printed whole: word after word along a line, wrapping
    to the start of the next line in the same column, never across a column or a page."""
    parts = text.split()
    runs = []
    for first in (word for word in words if word.text == parts[0]):
        last: Word | None = first
        for part in parts[1:]:
            last = _next_on_the_line(words, last, part, first.left)
            if last is None:
                break
        if last is not None:
            runs.append((first, last))
    return runs


def _is_kept(words: list[Word], first: Word, last: Word, following: str) -> bool:
    """Whether ``following`` starts under the heading printed from ``first`` to ``last``, in its column."""
    line = last.bottom - last.top
    return any(
        word.text == following and word.page == first.page and first.left - 2 <= word.left < first.left + NARROWEST_COLUMN
        and 0 <= word.top - last.bottom + 1 <= 3 * line
        for word in words
    )


def parted_headings(words: list[Word], headings: list[tuple[str, str]]) -> list[str]:
    """Each heading of ``headings`` (heading text, the text after it) not printed whole with its next word below it.

    A heading that several sections share (``Leader (1)`` then the Leader's
    name) must be kept as many times as the page holds it.
    """
    wanted = Counter((heading, following.split()[0]) for heading, following in headings if following.split())
    parted = []
    for (heading, following), times in wanted.items():
        kept = sum(_is_kept(words, first, last, following) for first, last in printed_runs(words, heading))
        if kept < times:
            parted.append(f"{heading!r} (then {following!r}): kept {kept} of {times} times")
    return parted
