"""Indico's HTTP API exports, told apart by their shape: `results` is a list of events for
the event export (`export/event/<id>.json?detail=contributions`), an object of event id ->
days for the timetable (`export/timetable/<id>.json`). Both are wrapped alike:
`{"_type": "HTTPAPIResult", "count": .., "results": ..}`."""

from __future__ import annotations

import json
from typing import Any

from ..domain import jsontext
from . import indico_event, indico_timetable
from .raw import RawPage, SourceError


def looks_like(doc: Any) -> bool:
    return isinstance(doc, dict) and (
        doc.get("_type") == "HTTPAPIResult" or ("results" in doc and "count" in doc and "ts" in doc)
    )


def parse(text: str, source: str) -> RawPage:
    try:
        doc = jsontext.loads(text, strict=False)
    except json.JSONDecodeError as exc:
        raise SourceError(source, f"not valid JSON: {exc.msg}", exc.lineno) from exc
    return read(doc, source)


def read(doc: Any, source: str) -> RawPage:
    """The page an Indico export (already read as JSON) says."""
    if not looks_like(doc):
        raise SourceError(source, "not an Indico HTTP API export (no HTTPAPIResult)")
    results = doc.get("results")
    try:
        if isinstance(results, list):
            return indico_event.read(results, source)
        if isinstance(results, dict):
            return indico_timetable.read(results, source)
    except (AttributeError, KeyError, TypeError, OverflowError) as exc:  # a shape no check foresaw
        raise SourceError(source, f"not a valid Indico export: {type(exc).__name__}: {exc}"[:300]) from exc
    said = doc.get("message")
    why = " (an error, or not an event?)"
    if isinstance(said, str) and said.strip():
        why = f": {said.strip()[:200]}"
    raise SourceError(source, f"an Indico export without results{why}")
