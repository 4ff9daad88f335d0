"""What the JSON routes share: an error answer, and a request body read within a limit."""

from __future__ import annotations

import json
from typing import Any

from flask import Response, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..corrections.apply import CorrectionError
from ..domain import jsontext
from ..i18n.translate import Translator


def error(status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    body = json.dumps({"error": message}, ensure_ascii=False)
    return Response(body, status=status, mimetype="application/json", headers=headers)


def plain(t: Translator, status: int, text: str, headers: dict[str, str] | None = None) -> Response:
    """What a person reads in a browser (a door sign's or a calendar's address mistyped, the
    schedule not served): one line in `t`'s language (the event's), said in Content-Language."""
    head = {"Content-Language": t.lang, **(headers or {})}
    return Response(text + "\n", status=status, mimetype="text/plain", headers=head)


def json_body(limit: int) -> Any:
    """The request's JSON; RequestEntityTooLarge past `limit` bytes, CorrectionError when it is
    not JSON (a message for the client)."""
    # Read one byte past the limit: a chunked body (no Content-Length) is cut at the limit
    # without an error, and a cut body must be a 413, not "not valid JSON".
    request.max_content_length = limit + 1
    data = request.get_data(cache=False)
    if len(data) > limit:
        raise RequestEntityTooLarge()
    try:
        return jsontext.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise CorrectionError(f"the body is not valid JSON: {exc}") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")
