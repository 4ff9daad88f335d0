"""Served scripts lose comments and indentation, and nothing else."""

from __future__ import annotations

import pytest

from webapp.web.jsmodule import ModuleError
from webapp.web.minify import css, javascript


def minified(source: str) -> str:
    return javascript(source.encode()).decode()


def test_comments_indentation_and_blank_lines_go() -> None:
    source = "// why\nfunction f() {\n    /* a note */\n    return 1; // one\n\n}\n"
    assert minified(source) == "function f() {\nreturn 1;\n}\n"


def test_what_looks_like_a_comment_inside_strings_regexes_and_templates_stays() -> None:
    source = 'const u = "http://x/*y*/";\nconst r = /\\/\\/ not/g;\nconst t = `a // b /* c */`;\n'
    assert minified(source) == source


def test_a_templates_own_lines_keep_their_spaces() -> None:
    source = "function f() {\n  return `line one\n    indented ${x}\n  end`;\n}\n"
    assert minified(source) == "function f() {\nreturn `line one\n    indented ${x}\n  end`;\n}\n"


def test_a_block_comment_still_separates_what_it_stood_between() -> None:
    assert minified("let a/* one */=/* two */1\nreturn/*\n*/a\n") == "let a = 1\nreturn\na\n"


def test_unreadable_javascript_is_refused_with_its_name() -> None:
    with pytest.raises(ModuleError, match="js/bad.js: .* near line 2"):
        javascript(b"const a = 1;\nconst = ;\n", "js/bad.js")


def test_style_sheets_lose_comments_and_indentation_but_not_strings() -> None:
    source = (
        b'/* theme */\n.a {\n  color: red; /* why */\n  content: "/* kept */";\n}\n\n'
        b".b::after { content: 'a\\'/*'; }\n"
    )
    kept = b".b::after { content: 'a\\'/*'; }\n"
    assert css(source) == b'.a {\ncolor: red;\ncontent: "/* kept */";\n}\n' + kept
