"""HTML and Markdown in abstracts, descriptions and bios become the schedule's text: paragraphs,
"• " list items, and links as their text with an http(s) address in brackets. Plain text stays
literal. Each format that carries markup is read through the same rules."""

from __future__ import annotations

import json
from xml.sax.saxutils import escape

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webapp.importers import frab_json, frab_xml, sched_api
from webapp.importers.markup import kind, paragraphs


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a < b and c > d", "plain"),
        ("x <= 3 && y >= 4", "plain"),
        ("if a<b then b>a", "plain"),
        ("the <div> element opens a block", "plain"),  # a tag named, not HTML written
        ("2 * 3 * 4 = 24", "plain"),
        ("def __init__(self) runs first", "plain"),
        ("Q&A; R&D", "plain"),
        ("Tom &amp; Jerry", "escaped"),
        ("<p>Hello</p>", "html"),
        ("one<br>two", "html"),
        ("one<BR/>two", "html"),
        ('see <a href="https://x.org">x</a>', "html"),
        ("see [x](https://x.org)", "markdown"),
        ("Topics:\n- one\n- two", "markdown"),
        ("Steps:\n1. one\n2. two", "markdown"),
        ("a **bold** move", "markdown"),
        ("an *emphasised* word", "markdown"),
        ("call `f()` first", "markdown"),
        ("## Heading\ntext", "markdown"),
        ("**new** this year<br>and more", "markdown"),  # inline HTML in Markdown
        ("<p>A list:</p>\n- not Markdown inside HTML", "html"),
    ],
)
def test_how_a_text_is_written_is_told_by_its_content(text, expected):
    assert kind(text) == expected


def test_plain_text_stays_literal():
    text = "a < b, and <div> is an element.\n\n  x & y\n  on two lines  "
    assert paragraphs(text) == ("a < b, and <div> is an element.", "x & y\non two lines")


def test_escaped_text_is_unescaped_once():
    assert paragraphs("Tom &amp; Jerry &lt;3\n\nR&amp;D") == ("Tom & Jerry <3", "R&D")


def test_html_blocks_line_breaks_and_lists_become_paragraphs():
    html = (
        "<p>First <b>bold</b>\n  paragraph.</p><div>Second<br>line</div>"
        "<ul><li>one</li><li><p>two</p></li><li></li></ul><ol start='3'><li>three</li><li>four</li></ol>"
        "<p>&lt;script&gt; shown, <script>alert(1)</script><style>p{}</style>code hidden</p><!-- note -->"
    )
    assert paragraphs(html) == (
        "First bold paragraph.",
        "Second",
        "line",
        "• one",
        "• two",
        "3. three",
        "4. four",
        "<script> shown, code hidden",
    )


@pytest.mark.parametrize(
    ("href", "expected"),
    [
        ("https://example.org/a", "see docs (https://example.org/a) now"),
        ("  HTTP://example.org/a  ", "see docs (HTTP://example.org/a) now"),
        ("https://example.org/a b'c", "see docs (https://example.org/a%20b%27c) now"),
        ("javascript:alert(1)", "see docs now"),
        ("JaVaScRiPt:alert(1)", "see docs now"),
        ("java\tscript:alert(1)", "see docs now"),
        ("data:text/html,<script>alert(1)</script>", "see docs now"),
        ("mailto:a@example.org", "see docs now"),
        ("/relative/path", "see docs now"),
        ("//example.org/no-scheme", "see docs now"),
        ("https:no-host", "see docs now"),
        (None, "see docs now"),
    ],
)
def test_only_http_and_https_links_keep_their_address(href, expected):
    attr = "" if href is None else f' href="{escape(href, {chr(34): "&quot;"})}"'
    assert paragraphs(f"<p>see <a{attr}>docs</a> now</p>") == (expected,)


def test_deeply_nested_html_keeps_its_structure():
    depth = 240  # spans, then lists 480 deep: structure kept up to MAX_TEXT_DEPTH
    html = "<p>" + "<span>" * depth + "deep" + "</span>" * depth + "</p>" + "<ul><li>" * depth + "item"
    assert paragraphs(html) == ("deep", "• item")


def test_html_nested_past_any_real_description_keeps_its_words_without_the_tree():
    # The tree builder is quadratic in depth: thousands of such descriptions would take hours.
    depth = 2000
    html = "<p>" + "<span>" * depth + "deep" + "</span>" * depth + "</p>" + "<ul><li>" * depth + "item"
    assert paragraphs(html) == ("deep", "item")


def test_a_link_whose_text_is_its_address_is_written_once():
    html = '<p><a href="https://example.org/">https://example.org</a> and <a href="https://x.org/y"></a></p>'
    assert paragraphs(html) == ("https://example.org and https://x.org/y",)


def test_markdown_links_lists_emphasis_and_code():
    text = (
        "Intro with *emphasis* and **strong** and `code`.\n\n"
        "See [the docs](https://docs.example.org/x_(y)) or [click](javascript:alert(1)).\n\n"
        "- item one\n- item [two](https://two.example.org)\n\n"
        "1. first\n2. second\n\n"
        "a < b stays, <b>inline</b> html is read, line\nbreaks kept"
    )
    assert paragraphs(text) == (
        "Intro with emphasis and strong and code.",
        "See the docs (https://docs.example.org/x_(y)) or click.",
        "• item one",
        "• item two (https://two.example.org)",
        "1. first",
        "2. second",
        "a < b stays, inline html is read, line",
        "breaks kept",
    )


def test_a_markdown_link_with_a_title_is_read_as_a_link():
    # DebConf 23's wafer export: [addr](addr "addr") stayed as written.
    text = 'More: [https://wiki.example.org/X](https://wiki.example.org/X "https://wiki.example.org/X")'
    assert paragraphs(text) == ("More: https://wiki.example.org/X",)


def test_a_markdown_autolink_is_read_as_a_link():
    # pretalx's abstracts: "See <https://example.org/unicode> for more." kept its brackets.
    assert paragraphs("See <https://example.org/unicode> for more.") == (
        "See https://example.org/unicode for more.",
    )
    assert paragraphs("<javascript:alert(1)> stays as written") == ("<javascript:alert(1)> stays as written",)


def test_markdown_indented_by_an_xml_exporter_is_not_read_as_code():
    text = "First *one*.\n\n                    Second with [a link](https://x.org/p).\n                    "
    assert paragraphs(text) == ("First one.", "Second with a link (https://x.org/p).")


def test_markup_false_reads_any_text_literally():
    assert paragraphs("Use <b>bold</b> &amp; **this**", markup=False) == ("Use <b>bold</b> &amp; **this**",)


@given(st.text(alphabet=st.sampled_from("ab <>/&;#*_`[]()-\n1.:phrefliu=\"'")))
def test_any_text_reads_to_stripped_paragraphs_without_error(text):
    for read in (paragraphs(text), paragraphs(text, markup=False)):
        assert all(p and p == p.strip() and "\n\n" not in p for p in read)


# --- each format that carries markup ------------------------------------------------------


def _frab_xml(abstract: str, description: str, generator: str = "pentabarf") -> str:
    return f"""<?xml version="1.0" encoding="utf-8"?>
<schedule>
  <generator name="{generator}"/>
  <conference>
    <title>Markup Con</title><acronym>mc</acronym><time_zone_name>Europe/Brussels</time_zone_name>
  </conference>
  <day index="1" date="2026-02-01" start="2026-02-01T09:00:00+01:00" end="2026-02-01T18:00:00+01:00">
    <room name="K.1.105">
      <event id="1" guid="00000000-0000-4000-8000-000000000001">
        <date>2026-02-01T10:00:00+01:00</date><start>10:00</start><duration>00:30</duration>
        <room>K.1.105</room><title>Rust in the kernel</title>
        <abstract>{escape(abstract)}</abstract>
        <description>{escape(description)}</description>
        <persons><person id="9">Alice</person></persons>
      </event>
    </room>
  </day>
</schedule>"""


def test_frab_xml_html_abstract_becomes_paragraphs_with_links():
    """FOSDEM's pentabarf XML: abstract and description are HTML, escaped into the XML."""
    abstract = '<p>Why <em>Rust</em>?</p>\n<p>See <a href="https://rust-for-linux.com">the project</a>.</p>'
    description = '<ul>\n<li>memory safety</li>\n<li><a href="javascript:alert(1)">no link</a></li>\n</ul>'
    schedule = frab_xml.parse(_frab_xml(abstract, description), "fosdem.xml")
    assert schedule.sessions[0].description == (
        "Why Rust?",
        "See the project (https://rust-for-linux.com).",
        "• memory safety",
        "• no link",
    )


def test_frab_xml_plain_abstract_with_angle_brackets_stays_literal():
    schedule = frab_xml.parse(_frab_xml("If a < b and b > c, then a < c.", ""), "plain.xml")
    assert schedule.sessions[0].description == ("If a < b and b > c, then a < c.",)


def test_our_own_xml_export_is_read_as_text_not_markup():
    schedule = frab_xml.parse(_frab_xml("Type <b>this</b>.", "**not bold**", "Hallway"), "ours.xml")
    assert schedule.sessions[0].description == ("Type <b>this</b>.", "**not bold**")


def test_pretalx_json_markdown_abstract_description_and_bio():
    person = {
        "guid": "00000000-0000-4000-8000-0000000000aa",
        "name": "Bea",
        "biography": "Bea works on **compilers**.\n\nBlog: [bea.example.org](https://bea.example.org)",
    }
    event = {
        "guid": "00000000-0000-4000-8000-000000000002",
        "id": 2,
        "code": "ABC123",
        "date": "2026-05-10T14:00:00+02:00",
        "duration": "00:45",
        "room": "Hall",
        "title": "Compilers",
        "abstract": "A talk about *compilers*.",
        "description": (
            "## Outline\n\n- parsing\n- [codegen](https://codegen.example.org/)\n\nA talk about *compilers*."
        ),
        "persons": [person],
    }
    doc = {
        "schedule": {
            "version": "1",
            "conference": {
                "title": "PretalxCon",
                "acronym": "pc",
                "time_zone_name": "Europe/Berlin",
                "days": [{"index": 1, "date": "2026-05-10", "rooms": {"Hall": [event]}}],
            },
        },
        "generator": {"name": "pretalx"},
    }
    schedule = frab_json.parse(json.dumps(doc), "pretalx.json")
    assert schedule.sessions[0].description == (
        "A talk about compilers.",  # the description repeats the abstract: once is enough
        "Outline",
        "• parsing",
        "• codegen (https://codegen.example.org/)",
    )
    assert (
        schedule.speakers[0].bio
        == "Bea works on compilers.\n\nBlog: bea.example.org (https://bea.example.org)"
    )


def test_sched_api_html_description_and_bio():
    item = {
        "event_key": "k1",
        "name": "Talk: Data",
        "event_start": "2031-06-02 09:30",
        "event_end": "2031-06-02 10:00",
        "description": 'Intro.<br><br>Read <a href="https://data.example.org/r">the report</a>'
        '<ul><li>one</li><li>two</li></ul><a href="javascript:void(0)">x</a>',
        "speakers": [{"name": "Cy", "about": "<p>First.</p><p>Second &amp; last.</p>"}],
    }
    session = sched_api.parse(json.dumps([item]), "export.json").sessions[0]
    assert session.description == (
        "Intro.",
        "Read the report (https://data.example.org/r)",
        "• one",
        "• two",
        "x",
    )
    assert session.speakers[0].bio == "First.\n\nSecond & last."


def test_sched_api_texts_are_html_even_without_a_closing_tag():
    item = {"name": "T", "event_start": "2031-06-02 09:30", "event_end": "2031-06-02 10:00"}
    item["description"] = "a < b &amp; c<p>Next"
    assert sched_api.parse(json.dumps([item]), "export.json").sessions[0].description == ("a < b & c", "Next")
