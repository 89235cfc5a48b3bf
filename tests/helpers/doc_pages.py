"""Test helpers: the documentation pages (README.md and every docs/*.md), their headings, anchors,
sections and links, read as GitHub renders them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from helpers.repository import REPO

DOCS = REPO / "docs"


def pages() -> list[Path]:
    """README.md, then every ``docs/*.md`` in name order: each page a test reads, found on disk, never a hand list.

    Raises AssertionError when ``docs/`` holds no page (an sdist without docs must fail, not skip).
    """
    found = sorted(DOCS.glob("*.md"))
    assert found, f"{DOCS} holds no page: is docs/ missing from the sdist (MANIFEST.in)?"
    return [REPO / "README.md", *found]


def page_name(page: Path) -> str:
    """A page's path from the repository root (``README.md``, ``docs/rules.md``)."""
    return page.relative_to(REPO).as_posix()


class Line(NamedTuple):
    """One line of a page, with its 1-based number and whether it is inside a fenced code block."""

    number: int
    text: str
    fenced: bool


def lines(text: str) -> list[Line]:
    """The lines of a Markdown text, each marked fenced when inside (or opening/closing) a ``` block."""
    marked, fence = [], False
    for number, text_line in enumerate(text.splitlines(), 1):
        opens_or_closes = text_line.startswith("```")
        marked.append(Line(number, text_line, fence or opens_or_closes))
        if opens_or_closes:
            fence = not fence
    return marked


HEADING = re.compile(r"^(#{1,6}) (.*)$")


def headings(text: str) -> list[tuple[int, int, str]]:
    """The headings outside code blocks: (line number, level 1-6, text)."""
    return [
        (line.number, len(match.group(1)), match.group(2).strip())
        for line in lines(text)
        if not line.fenced and (match := HEADING.match(line.text))
    ]


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens.

    ``## `deckcli validate --rules all` `` → ``deckcli-validate---rules-all``; a link in the
    heading keeps its text only (``## [Judging decks](judging.md)`` → ``judging-decks``).
    """
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every anchor of a page: its headings' slugs, a repeated one numbered as GitHub does (``x``, ``x-1``)."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    for _, _, heading in headings(text):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def section(text: str, heading: str) -> str:
    """The text under ``heading`` (a whole heading line, ``## `deckcli fix` ``) down to the next heading
    of its level or above; empty when the page has no such heading."""
    level = len(heading) - len(heading.lstrip("#"))
    found = lines(text)
    for index, line in enumerate(found):
        if not line.fenced and line.text == heading:
            body = []
            for later in found[index + 1:]:
                match = HEADING.match(later.text)
                if not later.fenced and match and len(match.group(1)) <= level:
                    break
                body.append(later.text)
            return "\n".join(body)
    return ""


LINK = re.compile(r"!?\[[^\[\]]*\]\(([^)\s]+)\)")
"""A Markdown link or image, ``[text](target)`` or ``![alt](target)``, once code spans are blanked."""


def links(text: str) -> list[tuple[int, str]]:
    """The link targets of a page outside code blocks and code spans: (line number, target).

    Code blocks and code spans are blanked first (their line breaks kept), so that
    ``[`x [y]`](z)`` is a link to ``z``, a link written inside code is none, and a link
    whose text runs over two lines is still found.
    """
    prose = "\n".join("" if line.fenced else line.text for line in lines(text))
    prose = re.sub(r"`(?:[^`\n]|\n(?!\n))*`", lambda span: "code" + "\n" * span.group().count("\n"), prose)
    return [(prose.count("\n", 0, match.start()) + 1, match.group(1)) for match in LINK.finditer(prose)]
