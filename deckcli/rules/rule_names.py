"""Card names in a player's rule file, matched as deck names are (issue 22, item 8).

A house rule that bans ``"scorch"`` or ``"Commander’s Horn"`` (a curly apostrophe) must
ban Scorch and Commander's Horn: the profile a rule judges holds catalog names, so
each name a rule writes where the profile holds card names (``CARD_NAME_FIELDS`` of
:mod:`deckcli.rules.profile`) is looked up as a deck file's name is
(:meth:`deckcli.catalog.model.Catalog.find`) and replaced by the catalog's spelling,
or the rule file is refused, saying where, with "did you mean".

Read: ``const`` and ``enum`` values of a name; of ``cards``, the keys of ``properties``,
``dependentRequired`` (its lists too) and ``dependentSchemas``, ``required`` and
``propertyNames``; of a list of names, ``items``, ``prefixItems`` and ``contains``, and its
``const`` and ``enum`` lists; of ``over_copies``, the ``card`` of its items; through ``allOf``,
``anyOf``, ``oneOf``, ``not``, ``if``, ``then`` and ``else`` at each level. Patterns, and
rules inside ``$defs``, are left as written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deckcli.errors import RulesError

_SAME_LEVEL = ("allOf", "anyOf", "oneOf")
_ONE_SCHEMA = ("not", "if", "then", "else")

Level = Callable[[dict[str, Any], list[str]], dict[str, Any]]


def match_card_names(schema: dict[str, Any], where: str, line_of: Callable[[str], int | None]) -> dict[str, Any]:
    """``schema`` (the rule file ``where``: a JSON Schema over the profile) with every card name it writes in the
    catalog's spelling; ``schema`` itself is not changed.

    Raises :class:`RulesError` (exit code 2) for a name that is no card or may mean several, at the line
    ``line_of(name)`` gives and its JSON path, and for two keys naming one card.
    """
    return _CardNames(where, line_of).profile(schema)


class _CardNames:
    def __init__(self, where: str, line_of: Callable[[str], int | None]) -> None:
        from deckcli.catalog.loading import default_catalog

        self.catalog = default_catalog()
        self.where = where
        self.line_of = line_of

    def card(self, name: Any, path: list[str]) -> Any:
        """The catalog name of ``name`` (anything else is left as it is)."""
        from deckcli.catalog.lookup import ambiguous_reason, unknown_reason

        if not isinstance(name, str):
            return name
        found = self.catalog.find(name)
        if len(found) == 1:
            return found[0].name
        reason = (ambiguous_reason(name, [c.name for c in found]) if found
                  else unknown_reason(name, self.catalog.suggest(name)))
        raise RulesError(f"{'/'.join(path)}: {reason} (a rule names cards as a deck file does)", where=self.where,
                         line=self.line_of(name))

    def walk(self, node: Any, path: list[str], level: Level) -> Any:
        """``node`` with ``level`` applied to it and to its parts that judge the same value (``allOf``, ``not``, …)."""
        if not isinstance(node, dict):
            return node
        changed = level(node, path)
        for key in _SAME_LEVEL:
            if isinstance(changed.get(key), list):
                changed[key] = [self.walk(part, [*path, key, str(at)], level) for at, part in enumerate(changed[key])]
        for key in _ONE_SCHEMA:
            if key in changed:
                changed[key] = self.walk(changed[key], [*path, key], level)
        return changed

    def profile(self, schema: dict[str, Any]) -> dict[str, Any]:
        from deckcli.rules.profile import CARD_NAME_FIELDS

        levels: dict[str, Level] = {"name": self.name, "keys": self.keys, "names": self.names, "objects": self.objects}

        def level(node: dict[str, Any], path: list[str]) -> dict[str, Any]:
            properties = node.get("properties")
            if not isinstance(properties, dict):
                return dict(node)
            return {**node, "properties": {
                field: self.walk(rule, [*path, "properties", field], levels[CARD_NAME_FIELDS[field]])
                if field in CARD_NAME_FIELDS else rule
                for field, rule in properties.items()
            }}

        return dict(self.walk(schema, [], level))

    def name(self, node: dict[str, Any], path: list[str]) -> dict[str, Any]:
        changed = dict(node)
        if "const" in changed:
            changed["const"] = self.card(changed["const"], [*path, "const"])
        if isinstance(changed.get("enum"), list):
            changed["enum"] = [self.card(value, [*path, "enum"]) for value in changed["enum"]]
        return changed

    def keys(self, node: dict[str, Any], path: list[str]) -> dict[str, Any]:
        changed = dict(node)
        for key in ("properties", "dependentRequired", "dependentSchemas"):
            if isinstance(changed.get(key), dict):
                renamed: dict[str, Any] = {}
                for name, value in changed[key].items():
                    card = self.card(name, [*path, key])
                    if card in renamed:
                        raise RulesError(f"{'/'.join([*path, key])}: \"{name}\" names {card} a second time: merge "
                                         "the two", where=self.where, line=self.line_of(name))
                    if key == "dependentRequired" and isinstance(value, list):
                        value = [self.card(other, [*path, key, card]) for other in value]
                    renamed[card] = value
                changed[key] = renamed
        if isinstance(changed.get("required"), list):
            changed["required"] = [self.card(name, [*path, "required"]) for name in changed["required"]]
        if "propertyNames" in changed:
            changed["propertyNames"] = self.walk(changed["propertyNames"], [*path, "propertyNames"], self.name)
        return changed

    def names(self, node: dict[str, Any], path: list[str]) -> dict[str, Any]:
        changed = dict(node)
        for key in ("items", "contains"):
            if key in changed:
                changed[key] = self.walk(changed[key], [*path, key], self.name)
        if isinstance(changed.get("prefixItems"), list):
            changed["prefixItems"] = [self.walk(part, [*path, "prefixItems", str(at)], self.name)
                                      for at, part in enumerate(changed["prefixItems"])]
        if isinstance(changed.get("const"), list):
            changed["const"] = [self.card(name, [*path, "const"]) for name in changed["const"]]
        if isinstance(changed.get("enum"), list):
            changed["enum"] = [[self.card(name, [*path, "enum"]) for name in value] if isinstance(value, list)
                               else value for value in changed["enum"]]
        return changed

    def objects(self, node: dict[str, Any], path: list[str]) -> dict[str, Any]:
        def card_object(item: dict[str, Any], at: list[str]) -> dict[str, Any]:
            properties = item.get("properties")
            if not isinstance(properties, dict) or "card" not in properties:
                return dict(item)
            card = self.walk(properties["card"], [*at, "properties", "card"], self.name)
            return {**item, "properties": {**properties, "card": card}}

        changed = dict(node)
        for key in ("items", "contains"):
            if key in changed:
                changed[key] = self.walk(changed[key], [*path, key], card_object)
        return changed
