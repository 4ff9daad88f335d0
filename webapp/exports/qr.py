"""QR codes for URLs, as SVG (for print and inline use) and PNG (for anything else).

Pure: a URL in, bytes out. `qrcode` computes the module matrix; the SVG is drawn here as
one path of horizontal runs, several times smaller than `qrcode`'s own SVG, which draws
every dark module as its own square. Results are memoised: the same URL always gives the
same image, and door-sign pages ask for dozens of them.
"""

from __future__ import annotations

import io
from functools import lru_cache

import qrcode
from qrcode.constants import ERROR_CORRECT_M

# The quiet zone the QR specification asks for, in modules; scanners need it.
BORDER = 4
# Codes longer than this get too dense to scan from a printed sign or a phone screen.
MAX_TEXT_LENGTH = 1024
_MEMO_SIZE = 2048


class QRTextError(ValueError):
    """Text that should not be put into a QR code (empty or too long)."""


@lru_cache(maxsize=_MEMO_SIZE)  # the SVG and the PNG of one session share it
def matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The dark (True) and light modules of the code for `text`, quiet zone included."""
    if not text:
        raise QRTextError("nothing to encode")
    if len(text) > MAX_TEXT_LENGTH:
        raise QRTextError(f"text of {len(text)} characters is longer than {MAX_TEXT_LENGTH}")
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=BORDER)
    code.add_data(text)
    code.make(fit=True)
    return tuple(tuple(row) for row in code.get_matrix())


@lru_cache(maxsize=_MEMO_SIZE)
def svg_markup(text: str) -> str:
    """An `<svg>` element: scales to any size (set it with CSS), no script, no style."""
    rows = matrix(text)
    size = len(rows)
    runs: list[str] = []
    for y, row in enumerate(rows):
        x = 0
        while x < size:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < size and row[x]:
                x += 1
            runs.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'width="{size * 4}" height="{size * 4}" shape-rendering="crispEdges">'
        f'<rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path fill="#000" d="{"".join(runs)}"/></svg>'
    )


def svg_bytes(text: str) -> bytes:
    """A standalone SVG file for `text`."""
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + svg_markup(text) + "\n").encode("utf-8")


@lru_cache(maxsize=_MEMO_SIZE)
def png_bytes(text: str, box_size: int = 8) -> bytes:
    """A black-on-white PNG, `box_size` pixels per module."""
    from PIL import Image

    rows = matrix(text)
    size = len(rows)
    small = Image.new("1", (size, size), 1)
    small.putdata([0 if dark else 1 for row in rows for dark in row])
    big = small.resize((size * box_size, size * box_size), Image.Resampling.NEAREST)
    out = io.BytesIO()
    big.save(out, format="PNG", optimize=True)
    return out.getvalue()
