"""Pseudo-locales made from the template (.pot) at build time, for checking the layout, not for
reading: `en-XA` (accented, about 35 % longer, bracketed: text that overflows, is cut or was
never marked for translation shows at once) and `ar-XB` (each message shown mirrored, right to
left, in a page whose `dir` is "rtl").

`ar-XB` rather than a `?dir=rtl` switch: the page's direction then comes from the chosen
language's catalog, the same path a real right-to-left language takes, so that path is what the
check exercises. Neither is offered in the switcher; `?hl=en-XA` / `?hl=ar-XB` selects it.
"""

from __future__ import annotations

import re

ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
PLACEHOLDER = re.compile(r"(\{[A-Za-z0-9_]*\}|%\(\w+\)[sd]|%[sd])")
PADDING = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen"
GROWTH = 0.35
RLO, PDF = "\u202e", "\u202c"


def accented(text: str) -> str:
    """[Šçĥéðûļé one] for "Schedule": placeholders kept as they are, about 35 % longer."""
    pieces = PLACEHOLDER.split(text)
    body = "".join(p if i % 2 else p.translate(ACCENTS) for i, p in enumerate(pieces))
    plain = sum(len(p) for i, p in enumerate(pieces) if not i % 2)
    extra = max(1, round(plain * GROWTH)) if plain else 0
    pad = PADDING[:extra].rstrip()
    return f"[{body} {pad}]" if pad else f"[{body}]"


def mirrored(text: str) -> str:
    """The text shown right to left (Unicode's right-to-left override)."""
    return f"{RLO}{text}{PDF}"


MAKERS = {"en-XA": accented, "ar-XB": mirrored}
