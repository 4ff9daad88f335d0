"""What an OpenStreetMap import refuses, and the sizes it refuses beyond."""

from __future__ import annotations

# A venue of several buildings, mapped room by room, is a few thousand nodes and a few hundred
# indoor features; a city's export is hundreds of thousands of nodes.
MAX_NODES = 20_000
MAX_INDOOR = 2_000
MAX_BYTES = 16_000_000


class OsmError(ValueError):
    """An export that cannot be imported; the message says why in one sentence."""


def too_many(what: str) -> str:
    return (
        f"this file has {what}, more than a venue's export ever has (a city's?): "
        "export only the venue's buildings"
    )
