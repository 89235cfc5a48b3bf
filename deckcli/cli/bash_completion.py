"""Completion in bash: the command line read as bash reads it, each completion given back as readline replaces it.

Click's own bash script hands over ``COMP_WORDS``, which bash splits at ``'``,
``"`` and ``:`` too, and inserts a completion as it is: ``Gaunter O'Dimm`` came
back broken (issue 22). This script hands over the line up to the cursor
(``COMP_LINE``) and the text readline will replace (``COMP_WORD``, bash's
``$2``: after an opened quote, or after a ``:`` typed unquoted); deckcli answers
with what replaces that text, unquoted, and readline quotes it as it quotes a
file name (``compopt -o filenames``): ``Gaunter\\ O\\'Dimm``, or inside an opened
quote ``"Commander's Horn"``. Imported only when bash asks for completions.
"""

from __future__ import annotations

import os

from click.shell_completion import BashComplete, CompletionItem, add_completion_class

_SOURCE = """\
%(complete_func)s() {
    local IFS=$'\\n'
    local response completion type value

    response=$(env COMP_LINE="${COMP_LINE:0:COMP_POINT}" COMP_WORD="$2" \\
%(complete_var)s=bash_complete "$1")

    for completion in $response; do
        IFS=',' read -r type value <<< "$completion"

        if [[ $type == 'dir' ]]; then
            COMPREPLY=()
            compopt -o dirnames
        elif [[ $type == 'file' ]]; then
            COMPREPLY=()
            compopt -o default
        elif [[ $type == 'plain' ]]; then
            COMPREPLY+=("$value")
            compopt -o filenames
        fi
    done

    return 0
}

%(complete_func)s_setup() {
    complete -o nosort -F %(complete_func)s %(prog_name)s
}

%(complete_func)s_setup;
"""


def shell_words(line: str) -> list[str]:
    """The words bash reads in ``line``, a command line cut at the cursor, unquoted; the last is the word being typed.

    The last word is ``""`` when the line ends between words. An opened quote or a
    trailing backslash ends the last word as typed so far: ``card "Commander`` gives
    ``["card", "Commander"]``. Shell operators (``;``, ``|``) are read as letters.
    """
    return _split(line)[0]


def _split(line: str) -> tuple[list[str], int]:
    """:func:`shell_words`, and where in ``line`` the last word starts."""
    words: list[str] = []
    word: list[str] = []
    start = -1
    quote = ""
    at = 0
    while at < len(line):
        char = line[at]
        at += 1
        if quote == "'":
            if char == "'":
                quote = ""
            else:
                word.append(char)
        elif quote == '"':
            if char == '"':
                quote = ""
            elif char == "\\" and at < len(line) and line[at] in '"\\$`\n':
                word.append(line[at])
                at += 1
            elif char != "\\" or at < len(line):
                word.append(char)
        elif char in " \t\n":
            if start >= 0:
                words.append("".join(word))
                word, start = [], -1
        else:
            if start < 0:
                start = at - 1
            if char in "'\"":
                quote = char
            elif char == "\\":
                word.append(line[at : at + 1])
                at += 1
            else:
                word.append(char)
    words.append("".join(word))
    return words, start if start >= 0 else len(line)


def kept_prefix(line: str, replaced: str) -> str:
    """What stays of the word being typed when readline replaces ``replaced`` (the word's end, as typed), unquoted.

    ``""`` in the usual case (readline replaces the whole word, or all after an
    opened quote); ``Foltest:`` for ``Foltest:`` typed unquoted, as bash breaks
    words at an unquoted ``:`` (``COMP_WORDBREAKS``) and replaces what follows.
    """
    word = line[_split(line)[1] :]
    if not word.endswith(replaced):
        return ""
    return shell_words(word[: len(word) - len(replaced)])[-1]


class BashLineComplete(BashComplete):
    """Click's bash completion reading ``COMP_LINE`` (see the module's docstring)."""

    source_template = _SOURCE

    def get_completion_args(self) -> tuple[list[str], str]:
        if "COMP_LINE" not in os.environ:  # a script written by an older deckcli: Click's split words
            return super().get_completion_args()
        words = shell_words(os.environ["COMP_LINE"])
        return words[1:-1], words[-1]

    def complete(self) -> str:
        args, incomplete = self.get_completion_args()
        items = self.get_completions(args, incomplete)
        if "COMP_LINE" not in os.environ:
            import shlex

            return "\n".join(f"{item.type},{shlex.quote(item.value) if item.type == 'plain' else item.value}" for item in items)
        option = incomplete.partition("=")[0] + "=" if incomplete.startswith("-") and "=" in incomplete else ""
        kept = kept_prefix(os.environ["COMP_LINE"], os.environ.get("COMP_WORD", ""))
        return "\n".join(line for item in items if (line := _replacement(item, option, kept)))


def _replacement(item: CompletionItem, option: str, kept: str) -> str:
    """``TYPE,TEXT``: the text that replaces readline's, after ``kept``; ``""`` for a completion that does not begin with it."""
    if item.type != "plain":
        return f"{item.type},{item.value}"
    whole = option + str(item.value)
    if whole[: len(kept)].lower() != kept.lower():
        return ""
    return f"plain,{whole[len(kept):]}"


def register() -> None:
    """Make ``bash_source`` and ``bash_complete`` use :class:`BashLineComplete`."""
    add_completion_class(BashLineComplete)
