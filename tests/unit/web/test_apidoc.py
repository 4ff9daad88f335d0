"""The OpenAPI description: every /api/v1/ route is in it, and its schemas are the JSON Schema files."""

from __future__ import annotations

import json
import re

import jsonschema

from webapp.serving.texts import LEFT_OUT
from webapp.web.apidoc import OPENAPI_FILE, components, synced


def openapi() -> dict:
    return json.loads(OPENAPI_FILE.read_text(encoding="utf-8"))


def test_every_api_route_is_described(app):
    # Routes outside /api/v1/ are checked by test_openapi_routes.py.
    described = {
        (path, method.upper())
        for path, ops in openapi()["paths"].items()
        if path.startswith("/api/v1/")
        for method in ops
    }
    served = {
        (re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule), method)
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/v1/")
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    assert served - described == set(), "routes missing from webapp/schemas/openapi.json"
    assert described - served == set(), "openapi.json describes routes the app does not serve"


def test_openapi_schemas_are_the_json_schema_files():
    doc = openapi()
    assert synced(doc, LEFT_OUT) == doc, "run: .venv/bin/python scripts/sync-openapi.py"
    assert set(components(LEFT_OUT)) <= set(doc["components"]["schemas"])


def test_every_ref_in_openapi_resolves_inside_it():
    doc = openapi()
    text = json.dumps(doc)
    refs = set(re.findall(r'"\$ref": "([^"]+)"', text))
    assert refs and all(r.startswith("#/") for r in refs)
    for ref in refs:
        jsonschema.Draft202012Validator({**doc, "$ref": ref}).is_valid(None)  # raises if unresolvable
    for name in doc["components"]["schemas"]:
        jsonschema.Draft202012Validator.check_schema(doc["components"]["schemas"][name])
