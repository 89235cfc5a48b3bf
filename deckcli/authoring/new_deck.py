"""New deck files for ``deckcli new``: a faction's starter deck, or a commented skeleton.

The starter decks are package data (``deckcli/decks/<slug>-starter.toml``), so
an installed deckcli finds them from any folder.
"""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING, cast

from deckcli.catalog.model import Card, Catalog, FactionSet
from deckcli.errors import CatalogError, DeckcliError

if TYPE_CHECKING:
    from tomlkit.items import Item


MAX_NAME_CHARS = 1000
"""The longest deck name ``new`` writes: a file deckcli writes must stay within its own input budget."""


def starter_text(faction: FactionSet) -> str:
    """The text of ``faction``'s starter deck file, as shipped (comments included).

    Raises :class:`CatalogError` when the package lacks it.
    """
    name = f"{faction.slug}-starter.toml"
    try:
        return resources.files("deckcli.decks").joinpath(name).read_text("utf-8")
    except OSError:
        raise CatalogError("the starter deck is missing from this deckcli installation", where=name) from None


def with_values(text: str, values: dict[str, str]) -> str:
    """``text`` (a deck file) with the top-level ``values`` set, comments and layout kept."""
    import tomlkit

    from deckcli.files.toml_text import toml_string

    document = tomlkit.parse(text)
    for key, value in values.items():
        # A top-level key of a deck file is a plain value (an Item), never a table split in parts (a Container).
        old = cast("Item", document[key]).trivia if key in document else None
        document[key] = toml_string(value)
        if old is not None:
            trivia = cast("Item", document[key]).trivia
            trivia.comment_ws, trivia.comment = old.comment_ws, old.comment
    return tomlkit.dumps(document)


def skeleton_text(catalog: Catalog, faction: FactionSet, leader: Card | None, name: str | None) -> str:
    """A commented deck file with ``name``, ``faction``, ``leader`` and an empty ``[cards]``.

    Without ``leader`` the ``leader`` line is a comment listing the faction's
    Leaders, so ``deckcli validate`` reports ``leader-count`` until one is chosen.
    """
    import tomli_w

    from deckcli.files.toml_text import safe_toml_text

    leaders = [n for n in faction.copies if catalog.cards[n].is_leader]
    head = {"name": name or f"My {faction.name} deck", "faction": faction.name}
    lines = [
        f"# A {faction.name} deck for Gwent: The Legendary Card Game.",
        "# Standard rules (§2): exactly 1 Leader, at least 22 Unit Cards (Heroes count),",
        "# at most 10 Special Cards (Weather Cards count).",
        "# Check it with: deckcli validate FILE",
        tomli_w.dumps(head).rstrip("\n"),
        "",
        f"# Exactly one Leader (§2); the {faction.name} Leaders are:",
        *(f"#   {leader_name}" for leader_name in leaders),
    ]
    if leader is not None:
        lines.append(tomli_w.dumps({"leader": leader.name}).rstrip("\n"))
    else:
        lines.append("# " + tomli_w.dumps({"leader": leaders[0]}).rstrip("\n"))
    # The guidance sits above the tables: a comment inside [cards] would travel with the card
    # written below it when deckcli fmt sorts the cards.
    lines += [
        "",
        '# [cards]: card name = copies, one card a line, for example "Decoy" = 2.',
        f"# deckcli cards --faction {faction.slug} lists the set;",
        "# deckcli card NAME explains a card.",
        "# [side]: side-deck cards, summoned or transformed cards set aside before play",
        "# (§2).",
        "[cards]",
        "",
        "[side]",
        "",
    ]
    return safe_toml_text("\n".join(lines))


def written_message(output: str, faction: FactionSet, starter: bool) -> str:
    """What ``deckcli new`` says once it wrote ``output``."""
    what = "starter deck" if starter else "deck skeleton"
    return f"wrote {output}: a {faction.name} {what}; check it with: deckcli validate {output}"


def new_deck_text(
    catalog: Catalog,
    faction: FactionSet,
    *,
    leader: Card | None = None,
    starter: bool = False,
    name: str | None = None,
) -> str:
    """The text of a new deck file: the starter deck (its Leader replaced by ``leader`` when given) or a skeleton.

    Raises :class:`CatalogError` when the starter deck is not installed.
    """
    if name is not None and len(name) > MAX_NAME_CHARS:
        raise DeckcliError(f"--name is {len(name):,} characters; a deck's name holds at most {MAX_NAME_CHARS:,}")
    if not starter:
        return skeleton_text(catalog, faction, leader, name)
    values = {"leader": leader.name if leader else None, "name": name}
    return with_values(starter_text(faction), {k: v for k, v in values.items() if v is not None})
