"""What the sessions' page addresses at their source (the door codes, issue 41) add to the
app's two documents: the outline and the texts, bytes raw / gzip -9 / brotli 11, on the shipped
schedule and on a generated 900-session one with FOSDEM-style addresses. The texts carry each
address once, as the session's first link marked `"kind": "page"`; compared against the same
link unmarked and against no address at all.

    .venv/bin/python bench/page_bytes.py
"""

from __future__ import annotations

import gzip
import json
import random
import re
import string
import sys
from pathlib import Path
from typing import Any

import brotli

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generate import generate  # noqa: E402

import webapp.serving.texts as texts  # noqa: E402
from webapp.serving.feed import json_bytes  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
Sizes = dict[str, tuple[int, int, int]]


def sizes(doc: dict[str, Any]) -> Sizes:
    outline, text = texts.split({**doc, "version": 1, "store": "s"})
    out = {}
    for name, part in (("outline", outline), ("texts", text)):
        body = json_bytes(part)
        out[name] = (len(body), len(gzip.compress(body, 9)), len(brotli.compress(body, quality=11)))
    return out


def unmarked(doc: dict[str, Any]) -> Sizes:
    marked = texts.session_links

    def plain(session: dict[str, Any]) -> list[dict[str, Any]]:
        return [{**x, "kind": "link"} if x.get("kind") == "page" else x for x in marked(session)]

    texts.session_links = plain
    try:
        return sizes(doc)
    finally:
        texts.session_links = marked


def without_pages(doc: dict[str, Any]) -> Sizes:
    return sizes({**doc, "sessions": [{k: v for k, v in s.items() if k != "url"} for s in doc["sessions"]]})


def fosdem_like(n: int = 900, seed: int = 41) -> dict[str, Any]:
    doc = generate(sessions=n, days=2, rooms=30, seed=seed)
    rng = random.Random(seed)
    for s in doc["sessions"]:
        code = "".join(rng.choice(string.ascii_uppercase + string.digits) for _ in range(6))
        slug = re.sub(r"[^a-z0-9]+", "_", s["title"].lower()).strip("_")
        s["url"] = f"https://fosdem.org/2026/schedule/event/{code}-{slug}/"
    return doc


def report(label: str, doc: dict[str, Any]) -> None:
    now, plain, none = sizes(doc), unmarked(doc), without_pages(doc)
    for part in ("outline", "texts"):
        mark = [a - b for a, b in zip(now[part], plain[part], strict=True)]
        pages = [a - b for a, b in zip(now[part], none[part], strict=True)]
        print(f"{label} {part} {now[part]}: the mark {mark}, the addresses {pages}")


if __name__ == "__main__":
    report("shipped", json.loads((ROOT / "data" / "schedule.json").read_text(encoding="utf-8")))
    report("900 sessions", fosdem_like())
