"""TOML text deckcli writes (``fmt``, ``new``, ``import``, ``add``/``remove``, ``fix``): its strings and keys made safe.

tomlkit and tomli_w escape the C0 controls in a string, but write C1 controls
(U+009B is CSI, a terminal escape on its own), bidi overrides and the other
characters :func:`deckcli.text.shown` escapes as they are: ``cat deck.toml``
would then hand them to the terminal. Every string and key deckcli writes goes
through here and has them as TOML escapes (``\\u009B``): the same value to any
TOML reader.
"""

from __future__ import annotations

from typing import Any

from deckcli.text import escaped, escaped_lines, toml_escape


def toml_string(value: str) -> Any:
    """``value`` as a tomlkit basic string item, every character :func:`deckcli.text.shown` escapes written as a
    TOML escape."""
    from tomlkit.items import String, StringType, Trivia

    plain = String.from_raw(value)  # tomlkit's own escapes: quotes, backslashes, C0 controls
    return String(StringType.SLB, value, escaped(plain.as_string()[1:-1], toml_escape), Trivia())


def toml_key(name: str) -> Any:
    """``name`` as a tomlkit quoted key (``"Decoy" = 2``), escaped as :func:`toml_string` escapes."""
    from tomlkit.items import KeyType, SingleKey

    plain = SingleKey(name, KeyType.Basic).as_string()
    return SingleKey(name, KeyType.Basic, original=escaped(plain, toml_escape))


def safe_toml_text(text: str) -> str:
    """TOML text written by tomli_w (basic strings and keys only) or by deckcli itself (with its own comments),
    each character :func:`deckcli.text.shown` escapes written as a TOML escape; line breaks kept.

    Not for text copied from a player's file: a literal string (``'…'``) there has no escapes.
    """
    return escaped_lines(text, toml_escape)
