"""Writing Python "does this document break nothing?" checks from deckcli's JSON Schemas.

The schemas stay the one source of truth: jsonschema judges a document, and
words every finding, whenever something is wrong. What this module writes is
only a shortcut for the common case, a document that breaks nothing, so that
a legal deck is judged without importing jsonschema (about a third of a
``validate`` run). Each generated function returns ``True`` exactly when
jsonschema (draft 2020-12, with deckcli's strict ``integer``) finds no error;
``tests/files/test_schema_checks.py`` proves it on every case of the test suite and
on generated documents.

Run ``python tools/generate.py`` after editing a schema to rewrite
:mod:`deckcli.files.schema_checks_generated` (``--check`` only says whether it
is current; the tests fail while it is not). At run time the generated
module is used only while each schema file still has the size and CRC-32 it
was generated from (:mod:`deckcli.files.schema_checks`), so an edited schema
never meets an old check.

A schema using a keyword this generator does not translate gets no check
(``None``): it is always judged by jsonschema, never guessed.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA_FOLDER = Path(__file__).resolve().parent.parent / "schemas"
GENERATED = Path(__file__).resolve().parent / "schema_checks_generated.py"

ANNOTATIONS = frozenset({
    "$schema", "$id", "$comment", "$defs", "title", "description", "default", "examples", "deprecated",
    "readOnly", "writeOnly", "format", "contentEncoding", "contentMediaType", "contentSchema",
})
"""Keywords that never make a document invalid (``x-*`` deckcli keywords neither): deckcli's validator
checks no ``format`` (jsonschema asserts formats only when given a format checker)."""
APPLIED_BY_NEIGHBOURS = frozenset({"then", "else", "minContains", "maxContains"})
"""Keywords read while translating another one (``if``, ``contains``)."""

TYPE_TESTS = {
    "object": "isinstance({v}, dict)",
    "array": "isinstance({v}, list)",
    "string": "isinstance({v}, str)",
    "integer": "(isinstance({v}, int) and not isinstance({v}, bool))",
    "number": "_is_number({v})",
    "boolean": "isinstance({v}, bool)",
    "null": "{v} is None",
}

HELPERS = '''
def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _unbool(value: Any) -> Any:
    if value is True:
        return _TRUE
    if value is False:
        return _FALSE
    return value


_TRUE, _FALSE = object(), object()


def _equal(one: Any, two: Any) -> bool:
    """JSON equality as jsonschema's ``const`` and ``enum`` judge it: ``true`` is not ``1``."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    if isinstance(one, (list, tuple)) and isinstance(two, (list, tuple)):
        return len(one) == len(two) and all(_equal(a, b) for a, b in zip(one, two))
    if isinstance(one, dict) and isinstance(two, dict):
        return len(one) == len(two) and all(key in two and _equal(value, two[key]) for key, value in one.items())
    return bool(_unbool(one) == _unbool(two))
'''


class Untranslatable(Exception):
    """The schema uses a keyword (or a ``$ref``) this generator does not translate."""


@dataclass
class _Writer:
    """Functions being written: one per schema node that needs a name (roots, ``$ref`` targets, subschemas)."""

    documents: dict[str, dict[str, Any]]
    """Every schema by its ``$id``, for ``$ref`` between them."""
    functions: list[str] = field(default_factory=list)
    named: dict[tuple[str, str], str] = field(default_factory=dict)
    counter: int = 0

    def function_for(self, base: str, pointer: str, node: Any) -> str:
        """The name of the function checking ``node`` (at ``pointer`` in document ``base``), writing it once."""
        key = (base, pointer)
        if key in self.named:
            return self.named[key]
        self.counter += 1
        name = f"_check_{self.counter}"
        self.named[key] = name
        body: list[str] = []
        self.statements(base, pointer, node, "value", body, 1)
        lines = [f"def {name}(value: Any) -> bool:", *body, "    return True"]
        self.functions.append("\n".join(lines))
        return name

    def statements(self, base: str, pointer: str, node: Any, var: str, out: list[str], depth: int) -> None:
        """Append to ``out`` the statements that ``return False`` when ``var`` breaks ``node``."""
        pad = "    " * depth
        if node is True:
            return
        if node is False:
            out.append(f"{pad}return False")
            return
        if not isinstance(node, dict):
            raise Untranslatable(f"a schema must be an object or a boolean at {pointer or '/'}")
        if pointer and "$id" in node:
            raise Untranslatable(f"$id below the top at {pointer}: a new base for its references")
        for keyword, value in node.items():
            if keyword.startswith("x-") or keyword in ANNOTATIONS or keyword in APPLIED_BY_NEIGHBOURS:
                continue
            here = f"{pointer}/{keyword}"
            if keyword == "type":
                types = value if isinstance(value, list) else [value]
                if not all(isinstance(t, str) and t in TYPE_TESTS for t in types):
                    raise Untranslatable(f"type {value!r} at {here}")
                test = " or ".join(TYPE_TESTS[t].format(v=var) for t in types) or "False"
                out.append(f"{pad}if not ({test}):")
                out.append(f"{pad}    return False")
            elif keyword == "const":
                out.append(f"{pad}if not _equal({var}, {_literal(value)}):")
                out.append(f"{pad}    return False")
            elif keyword == "enum":
                if not isinstance(value, list):
                    raise Untranslatable(f"enum at {here}")
                out.append(f"{pad}if not any(_equal({var}, each) for each in {_literal(value)}):")
                out.append(f"{pad}    return False")
            elif keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
                if not _is_number(value):
                    raise Untranslatable(f"{keyword} at {here}")
                broken = {"minimum": "<", "maximum": ">", "exclusiveMinimum": "<=", "exclusiveMaximum": ">="}[keyword]
                number = f"isinstance({var}, (int, float)) and not isinstance({var}, bool)"
                out.append(f"{pad}if {number} and {var} {broken} {value!r}:")
                out.append(f"{pad}    return False")
            elif keyword in _SIZES:
                kind, broken = _SIZES[keyword]
                if not isinstance(value, int) or isinstance(value, bool):
                    raise Untranslatable(f"{keyword} at {here}")
                out.append(f"{pad}if {TYPE_TESTS[kind].format(v=var)} and len({var}) {broken} {value}:")
                out.append(f"{pad}    return False")
            elif keyword == "required":
                if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
                    raise Untranslatable(f"required at {here}")
                out.append(f"{pad}if isinstance({var}, dict) and not all(key in {var} for key in {_literal(value)}):")
                out.append(f"{pad}    return False")
            elif keyword == "properties":
                if not isinstance(value, dict):
                    raise Untranslatable(f"properties at {here}")
                inner = f"v{depth}"
                block: list[str] = []
                for name, subschema in value.items():
                    check = self.function_for(base, f"{here}/{_escape(name)}", subschema)
                    block.append(f"{pad}    {inner} = {var}.get({name!r}, _ABSENT)")
                    block.append(f"{pad}    if {inner} is not _ABSENT and not {check}({inner}):")
                    block.append(f"{pad}        return False")
                if block:
                    out.append(f"{pad}if isinstance({var}, dict):")
                    out.extend(block)
            elif keyword == "additionalProperties":
                if "patternProperties" in node:
                    raise Untranslatable(f"patternProperties at {pointer}")
                known = _literal(sorted(node.get("properties", {})))
                if value is True:
                    continue
                if value is False:
                    out.append(f"{pad}if isinstance({var}, dict) and any(key not in {known} for key in {var}):")
                    out.append(f"{pad}    return False")
                    continue
                check = self.function_for(base, here, value)
                out.append(f"{pad}if isinstance({var}, dict):")
                out.append(f"{pad}    known_{depth} = {known}")
                out.append(f"{pad}    for key_{depth}, item_{depth} in {var}.items():")
                out.append(f"{pad}        if key_{depth} not in known_{depth} and not {check}(item_{depth}):")
                out.append(f"{pad}            return False")
            elif keyword == "items":
                if "prefixItems" in node:
                    raise Untranslatable(f"prefixItems at {pointer}")
                check = self.function_for(base, here, value)
                out.append(f"{pad}if isinstance({var}, list) and not all({check}(item) for item in {var}):")
                out.append(f"{pad}    return False")
            elif keyword == "propertyNames":
                check = self.function_for(base, here, value)
                out.append(f"{pad}if isinstance({var}, dict) and not all({check}(key) for key in {var}):")
                out.append(f"{pad}    return False")
            elif keyword == "contains":
                check = self.function_for(base, here, value)
                least, most = node.get("minContains", 1), node.get("maxContains")
                count = f"sum(1 for item in {var} if {check}(item))"
                broken = f"{count} < {least!r}" + (f" or {count} > {most!r}" if most is not None else "")
                out.append(f"{pad}if isinstance({var}, list) and ({broken}):")
                out.append(f"{pad}    return False")
            elif keyword in ("allOf", "anyOf", "oneOf"):
                if not isinstance(value, list) or not value:
                    raise Untranslatable(f"{keyword} at {here}")
                checks = [self.function_for(base, f"{here}/{n}", sub) for n, sub in enumerate(value)]
                calls = ", ".join(f"{c}({var})" for c in checks)
                broken = {
                    "allOf": f"not all(({calls},))",
                    "anyOf": f"not any(({calls},))",
                    "oneOf": f"sum(({calls},)) != 1",
                }[keyword]
                out.append(f"{pad}if {broken}:")
                out.append(f"{pad}    return False")
            elif keyword == "not":
                check = self.function_for(base, here, value)
                out.append(f"{pad}if {check}({var}):")
                out.append(f"{pad}    return False")
            elif keyword == "if":
                test = self.function_for(base, here, value)
                then = self.function_for(base, f"{pointer}/then", node["then"]) if "then" in node else None
                other = self.function_for(base, f"{pointer}/else", node["else"]) if "else" in node else None
                chosen = f"({then}({var}) if {test}({var}) else " if then else f"(True if {test}({var}) else "
                chosen += f"{other}({var}))" if other else "True)"
                out.append(f"{pad}if not {chosen}:")
                out.append(f"{pad}    return False")
            elif keyword == "$ref":
                target_base, target_pointer, target = self.resolve(base, value)
                check = self.function_for(target_base, target_pointer, target)
                out.append(f"{pad}if not {check}({var}):")
                out.append(f"{pad}    return False")
            else:
                raise Untranslatable(f"keyword {keyword!r} at {here}")

    def resolve(self, base: str, ref: Any) -> tuple[str, str, Any]:
        """The document, pointer and node a ``$ref`` names: within its own schema, or another by ``$id``."""
        if not isinstance(ref, str):
            raise Untranslatable(f"$ref {ref!r}")
        uri, _, fragment = ref.partition("#")
        target_base = uri or base
        if target_base not in self.documents:
            raise Untranslatable(f"$ref {ref!r}: no schema has that $id")
        if fragment and not fragment.startswith("/"):
            raise Untranslatable(f"$ref {ref!r}: anchors are not translated")
        node: Any = self.documents[target_base]
        for part in fragment.split("/")[1:] if fragment else []:
            part = part.replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                raise Untranslatable(f"$ref {ref!r}: nothing at that pointer")
        return target_base, fragment, node


_SIZES = {
    "minLength": ("string", "<"),
    "maxLength": ("string", ">"),
    "minItems": ("array", "<"),
    "maxItems": ("array", ">"),
    "minProperties": ("object", "<"),
    "maxProperties": ("object", ">"),
}


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _escape(name: str) -> str:
    return name.replace("~", "~0").replace("/", "~1")


def _literal(value: Any) -> str:
    """``value`` (JSON data) as a Python literal; lists become tuples so that nothing shared can be changed."""
    if isinstance(value, list):
        return "(" + "".join(f"{_literal(item)}, " for item in value) + ")"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key!r}: {_literal(item)}" for key, item in value.items()) + "}"
    if isinstance(value, float) and value != value:
        raise Untranslatable("NaN")
    return repr(value)


def schema_files(folder: Path = SCHEMA_FOLDER) -> dict[str, Path]:
    """Every packaged schema by name (``deck``, ``rules/advanced``…): the names :func:`packaged_schema` takes."""
    found = {path.name.removesuffix(".schema.json"): path for path in folder.glob("*.schema.json")}
    found.update({f"rules/{path.name.removesuffix('.schema.json')}": path for path in folder.glob("rules/*.schema.json")})
    return dict(sorted(found.items()))


def size_and_crc(data: bytes) -> tuple[int, int]:
    """What a generated check remembers of its schema file: size in bytes and CRC-32."""
    return len(data), zlib.crc32(data)


def generate(folder: Path = SCHEMA_FOLDER) -> str:
    """The source of :mod:`deckcli.files.schema_checks_generated` for the schemas in ``folder``."""
    files = schema_files(folder)
    raw = {name: path.read_bytes() for name, path in files.items()}
    schemas = {name: json.loads(data) for name, data in raw.items()}
    documents = {schema["$id"]: schema for schema in schemas.values() if isinstance(schema.get("$id"), str)}
    writer = _Writer(documents)
    entries: list[str] = []
    for name, schema in schemas.items():
        base = schema.get("$id", f"urn:deckcli:file:{name}")
        writer.documents.setdefault(base, schema)
        mark = len(writer.functions), writer.counter, dict(writer.named)
        try:
            check = writer.function_for(base, "", schema)
        except Untranslatable as why:
            writer.functions[mark[0]:] = []
            writer.counter, writer.named = mark[1], mark[2]
            entries.append(f"    {name!r}: None,  # not translated: {why}")
            continue
        entries.append(f"    {name!r}: {check},")
    header = (
        '"""GENERATED from deckcli/schemas/ by deckcli.files.schema_check_generator: do not edit.\n\n'
        "Each function returns True exactly when jsonschema finds no error in the document\n"
        "under that schema. CHECKS maps a schema name to its check (None when a keyword\n"
        "was not translated); SOURCES each schema file's (size, CRC-32) when generated.\n"
        'Rewrite it with: python tools/generate.py\n"""\n\n'
        "from __future__ import annotations\n\n"
        "from typing import Any, Callable\n\n"
        "_ABSENT = object()\n\n"
    )
    body = "\n\n\n".join(writer.functions)
    sources = "".join(f"    {name!r}: {size_and_crc(data)!r},\n" for name, data in raw.items())
    table = (
        f"SOURCES: dict[str, tuple[int, int]] = {{\n{sources}}}\n\n"
        "CHECKS: dict[str, Callable[[Any], bool] | None] = {\n" + "\n".join(entries) + "\n}\n"
    )
    return f"{header}{HELPERS}\n\n{body}\n\n\n{table}"
