"""The service worker is generated: precache list and version from the files' hashes."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from webapp import create_app, settings
from webapp.serving import runtime
from webapp.views import sw
from webapp.views.pages import APP_ROUTES
from webapp.web import build, jsmodule

STATIC = Path(settings.PROJECT_ROOT) / "static"


PUSH = "/sw.js?push=1"  # a device with reminders with the app closed (features/offline/worker-update.js)


def worker(client, url: str = "/sw.js") -> tuple[str, str, list[str]]:
    body = client.get(url).data.decode()
    version = re.search(r'const VERSION = "([0-9a-f]+)";', body).group(1)
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", body).group(1))
    return body, version, precache


def test_every_static_file_is_precached_or_deliberately_left_out(app, client) -> None:
    _, _, precache = worker(client)
    tree = runtime(app).tree()
    on_disk = sorted(p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*") if p.is_file())
    for path in on_disk:
        if any(part.startswith((".", "__")) for part in path.split("/")):
            continue
        assert tree.url(path) in precache or sw.excluded(path, tree), (
            f"{path}: precache it or say why not in sw.py"
        )


def test_every_exclusion_names_a_real_file_or_folder() -> None:
    for path in sw.NOT_PRECACHED:
        assert (STATIC / path).is_file(), path
    for prefix in sw.ON_DEMAND_PREFIXES:
        assert (STATIC / prefix).is_dir(), prefix


def test_everything_precached_is_served(client) -> None:
    _, _, precache = worker(client)
    assert {"/", "/manifest.webmanifest", "/api/v1/outline.json", "/api/v1/texts.json"} <= set(precache)
    for url in precache:
        assert client.get(url).status_code == 200, url


def test_the_app_documents_are_precached_and_the_whole_schedule_is_not(client) -> None:
    # The app reads the outline and the texts; precaching schedule.json too would download
    # every description twice. Old pages still asking for it get it from the network.
    _, _, precache = worker(client)
    assert "/api/v1/schedule.json" not in precache
    body = client.get("/sw.js").get_data(as_text=True)
    assert '"/api/v1/schedule.json"' in body  # still served network first, cached for offline


def test_worker_is_never_cached_and_is_javascript(client) -> None:
    response = client.get("/sw.js")
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.mimetype == "text/javascript"


def deployed(data_dir: Path, static: Path):
    """A deployment: the build of `static`, then a server that reads it."""
    build.ensure(static)
    return create_app({"TESTING": True, "DATA_DIR": str(data_dir), "STATIC_DIR": str(static)}).test_client()


def deployment(tmp_path: Path, data_dir: Path, name: str) -> tuple:
    static = tmp_path / name
    shutil.copytree(STATIC, static)
    return static, deployed(data_dir, static)


def test_version_changes_with_any_file_and_only_then(tmp_path, data_dir) -> None:
    static, client = deployment(tmp_path, data_dir, "one")
    _, first, precache_one = worker(client)
    _, again, _ = worker(deployment(tmp_path, data_dir, "two")[1])
    assert again == first  # same files, same version, whatever the directory
    (static / "icons" / "icon-192.png").write_bytes((static / "icons" / "icon-192.png").read_bytes() + b"\0")
    changed = deployed(data_dir, static)
    _, second, precache_two = worker(changed)
    assert second != first
    assert precache_two != precache_one  # new asset URLs: the old ones stay cached immutably


@pytest.mark.parametrize(
    ("rule", "yes", "no"),
    [
        ("/", "/", "/x"),
        ("/session/<sid>", "/session/Ab_9-z", "/session/s1.ics"),
        ("/session/<sid>", "/session/s1", "/session/s1/qr.svg"),
        ("/speakers", "/speakers/", "/speakers/x"),
    ],
)
def test_app_route_patterns_for_the_worker(rule, yes, no) -> None:
    pattern = re.compile(sw.route_regex(rule))
    assert pattern.match(yes) and not pattern.match(no)


def test_worker_answers_navigations_for_every_app_route(client) -> None:
    body, _, _ = worker(client)
    for rule in APP_ROUTES:
        assert sw.route_regex(rule).replace("/", "\\/") in body.replace("/", "\\/")


def test_routes_with_characters_to_escape_are_refused() -> None:
    with pytest.raises(ValueError):
        sw.route_regex("/a.b")


def test_the_worker_runs_the_pages_own_modules_for_push(tmp_path, data_dir) -> None:
    static, client = deployment(tmp_path, data_dir, "push")
    body, _, _ = worker(client, PUSH)
    script = jsmodule.read("sw.js", body.encode())
    assert script.imports == [] and script.exports == {}  # a classic worker script: imports resolved
    assert not re.search(r"(^|[;}])\s*export\s*\{", body, re.M)  # a SyntaxError in a classic worker
    assert 'self.addEventListener("push"' in body
    assert '"bio_truncated"' in body  # only data/changes.js says it: its code, names minified away
    wake = static / "js" / "features" / "push" / "wake-times.js"
    assert "73519" not in body
    wake.write_text(wake.read_text().replace("MOST_WAKES = 500;", "MOST_WAKES = 73519;"))
    build.ensure(static)  # as a deployment does: `hallway build`, then the workers start
    changed = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "STATIC_DIR": str(static)})
    assert "73519" in worker(changed.test_client(), PUSH)[0]


def tokens(script: str) -> list[str]:
    """The script's tokens in order, comments left out (a string, template or regex is one)."""
    out, stack = [], [jsmodule.parse(script.encode("utf-8"), "sw.js")]
    while stack:
        node = stack.pop()
        if node.type == "comment":
            continue
        if not node.children or node.type in ("string", "template_string", "regex"):
            out.append(node.text.decode("utf-8"))
        else:
            stack.extend(reversed(node.children))
    return out


def test_the_compacted_worker_is_the_same_code_as_its_template(client, monkeypatch) -> None:
    unversioned = lambda body: re.sub(r'const VERSION = "[0-9a-f]+";', 'const VERSION = "";', body)  # noqa: E731
    served = unversioned(worker(client)[0])
    monkeypatch.setattr(sw, "compact", lambda script: script)
    whole = unversioned(worker(client)[0])
    assert len(served) < 0.9 * len(whole)  # comments and indentation went
    own = served.split('"use strict";')[0]  # the template's code, before the worker's own modules
    assert "\n//" not in own and "\n " not in own
    assert tokens(served) == tokens(whole)


def test_a_device_without_push_gets_the_worker_without_its_code_and_the_same_precache(client) -> None:
    plain, plain_version, plain_precache = worker(client)
    push, push_version, push_precache = worker(client, PUSH)
    for body in (plain, push):
        assert "hallway-needs-network" in body  # the answers to links offline: every worker
        assert not re.search(r"(^|[;}])\s*export\s*\{", body, re.M)
    # Both take pushes: the plain worker only keeps them for the push worker (missed.js).
    assert 'self.addEventListener("push"' in push and 'addEventListener("push"' in plain
    assert "/hallway-missed-push/" in plain and "showNotification" in push and "showNotification" not in plain
    assert len(plain) < len(push) - 10_000
    # One version: a device that turns push on keeps the caches and drawings the plain one made.
    assert plain_precache == push_precache and plain_version == push_version
