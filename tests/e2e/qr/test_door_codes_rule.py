"""static/js/features/qr/door-codes.js in Chromium, from the files on disk (no server): which
codes open which session. The one rule the scanner, its typing box and the /s short links
follow: a session's id in any case, this app's own addresses, and the session's own page at
its source however the address is written; anything else is said for what it is."""

from __future__ import annotations

import pytest

from tests.harness.modules import import_module

FOSDEM = "https://fosdem.org/2026/schedule/event/HTJK33-evolving_git_for_the_next_decade/"
SESSIONS = [
    {"id": "qed22y2b", "links": [{"url": FOSDEM, "title": None, "kind": "page"}]},
    # The page listed among the source's links already, after them: still the page.
    {
        "id": "k9x8y7",
        "links": [
            {"url": "https://video.example/k.webm", "kind": "link"},
            {"url": "https://pretalx.example/con/talk/G9JGWY/", "kind": "page"},
        ],
    },
    # A re-import's change carries the page as `url`; a site whose pages differ only in their query.
    {"id": "Mixed_Case1", "url": "http://www.events.example/talk?id=7"},
    {"id": "talk8", "url": "https://events.example/talk?id=8"},
    # Only a page marks a page: another link of a session is no door code.
    {"id": "s1a2b3", "links": [{"url": "https://slides.example/s1.pdf", "kind": "link"}]},
    # Two ids that differ only in case: each by its exact id, neither case-blind.
    {"id": "abc123"},
    {"id": "ABC123"},
]
READ = """([texts, typed]) => {
  const index = mod.codeIndex(SESSIONS);
  return texts.map((text) => mod.readCode(text, {
    origins: [location.origin, 'https://conf.example.org/hall/'], index, typed }));
}""".replace("SESSIONS", __import__("json").dumps(SESSIONS))


@pytest.fixture
def codes(app_modules):
    assert "readCode" in import_module(app_modules, "js/features/qr/door-codes.js")
    return app_modules


def read(codes, texts, typed=False):
    origin = codes.evaluate("() => location.origin")
    return codes.evaluate(READ, [[t.format(origin=origin) for t in texts], typed])


OPENS = [
    (FOSDEM, "qed22y2b"),
    (FOSDEM.rstrip("/"), "qed22y2b"),
    (FOSDEM.replace("https:", "http:"), "qed22y2b"),
    (FOSDEM + "?utm_source=door#top", "qed22y2b"),
    (FOSDEM.upper().replace("HTTPS://", "https://"), "qed22y2b"),
    ("https://www.fosdem.org/2026//schedule/event/HTJK33-evolving_git_for_the_next_decade", "qed22y2b"),
    ("  https://pretalx.example/con/talk/G9JGWY  ", "k9x8y7"),
    ("https://events.example/talk?utm_source=door&id=7", "Mixed_Case1"),
    ("https://EVENTS.example/talk/?id=8#abstract", "talk8"),
    ("QED22Y2B", "qed22y2b"),
    ("qed22y2b", "qed22y2b"),
    ("mixed_case1", "Mixed_Case1"),
    ("abc123", "abc123"),
    ("ABC123", "ABC123"),
    ("{origin}/session/QED22Y2B", "qed22y2b"),
    ("{origin}/session/qed22y2b/", "qed22y2b"),
    ("{origin}/s/Qed22Y2b", "qed22y2b"),
    ("{origin}/s?c=" + FOSDEM, "qed22y2b"),
    ("{origin}/s?c=QED22Y2B", "qed22y2b"),
    ("https://conf.example.org/hall/s/k9x8y7", "k9x8y7"),
]


@pytest.mark.parametrize(("text", "sid"), OPENS)
def test_a_code_naming_a_session_opens_it(codes, text, sid):
    (got,) = read(codes, [text])
    assert got == {"kind": "session", "id": sid, "path": f"/session/{sid}"}


def test_a_typed_address_without_a_scheme_or_with_any_host_before_session_opens_it(codes):
    texts = [
        "fosdem.org/2026/schedule/event/HTJK33-evolving_git_for_the_next_decade",
        "hallway.example/session/S1A2B3",
    ]
    assert [c.get("id") for c in read(codes, texts, typed=True)] == ["qed22y2b", "s1a2b3"]
    # Read off a camera, a foreign /session/ link is no code of this app.
    assert [c["kind"] for c in read(codes, ["https://hallway.example/session/s1a2b3"])] == ["text"]


def test_share_links_still_open_the_shared_schedule(codes):
    assert read(codes, ["{origin}/share?s=s1a2b3.k9x8y7"]) == [
        {"kind": "share", "path": "/share?s=s1a2b3.k9x8y7"}
    ]


SAID = [
    (
        "https://fosdem.org/2026/schedule/event/OTHER1-something_else/",
        {"note": "a page of another site", "host": "fosdem.org"},
    ),
    ("https://www.example.com/", {"note": "a page of another site", "host": "example.com"}),
    # The query told two pages apart: without it, the address names neither.
    ("https://events.example/talk", {"note": "a page of another site", "host": "events.example"}),
    ("https://slides.example/s1.pdf", {"note": "a page of another site", "host": "slides.example"}),
    ("Abc123", {"note": "not a session of this schedule"}),
    ("nope42", {"note": "not a session of this schedule"}),
    ("{origin}/session/nope42", {"note": "a link to a session this schedule does not have"}),
    ("{origin}/s/nope42", {"note": "a link to a session this schedule does not have"}),
    ("{origin}/speakers", {"note": "a page of this app, not a session"}),
    ("just some words", {"note": "not a code of this app"}),
    ("WIFI:S:hall;T:WPA;P:secret;;", {"note": "not a code of this app"}),
    ("javascript:alert(1)", {"note": "not a code of this app"}),
    (
        "https://user:pw@fosdem.org/2026/schedule/event/HTJK33-evolving_git_for_the_next_decade/",
        {"note": "not a code of this app"},
    ),
]


@pytest.mark.parametrize(("text", "said"), SAID)
def test_any_other_code_is_shown_as_what_it_is_and_never_opened(codes, text, said):
    (got,) = read(codes, [text])
    assert got["kind"] == "text"
    assert {k: v for k, v in got.items() if k in ("note", "host")} == said
