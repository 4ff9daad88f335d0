"""An HTML abstract, as FOSDEM's pentabarf XML carries it, imported with `flask schedule import`
and shown in Chromium: paragraphs and list items as text, its http(s) link a working link,
and a javascript: link only its words. A bio's paragraphs show as paragraphs."""

from __future__ import annotations

import json
from xml.sax.saxutils import escape

from playwright.sync_api import expect

from tests.harness.publish import import_schedule
from tests.harness.schedules import mini, write

ABSTRACT = (
    "<p>Why <em>Rust</em> in the kernel?</p>\n"
    '<p>Read <a href="https://rust.example.org/intro">the introduction</a> first.</p>'
)
DESCRIPTION = (
    "<ul>\n  <li>memory safety</li>\n"
    '  <li><a href="javascript:window.__pwned=1">click me</a></li>\n</ul>\n'
    "<p>If a &lt; b, nothing breaks.</p>"
)
PENTABARF = f"""<?xml version="1.0" encoding="UTF-8"?>
<schedule>
  <conference>
    <title>Markup Fest</title>
    <acronym>markupfest</acronym>
    <start>2026-02-01</start>
    <end>2026-02-01</end>
  </conference>
  <day index="1" date="2026-02-01" start="2026-02-01T09:00:00+01:00" end="2026-02-01T19:00:00+01:00">
    <room name="K.1.105">
      <event id="4711" guid="6f1c1e4a-5b8e-4f62-9d7e-000000004711">
        <date>2026-02-01T10:00:00+01:00</date>
        <start>10:00</start>
        <duration>00:40</duration>
        <room>K.1.105</room>
        <title>Rust for Linux</title>
        <abstract>{escape(ABSTRACT)}</abstract>
        <description>{escape(DESCRIPTION)}</description>
        <persons><person id="1">Miguel</person></persons>
      </event>
    </room>
  </day>
</schedule>
"""


def test_imported_html_abstract_shows_as_paragraphs_with_a_working_link(page, make_server, tmp_path):
    source, out = tmp_path / "fosdem.xml", tmp_path / "schedule.json"
    source.write_text(PENTABARF, encoding="utf-8")
    import_schedule(source, out, "--timezone", "Europe/Brussels")
    (session,) = json.loads(out.read_text(encoding="utf-8"))["sessions"]
    server = make_server(schedule=out)

    # The link's host is never reached: the browser's request is answered here.
    visited: list[str] = []

    def answer(route):
        visited.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body="<title>Intro</title>")

    page.context.route("https://rust.example.org/**", answer)
    page.goto(f"{server.url}/session/{session['id']}")
    text = page.locator("section.text")
    expect(text.locator("p")).to_have_text(
        [
            "Why Rust in the kernel?",
            "Read the introduction (https://rust.example.org/intro) first.",
            "• memory safety",
            "• click me",
            "If a < b, nothing breaks.",
        ]
    )
    assert text.locator("em, ul, li, script").count() == 0  # no markup of the source became markup
    links = text.locator("a")
    expect(links).to_have_count(1)  # "click me" (javascript:) is not a link
    expect(links).to_have_text("https://rust.example.org/intro")
    expect(links).to_have_attribute("href", "https://rust.example.org/intro")
    assert "noopener" in (links.get_attribute("rel") or "").split()
    with page.expect_popup() as opened:
        links.click()
    popup = opened.value
    popup.wait_for_load_state()
    assert popup.url == "https://rust.example.org/intro"
    assert visited == ["https://rust.example.org/intro"]
    text.get_by_text("click me").click()
    assert page.evaluate("() => window.__pwned") is None


def test_a_bio_of_several_paragraphs_shows_each_with_its_links(page, make_server, tmp_path):
    doc = mini()
    ada = next(p for p in doc["speakers"] if p["id"] == "ada-lovelace")
    ada["bio"] = "Ada writes programs.\n\nNotes: https://notes.example.org/Engine_(analytical)."
    ada["bio_truncated"] = True
    server = make_server(schedule=write(doc, tmp_path))
    # The session page shows a preview with a "Full bio" link; the speaker page all of it.
    page.goto(server.url + "/session/s1a2b3")
    expect(page.locator(".person").get_by_role("link", name="Full bio")).to_have_attribute(
        "href", "/speaker/ada-lovelace"
    )
    for path, where in (("/speaker/ada-lovelace", ".detail .text"),):
        page.goto(server.url + path)
        paragraphs = page.locator(where).filter(has_text="Ada writes").locator("p:not(.sub)")
        expect(paragraphs).to_have_text(
            # A bio the source cut is said to be cut in a note of its own, not by an ellipsis.
            ["Ada writes programs.", "Notes: https://notes.example.org/Engine_(analytical)."]
        )
        link = paragraphs.locator("a")
        expect(link).to_have_count(1)
        # The address keeps the bracket it opened; the sentence's full stop is not part of it.
        expect(link).to_have_attribute("href", "https://notes.example.org/Engine_(analytical)")
