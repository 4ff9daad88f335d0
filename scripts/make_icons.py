"""Draw the app's icons (any-purpose 192/512 and a maskable 512) into static/icons/.

Run once after changing the design; the PNGs are committed. A calendar page with a star:
nothing in it belongs to one event.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
THEME = (11, 79, 138)
PAGE = (255, 255, 255)
STAR = (245, 166, 35)
SCALE = 4  # drawn large, then scaled down: cheap antialiasing


def star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def draw(size: int, maskable: bool) -> Image.Image:
    big = size * SCALE
    img = Image.new("RGB" if maskable else "RGBA", (big, big), THEME if maskable else (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if not maskable:
        d.rounded_rectangle((0, 0, big - 1, big - 1), radius=big * 0.22, fill=THEME)
    # Maskable icons must keep their content inside the central 80% circle.
    inset = big * (0.29 if maskable else 0.2)
    left, top, right, bottom = inset, inset * 1.1, big - inset, big - inset * 0.9
    d.rounded_rectangle((left, top, right, bottom), radius=big * 0.05, fill=PAGE)
    band = top + (bottom - top) * 0.22
    d.rounded_rectangle((left, top, right, band), radius=big * 0.05, fill=(210, 228, 245))
    d.rectangle((left, band - big * 0.05, right, band), fill=(210, 228, 245))
    for x in (left + (right - left) * 0.28, left + (right - left) * 0.72):
        d.rounded_rectangle(
            (x - big * 0.025, top - big * 0.06, x + big * 0.025, top + big * 0.06),
            radius=big * 0.02,
            fill=THEME,
        )
    cx, cy = (left + right) / 2, band + (bottom - band) * 0.5
    d.polygon(star(cx, cy, (bottom - band) * 0.36), fill=STAR)
    small = img.resize((size, size), Image.LANCZOS)
    return small.quantize(
        colors=32, method=Image.Quantize.FASTOCTREE if not maskable else Image.Quantize.MEDIANCUT
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (
        ("icon-192", 192, False),
        ("icon-512", 512, False),
        ("maskable-512", 512, True),
    ):
        path = OUT / f"{name}.png"
        draw(size, maskable).save(path, optimize=True)
        print(path, path.stat().st_size, "bytes")


if __name__ == "__main__":
    main()
