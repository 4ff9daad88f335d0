"""Unread declarations taken out of the worker's modules before they are joined: what goes,
and what stays because something reads it or because dropping it could change what runs.

The worker built so is run by the e2e tests of push, reminders and the worker's language."""

from __future__ import annotations

from pathlib import Path

from webapp.web import build, built, bundle, jsmodule
from webapp.web.shake import shake

STATIC = Path(__file__).resolve().parents[3] / "static"
ENTRY = "js/worker.js"


def shaken(files: dict[str, str]) -> dict[str, str]:
    return {p: b.decode() for p, b in shake({p: t.encode() for p, t in files.items()}, ENTRY).items()}


def test_what_nothing_reads_goes_and_what_something_reads_stays() -> None:
    out = shaken(
        {
            ENTRY: 'import { used } from "./lib.js";\nexport function onPush() { return used(); }\n',
            "js/lib.js": "export function used() { return helper(); }\n"
            "function helper() { return 1; }\n"
            "export function unused() { return onlyForUnused(); }\n"
            "const onlyForUnused = () => 2;\n"
            "export const TABLE = { a: 1 };\n",
        }
    )
    lib = out["js/lib.js"]
    assert "function used" in lib and "function helper" in lib
    # onlyForUnused goes in a second round, once unused (its only reader) has gone.
    assert "unused" not in lib and "onlyForUnused" not in lib and "TABLE" not in lib
    assert "export function onPush" in out[ENTRY]  # the entry's exports stay


def test_a_declaration_that_runs_something_stays_even_unread() -> None:
    out = shaken(
        {
            ENTRY: 'import { a } from "./lib.js";\na();\n',
            "js/lib.js": "export function a() {}\n"
            "const started = register();\n"
            "const table = { at: Date.now() };\n"
            "function register() { return 1; }\n",
        }
    )
    assert "const started = register();" in out["js/lib.js"] and "const table" in out["js/lib.js"]


def test_a_module_imported_at_run_time_keeps_all_it_exports() -> None:
    out = shaken(
        {
            ENTRY: 'const later = () => import("./lib.js");\nlater();\n',
            "js/lib.js": "export function asked() {}\nexport function byName() {}\n",
        }
    )
    assert "asked" in out["js/lib.js"] and "byName" in out["js/lib.js"]


def test_the_built_worker_reads_no_name_it_lost_and_carries_no_page_only_code() -> None:
    js = {p: b for p, b in built.sources(STATIC).items() if p.endswith(".js")}
    reached: dict[str, bytes] = {}
    todo = [built.WORKER_MODULE]
    while todo:
        path = todo.pop()
        if path not in reached:
            reached[path] = js[path]
            todo += [i.target for i in jsmodule.read(path, reached[path]).imports]
    whole = bundle.build(built.WORKER_MODULE, reached, bundle_path=built.WORKER_BUNDLE, page=False).body
    worker = build._classic_bundle(js, built.WORKER_MODULE, built.WORKER_BUNDLE)
    assert jsmodule.read("sw.js", worker).free == jsmodule.read("sw.js", whole).free
    # The translation runtime's parts for the page only (a console's catalog part, the
    # language's direction) are not in the worker; what it writes with is.
    assert b"function addPart" not in worker and b"function ngettext" in worker
    assert len(worker) < 0.9 * len(whole)
