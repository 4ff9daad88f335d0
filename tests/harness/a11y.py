"""axe-core in the page: the serious and critical violations, the only ones a test fails on."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe

AXE = Axe()
# target-size (WCAG 2.2) is off in axe by default; Lighthouse checks it, so do we.
# The main views checked in every language (with a session page, whose id is the event's):
# tests/e2e/accessibility with axe, bench/accessibility_languages.py with Lighthouse.
MAIN_VIEWS = ("/", "/now", "/rooms", "/my", "/tracks", "/speakers", "/changes", "/organize")
OPTIONS = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}


def serious(page: Any, within: str | None = None) -> list[str]:
    results = AXE.run(page, context=within, options=OPTIONS)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
