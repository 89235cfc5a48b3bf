"""The documentation holds together: every relative link and image of README.md and docs/*.md leads
to a file, a ``#anchor`` to a heading of that page, and the README's index lists every page."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

import pytest

from helpers.repository import REPO
from helpers.doc_pages import anchors, links, page_name, pages, section

EXTERNAL = ("http://", "https://", "mailto:")


def broken_links(page: Path, root: Path = REPO) -> list[str]:
    """The relative links of ``page`` that lead nowhere or out of ``root``, each as ``PAGE:LINE: target: why``."""
    broken = []
    for line, target in links(page.read_text("utf-8")):
        if target.startswith(EXTERNAL):
            continue
        path, _, anchor = target.partition("#")
        leads_to = (page.parent / unquote(path)).resolve() if path else page
        where = f"{page.relative_to(root).as_posix()}:{line}: {target}"
        if not leads_to.exists():
            broken.append(f"{where}: no such file")
        elif anchor and (leads_to.suffix != ".md" or anchor not in anchors(leads_to.read_text("utf-8"))):
            broken.append(f"{where}: no heading #{anchor} there")
        elif root.resolve() not in leads_to.parents:
            broken.append(f"{where}: leads out of the repository")
    return broken


@pytest.mark.parametrize("page", pages(), ids=page_name)
def test_every_relative_link_leads_to_a_file_and_a_heading(page: Path) -> None:
    assert broken_links(page) == []


def test_the_link_check_finds_a_missing_file_and_a_missing_heading(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "# Title\n\nSee [the rules](rules.md), [a missing page](nowhere.md), [a heading](#title),\n"
        "[no such\nheading](#nowhere), [`code [with] brackets`](#title) and [out](../x.md).\n\n"
        "```sh\n[not a link](inside-a-code-block.md)\n```\n",
        "utf-8",
    )
    (tmp_path / "rules.md").write_text("# Rules\n", "utf-8")
    (tmp_path.parent / "x.md").write_text("# X\n", "utf-8")
    assert broken_links(page, root=tmp_path) == [
        "page.md:3: nowhere.md: no such file",
        "page.md:4: #nowhere: no heading #nowhere there",
        "page.md:5: ../x.md: leads out of the repository",
    ]


def test_the_readme_index_lists_every_page() -> None:
    index = section((REPO / "README.md").read_text("utf-8"), "## Documentation")
    listed = {target for _, target in links(index)}
    assert {f"docs/{page.name}" for page in pages()[1:]} <= listed
