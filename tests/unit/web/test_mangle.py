"""The build's minifier: Terser in Node (webapp.web.mangle), and the plain one without it."""

from __future__ import annotations

import json
import subprocess
from urllib.parse import quote

import pytest

from webapp.web import build, built, mangle

MODULE = b"""
export function total(items) {
  const runningTotal = items.reduce((sum, item) => sum + item.price, 0);
  return runningTotal;
}
"""


def run(source: bytes) -> str:
    """What Node prints for a module's `total([{price: 2}, {price: 3}])`."""
    url = "data:text/javascript," + quote(source.decode())
    script = f"import {{ total }} from '{url}'; console.log(total([{{price: 2}}, {{price: 3}}]));"
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, check=True, text=True
    )
    return done.stdout.strip()


def test_this_machine_builds_with_terser():
    # scripts/test.sh installs it: a build without it would test other bytes than those served.
    assert mangle.available(), mangle.identity()


def test_local_names_are_renamed_and_exports_kept():
    out = mangle.scripts({"js/a.js": MODULE})["js/a.js"]
    assert b"runningTotal" not in out and b"export" in out and b"total" in out
    assert len(out.split(b"\n//# sourceMappingURL")[0]) < len(MODULE) / 2
    assert run(out) == run(MODULE) == "5"


def test_the_workers_classic_script_has_its_top_level_renamed_too():
    worker = b"const chosenLanguageName = 'fr';\nself.onpush = () => alert(chosenLanguageName);\n"
    out = mangle.scripts({"js/w.js": worker}, classic=frozenset({"js/w.js"}))["js/w.js"]
    assert b"chosenLanguageName" not in out and b"onpush" in out


def test_a_script_terser_refuses_stops_the_build_and_names_the_file():
    with pytest.raises(mangle.MinifierFailed, match=r"js/broken\.js: .*line 1"):
        mangle.scripts({"js/ok.js": MODULE, "js/broken.js": b"export const = ;"})


def test_without_terser_the_build_keeps_names_and_a_later_build_with_it_replaces_it(tmp_path, monkeypatch):
    static = tmp_path / "static"
    (static / "js").mkdir(parents=True)
    (static / "js" / "app.js").write_bytes(MODULE)
    out = tmp_path / "build"
    monkeypatch.setenv("HALLWAY_MINIFIER", "plain")
    mangle.identity.cache_clear()
    where, made = build.ensure(static, out)
    plain = built.read(where)
    assert made and plain.minifier.startswith("plain") and b"runningTotal" in plain.files["js/app.js"].body
    monkeypatch.delenv("HALLWAY_MINIFIER")
    mangle.identity.cache_clear()
    again, made = build.ensure(static, out)
    assert (again, made) == (where, True)  # the same key: a server finds it either way
    assert b"runningTotal" not in built.read(where).files["js/app.js"].body
    assert build.ensure(static, out) == (where, False)


def test_a_module_has_its_source_map_beside_it_and_the_worker_script_none():
    out = mangle.scripts(
        {"js/a.js": MODULE, "js/w.js": b"self.onpush = () => 1;\n"}, classic=frozenset({"js/w.js"})
    )
    assert sorted(out) == ["js/a.js", "js/a.js.map", "js/w.js"]
    assert out["js/a.js"].rstrip().endswith(b"//# sourceMappingURL=a.js.map")
    source_map = json.loads(out["js/a.js.map"])
    assert source_map["sourcesContent"] == [MODULE.decode()] and "items" in source_map["names"]
    assert b"sourceMappingURL" not in out["js/w.js"]


@pytest.mark.parametrize(("asked", "said"), [("tersr", "say plain or terser"), ("terser", None)])
def test_the_minifier_asked_for_is_that_one_or_a_clear_error(monkeypatch, asked, said):
    monkeypatch.setenv("HALLWAY_MINIFIER", asked)
    mangle.identity.cache_clear()
    try:
        if said:
            with pytest.raises(mangle.MinifierFailed, match=said):
                mangle.identity()
        else:
            assert mangle.identity().startswith("terser ")
            monkeypatch.setenv("PATH", "")
            mangle.identity.cache_clear()
            with pytest.raises(mangle.MinifierFailed, match="no node on PATH"):
                mangle.identity()
    finally:
        monkeypatch.undo()
        mangle.identity.cache_clear()
