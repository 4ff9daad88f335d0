"""Who is writing: organizer tokens by name (HALLWAY_ADMIN_TOKENS, and HALLWAY_ADMIN_TOKEN as
`admin`). A request is told apart only by its Authorization header; the token itself is never
logged, stored or put in a URL, only the organizer's name."""

from __future__ import annotations

import hmac
from collections.abc import Mapping
from typing import Any

from ..settings import parse_tokens

SINGLE_TOKEN_NAME = "admin"


def tokens(config: Mapping[str, Any]) -> dict[str, str]:
    """{name: token} of every organizer configured; empty keeps the write path closed."""
    named = config.get("ADMIN_TOKENS") or {}
    out = dict(parse_tokens(named) if isinstance(named, str) else named)
    single = config.get("ADMIN_TOKEN")
    if single and SINGLE_TOKEN_NAME not in out:
        out[SINGLE_TOKEN_NAME] = single
    return out


def identify(header: str, known: Mapping[str, str]) -> str | None:
    """The name of the organizer whose token `header` (`Bearer <token>`) carries, else None.

    Every token is compared, in constant time and on bytes (no TypeError on non-ASCII), so the
    answer's timing tells neither which organizer nor how much of a token matched."""
    scheme, _, given = header.partition(" ")
    supplied = given.strip().encode("utf-8")
    found = None
    for name, token in known.items():
        if hmac.compare_digest(supplied, token.encode("utf-8")):
            found = name
    return found if scheme.lower() == "bearer" else None
