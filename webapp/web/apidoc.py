"""The OpenAPI description's schema components, derived from the JSON Schema files.

`schemas/openapi.json` is kept by hand for its paths; its `components.schemas` are copies
of the JSON Schema files with `$ref`s rewritten to point inside the OpenAPI document, so
tools that read only that one file (schemathesis, editors) resolve everything.
`scripts/sync-openapi.py` rewrites them; a test fails when they drift.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..domain import jsontext

SCHEMA_DIR = Path(__file__).resolve().parents[1] / "schemas"
OPENAPI_FILE = SCHEMA_DIR / "openapi.json"

# component name -> schema file
COMPONENT_FILES: dict[str, str] = {
    "Schedule": "schedule.schema.json",
    "Correction": "correction.schema.json",
    "Changes": "changes.schema.json",
    "Venue": "venue.schema.json",
    "Texts": "texts.schema.json",
}


def load_schema(filename: str) -> dict[str, Any]:
    return jsontext.loads((SCHEMA_DIR / filename).read_text(encoding="utf-8"))


def _rewrite(node: Any, own: str, by_file: dict[str, str]) -> Any:
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key in ("$schema", "$id"):
                continue
            if key == "$ref" and isinstance(value, str):
                target, _, pointer = value.partition("#")
                name = by_file[target] if target else own
                out[key] = f"#/components/schemas/{name}{pointer}"
            else:
                out[key] = _rewrite(value, own, by_file)
        return out
    if isinstance(node, list):
        return [_rewrite(v, own, by_file) for v in node]
    return node


# Which fields of each list the outline leaves out (webapp/serving/texts.py LEFT_OUT), given by
# the caller: the serving layer sits above this one and is not imported from here.
LeftOut = Mapping[str, tuple[str, ...]]


def components(left_out: LeftOut) -> dict[str, Any]:
    by_file = {filename: name for name, filename in COMPONENT_FILES.items()}
    out = {name: _rewrite(load_schema(f), name, by_file) for name, f in COMPONENT_FILES.items()}
    out["Outline"] = outline(out["Schedule"], left_out)
    out["CorrectionRequest"] = {"$ref": "#/components/schemas/Correction/$defs/request"}
    out["Clashes"] = {"$ref": "#/components/schemas/Correction/$defs/clashes"}
    out["CorrectionCheck"] = {"$ref": "#/components/schemas/Correction/$defs/check"}
    return out


def outline(schedule: dict[str, Any], left_out: LeftOut) -> dict[str, Any]:
    """The schedule's schema without the long texts (each session's `description`, each
    speaker's `bio`): derived, so the outline cannot drift from the whole document."""
    doc = copy.deepcopy(schedule)
    doc["title"] = "Hallway schedule outline (GET /api/v1/outline.json)"
    doc["description"] = (
        "The schedule document without the texts and links of /api/v1/texts.json nor the source's guids,"
        " numbers and subtitles (in /api/v1/schedule.json for other readers), with the venue zone's"
        " offsets around the event and the names of the sessions' languages and kinds."
    )
    zone = load_schema("zone.schema.json")
    doc["properties"]["zone"] = {k: v for k, v in zone.items() if k not in ("$schema", "$id")}
    doc["properties"]["language_names"] = {
        "type": "object",
        "description": "English names of the sessions' language tags (ISO 639-1 codes; Chromium's"
        " CLDR names), so the app names languages without starting Intl on its first screen. A"
        " tag it lacks (one with a region or script subtag) is named by the browser. Absent when"
        " no session gives a language.",
        "additionalProperties": {"type": "string"},
    }
    doc["properties"]["kind_names"] = {
        "type": "object",
        "description": "Names to show for the sessions' kinds where the source gave a machine word"
        ' ("maintrack": "Main track talk"; webapp/domain/kinds.py), so the app, calendars and door'
        " signs name kinds alike. Absent when every kind is already a name.",
        "additionalProperties": {"type": "string"},
    }
    doc["properties"]["calendar_words"] = {
        "type": "object",
        "description": "The words the server's calendar files (/schedule.ics, /my.ics...) write in the"
        " event's language, where it is not English, so the app makes the same files offline"
        " (webapp/exports/ical.py words()): `cancelled`, the first line of a cancelled session's"
        " description; `titles`, the calendars' names as templates ({event}, {session}, {room});"
        " `kinds`, CATEGORIES' name of a kind. Each is absent when English, and the whole when the"
        " event's language is English.",
        "properties": {
            "cancelled": {"type": "string"},
            "titles": {
                "type": "object",
                "properties": {k: {"type": "string"} for k in ("session", "room", "my")},
                "additionalProperties": False,
            },
            "kinds": {"type": "object", "additionalProperties": {"type": "string"}},
        },
        "additionalProperties": False,
    }
    doc["properties"]["columns"] = {
        "const": 1,
        "description": "The format of `sessions` and `speakers`: tables of columns, which a client"
        " expands to the rows described in $defs (webapp/serving/columns.py, static/js/data/columns.js)."
        " A document without it (a server or export of an older version) has them as rows.",
    }
    doc["required"] = [*doc["required"], "columns"]
    doc["$defs"] = {"table": TABLE}
    for listed, fields in left_out.items():
        item = doc["properties"][listed]["items"]
        if "$ref" in item:  # rooms: the schedule's `named`, copied to be trimmed here
            item = copy.deepcopy(schedule["$defs"][item["$ref"].rsplit("/", 1)[1]])
        for field in fields:
            item["properties"].pop(field, None)
        item["required"] = [r for r in item.get("required", []) if r not in fields]
        if listed == "rooms":
            doc["properties"][listed]["items"] = item
            continue
        doc["$defs"][listed[:-1]] = item
        doc["properties"][listed] = {"$ref": "#/components/schemas/Outline/$defs/table"}
    return doc


# The columns of a table (webapp/serving/columns.py's docstring says what each form means).
TABLE: dict[str, Any] = {
    "type": "object",
    "description": "Rows as columns: `keys` maps each key to its column of `rows` values; `absent`"
    " lists, by key, the rows that lack it.",
    "required": ["rows", "keys"],
    "additionalProperties": False,
    "properties": {
        "rows": {"type": "integer", "minimum": 0},
        "keys": {
            "type": "object",
            "additionalProperties": {
                "oneOf": [
                    {"type": "array", "description": "a value per row"},
                    {
                        "type": "object",
                        "description": "repeated values: each row's index into `values`",
                        "required": ["values", "index"],
                        "additionalProperties": False,
                        "properties": {
                            "values": {"type": "array"},
                            "index": {"type": "array", "items": {"type": "integer", "minimum": 0}},
                        },
                    },
                    {
                        "type": "object",
                        "description": "ISO times on whole minutes: each the minutes after the row"
                        " before (the first after `day`'s midnight), or with `from` after that key's"
                        " time in the same row; written with `offsets` (by row: `offset`, when several)",
                        "required": ["minutes", "offsets"],
                        "additionalProperties": False,
                        "properties": {
                            "day": {"type": "string", "format": "date"},
                            "from": {"type": "string"},
                            "minutes": {"type": "array", "items": {"type": "integer"}},
                            "offsets": {"type": "array", "items": {"type": "string"}},
                            "offset": {"type": "array", "items": {"type": "integer", "minimum": 0}},
                        },
                    },
                    {
                        "type": "object",
                        "description": "lists of ids: an integer is a row of the table named by"
                        " `rows` (whose `id` it stands for), a string an id that table lacks",
                        "required": ["rows", "lists"],
                        "additionalProperties": False,
                        "properties": {
                            "rows": {"const": "speakers"},
                            "lists": {
                                "type": "array",
                                "items": {"type": "array", "items": {"type": ["integer", "string"]}},
                            },
                        },
                    },
                ]
            },
        },
        "absent": {
            "type": "object",
            "additionalProperties": {"type": "array", "items": {"type": "integer", "minimum": 0}},
        },
    },
}


def synced(doc: dict[str, Any], left_out: LeftOut) -> dict[str, Any]:
    """`doc` with the generated components in place of the old ones (others kept)."""
    schemas = {**doc.get("components", {}).get("schemas", {}), **components(left_out)}
    return {**doc, "components": {**doc.get("components", {}), "schemas": schemas}}
