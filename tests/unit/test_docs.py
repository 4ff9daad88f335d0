"""The README is a front door: short, and every page it and the docs link to exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_names_a_file_that_exists(page):
    text = page.read_text(encoding="utf-8")
    missing = [
        target for target in LINK.findall(text) if "://" not in target and not (page.parent / target).exists()
    ]
    assert missing == [], f"{page.name} links to missing files: {missing}"


def test_the_readme_stays_a_front_door_and_links_every_docs_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 140
    linked = set(LINK.findall(readme))
    unlinked = [p.name for p in PAGES[1:] if f"docs/{p.name}" not in linked]
    assert unlinked == [], f"docs pages the README does not link: {unlinked}"
