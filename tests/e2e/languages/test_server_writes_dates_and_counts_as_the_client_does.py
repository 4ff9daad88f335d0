"""What the server writes into a first screen in a reader's language (webapp/i18n/formats.py,
webapp/serving/first_screen/voice.py) is what the client writes from the same locale data and
catalog (static/js/data/i18n.js), character for character: days in both styles, clock times,
lengths, numbers and a count's plural form, for the shipped languages and a few locales whose
CLDR patterns differ (a 12-hour clock, the year-less Japanese day, Polish plurals)."""

from __future__ import annotations

from typing import Any

import pytest

from webapp.i18n import catalogs, client, formats
from webapp.serving.first_screen.voice import voice

DAYS = [
    f"2026-{m:02d}-{d:02d}"
    for m, d in zip(range(1, 13), (4, 9, 10, 12, 13, 14, 15, 16, 17, 18, 2, 31), strict=True)
]
TIMES = [(0, 0), (9, 5), (11, 59), (12, 0), (13, 30), (23, 59)]
LENGTHS = [0, 1, 5, 45, 59, 60, 61, 90, 120, 125, 1500]
NUMBERS = [0, 1, 2, 999, 1000, 12345, 1000000]
COUNTS = [0, 1, 2, 5, 22, 1000, 1000000]
SHIPPED = [lang for lang in catalogs.languages() if lang != catalogs.SOURCE_LANGUAGE]
OTHERS = ["en-US", "pl", "ja", "nl", "pt-BR", "hi"]

WRITTEN = """async ([catalog, cases]) => {
  const i18n = await import(document.body.dataset.assets + "js/data/i18n.js");
  if (!i18n.useCatalog(catalog)) throw new Error("catalog refused");
  return {
    days: cases.days.flatMap((d) => [i18n.formatDay(d), i18n.formatDay(d, "short")]),
    times: cases.times.map(([h, m]) => i18n.formatTime(h, m)),
    lengths: cases.lengths.map((m) => i18n.formatDuration(m)),
    numbers: cases.numbers.map((n) => i18n.formatNumber(n)),
    counts: cases.counts.map((n) => i18n.ngettext("{n} session", "{n} sessions", n)),
  };
}"""


def catalog(lang: str) -> dict[str, Any] | None:
    if lang == catalogs.SOURCE_LANGUAGE:
        return None  # English: the client's own ENGLISH locale
    po = catalogs.po_path(lang, "app")
    messages = client.messages(catalogs.read_catalog(po, lang)) if po.is_file() else {}
    return client.catalog_file(lang, messages)


def written_by_the_server(lang: str) -> dict[str, list[str]]:
    loc = formats.locale_of(lang)
    v = voice(lang)
    return {
        "days": [formats.format_day(loc, d, style) for d in DAYS for style in ("long", "short")],
        "times": [formats.format_time(loc, h, m) for h, m in TIMES],
        "lengths": [formats.format_duration(loc, m) for m in LENGTHS],
        "numbers": [formats.format_number(loc, n) for n in NUMBERS],
        "counts": [v.ngettext("{n} session", "{n} sessions", n) for n in COUNTS],
    }


@pytest.mark.parametrize("lang", [catalogs.SOURCE_LANGUAGE, *SHIPPED, *OTHERS])
def test_the_server_writes_days_times_lengths_and_counts_as_the_client(app_modules, lang) -> None:
    cases = {"days": DAYS, "times": TIMES, "lengths": LENGTHS, "numbers": NUMBERS, "counts": COUNTS}
    by_client = app_modules.evaluate(WRITTEN, [catalog(lang), cases])
    assert written_by_the_server(lang) == by_client
