"""The fast path in front of Flask (webapp/web/fastpath.py): the feed's revalidations and the
shell answered without Flask, with exactly Flask's answer, and never a stale or a refused one."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from flask import Flask, Response, request
from werkzeug.test import Client

from webapp import create_app
from webapp.serving import runtime
from webapp.serving.writes import publish
from webapp.web import fastpath

DOCUMENTS = ["/api/v1/outline.json", "/api/v1/schedule.json", "/api/v1/texts.json"]
SHELLS = ["/", "/my", "/rooms", "/organize"]
CODINGS = ["br, gzip", "gzip", None]


def flask_calls(app, monkeypatch) -> list[str]:
    """The paths Flask itself dispatched from now on."""
    calls: list[str] = []
    real = app.full_dispatch_request

    def counted():
        calls.append(request.path)
        return real()

    monkeypatch.setattr(app, "full_dispatch_request", counted)
    return calls


def answer(client, path: str, **headers: str | None):
    resp = client.get(path, headers={k.replace("_", "-"): v for k, v in headers.items() if v is not None})
    return resp.status, list(resp.headers.items()), resp.get_data()


def by_flask(app, path: str, **headers: str | None):
    """The answer of the app without the fast path in front of it."""
    return answer(Client(app.wsgi_app.app, Response, use_cookies=False), path, **headers)


@pytest.mark.parametrize("path", DOCUMENTS + SHELLS)
def test_a_revalidation_is_answered_without_flask_with_flasks_own_304(app, client, path, monkeypatch):
    etag = client.get(path).headers["ETag"]
    client.get(path, headers={"If-None-Match": etag})  # Flask answers, and its answer is kept
    calls = flask_calls(app, monkeypatch)
    fast = answer(client, path, If_None_Match=etag)
    assert calls == []
    assert fast[0] == "304 NOT MODIFIED"
    assert fast == by_flask(app, path, If_None_Match=etag)
    assert any(name == "Content-Security-Policy" for name, _ in fast[1])


@pytest.mark.parametrize("coding", CODINGS)
@pytest.mark.parametrize("path", SHELLS)
def test_the_shell_fetched_again_is_flasks_own_200_in_each_coding(app, client, path, coding, monkeypatch):
    client.get(path, headers={"Accept-Encoding": coding} if coding else {})  # built, then kept
    client.get(path, headers={"Accept-Encoding": coding} if coding else {})
    calls = flask_calls(app, monkeypatch)
    fast = answer(client, path, Accept_Encoding=coding)
    assert calls == []
    assert fast[0] == "200 OK" and fast == by_flask(app, path, Accept_Encoding=coding)


def test_a_feed_200_is_left_to_flask(app, client, monkeypatch):
    client.get("/api/v1/outline.json")
    calls = flask_calls(app, monkeypatch)
    client.get("/api/v1/outline.json")
    assert calls == ["/api/v1/outline.json"]


@pytest.mark.parametrize("path", ["/api/v1/outline.json", "/api/v1/schedule.json", "/api/v1/texts.json"])
def test_a_correction_published_by_another_worker_is_served_at_the_next_request(data_dir: Path, path):
    first = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    second = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    a = first.test_client()
    old = a.get(path).headers["ETag"]
    for _ in range(2):  # kept, then answered from what was kept
        assert a.get(path, headers={"If-None-Match": old}).status_code == 304
    with second.app_context():
        publish(runtime(second), {"kind": "move", "session": "s1a2b3", "room": "side", "force": True})
    new = a.get(path, headers={"If-None-Match": old})
    assert new.status_code == 200 and new.headers["ETag"] != old
    assert new.get_json()["version"] == 1


def test_a_changed_schedule_file_is_served_at_the_next_request(app, client, data_dir: Path):
    old = client.get("/api/v1/outline.json").headers["ETag"]
    for _ in range(2):
        client.get("/api/v1/outline.json", headers={"If-None-Match": old})
    schedule = data_dir / "schedule.json"
    schedule.write_text(schedule.read_text().replace("MiniCon 2026", "MiniCon Twenty-Seven"))
    new = client.get("/api/v1/outline.json", headers={"If-None-Match": old})
    assert new.status_code == 200 and new.get_json()["event"]["name"] == "MiniCon Twenty-Seven"


@pytest.mark.parametrize("host", ["evil.example", "localhost:9999"])
def test_a_host_or_port_the_operator_did_not_name_is_refused_after_answers_are_kept(app, client, host):
    etag = client.get("/").headers["ETag"]
    for _ in range(2):
        assert client.get("/", headers={"If-None-Match": etag}).status_code == 304
        assert client.get("/").status_code == 200
    assert client.get("/", headers={"If-None-Match": etag, "Host": host}).status_code == 400
    assert client.get("/", headers={"Host": host}).status_code == 400


@pytest.mark.parametrize("asked", ['W/"{}"', '"other", "{}"', "*"])
def test_other_forms_of_if_none_match_are_compared_by_flask(app, client, asked, monkeypatch):
    etag = client.get("/api/v1/outline.json").headers["ETag"]
    calls = flask_calls(app, monkeypatch)
    resp = client.get("/api/v1/outline.json", headers={"If-None-Match": asked.format(etag.strip('"'))})
    assert resp.status_code == 304 and calls == ["/api/v1/outline.json"]


def test_a_body_still_to_be_compressed_better_is_not_kept():
    # A 200 sent at brotli's fast level (webapp/web/compress.py marks it) goes through Flask again
    # until the smaller body is there.
    app = Flask(__name__)
    sent: list[bool] = []

    @app.get("/doc")
    def doc() -> Response:
        provisional = len(sent) < 2
        sent.append(provisional)
        if provisional:
            request.environ[fastpath.PROVISIONAL] = True
        return Response(b"x" * (1 if provisional else 2), headers={"ETag": '"e"'})

    app.wsgi_app = fastpath.FastPath(app, {"/doc": lambda environ: '"e"'}, whole={"/doc"})  # type: ignore[method-assign]
    client = app.test_client()
    bodies = [client.get("/doc").data for _ in range(5)]
    assert bodies == [b"x", b"x", b"xx", b"xx", b"xx"] and len(sent) == 3


DURING = datetime.fromisoformat("2026-04-07T09:20:00+02:00")  # the mini event's first morning


@pytest.fixture
def pinned(data_dir: Path) -> tuple[Flask, list[datetime]]:
    """An app whose clock reads the list's first item: `/` draws the day at that minute."""
    now = [DURING]
    return create_app({"TESTING": True, "DATA_DIR": str(data_dir), "CLOCK": lambda: now[0]}), now


def test_the_drawn_start_page_and_the_plain_shell_are_never_served_for_each_other(pinned, monkeypatch):
    # `/` carries its first screen; `/?day=all` (a query) is the plain shell: one path, two
    # answers, told apart by their ETags (the fast path keys on the path, not the query).
    app, _ = pinned
    client = app.test_client()
    for _ in range(2):  # built, then kept
        for path in ("/", "/?day=all", "/my"):
            client.get(path)
    calls = flask_calls(app, monkeypatch)
    drawn, plain, my = (answer(client, path) for path in ("/", "/?day=all", "/my"))
    assert calls == []
    assert b'class="card' in drawn[2] and b'id="loading"' not in drawn[2]
    assert b'id="loading"' in plain[2] and plain == my
    assert drawn == by_flask(app, "/") and plain == by_flask(app, "/?day=all")


def test_the_start_page_of_a_new_minute_is_drawn_by_flask_not_replayed(pinned, monkeypatch):
    app, now = pinned
    client = app.test_client()
    old = client.get("/").headers["ETag"]
    client.get("/", headers={"If-None-Match": old})  # kept
    now[0] = DURING.replace(minute=21)  # the "now" line moves: another page
    calls = flask_calls(app, monkeypatch)
    new = client.get("/", headers={"If-None-Match": old})
    assert calls == ["/"] and new.status_code == 200 and new.headers["ETag"] != old
    assert b"09:21" in new.data


def test_readers_in_two_languages_are_never_answered_for_each_other(pinned, monkeypatch):
    # `/` is the drawn first screen in each reader's language: one path, one answer per
    # language, chosen by Accept-Language (or ?hl=, the cookie), told apart by their ETags.
    app, _ = pinned
    client = app.test_client()
    for _ in range(2):
        for lang in ("fr", "de", "en", None):
            client.get("/", headers={"Accept-Language": lang} if lang else {})
    calls = flask_calls(app, monkeypatch)
    french, german, english = (answer(client, "/", Accept_Language=lang) for lang in ("fr", "de", "en"))
    assert calls == []
    assert b'<html lang="fr"' in french[2] and "Maintenant · 09:20".encode() in french[2]
    assert b'<html lang="de"' in german[2] and "Jetzt · 09:20".encode() in german[2]
    assert b'<html lang="en"' in english[2] and "Now · 09:20".encode() in english[2]
    assert french == by_flask(app, "/", Accept_Language="fr")
    assert german == by_flask(app, "/", Accept_Language="de")
    assert english == by_flask(app, "/", Accept_Language="en")


def test_the_language_cookie_chooses_the_answer_whatever_other_cookies_are_sent(pinned, monkeypatch):
    # The fast path remembers its choices by the raw headers: the language cookie must key them,
    # beside any other cookie, and other cookies alone must not change the choice.
    app, _ = pinned
    client = app.test_client(use_cookies=False)  # the Cookie header sent as written
    asked = {
        "german": "hallway-lang=de",
        "french": "session=abc; hallway-lang=fr",
        "other": "session=abc",
    }
    for _ in range(2):
        for cookie in asked.values():
            client.get("/", headers={"Cookie": cookie, "Accept-Language": "en"})
    calls = flask_calls(app, monkeypatch)
    got = {name: answer(client, "/", Cookie=cookie, Accept_Language="en") for name, cookie in asked.items()}
    assert calls == []
    assert b'<html lang="de"' in got["german"][2] and b'<html lang="fr"' in got["french"][2]
    assert b'<html lang="en"' in got["other"][2]
    for name, cookie in asked.items():
        assert got[name] == by_flask(app, "/", Cookie=cookie, Accept_Language="en")


def _changes_urls(client) -> list[str]:
    """The changes feed as phones ask it: at the newest version (with and without its stamp),
    and from further back."""
    doc = client.get("/api/v1/outline.json").get_json()
    newest = f"/api/v1/changes?since={doc['version']}"
    return [newest, f"{newest}&stamp={doc['stamp']}", "/api/v1/changes?since=0"]


def _with_edits(app, count: int) -> None:
    with app.app_context():
        for n in range(count):
            room = "side" if n % 2 == 0 else "main"
            publish(runtime(app), {"kind": "move", "session": "s1a2b3", "room": room, "force": True})


@pytest.mark.parametrize("coding", CODINGS)
def test_the_changes_feed_asked_again_is_flasks_own_200_and_304_for_each_query(
    app, client, coding, monkeypatch
):
    _with_edits(app, 2)  # something to list from version 0
    urls = _changes_urls(client)
    for _ in range(2):  # answered by Flask and kept, then from what was kept
        for url in urls:
            etag = client.get(url, headers={"Accept-Encoding": coding} if coding else {}).headers["ETag"]
            client.get(url, headers={"If-None-Match": etag})
    calls = flask_calls(app, monkeypatch)
    whole = [answer(client, url, Accept_Encoding=coding) for url in urls]
    revalidated = [answer(client, url, If_None_Match=etag) for url in urls]
    assert calls == []
    assert [a[0] for a in whole] == ["200 OK"] * 3 and [a[0] for a in revalidated] == ["304 NOT MODIFIED"] * 3
    assert whole[0][2] != whole[2][2]  # one path, an answer per query
    for url, got in zip(urls, whole, strict=True):
        assert got == by_flask(app, url, Accept_Encoding=coding)
    for url, got in zip(urls, revalidated, strict=True):
        assert got == by_flask(app, url, If_None_Match=etag)


@pytest.mark.parametrize(
    "asked", ["/api/v1/changes?since=x", "/api/v1/changes", "/api/v1/changes?since=1&stamp=Z"]
)
def test_a_changes_query_flask_refuses_is_refused_every_time(app, client, asked):
    etag = client.get("/api/v1/changes?since=0").headers["ETag"]
    for _ in range(3):
        assert client.get(asked).status_code == 400
        assert client.get(asked, headers={"If-None-Match": etag}).status_code == 400


def test_a_correction_written_by_another_worker_is_in_the_next_changes_answer(data_dir: Path):
    first = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    second = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})
    a = first.test_client()
    url = _changes_urls(a)[0]
    old = a.get(url)
    for _ in range(2):  # kept, then answered from what was kept
        assert a.get(url).data == old.data
        assert a.get(url, headers={"If-None-Match": old.headers["ETag"]}).status_code == 304
    _with_edits(second, 1)
    for new in (a.get(url), a.get(url, headers={"If-None-Match": old.headers["ETag"]})):
        assert new.status_code == 200 and new.headers["ETag"] != old.headers["ETag"]
        assert [c["after"]["room"] for c in new.get_json()["changes"]] == ["side"]


def test_a_changed_schedule_file_is_in_the_next_changes_answer(app, client, data_dir: Path):
    url = _changes_urls(client)[0]
    old = client.get(url)
    for _ in range(2):
        assert client.get(url).data == old.data
        assert client.get(url, headers={"If-None-Match": old.headers["ETag"]}).status_code == 304
    schedule = data_dir / "schedule.json"
    schedule.write_text(schedule.read_text().replace("MiniCon 2026", "MiniCon Twenty-Seven"))
    new = client.get(url, headers={"If-None-Match": old.headers["ETag"]})
    assert new.status_code == 200 and new.get_json()["version"] == old.get_json()["version"] + 1
