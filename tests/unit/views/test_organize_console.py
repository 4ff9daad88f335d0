"""The organizers' console is part of the app but not of the attendees' download: its modules
are never precached, preloaded or statically imported by attendee code; its pages get the shell."""

from __future__ import annotations

import json
import re

from bs4 import BeautifulSoup

from webapp.serving import runtime
from webapp.views import sw
from webapp.views.pages import APP_ROUTES
from webapp.web import assets

CONSOLE_PATHS = [
    "/organize",
    "/organize/correct",
    "/organize/add",
    "/organize/history",
    "/organize/rooms",
    "/organize/announce",
    "/organize/venue",
]


def console_files(tree: assets.AssetTree) -> list[str]:
    return [p for p in tree.files if p.startswith("js/features/organize/") or p == "css/organize.css"]


def test_console_files_exist_and_are_left_out_of_the_precache(app, client) -> None:
    tree = runtime(app).tree()
    files = console_files(tree)
    assert "js/features/organize/console.js" in files and "css/organize.css" in files
    body = client.get("/sw.js").data.decode()
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", body).group(1))
    assert [p for p in files if tree.url(p) in precache] == []
    assert all(sw.excluded(p) for p in files)


def test_the_shell_loads_no_console_module(app, client) -> None:
    soup = BeautifulSoup(client.get("/").data, "html.parser")
    loaded = [s["src"] for s in soup.find_all("script")]
    loaded += [link["href"] for link in soup.find_all("link", rel="modulepreload")]
    assert loaded and not [h for h in loaded if "/organize/" in h]
    # The bundle the shell loads holds the attendee app only; the console is imported later.
    assert [p for p in runtime(app).tree().bundled if p.startswith("js/features/organize/")] == []


def test_no_attendee_module_imports_the_console_statically(app) -> None:
    tree = runtime(app).tree()
    attendee = [p for p in tree.files if p.endswith(".js") and not p.startswith("js/features/organize/")]
    graph = assets.module_graph(tree, *attendee)
    assert [p for p in graph if p.startswith("js/features/organize/")] == []


def test_every_console_page_is_an_app_route_served_the_shell(client) -> None:
    assert set(CONSOLE_PATHS) <= set(APP_ROUTES)
    shell = client.get("/shell.html").data
    for path in CONSOLE_PATHS:
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.data == shell
