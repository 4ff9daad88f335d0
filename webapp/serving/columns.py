"""The outline's lists of sessions and speakers as columns: each key once, not once per row;
repeated values (rooms, tracks, kinds, levels, statuses) as small integers into a table of
the values; start and end as minutes; a session's speakers as their rows in the speakers'
table. The app expands it back (static/js/data/columns.js) to exactly the rows it was made
from, so everything after the fetch (the kept copy, corrections, deltas) is unchanged.

Brotli already shrinks repeated keys, but not to nothing: on a FOSDEM-sized event (883
sessions, 927 speakers) the outline goes from 57.0 to 44.1 KB, and from 27.0 to 22.2 KB on
39C3's own frab export (bench/bytes.py). Ids shown to people (sessions, speakers, rooms) are
never renumbered: the integers only point into tables the same document carries.

    {"columns": 1, "sessions": {"rows": n, "keys": {key: column}, "absent": {key: [row]}}, ...}

A column is one of: a plain list (a value per row); {"values", "index"} (scalars repeated);
{"day", "minutes", "offsets"[, "offset"]} (ISO times on whole minutes: minutes after `day`'s
midnight, each the difference from the row before, or with "from" the minutes after that
column's time in the same row; the UTC offsets written as the source had them); {"rows": key,
"lists"} (lists of ids as rows of the speakers' table, an id it lacks kept as it is).
"""

from __future__ import annotations

import json
import re
from datetime import date
from typing import Any

FORMAT = 1
TIME = re.compile(r"(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):00([+-]\d{2}:\d{2}|Z)")
PLAIN = frozenset({"id", "title", "name"})  # one of a kind per row: a table would only add bytes


def encode(outline: dict[str, Any]) -> dict[str, Any]:
    """`outline` (serving/texts.split's) with its speakers and sessions as columns."""
    people = [p for p in outline["speakers"] if isinstance(p, dict)]
    row_of = {p["id"]: i for i, p in reversed(list(enumerate(people))) if isinstance(p.get("id"), str)}
    sessions = outline["sessions"]
    special = {
        "start": lambda col: _times(col, None),
        "end": lambda col: _times(col, [s.get("start") for s in sessions]),
        "speakers": lambda col: _refs(col, row_of),
    }
    tables = {"speakers": _table(people, {}), "sessions": _table(sessions, special)}
    return {**outline, "columns": FORMAT, **tables}


def _table(rows: list[dict[str, Any]], special: dict[str, Any]) -> dict[str, Any]:
    keys = list(dict.fromkeys(k for r in rows for k in r))
    columns: dict[str, Any] = {}
    absent: dict[str, list[int]] = {}
    for key in keys:
        missing = [i for i, r in enumerate(rows) if key not in r]
        if missing:
            absent[key] = missing
        col = [r.get(key) for r in rows]
        made = special[key](col) if key in special and not missing else None
        columns[key] = made if made is not None else col if key in PLAIN else _values(col)
    return {"rows": len(rows), "keys": columns, **({"absent": absent} if absent else {})}


def _scalar(v: object) -> bool:
    return v is None or isinstance(v, str | int | float | bool)


def _values(col: list[Any]) -> Any:
    """A table of the values and an index per row, when they repeat; else the plain list."""
    if not all(_scalar(v) for v in col):
        return col
    seen: dict[str, int] = {}
    values: list[Any] = []
    index: list[int] = []
    for v in col:
        k = json.dumps(v)  # 1 and True and 1.0 stay apart
        if k not in seen:
            seen[k] = len(values)
            values.append(v)
        index.append(seen[k])
    repeated = len(values) < len(col) and len(values) <= max(8, len(col) // 4)
    return {"values": values, "index": index} if repeated else col


def _minutes(value: object) -> tuple[int, str] | None:
    m = TIME.fullmatch(value) if isinstance(value, str) else None
    if m is None:
        return None
    return date.fromisoformat(m[1]).toordinal() * 1440 + int(m[2]) * 60 + int(m[3]), m[4]


def _times(col: list[Any], base: list[Any] | None) -> dict[str, Any] | None:
    """ISO times as minutes (see the module's docstring); None when one is not on a whole minute."""
    read = [_minutes(v) for v in col]
    bases = [_minutes(v) for v in base] if base is not None else None
    if not read or any(r is None for r in read) or (bases is not None and any(b is None for b in bases)):
        return None
    minutes = [r[0] for r in read]  # type: ignore[index]
    offsets = list(dict.fromkeys(r[1] for r in read))  # type: ignore[index]
    out: dict[str, Any] = {"offsets": offsets}
    if len(offsets) > 1:
        out["offset"] = [offsets.index(r[1]) for r in read]  # type: ignore[index]
    if bases is not None:
        out["from"] = "start"
        out["minutes"] = [m - b[0] for m, b in zip(minutes, bases, strict=True)]  # type: ignore[index]
        return out
    day = min(minutes) // 1440
    out["day"] = date.fromordinal(day).isoformat()
    out["minutes"] = [m - p for m, p in zip(minutes, [day * 1440, *minutes[:-1]], strict=True)]
    return out


def _refs(col: list[Any], row_of: dict[str, int]) -> dict[str, Any] | None:
    if not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in col):
        return None
    return {"rows": "speakers", "lists": [[row_of.get(x, x) for x in v] for v in col]}


def expand(doc: dict[str, Any]) -> dict[str, Any]:
    """The rows `encode` made columns of, as static/js/data/columns.js reads them (for Python
    readers of the outline: tests, benches); a document without columns is returned as it is."""
    if doc.get("columns") != FORMAT:
        return doc
    people = _rows(doc["speakers"], [])
    ids = [p.get("id") for p in people]
    rest = {k: v for k, v in doc.items() if k != "columns"}
    return {**rest, "speakers": people, "sessions": _rows(doc["sessions"], ids)}


def _rows(table: dict[str, Any], ids: list[Any]) -> list[dict[str, Any]]:
    n = table["rows"]
    absent = {k: set(v) for k, v in table.get("absent", {}).items()}
    rows: list[dict[str, Any]] = [{} for _ in range(n)]
    for key, col in table["keys"].items():
        values = _column(col, n, ids, rows)
        for i, row in enumerate(rows):
            if i not in absent.get(key, ()):
                row[key] = values[i]
    return rows


def _column(col: Any, n: int, ids: list[Any], rows: list[dict[str, Any]]) -> list[Any]:
    if isinstance(col, list):
        return col
    if "index" in col:
        return [col["values"][i] for i in col["index"]]
    if "lists" in col:
        return [[ids[x] if isinstance(x, int) else x for x in v] for v in col["lists"]]
    offsets = [col["offsets"][i] for i in col["offset"]] if "offset" in col else col["offsets"] * n
    if "from" in col:
        minutes = [_minutes(r[col["from"]])[0] + m for r, m in zip(rows, col["minutes"], strict=True)]  # type: ignore[index]
    else:
        minutes, at = [], date.fromisoformat(col["day"]).toordinal() * 1440
        for m in col["minutes"]:
            at += m
            minutes.append(at)
    return [_iso(m, o) for m, o in zip(minutes, offsets, strict=True)]


def _iso(minutes: int, offset: str) -> str:
    day = date.fromordinal(minutes // 1440)
    return f"{day.isoformat()}T{minutes % 1440 // 60:02d}:{minutes % 60:02d}:00{offset}"
