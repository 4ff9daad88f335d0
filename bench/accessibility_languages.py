"""Lighthouse's accessibility category on each main view in each language the app ships and in
the two pseudo-locales (issue 29: the `lang` attribute follows the chosen language, and the
audits stay clean in every language, right to left included). `?hl=` chooses the language.

One run per page and language (the accessibility audits read the DOM, not timings: a second
run gives the same score), on the shipped event at a moment inside it (`?now=`), over HTTP/1.1
straight to gunicorn. Prints a table of scores, page by language, and the audits that did not
pass. Needs `npm ci` in bench/ once, like bench/lighthouse.py. About 10 s a run.

    .venv/bin/python bench/accessibility_languages.py [--languages fr,es] [--pages /,/now]
    .venv/bin/python bench/accessibility_languages.py --at REF,.   # commit REF's table, then this tree's
"""

from __future__ import annotations

import json
import sys

from common import DATA, Figure, baseline_app, data_dir, main, server
from lighthouse import audit

from tests.harness.a11y import MAIN_VIEWS

GOAL = "Accessibility in every language"
LANGUAGES = ("en", "fr", "de", "es", "en-XA", "ar-XB")
NOW = "2026-04-07T11:20:00%2B02:00"  # the shipped event's morning: Now has sessions on


def pages() -> list[str]:
    first = json.loads((DATA / "schedule.json").read_text("utf-8"))["sessions"][0]["id"]
    return ["/", f"/session/{first}", *MAIN_VIEWS[1:]]


def option(name: str, default: list[str]) -> list[str]:
    if name in sys.argv[:-1]:
        return [x for x in sys.argv[sys.argv.index(name) + 1].split(",") if x]
    return default


def failed_audits(report: dict) -> list[str]:
    category = report["categories"]["accessibility"]
    audits = report["audits"]
    return [
        ref["id"]
        for ref in category["auditRefs"]
        if ref["weight"] > 0 and audits[ref["id"]]["score"] is not None and audits[ref["id"]]["score"] < 1
    ]


def table(label: str, paths: list[str], langs: list[str]) -> list[Figure]:
    out: list[Figure] = []
    with server(data_dir()) as url:
        for path in paths:
            for lang in langs:
                sep = "&" if "?" in path else "?"
                report = audit(f"{url}{path}{sep}hl={lang}&now={NOW}", categories=("accessibility",))
                score = round(report["categories"]["accessibility"]["score"] * 100)
                failed = failed_audits(report)
                out.append(
                    Figure(
                        GOAL,
                        f"{label}{path} [{lang}]",
                        score,
                        "/100",
                        100,
                        "score",
                        "higher",
                        ", ".join(failed),
                    )
                )
                print(f"  {label}{path} [{lang}]: {score}  {' '.join(failed)}", flush=True)
    print_table(label, out, paths, langs)
    return out


def print_table(label: str, figures: list[Figure], paths: list[str], langs: list[str]) -> None:
    score = {f.name: f for f in figures}
    print(f"\n{label.rstrip(': ') or 'this tree'}: Lighthouse accessibility, page by language")
    print("| page | " + " | ".join(langs) + " |")
    print("|---|" + "---|" * len(langs))
    for path in paths:
        cells = [score[f"{label}{path} [{lang}]"] for lang in langs]
        print(
            f"| `{path}` | "
            + " | ".join(f"{c.value:.0f}" + (f" ({c.note})" if c.note else "") for c in cells)
            + " |"
        )
    print(flush=True)


def run(short: bool = False) -> list[Figure]:
    if short:
        return []
    paths = option("--pages", pages())
    langs = option("--languages", list(LANGUAGES))
    out: list[Figure] = []
    for ref in option("--at", ["."]):
        if ref == ".":
            out += table("", paths, langs)
            continue
        with baseline_app(ref):  # a copy of that commit, served by the same venv, same machine
            out += table(f"{ref}: ", paths, langs)
    return out


if __name__ == "__main__":
    main(run)
