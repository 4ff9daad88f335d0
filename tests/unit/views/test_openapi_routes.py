"""Every route the server answers is in webapp/schemas/openapi.json, and a property-based run
over that description (hypothesis, through the Flask test client) finds no 5xx, no status the
description does not list and no JSON answer that breaks its schema. Hostile path and query
values (dots, slashes, encoded traversal, control characters, long and non-ASCII text) are
mixed into every parameter. schemathesis would do the same from the document; it is not a
dependency, so the run is written out here."""

from __future__ import annotations

import json
import os
import re
import urllib.parse
from collections import Counter
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.exceptions import MethodNotAllowed, NotFound
from werkzeug.routing import RequestRedirect

from webapp import create_app
from webapp.web.apidoc import OPENAPI_FILE

TOKEN = "openapi-run-token"
DOC = json.loads(OPENAPI_FILE.read_text(encoding="utf-8"))
# Routes deliberately left out of the description, each with its reason. None so far.
EXCLUDED: dict[tuple[str, str], str] = {}
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "80"))  # per route
TRIED: Counter[str] = Counter()

HOSTILE = [
    "..", ".", "../../etc/passwd", "..%2f..%2fetc%2fpasswd", "%2e%2e", "%252e%252e%252f", "a.b", "a/b",
    "s1a2b3/../k9x8y7", "s1a2b3.", ".s1a2b3", "s1a2b3\n", "\x00", "<script>", "'\"", "é", "🙂" * 3,
    "x" * 300, "CON", "s1a2b3%00", "~root", "\\..\\..\\windows",
]  # fmt: skip
KNOWN = {
    "sid": ["s1a2b3", "k9x8y7", "q4w5e6", "ada-lovelace", "main", "side"],
    "session_id": ["s1a2b3", "k9x8y7", "q4w5e6", "nope"],
    "room_id": ["main", "side", "nope"],
    "tree_hash": ["0" * 16],
    "name": ["js/app.js", "css/app.css", "../webapp/settings.py", "sw.js"],
    "filename": ["js/app.js", "../pyproject.toml", "../data/schedule.json", "%2e%2e/pyproject.toml"],
    "day": ["2026-04-07", "2026-04-08", "2026-04-09", "2026-4-7", "today"],
    "alarm": ["0", "10", "9999", "-1", "1e3", "٣"],
    "since": ["0", "1", "2", "999999999999999999", "-1", "1.5", ""],
    "s": ["s1a2b3", "s1a2b3,k9x8y7", ",,", "nope,s1a2b3", ",".join(["s1a2b3"] * 501)],
}


def rule_path(rule: str) -> str:
    return re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule)


def served(app) -> set[tuple[str, str]]:
    return {
        (rule_path(rule.rule), method)
        for rule in app.url_map.iter_rules()
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }


def described() -> set[tuple[str, str]]:
    return {(path, method.upper()) for path, ops in DOC["paths"].items() for method in ops}


def test_every_route_the_app_serves_is_in_the_openapi_description(app) -> None:
    missing = served(app) - described() - set(EXCLUDED)
    assert missing == set(), (
        f"add these to webapp/schemas/openapi.json (or EXCLUDED, with a reason): {missing}"
    )
    assert described() - served(app) == set(), "openapi.json describes routes the app does not serve"
    assert set(EXCLUDED) <= served(app), "an exclusion names a route that no longer exists"


def resolve(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        target: Any = DOC
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def operations() -> list[tuple[str, str]]:
    return sorted((path, method) for path, ops in DOC["paths"].items() for method in ops)


def value(name: str) -> st.SearchStrategy[str]:
    random_text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)
    return st.one_of(st.sampled_from(KNOWN.get(name, ["x"])), st.sampled_from(HOSTILE), random_text)


@st.composite
def request_for(draw: st.DrawFn, path: str, op: dict[str, Any]) -> tuple[str, dict[str, str]]:
    params = [resolve(p) for p in op.get("parameters", [])]
    url = path
    for p in (p for p in params if p["in"] == "path"):
        raw = draw(value(p["name"]))
        quoted = urllib.parse.quote(raw, safe=draw(st.sampled_from(["", "/", "/%."])))
        url = url.replace("{" + p["name"] + "}", quoted)
    query = {}
    for p in (p for p in params if p["in"] == "query"):
        if p.get("required") or draw(st.booleans()):
            query[p["name"]] = draw(value(p["name"]))
    if draw(st.booleans()):
        query[draw(st.sampled_from(["x", "day", "s", "since", "q"]))] = draw(value("x"))
    headers = {}
    if any(p["in"] == "header" for p in params) and draw(st.booleans()):
        headers["If-None-Match"] = draw(st.sampled_from(['"v0-0"', "*", 'W/"x"', '"' + "a" * 100 + '"']))
    return url + ("?" + urllib.parse.urlencode(query) if query else ""), headers


@pytest.fixture(scope="module")
def run_app(tmp_path_factory):
    import shutil

    from tests.conftest import FIXTURES

    d = tmp_path_factory.mktemp("openapi") / "data"
    d.mkdir()
    shutil.copy(FIXTURES / "mini_schedule.json", d / "schedule.json")
    return create_app({"TESTING": True, "DATA_DIR": str(d), "ADMIN_TOKEN": TOKEN, "WRITE_RATE_LIMIT": 0})


def expected_operation(app, method: str, url: str) -> tuple[str, dict[str, Any]] | None:
    """The documented operation Flask will route `url` to; None if it routes nowhere."""
    path = urllib.parse.unquote(urllib.parse.urlsplit(url).path)
    try:
        rule, _ = app.url_map.bind("localhost").match(path, method, return_rule=True)
    except (NotFound, MethodNotAllowed, RequestRedirect):
        return None
    template = rule_path(rule.rule)
    return template, DOC["paths"][template][method.lower()]


def check_response(app, method: str, url: str, resp) -> None:
    assert resp.status_code < 500, f"{method} {url}: {resp.status_code} {resp.data[:300]!r}"
    found = expected_operation(app, method, url)
    if found is None:
        assert resp.status_code in (404, 405, 308), f"{method} {url}: {resp.status_code}"
        return
    template, op = found
    documented = op["responses"]
    status = str(resp.status_code)
    assert status in documented, f"{method} {url} ({template}): {status} is not in the description"
    response = resolve(documented[status])
    content = response.get("content")
    if not content or resp.status_code == 304:
        return
    ctype = resp.mimetype
    kinds = set(content)
    assert ctype in kinds or "*/*" in kinds, f"{method} {url}: {ctype} not in {kinds}"
    schema = content.get(ctype, {}).get("schema")
    if ctype.endswith("json") and schema is not None:
        jsonschema.Draft202012Validator({**DOC, **schema}).validate(json.loads(resp.data))


@pytest.mark.parametrize(("path", "method"), [op for op in operations() if op[1] == "get"])
def test_no_get_route_answers_5xx_or_off_its_description(run_app, path: str, method: str) -> None:
    op = DOC["paths"][path][method]

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(request_for(path, op))
    def run(req: tuple[str, dict[str, str]]) -> None:
        url, headers = req
        TRIED[path] += 1
        check_response(run_app, "GET", url, run_app.test_client().get(url, headers=headers))

    run()
    print(f"\n{path}: {TRIED[path]} cases")


# Issue 16's classes: lone surrogates in text, integers past SQLite's and JavaScript's range.
SURROGATES = st.builds(
    lambda a, s, b: a + s + b,
    st.text(max_size=5),
    st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1, max_size=2),
    st.text(max_size=5),
)
HUGE = st.sampled_from([10**30, -(10**30), 2**63, 2**63 - 1, 2**53, -(2**63) - 1, 10**300])
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | HUGE
    | st.floats(allow_nan=False)
    | st.text(max_size=30)
    | SURROGATES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=10,
)
FIELDS = ["kind", "session", "title", "room", "start", "end", "note", "reverts", "speakers", "description",
          "track", "level", "slides", "session_kind"]  # fmt: skip
CORRECTION_VALUES = {
    "kind": ["move", "retime", "cancel", "restore", "edit", "add", "revert", "delete", ""],
    "session": ["s1a2b3", "k9x8y7", "nope", "../x", ""],
    "room": ["main", "side", "attic"],
    # Issue 16: offsets with seconds, years out of range or far from the event, forms only Python reads.
    "start": [
        "2026-04-07T09:00:00+02:00",
        "2026-04-07T09:00:00",
        "yesterday",
        "2026-04-07T11:15:00+02:00:30",
        "0001-04-07T09:00:00+02:00",
        "9999-12-31T23:59:59+02:00",
        "2062-04-07T09:00:00+02:00",
        "20260407T090000+0200",
        "2026-W15-2T09:00:00+02:00",
    ],
    "end": [
        "2026-04-07T10:00:00+02:00",
        "2026-04-07T08:00:00+02:00",
        "9999-12-31T23:59:59-14:00",
        "2026-04-07T10:00:00-00:00:01",
    ],
    "reverts": [1, 2, 0, -1, 10**20, 10**30, 2**63, 2**53],
    "title": ["x\ud800y", "\udfff", "ok"],
    "note": ["n\udcedo", "fine"],
}

SESSIONS = st.sampled_from(["s1a2b3", "k9x8y7", "q4w5e6"])
VALID = st.one_of(
    st.builds(
        lambda s, t: {"kind": "edit", "session": s, "title": t},
        SESSIONS,
        st.text(min_size=1).filter(str.strip),
    ),
    st.builds(
        lambda s, r: {"kind": "move", "session": s, "room": r}, SESSIONS, st.sampled_from(["main", "side"])
    ),
    st.builds(lambda k, s: {"kind": k, "session": s}, st.sampled_from(["cancel", "restore"]), SESSIONS),
)


@st.composite
def correction_body(draw: st.DrawFn) -> bytes:
    choice = draw(st.integers(0, 9))
    if choice == 0:
        return draw(st.binary(max_size=200))
    if choice == 1:
        if draw(st.booleans()):  # nesting past the JSON reader's recursion limit, alone or in a field
            depth = draw(st.sampled_from([500, 990, 1000, 5000, 20000]))
            nested = b"[" * depth + b"]" * depth
            return (
                nested
                if draw(st.booleans())
                else b'{"kind":"edit","session":"s1a2b3","title":' + nested + b"}"
            )
        return json.dumps(draw(JSON_VALUES)).encode()
    if choice < 5:  # a valid correction, perhaps with one field spoiled
        body = draw(VALID)
        body["note"] = draw(st.text(min_size=1, max_size=40).filter(str.strip))
        if draw(st.booleans()):
            body[draw(st.sampled_from(FIELDS))] = draw(JSON_VALUES)
        return json.dumps(body).encode()
    body = {}
    for field in draw(st.lists(st.sampled_from(FIELDS), max_size=5, unique=True)) or ["kind"]:
        known = CORRECTION_VALUES.get(field)
        body[field] = draw(st.sampled_from(known) if known and draw(st.booleans()) else JSON_VALUES)
    return json.dumps(body).encode()


def test_no_correction_body_answers_5xx_or_off_its_description(run_app) -> None:
    statuses: Counter[int] = Counter()

    @settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(correction_body())
    def run(data: bytes) -> None:
        resp = run_app.test_client().post(
            "/api/v1/corrections",
            data=data,
            headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"},
        )
        statuses[resp.status_code] += 1
        check_response(run_app, "POST", "/api/v1/corrections", resp)

    run()
    print(f"\nPOST /api/v1/corrections: {sum(statuses.values())} cases, statuses {dict(statuses)}")
    print(f"all GET routes: {sum(TRIED.values())} cases over {len(TRIED)} routes")
    assert statuses[201] > 0 and statuses[400] > 0, "the run never reached both outcomes"
