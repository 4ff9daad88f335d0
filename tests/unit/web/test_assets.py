"""The static tree, content-addressed, and the module graph the shell preloads."""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup

from webapp.web import assets


def make_tree(tmp_path: Path, files: dict[str, str]) -> assets.AssetTree:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return assets.scan(tmp_path)


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
            "js/main.js": 'import { a } from "./a.js";\nexport { b } from "./sub/b.js";\nimport("./lazy.js");',
            "js/a.js": 'import { app } from "./main.js"; // a cycle\nconst s = "from \'./nope.js\'";',
            "js/sub/b.js": "import {\n  c,\n} from '../c.js';",
            "js/c.js": "",
            "js/lazy.js": "",
        },
    )
    assert assets.module_graph(tree, "js/main.js") == ["js/main.js", "js/a.js", "js/sub/b.js", "js/c.js"]


def test_shell_loads_the_app_as_one_module_holding_every_attendee_view(client) -> None:
    soup = BeautifulSoup(client.get("/").data, "html.parser")
    scripts = [s["src"].split("/", 3)[3] for s in soup.find_all("script")]
    assert scripts == ["js/app.bundle.js"]
    assert soup.find_all("link", rel="modulepreload") == []
    tree = assets.tree(client.application)
    assert {"js/app.js", "js/store.js", "js/router.js", "js/views/schedule.js", "js/views/my.js"} <= tree.bundled
    assert not any(p.startswith(("js/organize/", "vendor/")) or p == "js/qrcode.js" for p in tree.bundled)




def test_a_server_builds_the_tree_before_its_first_request_and_a_command_does_not(data_dir, monkeypatch) -> None:
    # A gunicorn worker creates the app before it accepts: the ~1.3 s of bundling, minifying and
    # compressing must happen there, not in the first visitor's request (Lighthouse measured an
    # outline.json that took 1.4 s from a worker that had not served yet).
    from webapp import create_app

    scans: list[Path] = []
    real = assets.scan
    monkeypatch.setattr(assets, "scan", lambda root: scans.append(root) or real(root))
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    assert len(scans) == 1
    assert app.test_client().get("/api/v1/outline.json").status_code == 200
    assert len(scans) == 1  # the request used the tree built at start
    create_app({"TESTING": True, "DATA_DIR": str(data_dir)}, warm=False)
    assert len(scans) == 1
