"""The importers fuzzed with hypothesis: truncated, line-shuffled, mutated and random input
built from the shipped sources, the test fixtures and the frab examples. Each input either
imports or is refused with the importers' error (SourceError, or the ValueError the merge
raises), never any other exception; through the import command, a refused input writes
nothing and an accepted one writes a whole, valid schedule."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import FIXTURES, shared_or_skip
from webapp.domain.serialize import schedule_from_dict, schedule_to_dict
from webapp.domain.storage import load_schedule
from webapp.importers.frab_json import FrabError
from webapp.importers.merge import Overrides, merge
from webapp.importers.raw import SourceError
from webapp.importers.sources import parse_source
from webapp.web.apidoc import load_schema

ROOT = Path(__file__).resolve().parents[3]
SEED_FILES = [
    *sorted((ROOT / "data" / "sources").glob("*.txt")),
    *(FIXTURES / n for n in ("sched_api.json", "sched_event.html", "sched_list.html", "frab_mini.xml")),
    *(FIXTURES / n for n in ("sched_export.csv", "sched_export_strings.json", "frab_merged_nights.json")),
]
FRAB_EXAMPLES = ("frab-camp2019.json", "pretalx-democon.json")
HOSTILE = ["", "\x00", "\ufeff", "<", "{", "[", "</schedule>", "]]>", "&amp;", "&#0;", "\r\n", "\u2028",
           "<!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]>", "&e;", "null", "-1", "1e999",
           "25:61", "2026-02-30", "February 30, 2026", "Tuesday April 7, 2026 23:50 - 00:10 CEST",
           '"start": "99:99"', "é" * 50, "<script>alert(1)</script>",
           # issue 16: deep nesting, offsets with seconds, years no consumer reads, huge numbers
           "[" * 5000, "{\"a\":" * 3000, "2026-04-07T11:15:00+02:00:30", "9999-12-31T23:00:00+01:00",
           "0001-01-01T00:00:00+02:00", "999:00", '"duration": "999:00"', "1" * 5000, "\\ud800"]  # fmt: skip
OUTCOMES: Counter[str] = Counter()
SCHEMA = jsonschema.Draft202012Validator(load_schema("schedule.schema.json"))
IMPORT_ERRORS = (SourceError, FrabError)  # each names the file (and line)


def seeds(request_shared: bool) -> list[tuple[str, bytes]]:
    out = [(p.name, p.read_bytes()) for p in SEED_FILES]
    if request_shared:
        out += [(n, shared_or_skip("specs", n).read_bytes()) for n in FRAB_EXAMPLES]
    return out


@st.composite
def mutated(draw: st.DrawFn, pool: list[tuple[str, bytes]]) -> tuple[str, bytes]:
    name, data = draw(st.sampled_from(pool))
    how = draw(st.sampled_from(["truncate", "shuffle", "drop", "splice", "flip", "random", "twice"]))
    if how == "truncate":
        data = data[: draw(st.integers(0, len(data)))]
    elif how in ("shuffle", "drop"):
        lines = data.split(b"\n")
        if how == "shuffle":
            lines = draw(st.permutations(lines))
        else:
            for _ in range(draw(st.integers(1, 5))):
                if lines:
                    lines.pop(draw(st.integers(0, len(lines) - 1)))
        data = b"\n".join(lines)
    elif how == "splice":
        for _ in range(draw(st.integers(1, 4))):
            at = draw(st.integers(0, len(data)))
            cut = draw(st.integers(0, 40))
            piece = (
                draw(st.sampled_from(HOSTILE)).encode()
                if draw(st.booleans())
                else draw(st.binary(max_size=8))
            )
            data = data[:at] + piece + data[at + cut :]
    elif how == "flip":
        buf = bytearray(data)
        for _ in range(draw(st.integers(1, 20))):
            if buf:
                buf[draw(st.integers(0, len(buf) - 1))] = draw(st.integers(0, 255))
        data = bytes(buf)
    elif how == "random":
        data = draw(st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
    else:
        data = data + b"\n" + data
    return f"{how}-{name}", data


def import_or_refuse(name: str, data: bytes) -> str:
    """'imported' or 'refused'; any other exception fails the test."""
    try:
        page = parse_source(data, name)
        schedule, _ = merge([page], Overrides(timezone=None), None)
    except IMPORT_ERRORS as exc:
        assert str(exc).startswith(name), f"the refusal does not name the file: {exc}"
        return "refused"
    except ValueError as exc:  # the merge's own refusals; the import command reports them alike
        assert type(exc) is ValueError, f"{name}: {type(exc).__name__}: {exc}"
        return "refused"
    # What was accepted is a whole schedule that survives its own serialization.
    assert schedule.sessions, name
    doc = json.loads(json.dumps(schedule_to_dict(schedule)))
    assert schedule_from_dict(doc) is not None
    SCHEMA.validate({"version": 0, **doc})  # what /api/v1/schedule.json would serve
    return "imported"


FAST = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "1200")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)


@FAST
@given(mutated(seeds(False)))
def test_mutated_sources_import_or_are_refused_with_the_importers_error(case: tuple[str, bytes]) -> None:
    OUTCOMES[import_or_refuse(*case)] += 1


def test_mutated_frab_examples_import_or_are_refused_with_the_importers_error() -> None:
    pool = seeds(True)[len(SEED_FILES) :]
    outcomes: Counter[str] = Counter()

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(mutated(pool))
    def run(case: tuple[str, bytes]) -> None:
        outcomes[import_or_refuse(*case)] += 1

    run()
    print(f"\nfrab examples fuzzed: {sum(outcomes.values())} cases, {dict(outcomes)}")
    assert outcomes["refused"] > 0


def test_fuzz_reached_both_outcomes() -> None:
    # Runs after the hypothesis test above (file order): the mutations were not all trivial.
    print(f"\nsources fuzzed: {sum(OUTCOMES.values())} cases, {dict(OUTCOMES)}")
    assert OUTCOMES["imported"] > 20 and OUTCOMES["refused"] > 20


@pytest.fixture(scope="module")
def cli_app(tmp_path_factory):
    from webapp import create_app

    d = tmp_path_factory.mktemp("fuzzcli")
    return create_app({"TESTING": True, "DATA_DIR": str(d)}), d


def test_import_command_writes_a_whole_schedule_or_nothing(cli_app) -> None:
    app, base = cli_app
    runner = app.test_cli_runner()
    target = base / "schedule.json"
    target.write_bytes((FIXTURES / "mini_schedule.json").read_bytes())
    outcomes: Counter[str] = Counter()

    @settings(
        max_examples=int(os.environ.get("FUZZ_CLI_EXAMPLES", "80")),
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    @given(mutated(seeds(False)))
    def run(case: tuple[str, bytes]) -> None:
        name, data = case
        source = base / "in" / name
        source.parent.mkdir(exist_ok=True)
        source.write_bytes(data)
        before = target.read_bytes()
        result = runner.invoke(args=["schedule", "import", str(source)])
        assert not [p for p in base.iterdir() if p.name.endswith(".tmp")], "a temp file was left"
        if result.exit_code == 0:
            outcomes["imported"] += 1
            assert load_schedule(target).sessions
        else:
            outcomes["refused"] += 1
            assert isinstance(result.exception, SystemExit), f"{name}: {result.exception!r}"
            assert "Traceback" not in result.output and name in result.output, result.output
            assert target.read_bytes() == before

    run()
    print(f"\nimport command fuzzed: {sum(outcomes.values())} cases, {dict(outcomes)}")
    assert outcomes["refused"] > 0


def _replace(name: str, old: str, new: str) -> tuple[str, bytes]:
    data = (FIXTURES / name).read_text(encoding="utf-8")
    assert old in data
    return name, data.replace(old, new, 1).encode()


# Found by the run above; each escaped as another exception (or wrote an id over 64 characters).
FOUND = {
    "frab XML declaring an unknown encoding": _replace(
        "frab_mini.xml", 'encoding="utf-8"', 'encoding="Autf-8"'
    ),
    "Sched HTML with a broken marked section": _replace(
        "sched_list.html",
        "<",
        "<![DOCTYPE x]><",
    ),
    "Sched API description with a broken marked section": _replace(
        "sched_api.json", "Tables, but fast.", "Tables, <![DOCTYPE x]> but fast."
    ),
    "Sched text whose event name is a long line": (
        SEED_FILES[0].name,
        SEED_FILES[0].read_bytes().replace(b"PyTorch Conference Europe 2026", b"Tuesday " * 12 + b"Conf", 1),
    ),
}


@pytest.mark.parametrize("case", FOUND)
def test_inputs_found_by_fuzzing_import_or_are_refused_cleanly(case) -> None:
    assert import_or_refuse(*FOUND[case]) in ("imported", "refused")
