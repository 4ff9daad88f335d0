"""Merging the five seed pages into one event, and refusing sources that do not fit."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from webapp.importers import sched_text
from webapp.importers.merge import Overrides, merge
from webapp.importers.raw import RawPage, RawSession, SourceError, split_kind

SOURCES = Path(__file__).resolve().parents[3] / "data" / "sources"
NAMES = sorted(p.name for p in SOURCES.glob("*.txt"))
ADVANCED, INTERMEDIATE, DETAIL, FRAGMENT, TRAINING = NAMES

# Counted by hand from the pages' headings: 5 + 21 + 6 sessions, 4 of them on two pages.
EXPECTED_TITLES = {
    "Brevitas Quantization Library",
    "Bringing ExecuTorch To the Next Frontiers of Edge AI",
    "Enabling State-of-the-art Asynchronous Execution in Torch.compile With CUDA Streams",
    "Helion 1.0: A High-Level DSL for Performance Portable Kernels",
    "Beyond Generic Spans: Distributed Tracing for Actionable LLM Observability",
    "Bringing Google’s Colossus to PyTorch: Rapid Storage via fsspec to Keep GPUs Busy",
    "Coding Agents for Compiler Construction: Beyond the AI Assistant Paradigm",
    "Cross-Region Model Serving: PyTorch Inference, Observability & LLMOps",
    "FlexAttention + FlashAttention-4: Fast and Flexible",
    "Flexible Deployment of PyTorch Models on MCU-Class Devices Using ExecuTorch",
    "From Pretrained To Personal: Privacy-First Fine-Tuning on AI PCs",
    "Graph Based Pipeline Parallelism",
    "Implementing Single-Dim Strategies With Sharding Validator",
    "Jigsaw: Domain and Tensor Parallelism for High-Resolution Input Training",
    "TorchJD: Jacobian Descent in PyTorch",
    "Training Embedding Model Resiliently for Multimodal Model Inference Routing",
    "Why Your Forecasting Transformer Isn’t Working (And How To Fix It in Python)",
    "Model-Changing Transforms With Torch.compile",
    "Optimizing PyTorch on CPU-GPU Coherent Platforms",
    "Optimizing Reinforcement Learning at Trillion-Parameter Scale",
    "Parameterized CUDA Graph Launch in PyTorch: CUDA Graphs Without the Pain",
    "Securing Agentic AI With PyTorch: Threat Modeling & LLM Red Teaming in Practice",
    "Teaching PyTorch To Read Your Worst PDFs With Docling",
    "The Science and Practice of Open and Scalable LLM Evaluations",
    "The Token Slice: Implementing Preemptive Scheduling Via Chunked Decoding",
    "TorchStore: What We Learned Building Distributed Storage Solutions for AysncRL",
    "Tour De Force: LLM Inference Optimization From Simple To Sophisticated",
    "torch.compile and Diffusers: A Hands-On Guide to Peak Performance",
}
LIGHTNING = 13


def pages(*names: str):
    return [sched_text.parse((SOURCES / n).read_text(encoding="utf-8"), n) for n in names]


@pytest.fixture(scope="module")
def seeds():
    schedule, warnings = merge(pages(*NAMES))
    assert warnings == []
    return schedule


def one(schedule, title_start: str):
    # Titles keep a "Lightning Talk: " prefix as published: found by what follows it too.
    found = [s for s in schedule.sessions if split_kind(s.title)[1].startswith(title_start)]
    assert len(found) == 1
    return found[0]


def test_five_seed_pages_give_every_session_exactly_once(seeds):
    titles = [s.title for s in seeds.sessions]
    assert len(titles) == len(EXPECTED_TITLES) == 28
    assert {split_kind(t)[1] for t in titles} == EXPECTED_TITLES
    assert sum(s.kind == "Lightning Talk" for s in seeds.sessions) == LIGHTNING
    # Titles as published: a lightning talk keeps its "Lightning Talk: ", the kind set beside it.
    lightning = [s.title for s in seeds.sessions if s.kind == "Lightning Talk"]
    assert all(t.startswith("Lightning Talk: ") for t in lightning)
    assert sum(t.startswith("Lightning Talk: ") for t in titles) == LIGHTNING


def test_event_is_named_from_the_page_and_placed_in_the_zone_of_its_city_and_offset(seeds):
    ev = seeds.event
    assert (ev.name, ev.timezone, ev.city) == ("PyTorch Conference Europe 2026", "Europe/Paris", "Paris")
    assert [d.isoformat() for d in ev.days] == ["2026-04-07"]  # the banner's 2025 is wrong


def test_times_are_aware_and_local_to_the_venue(seeds):
    s = one(seeds, "Parameterized CUDA Graph")
    assert s.start.isoformat() == "2026-04-07T12:00:00+02:00"
    assert s.start.utcoffset().total_seconds() == 7200


def test_rooms_are_the_four_rooms_of_the_pages(seeds):
    assert sorted(r.name for r in seeds.rooms) == [
        "Central Room",
        "Founders Cafe",
        "Junior Stage",
        "Master Stage",
    ]


def test_session_on_a_level_filtered_page_gets_that_level(seeds):
    assert one(seeds, "Model-Changing Transforms").level == "Advanced"
    assert one(seeds, "Helion 1.0").level == "Intermediate"
    assert one(seeds, "Model-Changing Transforms").sources["level"] == (ADVANCED,)


def test_session_on_a_track_filtered_page_gets_that_track_only_without_its_own_track_line(seeds):
    torchstore = one(seeds, "TorchStore")
    assert seeds.track(torchstore.track).name == "Training Systems"
    assert torchstore.sources["track"] == (TRAINING,)
    assert torchstore.level == "Intermediate"  # from the other page it is on
    jd = one(seeds, "TorchJD")
    assert set(jd.sources["track"]) == {INTERMEDIATE, TRAINING}


def test_session_without_any_track_line_or_track_filter_has_no_track(seeds):
    assert one(seeds, "Helion 1.0").track is None
    assert one(seeds, "Parameterized CUDA Graph").track is None


def test_slides_are_unknown_unless_a_page_says(seeds):
    assert one(seeds, "Jigsaw").slides is True
    assert one(seeds, "Helion 1.0").slides is None
    assert not any(s.slides is False for s in seeds.sessions)


def test_session_page_adds_to_its_session_and_creates_none(seeds):
    s = one(seeds, "Parameterized CUDA Graph")
    assert DETAIL in s.sources["room"] and DETAIL in s.sources["description"]
    assert DETAIL not in s.sources["title"]
    alone, _ = merge(pages(ADVANCED))
    assert len(alone.sessions) == 5


def test_fragment_adds_to_the_session_its_description_matches_and_creates_none(seeds):
    s = one(seeds, "Enabling State-of-the-art")
    assert FRAGMENT in s.sources["description"]
    without, _ = merge(pages(INTERMEDIATE))
    with_fragment, _ = merge(pages(INTERMEDIATE, FRAGMENT))
    assert len(without.sessions) == len(with_fragment.sessions) == 21


def test_session_on_two_pages_lists_both_as_sources(seeds):
    s = one(seeds, "Training Embedding Model")
    assert s.sources["title"] == (INTERMEDIATE, TRAINING)
    assert s.sources["level"] == (INTERMEDIATE,)


def test_speakers_appear_once_across_sessions_and_pages(seeds):
    names = [p.name for p in seeds.speakers]
    assert len(names) == len(set(names)) == 42
    assert "Amir Afzail" not in " ".join(names) and "Mind Lab" not in names


def test_speaker_bios_cut_by_read_more_are_marked_truncated(seeds):
    lazos = next(p for p in seeds.speakers if p.name == "Michael Lazos")
    assert lazos.bio_truncated and not lazos.bio.endswith("→")
    oguz = next(p for p in seeds.speakers if p.name == "Oguz Ulgen")
    assert not oguz.bio_truncated


def test_speaker_ids_are_slugs_of_names(seeds):
    assert {p.id for p in seeds.speakers} >= {"valerian-rey", "sally-o-malley", "amir-afzali"}


def test_timezone_override_wins_and_an_unknown_zone_is_refused():
    schedule, _ = merge(pages(ADVANCED), Overrides(timezone="Europe/Brussels"))
    assert schedule.event.timezone == "Europe/Brussels"
    with pytest.raises(ValueError, match="unknown timezone"):
        merge(pages(ADVANCED), Overrides(timezone="Mars/Olympus"))


def test_event_name_override_and_venue_are_used():
    schedule, _ = merge(pages(ADVANCED), Overrides(event_name="PTC EU", venue="Station F"))
    assert (schedule.event.name, schedule.event.venue) == ("PTC EU", "Station F")


def test_sources_for_different_events_are_refused():
    other = (
        (SOURCES / TRAINING)
        .read_text(encoding="utf-8")
        .replace("PyTorch Conference Europe 2026", "Other Con")
    )
    with pytest.raises(SourceError, match="different events"):
        merge([*pages(ADVANCED), sched_text.parse(other, "other.txt")])


def test_pages_without_any_titled_session_are_refused():
    with pytest.raises(SourceError, match="no sessions with a title"):
        merge(pages(DETAIL, FRAGMENT))


def test_session_page_matching_no_session_is_refused():
    with pytest.raises(
        SourceError, match=f"{DETAIL}, line 10: this page has no title and matches no session"
    ):
        merge(pages(INTERMEDIATE, DETAIL))


def test_city_unknown_to_the_zone_database_asks_for_a_timezone():
    text = (SOURCES / ADVANCED).read_text(encoding="utf-8").replace("Paris, France", "Atlantis, Sea")
    with pytest.raises(SourceError, match="--timezone"):
        merge([sched_text.parse(text, "a.txt")])


def _guided(*sessions: tuple[str, str]) -> RawPage:
    """A page of sessions an hour apart, each (title, guid), all proposing the id "x"."""
    out = RawPage(source="s.json", kind="schedule", event_name="Con", timezone="Europe/Paris")
    for n, (title, guid) in enumerate(sessions):
        at = datetime(2026, 9, 15, 10 + n, tzinfo=ZoneInfo("Europe/Paris"))
        out.sessions.append(
            RawSession("s.json", title, at, at.replace(minute=30), guid=guid, proposed_id="x")
        )
    return out


def test_an_id_a_guid_kept_goes_to_no_other_session():
    first, _ = merge([_guided(("Talk A", "g-1"))])
    assert [s.id for s in first.sessions] == ["x"]
    # The source now repeats the guid on an unrelated session (an exporter that repeats its
    # ids), or gives another guid the same proposed id: "x" stays with the session that
    # continues the old one by its title and time, and the other gets an id of its own.
    for other in ("g-1", "g-2"):
        again, _ = merge([_guided(("Talk A", "g-1"), ("Talk B", other))], previous=first)
        ids = {s.title: s.id for s in again.sessions}
        assert ids["Talk A"] == "x" and ids["Talk B"] != "x", other


def test_rooms_come_in_the_order_the_source_lists_them_those_with_nothing_yet_last():
    # 39C3's file lists One, Ground, Zero; its first sessions are elsewhere.
    page = _guided(("Early talk", "g-1"), ("Keynote", "g-2"))
    page.sessions[0].room, page.sessions[1].room = "Fuse", "One"
    page.rooms = [("Empty Hall", None), ("One", None), ("Ground", None)]
    schedule, _ = merge([page])
    assert [r.name for r in schedule.rooms] == ["One", "Fuse", "Empty Hall", "Ground"]
