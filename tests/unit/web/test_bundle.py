"""The bundler: what it renames, what it rewrites, and what it refuses.

Whether a bundle behaves like the modules it came from is checked in Chromium
(tests/e2e/deploy/test_bundle_behaves_as_its_modules.py) and by every e2e test, which all run
the shipped bundle.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from webapp.web import bundle, minify
from webapp.web.jsmodule import ModuleError

STATIC = Path(__file__).resolve().parents[3] / "static"


def build(files: dict[str, str], entry: str = "js/app.js") -> bundle.Bundle:
    return bundle.build(entry, {p: t.encode() for p, t in files.items()})


def test_modules_come_dependencies_first_with_the_entry_last() -> None:
    out = build(
        {
            "js/app.js": 'import { a } from "./a.js";\nconst v = () => import("./views/v.js");\na();',
            "js/a.js": 'import { b } from "./b.js";\nexport function a() { return b; }',
            "js/b.js": "export const b = 1;",
            "js/views/v.js": 'import { b } from "../b.js";\nexport function render() { return b; }',
        }
    )
    assert out.members == ["js/b.js", "js/a.js", "js/views/v.js", "js/app.js"]
    body = out.body.decode()
    assert "import " not in body.replace("import(", "") and "export " not in body


def test_a_name_two_modules_declare_is_renamed_in_the_second_and_where_it_is_imported() -> None:
    body = build(
        {
            "js/app.js": (
                'import { render } from "./v.js";\nfunction render2() {}\nconst KEY = 1;\nrender(KEY);'
            ),
            "js/v.js": "const KEY = 2;\nexport function render() { return { KEY }; }",
        }
    ).body.decode()
    assert "const KEY = 2;" in body and "const KEY$1 = 1;" in body
    assert "render(KEY$1);" in body
    # Shorthand properties keep their key when the value is renamed.
    assert "return { KEY };" in body


def test_an_import_alias_becomes_the_name_it_stands_for() -> None:
    body = build(
        {
            "js/app.js": 'import { now as clock } from "./clock.js";\nclock();',
            "js/clock.js": "export function now() { return 1; }",
        }
    ).body.decode()
    assert "clock()" not in body and re.search(r"\bnow\(\);", body)


def test_a_name_is_never_given_to_a_binding_a_local_would_capture() -> None:
    # v.js has a parameter `now`: clock's `now` must get another name there.
    body = build(
        {
            "js/app.js": 'import { f } from "./v.js";\nf();',
            "js/v.js": (
                'import { now as clock } from "./clock.js";\nexport function f(now = clock()) { return now; }'
            ),
            "js/clock.js": "export function now() { return 1; }",
        }
    ).body.decode()
    assert "function now$1()" in body and "f(now = now$1())" in body


def test_a_global_a_module_reads_is_never_hidden_by_another_modules_name() -> None:
    body = build(
        {
            "js/app.js": 'import { x } from "./a.js";\nlocation.reload(x);',
            "js/a.js": "const location = 1;\nexport const x = location;",
        }
    ).body.decode()
    assert "const location$1 = 1;" in body and "location.reload(x);" in body


def test_renaming_a_name_that_is_also_a_local_is_refused_with_the_file_and_name() -> None:
    files = {
        "js/app.js": 'import { f } from "./a.js";\nconst KEY = 0;\nf(KEY);',
        "js/a.js": "const KEY = 1;\nexport function f() { const KEY = 2; return KEY; }",
    }
    # a.js comes first and keeps KEY; app.js's KEY is renamed, which is safe: no local KEY there.
    assert "const KEY$1 = 0;" in build(files).body.decode()
    files["js/app.js"] = (
        'import { f } from "./a.js";\nconst KEY = 0;\nfunction g(KEY) { return KEY; }\nf(g(KEY));'
    )
    with pytest.raises(ModuleError, match=r"js/app.js: 'KEY' is both"):
        build(files)


@pytest.mark.parametrize(
    "source",
    [
        "export default function f() {}",
        "const a = 1;\nexport { a };",
        'import * as all from "./b.js";',
        'const name = "./b.js";\nimport(name);',
        "export const x = import.meta.env;",
        "const broken = ;",
    ],
)
def test_what_cannot_be_bundled_exactly_is_refused(source) -> None:
    with pytest.raises(ModuleError, match="js/app.js"):
        build({"js/app.js": source, "js/b.js": "export const b = 1;"})


def test_a_dynamic_import_of_a_bundled_module_reads_its_exports_live() -> None:
    body = build(
        {
            "js/app.js": 'const load = () => import("./views/v.js");',
            "js/views/v.js": "export let count = 0;\nexport function bump() { count += 1; }",
        }
    ).body.decode()
    assert "Promise.resolve({ get count() { return count; }, get bump() { return bump; } })" in body


def test_import_meta_url_still_means_the_modules_own_place() -> None:
    body = build(
        {
            "js/app.js": 'import { css } from "./views/v.js";\nconst here = import.meta.url;',
            "js/views/v.js": 'export const css = new URL("../../css/v.css", import.meta.url).href;',
        }
    ).body.decode()
    # A classic script has no import.meta: the bundle's own address, read as it starts.
    assert body.startswith('(() => {\n"use strict";\nconst bundleURL = document.currentScript.src;\n')
    assert 'new URL("../../css/v.css", new URL("./views/v.js", bundleURL).href)' in body
    assert "const here = bundleURL;" in body
    assert "import.meta" not in body


def test_lazy_modules_stay_files_and_read_the_bundles_bindings_from_its_global() -> None:
    out = build(
        {
            "js/app.js": (
                'import { h } from "./dom.js";\nconst c = () => import("./features/organize/console.js");\n'
                "export function go() {}"
            ),
            "js/dom.js": "export let h = () => 1;\nexport const K = 2;",
            "js/views/x.js": "export function h() {}",
            "js/features/organize/console.js": (
                'import { h as el, K } from "../../dom.js";\nconst app = () => import("../../app.js");\n'
                "export const made = [el(), { K }];"
            ),
        }
    )
    body = out.body.decode()
    assert 'import("./features/organize/console.js")' in body
    console = out.rewritten["js/features/organize/console.js"].decode()
    assert "import {" not in console
    assert "Promise.resolve(globalThis.hallwayApp.$ns_js_app_js)" in console
    assert "[globalThis.hallwayApp.h(), { K: globalThis.hallwayApp.K }]" in console
    # Set last, once every module has run; a `let` read through a getter (it may change).
    tail = (
        "globalThis.hallwayApp = Object.freeze("
        "{ $ns_js_app_js: { get go() { return go; } }, K: K, get h() { return h; } });"
    )
    assert body.endswith(tail + "\n})();\n")
    assert "js/views/x.js" not in out.members


def test_a_worker_bundle_is_plain_script_and_lends_nothing() -> None:
    sources = {"js/w.js": b'import { b } from "./b.js";\nb();', "js/b.js": b"export function b() {}"}
    body = bundle.build("js/w.js", sources, bundle_path="js/w.bundle.js", page=False).body.decode()
    assert "globalThis.hallwayApp" not in body and "document" not in body and "export" not in body
    with pytest.raises(bundle.ModuleError, match="no address"):
        bundle.build(
            "js/w.js", {"js/w.js": b"const u = import.meta.url;"}, bundle_path="js/w.bundle.js", page=False
        )


def test_the_shipped_app_bundles_and_holds_every_attendee_view_but_the_few_fetched_later() -> None:
    sources = {p.relative_to(STATIC).as_posix(): p.read_bytes() for p in STATIC.rglob("*.js")}
    sources.update({p.relative_to(STATIC).as_posix(): p.read_bytes() for p in STATIC.rglob("*.mjs")})
    out = bundle.build("js/app.js", sources)
    views = {p.relative_to(STATIC).as_posix() for p in (STATIC / "js" / "views").glob("*.js")}
    assert views - set(bundle.LAZY_VIEWS) <= set(out.members)
    assert not [m for m in out.members if m.startswith(bundle.LAZY)]
    minify.javascript(out.body, "bundle")  # parses: the bundle is valid JavaScript
