"""Which file of a language's catalog each message goes in, decided from the source at build time.

A message goes in the app's file (`i18n/<lang>.json`, fetched before the first screen) unless
every file that marks it belongs to one part of the client loaded apart: the organizers'
console, imported only when an organizer opens it, has its own file per language
(`i18n/<lang>.console.json`, fetched with it), so an attendee's first visit does not carry the
console's ~190 messages. A message marked anywhere else too (another module, the shell's
`{{ _() }}`, which the app writes again from the app's file) stays in the app's file.

Nothing here is kept by hand: the marks are read from the modules the build is given, as
`pybabel extract -F babel-app.cfg` reads them. Translators still have one app.po per language.
"""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Iterable, Mapping
from pathlib import Path

from babel.messages.extract import extract

PROJECT = Path(__file__).resolve().parents[2]
# Read by the app's client as well as the modules (data-i18n): its marks keep a message in the app's file.
SHELL = PROJECT / "templates" / "shell.html"
KEYWORDS = {
    "N_": None,
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
CONTEXT_SEP = "\u0004"  # gettext's separator of context and msgid, as the client's keys have it


def marked_key(message: str | tuple[str, ...], context: str | None) -> str:
    msgid = message[0] if isinstance(message, (list, tuple)) else message
    return f"{context}{CONTEXT_SEP}{msgid}" if context else msgid


def marks(static: Mapping[str, bytes], shell: bytes | None = None) -> dict[str, set[str]]:
    """Each message's key -> the files that mark it: the modules among `static` (path in the
    static tree -> bytes: "js/views/now.js") and the shell (templates/shell.html)."""
    found: dict[str, set[str]] = defaultdict(set)
    sources = [(p, "javascript", b) for p, b in static.items() if p.startswith("js/") and p.endswith(".js")]
    sources.append(("templates/shell.html", "jinja2", SHELL.read_bytes() if shell is None else shell))
    for path, method, body in sources:
        for _line, message, _comments, context in extract(method, io.BytesIO(body), keywords=KEYWORDS):
            found[marked_key(message, context)].add(path)
    return found


def owner(paths: Iterable[str], parts: Mapping[str, str]) -> str | None:
    """The part (name -> folder of its modules) every one of `paths` is in; None: the app's."""
    owners = {next((name for name, folder in parts.items() if p.startswith(folder)), None) for p in paths}
    return owners.pop() if len(owners) == 1 else None


def owners(
    static: Mapping[str, bytes], parts: Mapping[str, str], shell: bytes | None = None
) -> dict[str, str]:
    """Key -> its part, for the messages a part alone marks (the others are the app's)."""
    if not parts:
        return {}
    found = {k: owner(paths, parts) for k, paths in marks(static, shell).items()}
    return {k: part for k, part in found.items() if part is not None}
