"""static/js/features/qr/share-links.js in Chromium, from the files on disk (no server): share links, star
merging, and which scanned codes open."""

import pytest

from tests.harness.modules import import_module


@pytest.fixture
def share(app_modules):
    assert "encodeShare" in import_module(app_modules, "js/features/qr/share-links.js")
    return app_modules


def test_share_link_round_trips_the_starred_ids(share):
    result = share.evaluate("""() => {
      const link = mod.encodeShare(['s1a2b3', 'k9x8y7', 's1a2b3', 'bad id', 'q4w5e6'], location.origin);
      const back = mod.decodeShare(new URL(link.url).search, new Set(['s1a2b3', 'k9x8y7', 'q4w5e6']));
      return { link, back, origin: location.origin };
    }""")
    assert result["link"]["url"] == f"{result['origin']}/share?s=s1a2b3.k9x8y7.q4w5e6"
    assert result["link"]["dropped"] == 2
    assert result["back"] == {"ids": ["s1a2b3", "k9x8y7", "q4w5e6"], "ignored": []}


def test_malformed_and_foreign_ids_are_ignored_and_reported(share):
    result = share.evaluate("""() => mod.decodeShare(
      '?s=s1a2b3.%3Cimg%3E.zzz999..s1a2b3.' + 'x'.repeat(70), new Set(['s1a2b3']))""")
    assert result["ids"] == ["s1a2b3"]
    assert result["ignored"] == [
        {"value": "<img>", "reason": "malformed"},
        {"value": "zzz999", "reason": "not in this schedule"},
        {"value": "x" * 70, "reason": "malformed"},
    ]


def test_share_without_ids_decodes_to_nothing(share):
    assert share.evaluate("() => mod.decodeShare('?x=1', new Set(['a']))") == {"ids": [], "ignored": []}


def test_accepting_shared_stars_merges_and_never_drops_own_stars(share):
    result = share.evaluate("() => mod.mergeStars(['a', 'b'], ['b', 'c', 'c', 'd'])")
    assert result == {"stars": ["a", "b", "c", "d"], "added": ["c", "d"]}


OPENS = [
    ("{origin}/session/s1a2b3", {"kind": "session", "id": "s1a2b3", "path": "/session/s1a2b3"}),
    ("{origin}/session/s1a2b3/?utm=x#y", {"kind": "session", "id": "s1a2b3", "path": "/session/s1a2b3"}),
    (
        "  https://hall.example.org/session/k9x8y7 ",
        {"kind": "session", "id": "k9x8y7", "path": "/session/k9x8y7"},
    ),
    ("{origin}/share?s=s1a2b3.nope", {"kind": "share", "path": "/share?s=s1a2b3.nope"}),
    # The public URL may have a path: its codes map to this app's paths.
    (
        "https://conf.example.org/hall/session/s1a2b3",
        {"kind": "session", "id": "s1a2b3", "path": "/session/s1a2b3"},
    ),
    ("https://conf.example.org/hall/share?s=k9x8y7", {"kind": "share", "path": "/share?s=k9x8y7"}),
    ("{origin}/share?s=%22%3E%3Cb%3E", {"kind": "share", "path": "/share?s=%22%3E%3Cb%3E"}),
]
SHOWN_AS_TEXT = [
    "https://evil.example/session/s1a2b3",
    "http://{host}:1/session/s1a2b3",  # same host, another port: another origin
    "javascript:alert(document.domain)",
    "https://conf.example.org/session/s1a2b3",  # outside the public URL's path
    "https://conf.example.org/hallway/session/s1a2b3",  # /hall does not hold /hallway
    "https://conf.example.org/hall/../session/s1a2b3",
    "http://conf.example.org/hall/session/s1a2b3",  # another scheme: another origin
    "{origin}/session/unknown1",
    "{origin}/session/s1a2b3/qr.svg",
    "{origin}/speakers",
    "http://user:pw@{host}/session/s1a2b3",
    "WIFI:S:hall;T:WPA;P:secret;;",
    "just some words",
]
CLASSIFY = """(texts) => texts.map((text) => mod.classifyCode(text, {
  origins: [location.origin, 'https://hall.example.org', 'not a url', 'javascript:x', 'https://conf.example.org/hall/'],
  knownIds: new Set(['s1a2b3', 'k9x8y7']) }))"""


def fill(share, texts):
    origin = share.evaluate("() => location.origin")
    return [t.format(origin=origin, host=origin.split("://")[1]) for t in texts]


def test_codes_of_this_app_open_sessions_and_share_links(share):
    got = share.evaluate(CLASSIFY, fill(share, [text for text, _ in OPENS]))
    assert got == [expected for _, expected in OPENS]


def test_any_other_code_is_text_to_show_never_to_open(share):
    texts = fill(share, SHOWN_AS_TEXT)
    got = share.evaluate(CLASSIFY, texts)
    assert [g["kind"] for g in got] == ["text"] * len(texts)
    assert [g["text"] for g in got] == texts
