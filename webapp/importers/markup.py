"""Abstracts, descriptions and bios written as HTML or Markdown, turned into the schedule's text.

FOSDEM's pentabarf files carry HTML, pretalx writes Markdown, Sched's API is HTML by contract
(it calls `html_paragraphs` directly). The schedule keeps text only: a tuple of paragraphs,
where a list item is a paragraph starting with "• " (or "1. " in a numbered list) and a link
is its text followed by its address in brackets, "slides (https://example.org/s.pdf)", or the
address alone when that is its text. Only http and https addresses are kept; any other link
(javascript:, data:, a relative path) leaves its text only. The client turns http(s)
addresses in text into links itself.

Elsewhere, which texts are markup is told by their content, not by who wrote the file (but
Hallway's own export, which holds text already): a known HTML element with its closing tag, a
`<br>` or an `<a href>` is HTML; a Markdown link, list, emphasis, heading or code span is
Markdown (rendered to HTML by markdown-it-py, then read like any HTML), unless the text opens
with an HTML element; an entity such as `&amp;` with neither is HTML-escaped text. Anything
else is plain text and stays literal, so "a < b" or "x <= 3" reads as written.
"""

from __future__ import annotations

import html
import re
from urllib.parse import quote, urlsplit

from bs4 import (
    BeautifulSoup,
    Comment,
    Declaration,
    Doctype,
    NavigableString,
    PageElement,
    ProcessingInstruction,
    Tag,
)
from bs4.exceptions import ParserRejectedMarkup
from markdown_it import MarkdownIt

from .bounds import MAX_TEXT_DEPTH, html_depth_line

_ELEMENTS = (
    "a|abbr|b|blockquote|br|center|cite|code|dd|del|div|dl|dt|em|font|h[1-6]|hr|i|img|ins|kbd|li|ol|p|pre"
    "|q|s|section|small|span|strike|strong|sub|sup|table|td|th|tr|tt|u|ul"
)
_HTML = re.compile(rf"</(?:{_ELEMENTS})\s*>|<br\s*/?>|<a\s[^<>]*href\s*=", re.IGNORECASE)
_OPENS_WITH_TAG = re.compile(rf"\s*<(?:{_ELEMENTS})[\s/>]", re.IGNORECASE)
_ENTITY = re.compile(r"&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});")
_MARKDOWN_LINE = re.compile(
    r"^ {0,3}(?:[-*+] +\S|\d{1,3}[.)] +\S|#{1,6} +\S|```|~~~)",  # list item, heading, code fence
    re.MULTILINE,
)
_MARKDOWN_INLINE = re.compile(
    r"\[[^\]\n]+\]\([^)\s]+(?:\s+\"[^\"\n]*\")?\)"  # [text](target) or [text](target "title")
    r"|\*\*[^*\n]+\*\*"  # strong emphasis (not __x__: plain text names __init__)
    r"|\*(?<![\w*]\*)[^*\s][^*\n]*(?<!\s)\*(?![\w*])"  # *emphasis* (a leading lookbehind: 100x slower)
    r"|`[^`\n]+`"  # a code span
    r"|<https?://[^\s<>]+>"  # an autolink (pretalx: "See <https://example.org>")
)
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_UNSEEN = ("script", "style", "template", "head", "title", "noscript")
_BLOCKS = {
    "address", "article", "aside", "blockquote", "dd", "details", "div", "dl", "dt", "figcaption",
    "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main",
    "nav", "ol", "p", "pre", "section", "summary", "table", "tr", "ul", "center",
}  # fmt: skip
_URL_UNSAFE = re.compile(r"[\s\"'<>]")
_MARKER = re.compile(r"(?:•|\d+\.)?")  # what a list item's line holds before its text

_markdown = MarkdownIt("commonmark", {"breaks": True, "html": True})
# Let every link through to the HTML reader, which keeps only http(s) addresses; markdown-it
# would otherwise leave a refused link as its raw "[text](javascript:...)" source, and write
# "zügli.app" as "xn--zgli-0ra.app" for people to read.
_markdown.validateLink = lambda url: True
_markdown.normalizeLink = lambda url: url
# Exporters indent continuation lines to their XML's depth; read as Markdown, every paragraph
# after the first would be a code block. Nested lists come out flat, which loses no words.
_INDENT = re.compile(r"^[ \t]+", re.MULTILINE)


def kind(text: str) -> str:
    """How `text` is written: "html", "markdown", "escaped" or "plain"."""
    tags = _HTML.search(text)
    markdown = _MARKDOWN_LINE.search(text) or _MARKDOWN_INLINE.search(text)
    # Markdown may hold inline HTML ("**new**<br>"), which markdown-it passes on to the HTML
    # reader; a text that opens with an element is HTML whatever it holds.
    if tags and (not markdown or _OPENS_WITH_TAG.match(text)):
        return "html"
    if markdown:
        return "markdown"
    if _ENTITY.search(text):
        return "escaped"
    return "plain"


def paragraphs(text: str | None, *, markup: bool = True) -> tuple[str, ...]:
    """The paragraphs of an abstract, description or bio, however it was written.

    `markup=False` reads it as plain text whatever it looks like: Hallway's own exports hold
    the schedule's text, where "<b>" is what an organizer typed.
    """
    if not isinstance(text, str) or not text.strip():
        return ()
    how = kind(text) if markup else "plain"
    if how == "html":
        return html_paragraphs(text)
    if how == "markdown":
        # Nested past markdown-it's limit, a text renders to nothing: then it is kept as written.
        read = html_paragraphs(_markdown.render(_INDENT.sub("", text)))
        if read:
            return read
    text = text.replace("\r\n", "\n")
    if how == "escaped":
        text = html.unescape(text)
    # Lines keep their breaks but lose the indentation a pretty-printed XML file gives them.
    parts = ("\n".join(line.strip() for line in p.split("\n")) for p in _BLANK_LINE.split(text))
    return tuple(p.strip() for p in parts if p.strip())


def as_text(text: str | None, *, markup: bool = True) -> str | None:
    """A bio as one string: its paragraphs, a blank line between them; None when empty."""
    return "\n\n".join(paragraphs(text, markup=markup)) or None


def one_line(text: str) -> str:
    """A title, room or name on one line, HTML escapes read where that is all the markup it
    has ("Online &amp; in-person"), and HTML read where it closes an element ("CANCELLED:
    <s>Intro</s>", PyCon US's calendar); anything else stays as written ("Why <div> soup")."""
    text = " ".join(text.split())
    how = kind(text)
    if how == "html":
        return " ".join(" ".join(html_paragraphs(text)).split()) or text
    return " ".join(html.unescape(text).split()) if how == "escaped" else text


def html_paragraphs(markup: str) -> tuple[str, ...]:
    """Paragraphs of HTML: one per block element, line break or list item; links as text."""
    # A description nested past any real one would cost the tree builder quadratic time.
    too_deep = markup.count("<") > MAX_TEXT_DEPTH and html_depth_line(markup, MAX_TEXT_DEPTH) is not None
    try:
        if too_deep:
            raise ParserRejectedMarkup("nested too deeply")
        soup = BeautifulSoup(markup, "html.parser")
    except ParserRejectedMarkup:  # one broken description: keep its words, tags dropped
        words = re.sub(r"<[^>]*>", "\n", markup).split("\n")
        return tuple(" ".join(line.split()) for line in words if line.strip())
    lines = _lines(soup)
    out = (" ".join(line.split()) for line in lines)
    return tuple(line for line in out if not _MARKER.fullmatch(line))


def _lines(soup: BeautifulSoup) -> list[str]:
    """The lines a reader sees, walked with a stack: a file may nest elements thousands deep."""
    lines = [""]
    # (node, inside <pre>, None) opens a node; (tag, inside <pre>, (line, column)) closes a tag.
    todo: list[tuple[PageElement, bool, tuple[int, int] | None]] = [(n, False, None) for n in soup.contents]
    todo.reverse()
    while todo:
        node, pre, opened = todo.pop()
        if opened is not None:
            _close(node, lines, opened)  # type: ignore[arg-type]
        elif isinstance(node, (Comment, Declaration, Doctype, ProcessingInstruction)):
            continue
        elif isinstance(node, NavigableString):
            _text(str(node), lines, pre)
        elif isinstance(node, Tag) and node.name.lower() not in _UNSEEN:
            name = node.name.lower()
            if name == "br" or name in _BLOCKS:
                _new_line(lines)
            if name == "li":
                lines[-1] = _marker(node)
            todo.append((node, pre, (len(lines) - 1, len(lines[-1]))))
            inner = pre or name == "pre"
            todo.extend((child, inner, None) for child in reversed(node.contents))
    return lines


def _text(text: str, lines: list[str], pre: bool) -> None:
    if pre:  # a code block keeps its lines
        first, *rest = text.split("\n")
        lines[-1] += first
        lines.extend(rest)
    else:
        lines[-1] += text.replace("\n", " ")


def _close(tag: Tag, lines: list[str], opened: tuple[int, int]) -> None:
    name = tag.name.lower()
    if name == "a":
        _link_address(tag, lines, opened)
    if name in _BLOCKS:
        _new_line(lines)


def _new_line(lines: list[str]) -> None:
    """Start a paragraph, unless the current one holds nothing yet (or only its list marker)."""
    if not _MARKER.fullmatch(lines[-1].strip()):
        lines.append("")


def _marker(item: Tag) -> str:
    parent = item.find_parent(["ol", "ul"])
    if parent is None or parent.name != "ol":
        return "• "
    try:
        first = int(str(parent.get("start") or 1))
    except ValueError:
        first = 1
    return f"{first + len(item.find_previous_siblings('li'))}. "


def _link_address(a: Tag, lines: list[str], opened: tuple[int, int]) -> None:
    """After a link's text, its address when that is http(s) and says more than the text."""
    url = safe_url(a.get("href"))
    if url is None:
        return
    line, column = opened
    shown = " ".join(" ".join(lines[line:])[column:].split())
    if not shown:
        lines[-1] += url
    elif shown.rstrip("/") not in (url.rstrip("/"), str(a.get("href")).strip().rstrip("/")):
        lines[-1] += f" ({url})"


def safe_url(href: object) -> str | None:
    """An absolute http(s) address, with what would end it in running text escaped; else None."""
    if not isinstance(href, str):
        return None
    href = href.strip()
    try:
        parts = urlsplit(href)
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return None
    return _URL_UNSAFE.sub(lambda m: quote(m[0]), href)
