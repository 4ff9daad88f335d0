"""Every time the server accepts in a correction is a time the app's own parser reads, to the
same instant: a hypothesis property feeding the same generated strings to the server's
validation (webapp/corrections/fields.py) and to static/js/data/store.js, run in Chromium from the
files on disk (no server)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from webapp.corrections.fields import CorrectionError, parse_request
from webapp.domain.timeutil import parse_iso

IMPORT_STORE = """async (texts) => {
  const { index } = await import(document.body.dataset.assets + "js/data/store.js");
  return texts.map((text) => {
    const sessions = [{ id: "a", title: "t", start: text, end: text }];
    const data = index({ event: { name: "e", timezone: "UTC" }, sessions });
    return data.sessions.length ? data.sessions[0].start.getTime() : null;
  });
}"""

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def millis(text: str) -> int:
    return (parse_iso(text) - EPOCH) // timedelta(milliseconds=1)


def two(lo: int, hi: int) -> st.SearchStrategy[str]:
    return st.integers(lo, hi).map(lambda n: f"{n:02d}")


@st.composite
def iso_like(draw: st.DrawFn) -> str:
    """Times near and far from ISO 8601: the forms Python reads and browsers may not."""
    year = draw(
        st.one_of(st.integers(1900, 2199), st.integers(0, 9999), st.sampled_from([1, 1899, 2200, 9999]))
    )
    date = f"{year:04d}-{draw(two(0, 13))}-{draw(two(0, 32))}"
    if draw(st.booleans()):
        date = date.replace("-", "")
    clock = f"{draw(two(0, 24))}:{draw(two(0, 60))}"
    if draw(st.booleans()):
        clock += f":{draw(two(0, 60))}"
        if draw(st.booleans()):
            clock += "." + "".join(draw(st.lists(st.sampled_from("0123456789"), min_size=1, max_size=9)))
    sign = draw(st.sampled_from("+-"))
    hours, minutes, seconds = draw(two(0, 24)), draw(two(0, 59)), draw(two(0, 59))
    offsets = ["Z", "z", "", f"{sign}{hours}:{minutes}", f"{sign}{hours}{minutes}", f"{sign}{hours}"]
    offsets.append(f"{sign}{hours}:{minutes}:{seconds}")  # the attack run's kind: Python reads it
    offset = draw(st.sampled_from(offsets))
    sep = draw(st.sampled_from(["T", "T", "T", " ", "t"]))
    return f"{date}{sep}{clock}{offset}"


@st.composite
def well_formed(draw: st.DrawFn) -> str:
    """Times in the form the server takes, any year and any offset: the range rules decide."""
    year = draw(st.one_of(st.integers(1880, 2220), st.integers(1, 9999)))
    when = f"{year:04d}-{draw(two(1, 12))}-{draw(two(1, 28))}T{draw(two(0, 23))}:{draw(two(0, 59))}"
    if draw(st.booleans()):
        when += f":{draw(two(0, 59))}" + draw(st.sampled_from(["", ".5", ".123", ".123456"]))
    hours = draw(st.integers(0, 23))
    return when + draw(
        st.sampled_from(["Z", f"+{hours:02d}:{draw(two(0, 59))}", f"-{hours:02d}:{draw(two(0, 59))}"])
    )


TEXTS = st.one_of(well_formed(), iso_like(), st.text(alphabet="0123456789-:+TZ.W ", max_size=30))


def test_every_time_the_server_accepts_the_browser_reads_as_the_same_instant(app_modules) -> None:
    page = app_modules
    seen = {"accepted": 0, "refused": 0}

    @settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(st.lists(TEXTS, min_size=1, max_size=20))
    @example(["2026-04-07T11:15:00+02:00:30", "0001-04-07T11:15:00+02:00", "9999-04-07T11:15:00+02:00"])
    @example(["2026-04-07T11:15:00.123456789+02:00", "2026-04-07T11:15Z", "2026-04-07T24:00:00Z"])
    def check(texts: list[str]) -> None:
        stored: list[str | None] = []
        for text in texts:
            try:
                _, fields, _ = parse_request({"kind": "retime", "session": "s", "start": text})
            except CorrectionError:
                stored.append(None)
                seen["refused"] += 1
                continue
            stored.append(fields["start"])
            seen["accepted"] += 1
        accepted = [(t, s) for t, s in zip(texts, stored, strict=True) if s is not None]
        if not accepted:
            return
        read = page.evaluate(IMPORT_STORE, [x for pair in accepted for x in pair])
        for i, (text, normal) in enumerate(accepted):
            as_sent, as_stored = read[2 * i], read[2 * i + 1]
            # The server accepted it: the app reads what was sent and what is stored, and both
            # name the instant Python parsed (the stored form keeps whole seconds).
            assert as_sent == millis(text), (text, as_sent)
            assert as_stored == millis(normal), (normal, as_stored)

    check()
    assert seen["accepted"] > 50 and seen["refused"] > 50, seen  # both sides were exercised
