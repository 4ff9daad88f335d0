"""`hallway build`: the static tree built once into build/static/<key>/, read by every worker."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import brotli
import click
import pytest

from webapp import create_app
from webapp.serving import runtime
from webapp.web import build, built

STYLE = "/* the page */\nbody {\n  margin: 0;\n}\n" + "".join(f".c{i} {{ color: red; }}\n" for i in range(40))


def static_dir(tmp_path: Path, **extra: str) -> Path:
    static = tmp_path / "static"
    files = {"css/app.css": STYLE, "js/x.js": "export const x = 1;\n" * 40, "icons/a.png": "\x89PNG", **extra}
    for name, text in files.items():
        (static / name).parent.mkdir(parents=True, exist_ok=True)
        (static / name).write_text(text)
    return static


def test_a_build_holds_the_served_tree_with_its_compressed_copies_and_is_made_once(tmp_path) -> None:
    static, out = static_dir(tmp_path), tmp_path / "build"
    where, made = build.ensure(static, out)
    assert made and where.parent == out
    tree = built.read(where)
    assert tree == build.scan(static)  # what the worker reads is what the build made
    css = tree.files["css/app.css"]
    assert css.body != STYLE.encode() and b"the page" not in css.body  # minified
    assert (
        brotli.decompress((where / "css/app.css.br").read_bytes())
        == css.body
        == (where / "css/app.css").read_bytes()
    )
    assert not (where / "icons/a.png.br").exists() and tree.files["icons/a.png"].encoded == {}
    assert build.ensure(static, out) == (where, False)


def test_a_changed_file_is_another_build_that_does_not_exist_until_built(tmp_path) -> None:
    static, out = static_dir(tmp_path), tmp_path / "build"
    old, _ = build.ensure(static, out)
    (static / "js/x.js").write_text("export const x = 2;\n")
    assert built.locate(static, out) != old
    with pytest.raises(built.BuildMissing, match="hallway build"):
        built.read(built.locate(static, out))
    new, made = build.ensure(static, out)
    assert made and new == built.locate(static, out)
    assert built.read(old).files["js/x.js"].body != built.read(new).files["js/x.js"].body


def test_a_changed_catalog_is_another_build(tmp_path, monkeypatch) -> None:
    # The app's catalogs (webapp/translations) are built into the tree: a translation fixed
    # must reach phones as a new build, not wait for a change to a static file.
    static, out = static_dir(tmp_path), tmp_path / "build"
    monkeypatch.setattr(built.i18n_client, "sources", lambda: {"fr/LC_MESSAGES/app.po": b'msgid "a"'})
    before = built.locate(static, out)
    monkeypatch.setattr(built.i18n_client, "sources", lambda: {"fr/LC_MESSAGES/app.po": b'msgid "b"'})
    assert built.locate(static, out) != before


def test_a_build_changed_by_hand_is_refused_and_made_again(tmp_path) -> None:
    static, out = static_dir(tmp_path), tmp_path / "build"
    where, _ = build.ensure(static, out)
    (where / "js/x.js").write_text("alert(1)")
    with pytest.raises(built.BuildMissing, match="changed after the build"):
        built.read(where)
    assert build.ensure(static, out) == (where, True)
    assert built.read(where) == build.scan(static)


def test_a_build_missing_a_file_is_refused_and_made_again(tmp_path) -> None:
    static, out = static_dir(tmp_path), tmp_path / "build"
    where, _ = build.ensure(static, out)
    (where / "css/app.css.gz").unlink()
    with pytest.raises(built.BuildMissing, match=r"app\.css\.gz is missing from the build"):
        built.read(where)
    assert build.ensure(static, out) == (where, True)


def test_a_build_that_fails_before_its_last_step_leaves_nothing_a_worker_would_read(
    tmp_path, monkeypatch
) -> None:
    static, out = static_dir(tmp_path), tmp_path / "build"

    def disk_full(self: Path, target: Path) -> None:
        raise OSError("No space left on device")

    monkeypatch.setattr(Path, "rename", disk_full)
    with pytest.raises(OSError, match="No space"):
        build.ensure(static, out)
    assert list(out.iterdir()) == []  # neither the build nor its unfinished copy


def test_the_most_recently_used_builds_are_kept_and_any_used_within_the_hour(tmp_path) -> None:
    out = tmp_path / "build"
    made = []
    for n in range(5):
        static = static_dir(tmp_path / str(n), **{"js/n.js": f"export const n = {n};"})
        made.append(build.ensure(static, out)[0])
        os.utime(made[-1] / built.MANIFEST, (n, n))  # used in this order, long ago
    (out / ".tmp-crashed").mkdir()
    os.utime(out / ".tmp-crashed", (0, 0))
    (out / ".tmp-building-now").mkdir()
    built.read(made[0])  # a server read the oldest just now
    for n, ago in ((1, 60), (2, 120)):  # and these two a minute or two ago
        os.utime(made[n] / built.MANIFEST, (time.time() - ago, time.time() - ago))
    build.prune(out, keep=2)
    assert sorted(out.iterdir()) == sorted([out / ".tmp-building-now", *made[:3]])


def test_a_static_file_named_like_a_compressed_copy_is_refused(tmp_path) -> None:
    static = static_dir(tmp_path, **{"css/app.css.br": "not brotli"})
    with pytest.raises(ValueError, match=r"css/app\.css\.br"):
        build.ensure(static, tmp_path / "build")


def test_the_build_command_names_a_module_it_cannot_bundle(runner, app, monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(built, "BUILD_ROOT", tmp_path / "build")
    static = tmp_path / "static"
    shutil.copytree(app.config["STATIC_DIR"], static)
    (static / "js/app.js").write_text((static / "js/app.js").read_text() + "\nexport default 1;\n")
    app.config["STATIC_DIR"] = str(static)
    refused = runner.invoke(args=["build"])
    assert refused.exit_code == 1 and "Error: js/app.js" in refused.output, refused.output
    assert not (tmp_path / "build").exists() or list((tmp_path / "build").iterdir()) == []


def test_the_build_command_builds_then_says_it_is_built(runner, monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(built, "BUILD_ROOT", tmp_path / "build")
    first = runner.invoke(args=["build"])
    assert first.exit_code == 0 and first.output.startswith("built ")
    again = runner.invoke(args=["build"])
    assert again.exit_code == 0 and again.output.startswith("already built: ")
    assert first.output.split()[-1] == again.output.split()[-1]


@pytest.mark.parametrize(("command", "builds"), [("run", True), ("schedule", False)])
def test_the_development_server_builds_first_and_other_commands_do_not(
    command, builds, data_dir, tmp_path, monkeypatch
) -> None:
    monkeypatch.setattr(built, "BUILD_ROOT", tmp_path / "build")
    static = static_dir(tmp_path)
    with click.Context(click.Command(command), info_name=command):
        app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "STATIC_DIR": str(static)})
    assert (tmp_path / "build").exists() == builds
    assert (runtime(app).assets.last() is not None) == builds
    if not builds:
        with pytest.raises(built.BuildMissing):
            runtime(app).tree()


def test_the_debug_server_builds_again_when_a_file_changed(data_dir, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(built, "BUILD_ROOT", tmp_path / "build")
    static = static_dir(tmp_path)
    app = create_app({"TESTING": True, "DEBUG": True, "DATA_DIR": str(data_dir), "STATIC_DIR": str(static)})
    first = runtime(app).tree().tree_hash
    (static / "js/x.js").write_text("export const x = 3;\n")
    assert runtime(app).tree().tree_hash != first
    assert runtime(app).tree().files["js/x.js"].body == b"export const x = 3;\n"
