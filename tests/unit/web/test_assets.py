"""The static tree, content-addressed, and the module graph the shell preloads."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from webapp import settings
from webapp.serving import runtime
from webapp.web import assets, build, built

ROOT = settings.PROJECT_ROOT


def make_tree(tmp_path: Path, files: dict[str, str]) -> assets.AssetTree:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return build.scan(tmp_path)


def test_tree_hash_follows_content_not_place(tmp_path) -> None:
    one = make_tree(tmp_path / "a", {"js/x.js": "1", "css/y.css": "2"})
    two = make_tree(tmp_path / "b", {"js/x.js": "1", "css/y.css": "2"})
    three = make_tree(tmp_path / "c", {"js/x.js": "1", "css/y.css": "3"})
    assert one.tree_hash == two.tree_hash != three.tree_hash


def test_hidden_and_cache_files_are_not_served(tmp_path) -> None:
    tree = make_tree(tmp_path, {"js/x.js": "1", ".DS_Store": "", "js/__pycache__/a.pyc": ""})
    assert list(tree.files) == ["js/x.js"]


def test_module_graph_follows_static_imports_only(tmp_path) -> None:
    tree = make_tree(
        tmp_path,
        {
            "js/main.js": (
                'import { a } from "./a.js";\nexport { b } from "./sub/b.js";\nimport("./lazy.js");'
            ),
            "js/a.js": 'import { app } from "./main.js"; // a cycle\nconst s = "from \'./nope.js\'";',
            "js/sub/b.js": "import {\n  c,\n} from '../c.js';",
            "js/c.js": "",
            "js/lazy.js": "",
        },
    )
    assert assets.module_graph(tree, "js/main.js") == ["js/main.js", "js/a.js", "js/sub/b.js", "js/c.js"]


def test_shell_loads_the_app_as_one_script_holding_every_attendee_view(client) -> None:
    soup = BeautifulSoup(client.get("/my").data, "html.parser")  # the plain shell: the app at once
    scripts = [s["src"].split("/", 3)[3] for s in soup.find_all("script")]
    assert scripts == ["js/app.bundle.js"]
    assert soup.find_all("link", rel="modulepreload") == []
    tree = runtime(client.application).tree()
    assert {
        "js/app.js",
        "js/data/store.js",
        "js/routes.js",
        "js/views/schedule.js",
        "js/views/my.js",
    } <= tree.bundled
    assert not any(
        p.startswith(("js/features/organize/", "vendor/")) or p == "js/features/qr/qr-encode.js"
        for p in tree.bundled
    )


def test_a_server_reads_the_built_tree_before_its_first_request(data_dir, monkeypatch) -> None:
    # A gunicorn worker creates the app before it accepts: it reads the tree `hallway build`
    # made (bundled, minified, compressed), so neither its start nor its first visitor waits for
    # a build (Lighthouse measured an outline.json that took 1.4 s from a worker that built it).
    from webapp import create_app

    reads: list[Path] = []
    real = built.read
    monkeypatch.setattr(built, "read", lambda where, static: reads.append(where) or real(where, static))
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    assert len(reads) == 1
    assert app.test_client().get("/api/v1/outline.json").status_code == 200
    assert len(reads) == 1  # the request used the tree read at start


def test_a_worker_without_a_build_refuses_to_start_and_names_the_command(tmp_path, data_dir) -> None:
    from webapp import create_app

    static = tmp_path / "static"
    (static / "css").mkdir(parents=True)
    (static / "css" / "app.css").write_text("body { margin: 0 }")  # never built
    with pytest.raises(built.BuildMissing, match="hallway build") as refused:
        create_app({"TESTING": True, "DATA_DIR": str(data_dir), "STATIC_DIR": str(static)})
    assert f"the static files in {static} were never built, or changed since" in str(refused.value)


# A fresh interpreter: the test session itself has loaded the bundler to build.
CREATES_AN_APP = """
import sys
from webapp import create_app
app = create_app({"TESTING": True, "DATA_DIR": sys.argv[1]})
app.test_client().get("/")
builder = ("tree_sitter", "webapp.web.b", "webapp.web.js", "webapp.web.min")
print(sorted(m for m in sys.modules if m.startswith(builder)))
"""


def test_creating_the_app_and_serving_never_load_the_bundler(data_dir) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-c", CREATES_AN_APP, str(data_dir)]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['webapp.web.built']"
