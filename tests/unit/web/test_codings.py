"""One module compresses: the built assets, the dynamic responses and the static export."""

from __future__ import annotations

import ast
import gzip

import brotli
import pytest

from webapp import settings
from webapp.web import codings

WEBAPP = settings.PROJECT_ROOT / "webapp"
COMPRESSORS = {"brotli", "gzip", "zlib", "bz2", "lzma"}


def imported(path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_codings_module_imports_a_compressor() -> None:
    users = sorted(
        p.relative_to(WEBAPP).as_posix() for p in WEBAPP.rglob("*.py") if imported(p) & COMPRESSORS
    )
    assert users == ["web/codings.py"]


@pytest.mark.parametrize(("coding", "decode"), [("br", brotli.decompress), ("gzip", gzip.decompress)])
@pytest.mark.parametrize("best", [True, False])
def test_each_coding_decodes_to_the_body_and_gives_the_same_bytes_each_time(coding, decode, best) -> None:
    body = b"<p>Hallway</p>\n" * 200
    packed = codings.encode(body, coding, best)
    assert decode(packed) == body and codings.encode(body, coding, best) == packed


def test_only_codings_smaller_than_the_body_are_kept() -> None:
    assert codings.smaller(b"x") == {}
    assert sorted(codings.smaller(b"abc" * 500)) == ["br", "gzip"]


def test_an_unknown_coding_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'zstd'"):
        codings.encode(b"x", "zstd")
