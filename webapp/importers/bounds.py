"""Limits checked before a parser sees a source, so a hostile file costs a bounded time.

BeautifulSoup's tree builder walks its stack of open tags at every tag: 200,000 nested tags
took over two minutes (10,000 took 4 s). The depth is measured first with the standard
library's tokenizer, which is linear, and a page nested past any real one is refused.
"""

from __future__ import annotations

from html.parser import HTMLParser

from .raw import SourceError

MAX_SOURCE_BYTES = 64 * 1024 * 1024  # a 1,000-session congress with every text is ~3 MB
MAX_HTML_DEPTH = 3000  # Sched's pages nest about 25 deep; the tree builder takes ~0.5 s at 3,000
# One description among thousands: its structure is kept only up to this depth, its words always.
MAX_TEXT_DEPTH = 500

# Elements that never hold others, and those a new sibling closes (HTML's implied end tags).
_VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())
_IMPLIED = frozenset("p li dt dd tr td th option".split())


def check_size(data: bytes, source: str) -> None:
    if len(data) > MAX_SOURCE_BYTES:
        raise SourceError(
            source, f"{len(data):,} bytes, more than the {MAX_SOURCE_BYTES:,} a schedule may have"
        )


class TooDeep(Exception):
    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


class _Depth(HTMLParser):
    def __init__(self, limit: int) -> None:
        super().__init__(convert_charrefs=False)
        self.limit = limit
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag in _VOID:
            return
        if tag in _IMPLIED and self.open and self.open[-1] == tag:
            self.open.pop()
        self.open.append(tag)
        if len(self.open) > self.limit:
            raise TooDeep(self.getpos()[0])

    def handle_endtag(self, tag: str) -> None:
        # Close back to the nearest open element of that name (near the top: bounded work).
        for i in range(len(self.open) - 1, max(-1, len(self.open) - 64), -1):
            if self.open[i] == tag:
                del self.open[i:]
                return


def html_depth_line(text: str, limit: int = MAX_HTML_DEPTH) -> int | None:
    """The line where `text` nests elements deeper than `limit`, or None when it does not."""
    parser = _Depth(limit)
    try:
        parser.feed(text)
        parser.close()
    except TooDeep as exc:
        return exc.line
    except AssertionError:  # a broken marked section: BeautifulSoup refuses it in its own words
        return None
    return None


def check_html(text: str, source: str) -> None:
    line = html_depth_line(text)
    if line is not None:
        raise SourceError(source, f"HTML nested more than {MAX_HTML_DEPTH} elements deep", line)
