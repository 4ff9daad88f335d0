"""The manifest's shortcuts and screenshots (webapp/serving/install.py)."""

from __future__ import annotations

import io

from PIL import Image

from webapp.serving import install
from webapp.web.assets import Asset, AssetTree


def png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height)).save(out, format="PNG")
    return out.getvalue()


def tree(files: dict[str, bytes]) -> AssetTree:
    assets = {p: Asset(p, b, "image/png", "d" * 64, {}) for p, b in files.items()}
    return AssetTree(tree_hash="abc123abc123", files=assets)


def test_png_size_reads_the_header_and_refuses_anything_else() -> None:
    assert install.png_size(png(720, 1480)) == (720, 1480)
    assert install.png_size(b"GIF89a" + b"\0" * 30) is None
    assert install.png_size(b"") is None
    assert install.png_size(png(3, 2)[:20]) is None


def test_screenshots_declare_the_sizes_of_their_files_and_skip_missing_or_broken_ones() -> None:
    shots = install.screenshots(
        tree({"screenshots/narrow.png": png(720, 1480), "screenshots/wide.png": b"not a png"})
    )
    assert shots == [
        {
            "src": "/assets/abc123abc123/screenshots/narrow.png",
            "sizes": "720x1480",
            "type": "image/png",
            "form_factor": "narrow",
            "label": install.SCREENSHOTS[0][2],
        }
    ]
    assert install.screenshots(tree({})) == []


def test_manifest_offers_now_my_schedule_and_scan_as_shortcuts(client) -> None:
    doc = client.get("/manifest.webmanifest").get_json(force=True)
    assert [(s["name"], s["url"]) for s in doc["shortcuts"]] == [
        ("Now", "/now"),
        ("My schedule", "/my"),
        ("Scan", "/scan"),
    ]
    for shortcut in doc["shortcuts"]:
        assert client.get(shortcut["url"]).status_code == 200
        assert client.get(shortcut["icons"][0]["src"]).status_code == 200
    for shot in doc["screenshots"]:
        image = Image.open(io.BytesIO(client.get(shot["src"]).data))
        assert f"{image.width}x{image.height}" == shot["sizes"]
    assert {s["form_factor"] for s in doc["screenshots"]} == {"narrow", "wide"}
