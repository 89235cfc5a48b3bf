"""A player's own rule set: a JSON Schema file judged against the same profile.

``$ref`` resolves to the built-in deck rule sets (``urn:deckcli:rules:advanced``)
and to local files only, relative to the file that holds the reference.
Every referenced file is read and checked when the rule set is loaded, and
the compiled validator has no way to fetch anything: deckcli never opens a
network connection (docs/architecture.md, "Decisions").
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urldefrag, urljoin, urlparse

from deckcli.errors import RulesError
from deckcli.files.schemas import packaged_schema

if TYPE_CHECKING:
    from referencing import Registry

    from deckcli.rules.rule_set import RuleSet


def _read_json(path: Path, where: str) -> Any:
    """The JSON document in the file at ``path`` (at most 1 MiB of UTF-8, like a deck file)."""
    from deckcli.errors import DeckFileError
    from deckcli.files.budget import check_json_text
    from deckcli.files.reading import decode_text, read_bytes

    if not path.exists():
        raise RulesError("no such rule set or schema file", where=where)
    try:
        text = decode_text(read_bytes(str(path), what="schema file"), where)
    except DeckFileError as error:
        raise RulesError(error.reason, where=where, line=error.line) from None
    check_json_text(text, where, RulesError)
    try:
        document = json.loads(text, parse_constant=_not_json, parse_float=_finite, object_pairs_hook=_without_repeats)
    except _RepeatedKey as repeated:
        quoted = json.dumps(repeated.key, ensure_ascii=False)
        first = text.find(quoted)
        second = text.find(quoted, first + 1) if first >= 0 else -1
        raise RulesError(f"the key {quoted} is given twice in one object: JSON keeps only the last, so a rule would "
                         "be lost; merge them", where=where, line=_line_at(text, second)) from None
    except json.JSONDecodeError as error:
        if path.suffix.lower() == ".toml":  # `validate --rules my-deck.toml advanced`: the deck taken as the rules
            raise RulesError("is a TOML file, not a rule set: --rules takes standard, advanced, solo or a rule-set "
                             "JSON Schema (give the deck after the rule set's name)", where=where) from None
        raise RulesError(f"not valid JSON: {error.msg}", where=where, line=error.lineno, column=error.colno) from None
    except ValueError as error:
        raise RulesError(f"not valid JSON: {error}", where=where) from None
    except RecursionError:
        raise RulesError("not usable as a rule set: nested too deeply", where=where) from None
    _refuse_lone_surrogates(document, where)
    return document


def _refuse_lone_surrogates(document: Any, where: str) -> None:
    """Refuse a string holding half of a UTF-16 surrogate pair (``"\\ud800"`` alone): JSON escapes allow it, but it is
    no character, and no pattern engine, file name or output can take it."""
    try:
        json.dumps(document, ensure_ascii=False).encode("utf-8")  # one pass at C speed: the usual answer
        return
    except UnicodeEncodeError:
        pass
    waiting = [document]
    while waiting:
        item = waiting.pop()
        if isinstance(item, dict):
            waiting.extend(item)
            waiting.extend(item.values())
        elif isinstance(item, list):
            waiting.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as error:
                half = json.dumps(item[error.start])
                raise RulesError(f"holds {half}, half of a UTF-16 surrogate pair, which is no character: write the "
                                 "character itself, or both halves of its pair", where=where,
                                 line=_text_line(where, item)) from None


class _RepeatedKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _without_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice (``json`` would keep the last silently)."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _RepeatedKey(key)
        found[key] = value
    return found


def _not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if number in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is too large for a number")
    return number


def _refs(node: Any, same_document: bool = False, top: bool = True) -> list[tuple[str, str]]:
    """Every ``($ref or $dynamicRef, reference)`` pair in a schema, nested ones included.

    With ``same_document``, none below a nested ``$id`` (their base is another document).
    """
    if isinstance(node, dict):
        if same_document and not top and "$id" in node:
            return []
        found = [(k, v) for k, v in node.items() if k in ("$ref", "$dynamicRef") and isinstance(v, str)]
        return found + [ref for value in node.values() for ref in _refs(value, same_document, top=False)]
    if isinstance(node, list):
        return [ref for item in node for ref in _refs(item, same_document, top=False)]
    return []


DRAFT = "https://json-schema.org/draft/2020-12/schema"


TEMPLATE_KEYS = ("x-message", "x-short", "x-summary")




def _checked_schema(contents: Any, where: str) -> dict[str, Any]:
    """``contents`` if it is a valid draft 2020-12 schema object with well-formed message templates,
    that the sandbox can run (:func:`deckcli.rules.sandbox.check_schema_sandbox`), with its card names in the
    catalog's spelling (:mod:`deckcli.rules.rule_names`)."""
    from deckcli.rules.sandbox import check_schema_sandbox, format_checker, metered_validator_class

    if not isinstance(contents, dict):
        raise RulesError("a rule set must be a JSON Schema object ({...})", where=where)
    declared = contents.get("$schema", DRAFT)
    if not isinstance(declared, str) or declared.rstrip("#") != DRAFT:
        raise RulesError(f'"$schema" must be {DRAFT!r} (deckcli judges with draft 2020-12), or left out', where=where)
    metaschema = metered_validator_class()
    try:  # Draft202012Validator.check_schema, with every keyword counted against the loading budget
        error = next(metaschema(metaschema.META_SCHEMA, format_checker=format_checker()).iter_errors(contents), None)
    except RecursionError:
        raise RulesError("not usable as a rule set: nested too deeply", where=where) from None
    if error is not None:
        if error.validator == "format" and error.validator_value == "regex":
            check_schema_sandbox(contents, where)  # says why RE2 cannot run the pattern
        location = "/".join(str(p) for p in error.absolute_path) or "top level"
        raise RulesError(f"not a valid JSON Schema ({location}): {error.message}", where=where,
                         line=_line_of(where, list(error.absolute_path)))
    _check_annotations(contents, where)
    _check_fields(contents, where)
    check_schema_sandbox(contents, where)
    from deckcli.rules.rule_names import match_card_names

    return match_card_names(contents, where, lambda name: _text_line(where, name))


def _check_fields(schema: dict[str, Any], where: str) -> None:
    """Refuse a rule on a field the profile does not have (``"heros"``): it would never be judged.

    The fields are those of ``schemas/profile.schema.json``; the rule set's own
    ``properties`` and those of its ``allOf`` / ``anyOf`` / ``oneOf`` parts are checked.
    """
    from deckcli.catalog.names import suggest
    from deckcli.rules.profile import profile_fields
    from deckcli.text import did_you_mean, printable

    fields = profile_fields()
    parts: list[tuple[list[Any], Any]] = [([], schema)]
    for key in ("allOf", "anyOf", "oneOf"):
        parts += [([key, index], part) for index, part in enumerate(schema.get(key, [])) if isinstance(part, dict)]
    for at, part in parts:
        properties = part.get("properties")
        for name in properties if isinstance(properties, dict) else ():
            if name not in fields:
                hint = did_you_mean(suggest(name, {field: field for field in fields}))
                shown = printable(name, limit=40)
                raise RulesError(
                    f'properties/{shown}: the profile has no field "{shown}", so this rule would never be judged{hint} '
                    "(deckcli profile DECK shows the fields)",
                    where=where, line=_line_of(where, [*at, "properties", name]),
                )


def _rule_text(where: str) -> str | None:
    """The text of the rule file ``where``, read again to place an error in it (``None`` when it cannot be)."""
    try:
        return Path(where).read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _line_at(text: str, index: int) -> int | None:
    """The 1-based line of ``text`` holding ``index`` (``None`` for a negative index: not found)."""
    return text.count("\n", 0, index) + 1 if index >= 0 else None


def _member_line(where: str, key: str, value: Any) -> int | None:
    """The line of the rule file ``where`` holding ``"key": value`` (else the first ``"key"``), if it is there."""
    import re

    text = _rule_text(where)
    if text is None:
        return None
    quoted = re.escape(json.dumps(key, ensure_ascii=False))
    shown = re.escape(json.dumps(value, ensure_ascii=False)) if not isinstance(value, (dict, list)) else ""
    found = (shown and re.search(quoted + r"\s*:\s*" + shown, text)) or re.search(quoted, text)
    return _line_at(text, found.start()) if found else None


def _text_line(where: str, value: Any) -> int | None:
    """The line of the rule file ``where`` holding the string ``value`` as JSON writes it, if it is there."""
    text = _rule_text(where) if isinstance(value, str) else None
    if text is None:
        return None
    return _line_at(text, max(text.find(json.dumps(value, ensure_ascii=False)), text.find(json.dumps(value))))  # é, \u00e9


def _line_of(where: str, path: list[Any]) -> int | None:
    """The line of the key at ``path`` (``["properties", "units", "minimum"]``) in the rule file ``where``: each key
    looked for after the one before it, list indices passed over. ``None`` when the file cannot tell."""
    text = _rule_text(where)
    if text is None:
        return None
    at = -1
    for part in path:
        if isinstance(part, int):
            continue
        at = text.find(json.dumps(str(part), ensure_ascii=False), at + 1)
        if at < 0:
            return None
    return _line_at(text, at)


def _check_annotations(node: Any, where: str) -> None:
    """Refuse deckcli keywords a rule would misuse: a non-text code or message, an unknown placeholder.

    Every object of the schema is checked against ``schemas/rule-keywords.schema.json``,
    the one description of deckcli's ``x-`` vocabulary; then each message template's
    fields. A house rule set judges one deck (``x-judges`` is ``"deck"`` or absent).
    """
    from deckcli.rules.sandbox import metered_validator_class
    from deckcli.text import printable

    validator = metered_validator_class()(packaged_schema("rule-keywords"))
    waiting = [node]
    while waiting:
        item = waiting.pop()
        if isinstance(item, list):
            waiting.extend(reversed(item))
            continue
        if not isinstance(item, dict):
            continue
        for error in validator.iter_errors(item):
            keyword = str(error.path[0]) if error.path else str(error.instance)
            template = error.schema.get("x-message", "{keyword}: {value} " + error.message)
            value = json.dumps(error.instance, ensure_ascii=False)
            raise RulesError(template.format(keyword=keyword, value=value), where=where,
                             line=_member_line(where, keyword, error.instance) if error.path else None)
        if item.get("x-judges") == "lineup":
            raise RulesError(
                '"x-judges": "lineup": this rule set judges a lineup of decks, not one deck; '
                "deckcli tournament and deckcli team use their built-in lineup rules",
                where=where,
            )
        for key, value in item.items():
            if key.startswith("x-") and isinstance(value, str) and not value.isprintable():
                shown = printable(value, limit=40)
                raise RulesError(f'{key} "{shown}" holds a control or format character (a terminal escape, a new '
                                 "line): a message is one line of plain text", where=where, line=_text_line(where, value))
        for key in TEMPLATE_KEYS:
            if key in item:
                try:
                    _check_template(key, item[key], where)
                except RulesError as refused:
                    refused.line = refused.line or _text_line(where, item[key])
                    raise
        waiting.extend(value for key, value in reversed(list(item.items())) if not key.startswith("x-"))


def _check_template(key: str, template: str, where: str) -> None:
    """Refuse a template deckcli could not fill: unknown or nested fields, a format it cannot apply."""
    import string

    from deckcli.rules.messages import FINDING_FIELDS
    from deckcli.rules.profile import item_fields, nested_fields, profile_fields
    from deckcli.rules.sandbox import format_spec_problem
    from deckcli.text import printable

    known = sorted({*profile_fields(), *item_fields(), *FINDING_FIELDS} - set(nested_fields()))
    try:
        parts = [
            (field, spec, conversion)
            for _text, field, spec, conversion in string.Formatter().parse(template)
            if field is not None
        ]
    except ValueError as error:
        raise RulesError(f"{key} {template!r} is not a message template: {error}", where=where) from None
    for field, spec, conversion in parts:
        if conversion not in (None, "r", "s", "a"):
            raise RulesError(f"{key} {template!r}: !{conversion} is not a conversion (use !s, !r or none)", where=where)
        if field not in known:
            raise RulesError(
                f"{key} {template!r}: {{{field}}} is not a field a message can use; choose {', '.join(known)}",
                where=where,
            )
        if spec and spec.count("|") > 1:
            raise RulesError(f"{key} {printable(template)!r}: {{{field}:{printable(spec, limit=20)}}} has more than two "
                             "nouns; write {field:singular|plural}", where=where)
        problem = format_spec_problem(spec) if spec and "|" not in spec else None
        if problem is not None:
            raise RulesError(f"{key} {printable(template)!r}: {{{field}:{printable(spec or '', limit=20)}}} {problem}", where=where)
        if spec and "|" not in spec and not _applies(spec):
            raise RulesError(
                f"{key} {template!r}: {{{field}:{spec}}} is not a format deckcli can apply; "
                "write {field:singular|plural} for a count with its noun",
                where=where,
            )


def _applies(spec: str) -> bool:
    """Whether ``spec`` formats a number or a text (``>5``, ``.1f``, ``,``)."""
    for sample in (1, 1.5, "x"):
        try:
            format(sample, spec)
            return True
        except (ValueError, TypeError):
            continue
    return False


def _local_schemas(root: dict[str, Any], base: str, where: str, builtin_ids: set[str]) -> dict[str, dict[str, Any]]:
    """Every local schema file reachable from ``root`` by ``$ref``: file URI -> schema.

    Each schema's ``$id`` is set to its file's URI, so its references resolve
    relative to the file. Raises :class:`RulesError` naming the referring file
    for a reference to the network, to an unknown built-in rule set, or to a
    file that is missing or not a valid JSON Schema.
    """
    from deckcli.rules.sandbox import spend_step

    folder = Path(unquote(urlparse(base).path)).parent
    loaded = {base: {**root, "$id": base}}
    waiting = [(base, root, where)]
    while waiting:
        uri, schema, shown = waiting.pop()
        for keyword, ref in _refs(schema):
            target, _fragment = urldefrag(urljoin(uri, ref))
            parsed = urlparse(target)
            if parsed.scheme == "urn":
                if target not in builtin_ids:
                    choices = ", ".join(sorted(builtin_ids))
                    raise RulesError(f"{keyword} {ref!r}: no such built-in rule set; choose {choices}", where=shown)
                continue
            if parsed.scheme != "file" or parsed.netloc not in ("", "localhost"):
                raise RulesError(
                    f"{keyword} {ref!r} points to {target}: deckcli never fetches schemas over the network; "
                    "save that schema as a local file and refer to it by its path",
                    where=shown,
                )
            if target in loaded:
                continue
            spend_step()  # a chain of many files is bounded by the loading budget too
            path = _referenced_file(keyword, ref, Path(unquote(parsed.path)), folder, shown)
            try:
                contents = _checked_schema(_read_json(path, str(path)), str(path))
            except RulesError:
                # Nothing of a referenced file is quoted, only where: the message could repeat its content.
                raise RulesError(
                    f"{keyword} {ref!r}: {path} is not a usable rule-set schema (not quoted here; "
                    f"see why with --rules {path})",
                    where=shown,
                ) from None
            loaded[target] = {**contents, "$id": target}
            waiting.append((target, contents, str(path)))
    return loaded


def _referenced_file(keyword: str, ref: str, path: Path, folder: Path, shown: str) -> Path:
    """``path``, the file a ``$ref`` names, once it is known to be a regular file in ``folder`` or below.

    Raises :class:`RulesError` naming the reference when it leaves the folder, names nothing, a folder or a
    device, a symbolic link that leads back to itself, or a name no file can have (a NUL byte).
    """
    from deckcli.files.reading import display_path

    named = display_path(str(path))
    try:
        inside = path.resolve().is_relative_to(folder)
        kind = "file" if path.is_file() else "folder" if path.is_dir() else "other" if os.path.lexists(path) else None
    except RuntimeError:  # pathlib's word for a loop of symbolic links
        raise RulesError(f"{keyword} {ref!r}: {named} is a loop of symbolic links, not a schema file",
                         where=shown) from None
    except (OSError, ValueError) as error:  # a NUL byte, a name the file system cannot encode
        raise RulesError(f"{keyword} {ref!r}: not a file name this system can use ({error})", where=shown) from None
    if not inside:
        raise RulesError(
            f"{keyword} {ref!r} leaves the rule file's folder ({folder}): a rule set may refer only to "
            "files in its own folder or below; copy that schema there",
            where=shown,
        )
    if kind is None:
        raise RulesError(f"{keyword} {ref!r}: no such schema file {named}", where=shown)
    if kind != "file":
        what = "a folder" if kind == "folder" else "not a regular file"
        raise RulesError(f"{keyword} {ref!r}: {named} is {what}, not a schema file", where=shown)
    return path


def _check_references(schema: dict[str, Any], resolver: Any, where: str) -> None:
    """Refuse a ``$ref`` that points to nothing (``#/$defs/nope``, a missing pointer in another file).

    References below a nested ``$id`` are left to the validator: their base is another document.
    """
    from referencing.exceptions import Unresolvable

    for ref in (ref for keyword, ref in _refs(schema, same_document=True) if keyword == "$ref"):
        try:
            resolver.lookup(ref)
        except Unresolvable:
            target, fragment = urldefrag(ref)
            inside = f" in {target}" if target else ""
            raise RulesError(f"$ref {ref!r}: nothing at #{fragment}{inside}", where=where) from None


def load_house_rules(spec: str, builtin_registry: Registry[Any]) -> RuleSet:
    """Load the rule-set schema file at ``spec`` and compile it.

    Returns a :class:`deckcli.rules.rule_set.RuleSet` named after the file. Raises
    :class:`RulesError` (exit code 2) when the file cannot be read, is not
    JSON, is not a valid JSON Schema, or refers (directly or through another
    file) to anything but local files and the built-in deck rule sets.
    """
    from referencing import Resource
    from referencing.jsonschema import DRAFT202012

    from deckcli.rules.builtin import BUILTIN_ID_PREFIX, builtin_rule_sets
    from deckcli.rules.rule_set import RuleSet

    from deckcli.rules.sandbox import loading_budget

    path = Path(spec)
    builtin_ids = {BUILTIN_ID_PREFIX + name for name in builtin_rule_sets()}
    with loading_budget(spec):
        schema = _checked_schema(_read_json(path, spec), spec)
        base = path.resolve().as_uri()
        local = _local_schemas(schema, base, spec, builtin_ids)
        registry = builtin_registry.with_resources(
            (uri, Resource.from_contents(contents, default_specification=DRAFT202012)) for uri, contents in local.items()
        )
        for uri, contents in local.items():
            _check_references(contents, registry.resolver(base_uri=uri), spec if uri == base else unquote(urlparse(uri).path))
    return RuleSet.compile(path.name, local[base], registry=registry, where=spec, sandboxed=True)
