"""Colours a source gives (a track's), checked before they reach a stylesheet."""

from __future__ import annotations

import re

_HEX = re.compile(r"#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
CANONICAL = re.compile(r"#[0-9a-f]{6}")


def hex_color(value: object) -> str | None:
    """`#rrggbb` for a CSS hex colour (`#abc`, `#AABBCC`, or without the `#` as Sched and
    some exporters write it); None for anything else, which is dropped rather than refused:
    a schedule is worth more than its colours, and a phone makes a colour of its own."""
    if not isinstance(value, str):
        return None
    found = _HEX.fullmatch(value.strip())
    if not found:
        return None
    digits = found.group(1).lower()
    return "#" + ("".join(c * 2 for c in digits) if len(digits) == 3 else digits)
