"""One card printed whole for ``deckcli card``: a title line, then ``Label: value`` lines."""

from __future__ import annotations

from typing import Any

from deckcli.render.layout import Layout
from deckcli.text import counted, either


def render_card_sheet(sheet: dict[str, Any], width: int | None = None) -> str:
    """The sheet as text: a title line, then ``Label: value`` lines, wrapped to ``width`` columns
    (``None``: one line each). No trailing newline."""
    neutral = sheet["faction"] == "Neutral"
    kind = f"Neutral {sheet['kind']}: every faction's set prints it" if neutral else f"{sheet['kind']} of {sheet['faction']}"
    lines = [sheet["name"], f"  {kind}"]
    if sheet["strength"] is not None:
        lines.append(f"  Strength: {sheet['strength']}")
    if sheet["rows"]:
        lines.append(f"  Row: {either(sheet['rows'])}")
    leader = sheet["leader"]
    if leader:
        lines.append(f"  Leader ability: {leader['ability']}")
        lines.append(f"  {leader['rule']}")
    for ability in sheet["abilities"]:
        lines.append(f"  {ability['name']} ({ability['section']}): {ability['rule']}")
    group = sheet["group"]
    if group:
        members = ", ".join(f"{m['name']} ×{m['copies']}" for m in group["members"])
        lines.append(f"  {group['ability']} group \"{group['name']}\": {members}")
    if sheet["side_deck_card"]:
        lines.append(f"  Side deck: {sheet['side_deck_card']} (set it aside before play, outside the main deck)")
    if sheet["side_deck"]:
        lines.append(f"  {sheet['side_deck']}")
    if sheet["brought_by"]:
        lines.append(f"  Brought in by: {either(sheet['brought_by'])}")
    printed = ", ".join(f"{p['faction']} ×{p['copies']}" for p in sheet["printed_in"])
    lines.append(f"  Printed in: {printed}")
    chosen = sheet["in_faction"]
    if chosen:
        copies = chosen["copies"]
        held = counted(copies, 'copy', 'copies') if copies else "not printed (off-faction, §2)"
        lines.append(f"  In the {chosen['faction']} set: {held}")
    if sheet["aliases"]:
        lines.append(f"  Also known as: {', '.join(sheet['aliases'])}")
    layout = Layout(width=width)
    return "\n".join(wrapped for line in lines for wrapped in layout.wrap(line, indent="  " if line[:1] == " " else ""))
