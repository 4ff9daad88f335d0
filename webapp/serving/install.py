"""What the manifest offers an install dialog beyond icons: shortcuts and screenshots.

Screenshots are files under static/screenshots/ made by `scripts/screenshot.py --install`;
their sizes are read from the PNGs themselves, so the manifest never claims a size a file does
not have, and a static directory without them simply offers none.
"""

from __future__ import annotations

import struct
from typing import Any

from ..web import assets

SHORTCUT_ICON = "icons/icon-192.png"
SHORTCUTS: tuple[tuple[str, str, str], ...] = (
    ("Now", "/now", "What is on in each room now, and next"),
    ("My schedule", "/my", "Your starred sessions"),
    ("Scan", "/scan", "Scan the code on a door or a friend's schedule"),
)
# (file, form factor, label): "narrow" is what phones show, "wide" what desktops show.
SCREENSHOTS: tuple[tuple[str, str, str], ...] = (
    ("screenshots/narrow.png", "narrow", "The schedule on a phone, with starred sessions"),
    ("screenshots/wide.png", "wide", "The schedule on a wide screen"),
)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(body: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG's IHDR chunk; None for anything that is not a PNG."""
    if len(body) < 24 or not body.startswith(PNG_SIGNATURE) or body[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", body[16:24])
    return width, height


def shortcuts(tree: assets.AssetTree) -> list[dict[str, Any]]:
    icon = [{"src": tree.url(SHORTCUT_ICON), "sizes": "192x192", "type": "image/png"}]
    return [{"name": name, "url": url, "description": text, "icons": icon} for name, url, text in SHORTCUTS]


def screenshots(tree: assets.AssetTree) -> list[dict[str, str]]:
    out = []
    for path, form, label in SCREENSHOTS:
        found = tree.files.get(path)
        size = png_size(found.body) if found else None
        if size is None:
            continue
        out.append(
            {
                "src": tree.url(path),
                "sizes": f"{size[0]}x{size[1]}",
                "type": "image/png",
                "form_factor": form,
                "label": label,
            }
        )
    return out
