"""Write webapp/domain/language_names.json: the English name of each ISO 639-1 language, as
Chromium's Intl.DisplayNames gives it (CLDR), for the outline's `language_names`.

The app used to ask Intl on the first screen of a multilingual event, which starts ICU (30-45 ms
on a laptop, four times that on a cheap phone); the names now come with the outline, and they
are the ones Intl gave (a code Chromium has no name for is its own name, as Intl showed it).
Run again when a newer Chromium names languages differently. The codes
come from the iso-codes package (Debian: iso-codes), the names from the browser.

    .venv/bin/python scripts/language-names.py
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.harness.browser import launch_args  # noqa: E402

CODES = Path("/usr/share/iso-codes/json/iso_639-2.json")
OUT = ROOT / "webapp" / "domain" / "language_names.json"

codes = sorted(e["alpha_2"] for e in json.loads(CODES.read_text(encoding="utf-8"))["639-2"] if "alpha_2" in e)
with sync_playwright() as p:
    browser = p.chromium.launch(**launch_args())
    names = browser.new_page().evaluate(
        """(codes) => {
          const names = new Intl.DisplayNames(["en"], { type: "language" });
          return Object.fromEntries(codes.map((c) => [c, names.of(c)]).map(([c, n]) => [c, n || c]));
        }""",
        codes,
    )
    version = browser.version
    browser.close()
OUT.write_text(json.dumps(names, indent=0, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
named = sum(1 for code, name in names.items() if name != code)
print(f"wrote {OUT}: {len(names)} codes, {named} with a name (Chromium {version}; the others as their code)")
