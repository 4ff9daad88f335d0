"""What the schedule documents' bytes are: each document a phone may read (the outline, the
texts, the whole schedule.json) raw, gzip and brotli at the levels the server sends them
(webapp.web.codings: brotli 11), and what each field of the outline costs compressed (the
outline's brotli size less that of the same outline without the field), in the rows the app
read before the columns (webapp/serving/columns.py) and in the columns it reads now.

Events: the shipped one, bench/generate.py's FOSDEM-sized one (883 sessions, 927 speakers),
and 39C3's own frab export when ../shared/specs/realworld/39c3.xml is here. No server, no
browser: the documents are built by the same code the server uses.

    .venv/bin/python bench/bytes.py [--short] [--json] [--fields]
"""

from __future__ import annotations

import json
import sys
from typing import Any

import generate
from common import ROOT, Figure, main

from webapp.domain.model import Schedule
from webapp.domain.serialize import schedule_from_dict
from webapp.serving import columns
from webapp.serving.published import build
from webapp.web.codings import encode

GOAL = "Document bytes"
REALWORLD = ROOT.parent / "shared" / "specs" / "realworld" / "39c3.xml"
# The outline's brotli size on the FOSDEM-sized event: CI keeps it from growing (34.2 KB now;
# 55.8 KB in rows at e2a1de1).
FOSDEM_OUTLINE_BUDGET = 36 * 1024


def packed(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def br(doc: dict[str, Any]) -> int:
    return len(encode(packed(doc), "br"))


def events() -> list[tuple[str, Schedule]]:
    shipped = json.loads((ROOT / "data" / "schedule.json").read_text("utf-8"))
    out = [("shipped", schedule_from_dict(shipped)), ("FOSDEM-sized", schedule_from_dict(generate.fosdem()))]
    if REALWORLD.exists():
        from webapp.importers.merge import merge
        from webapp.importers.sources import parse_source

        out.append(("39C3", merge([parse_source(REALWORLD.read_bytes(), REALWORLD.name)])[0]))
    return out


def documents(schedule: Schedule) -> dict[str, dict[str, Any]]:
    pub = build(schedule, 1, store_id="0123456789ab", stamp="0123456789ab")
    outline, texts = pub.parts
    return {
        "the app's outline": outline,
        "the app's outline, the same fields in rows (no columns)": columns.expand(outline),
        "the app's texts": texts,
        "the whole schedule.json": pub.doc,
    }


def field_costs(outline: dict[str, Any]) -> list[tuple[str, int]]:
    """Each top-level key, session field and speaker field: brotli bytes it adds to `outline`."""
    whole = br(outline)
    rows = columns.expand(outline)
    out = [(key, whole - br({k: v for k, v in outline.items() if k != key})) for key in outline]
    for listed in ("sessions", "speakers"):
        for field in dict.fromkeys(k for r in rows[listed] for k in r):
            fewer = [{k: v for k, v in r.items() if k != field} for r in rows[listed]]
            out.append((f"{listed[:-1]}.{field}", whole - br(columns.encode({**rows, listed: fewer}))))
    return sorted(out, key=lambda kv: -kv[1])


def run(short: bool = False) -> list[Figure]:
    figures = []
    for name, schedule in events():
        if short and name != "FOSDEM-sized":
            continue
        docs = documents(schedule)
        for label, doc in docs.items():
            if short and label != "the app's outline":
                continue  # CI: the budgeted figure only (brotli 11 on the 1.9 MB others takes seconds)
            body = packed(doc)
            budget = FOSDEM_OUTLINE_BUDGET if (name, label) == ("FOSDEM-sized", "the app's outline") else None
            figures.append(
                Figure(
                    GOAL,
                    f"{name}: {label}, brotli",
                    len(encode(body, "br")),
                    "B",
                    None,
                    "size",
                    budget=budget,
                    note=f"{len(body):,} B raw, {len(encode(body, 'gzip')):,} B gzip",
                )
            )
        if "--fields" in sys.argv:
            print(f"{name}: what each part of the outline costs (brotli bytes it adds)")
            for field, cost in field_costs(docs["the app's outline"]):
                print(f"  {cost:>7,}  {field}")
            texts = docs["the app's texts"]
            for part in ("descriptions", "bios"):
                print(f"  texts' {part}: {br({part: texts[part]}):,} B brotli")
    return figures


if __name__ == "__main__":
    main(run)
