"""The pure rules of static/js/data/texts.js, run in Chromium from the files on disk (no server):
which texts document is taken, what it may overwrite, and when the texts are fetched again."""

from __future__ import annotations

import pytest

SETUP = """async (arg) => {
  const prefix = document.body.dataset.assets;
  const t = await import(prefix + "js/data/texts.js");
  const c = await import(prefix + "js/data/changes.js");
  const doc = (version, store = "s1") => ({
    version, store, event: { name: "E", timezone: "UTC" },
    sessions: [{ id: "a", title: "A" }, { id: "b", title: "B" }, { id: "c", title: "C" }],
    speakers: [{ id: "p", name: "P", bio_truncated: false }, { id: "q", name: "Q", bio_truncated: true }],
  });
  const texts = (version, store = "s1", descriptions = { a: ["A text"], b: ["B text"] }) =>
    ({ version, store, descriptions, bios: { p: "P bio" } });
  BODY
}"""


@pytest.fixture
def js(app_modules):
    return lambda body, arg=None: app_modules.evaluate(SETUP.replace("BODY", body), arg)


def test_texts_fill_every_session_and_speaker_and_spare_a_later_correction(js) -> None:
    out = js("""
      let held = t.tookWhole(t.NO_TEXTS, 5, true);
      const before = doc(5);
      const patchedSession = { id: "b", title: "B", description: ["Corrected at 6"] };
      held = t.notePatched(held, before, [patchedSession], 6);
      const [first, , last] = before.sessions;
      const patched = { ...before, version: 6, sessions: [first, patchedSession, last] };
      const older = t.mergeTexts(patched, held, texts(5));
      const atSix = texts(6, "s1", { a: ["A text"], b: ["Corrected at 6"] });
      const newer = t.mergeTexts(older.doc, older.held, atSix);
      return { older, newer, needs: t.needsTexts(older.held, 6) };
    """)
    sessions = {s["id"]: s.get("description") for s in out["older"]["doc"]["sessions"]}
    assert sessions == {"a": ["A text"], "b": ["Corrected at 6"], "c": []}  # c: known to have none
    bios = {p["id"]: p["bio"] for p in out["older"]["doc"]["speakers"]}
    assert bios == {"p": "P bio", "q": None}
    assert out["older"]["held"]["patched"] == {"b": 6}  # still newer than these texts
    assert out["needs"] is False  # texts at 5 and the corrections up to 6: current, no download
    assert out["newer"]["held"]["patched"] == {}  # the texts at 6 cover the correction now


@pytest.mark.parametrize(
    ("held_version", "texts_store", "texts_version", "taken"),
    [
        (None, "s1", 3, True),  # none yet: any of this store's, even older than the outline
        (5, "s1", 5, True),
        (5, "s1", 7, True),
        (5, "s1", 4, False),  # never step back
        (None, "s2", 9, False),  # another store's texts are not this document's
    ],
)
def test_which_texts_document_is_taken(js, held_version, texts_store, texts_version, taken) -> None:
    got = js(
        "const held = { ...t.tookWhole(t.NO_TEXTS, 5, true), version: arg[0] };"
        "return t.fits(doc(5), held, texts(arg[2], arg[1]));",
        [held_version, texts_store, texts_version],
    )
    assert got is taken


def test_texts_are_fetched_again_only_for_an_outline_they_do_not_cover(js) -> None:
    out = js("""
      const merged = t.mergeTexts(doc(5), t.tookWhole(t.NO_TEXTS, 5, true), texts(5)).held;
      const corrected = t.notePatched(merged, doc(5), [{ id: "a", title: "A2" }], 6);
      return {
        corrected: t.needsTexts(corrected, 6),
        notices: t.needsTexts(t.tookWhole(corrected, 6, true), 6),
        reimport: t.needsTexts(t.tookWhole(corrected, 8, true), 8),
        otherStore: t.needsTexts(t.tookWhole(corrected, 2, false), 2),
        none: t.needsTexts(t.tookWhole(t.NO_TEXTS, 0, true), 0),
      };
    """)
    assert out == {"corrected": False, "notices": False, "reimport": True, "otherStore": True, "none": True}


def test_kept_copies_say_what_texts_they_hold(js) -> None:
    out = js("""
      const whole = { ...doc(4), sessions: doc(4).sessions.map((s) => ({ ...s, description: [] })) };
      return {
        legacy: t.needsTexts(t.heldOf(undefined, whole), 4),
        outlineOnly: t.needsTexts(t.heldOf(undefined, doc(4)), 4),
        damaged: t.needsTexts(t.heldOf({ version: "x" }, whole), 4),
        kept: t.needsTexts(t.heldOf({ version: 4, base: 4, reached: 4, patched: {} }, doc(4)), 4),
        refused: [null, 3, { version: 1 }, { version: 1, descriptions: [], bios: {} }].map(t.checkTexts),
        carried: t.carryTexts(t.mergeTexts(doc(4), t.NO_TEXTS, texts(4)).doc, doc(5)).sessions,
      };
    """)
    assert out["legacy"] is False  # a whole document kept by an app before the split
    assert out["outlineOnly"] is True and out["damaged"] is True and out["kept"] is False
    assert out["refused"] == [None, None, None, None]
    assert [s.get("description") for s in out["carried"]] == [["A text"], ["B text"], []]


def test_a_description_unknown_on_one_side_is_not_a_change(js) -> None:
    out = js("""
      const with_ = [{ id: "a", title: "A", description: ["Text"] }];
      const without = [{ id: "a", title: "A" }];
      const changed = [{ id: "a", title: "A", description: ["Other"] }];
      return [c.diffSessions(with_, without, 2, "t").length, c.diffSessions(without, with_, 2, "t").length,
              c.diffSessions(with_, changed, 2, "t").map((d) => Object.keys(d.after))];
    """)
    assert out == [0, 0, [["description"]]]


def test_links_come_with_the_texts_and_a_newer_change_to_them_is_kept(js) -> None:
    out = js("""
      const video = [{ url: "https://v.example.org/a", title: "Video", kind: "link" }];
      const withLinks = (version, links) => ({ ...texts(version), links });
      const plain = t.mergeTexts(doc(5), t.tookWhole(t.NO_TEXTS, 5, true), withLinks(5, { a: video })).doc;
      // A re-import at 6 gives session b links (its change carries the session whole, as patchOf does).
      const slides = [{ url: "https://s.example.org/b.pdf", title: "Slides", kind: "link" }];
      let held = t.tookWhole(t.NO_TEXTS, 5, true);
      held = t.notePatched(held, doc(5), [{ ...doc(5).sessions[1], links: slides }], 6);
      const linked = (s) => (s.id === "b" ? { ...s, links: slides } : s);
      const patched = { ...doc(6), sessions: doc(6).sessions.map(linked) };
      const older = t.mergeTexts(patched, held, withLinks(5, { a: video })).doc;
      // Texts from a server before the links moved there: the outline's links stay as they are.
      const rowsWithLinks = { ...doc(5), sessions: doc(5).sessions.map((s) => ({ ...s, links: video })) };
      const oldServer = t.mergeTexts(rowsWithLinks, t.tookWhole(t.NO_TEXTS, 5, true), texts(5)).doc;
      return {
        plain: plain.sessions.map((s) => s.links ?? null),
        older: older.sessions.map((s) => s.links ?? null),
        oldServer: oldServer.sessions.map((s) => s.links ?? null),
        carried: t.carryTexts(plain, doc(6)).sessions.map((s) => s.links ?? null),
        refused: t.checkTexts({ ...texts(5), links: [] }),
      };
    """)
    video = [{"url": "https://v.example.org/a", "title": "Video", "kind": "link"}]
    slides = [{"url": "https://s.example.org/b.pdf", "title": "Slides", "kind": "link"}]
    assert out["plain"] == [video, None, None]  # a session the texts name no links for has none
    assert out["older"] == [video, slides, None]  # texts older than the re-import do not undo it
    assert out["oldServer"] == [video, video, video]
    assert out["carried"] == [video, None, None]  # shown until the newer texts come
    assert out["refused"] is None
