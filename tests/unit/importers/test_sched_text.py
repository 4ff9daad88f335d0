"""The Sched page-text parser, on the project's copy of the seed pages and small variants."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from webapp.importers import sched_page, sched_text
from webapp.importers.raw import SourceError, split_kind, split_role, strip_read_more

SOURCES = Path(__file__).resolve().parents[3] / "data" / "sources"
ADVANCED, INTERMEDIATE, DETAIL, FRAGMENT, TRAINING = sorted(p.name for p in SOURCES.glob("*.txt"))


def page(name: str):
    return sched_text.parse((SOURCES / name).read_text(encoding="utf-8"), name)


def session(p, title_start: str):
    # Titles keep a "Lightning Talk: " prefix as published: found by what follows it too.
    found = [s for s in p.sessions if s.title and split_kind(s.title)[1].startswith(title_start)]
    assert len(found) == 1, [s.title for s in p.sessions]
    return found[0]


def test_each_seed_page_is_read_as_the_kind_of_page_it_is():
    assert [page(n).kind for n in (ADVANCED, INTERMEDIATE, DETAIL, FRAGMENT, TRAINING)] == [
        "list",
        "list",
        "detail",
        "fragment",
        "list",
    ]
    assert [len(page(n).sessions) for n in (ADVANCED, INTERMEDIATE, TRAINING)] == [5, 21, 6]


def test_company_filter_label_is_read_as_the_audience_level():
    advanced = page(ADVANCED)
    assert advanced.filter_level == "Advanced"
    assert advanced.filter_track is None
    assert page(INTERMEDIATE).filter_level == "Intermediate"


def test_type_filter_label_is_read_as_the_track():
    training = page(TRAINING)
    assert training.filter_track == "Training Systems"
    assert training.filter_level is None


def test_session_dates_are_read_from_session_lines_not_the_wrong_banner_year():
    p = page(ADVANCED)
    assert {s.start.year for s in p.sessions} == {2026}
    first = p.sessions[0]
    assert (first.start, first.end) == (datetime(2026, 4, 7, 12, 0), datetime(2026, 4, 7, 12, 25))


def test_event_name_city_and_utc_offset_come_from_the_page_text():
    p = page(INTERMEDIATE)
    assert (p.event_name, p.city, p.utc_offset) == ("PyTorch Conference Europe 2026", "Paris", 2.0)


def test_session_page_without_a_title_line_still_gives_time_room_and_speaker():
    p = page(DETAIL)
    (s,) = p.sessions
    assert s.title is None
    assert (s.start, s.room) == (datetime(2026, 4, 7, 12, 0), "Junior Stage")
    assert [sp.name for sp in s.speakers] == ["Daniel Galvez"]
    assert s.description[0].startswith("Modern GPUs are fast enough")


def test_fragment_without_heading_keeps_description_and_sets_bios_apart():
    p = page(FRAGMENT)
    (s,) = p.sessions
    assert s.title is None and s.start is None
    assert len(s.description) == 2 and s.description[0].startswith("CUDA streams are")
    ((bio, truncated),) = p.loose_bios
    assert bio.startswith("Michael Lazos is") and truncated and "Read More" not in bio


def test_track_line_indented_with_a_no_break_space_is_the_track():
    s = session(page(ADVANCED), "Cross-Region Model Serving")
    assert s.track == "Inference & Production"
    assert s.room == "Founders Cafe"


def test_session_with_no_track_line_has_no_track():
    assert session(page(INTERMEDIATE), "Helion 1.0").track is None


def test_audience_level_and_slides_lines_are_read_and_absent_slides_stay_unknown():
    p = page(TRAINING)
    colossus = session(p, "Bringing Google")
    assert (colossus.level, colossus.slides) == ("Any", True)
    assert session(p, "TorchJD").slides is None


def test_lightning_talk_prefix_gives_the_kind_beside_the_title_kept_as_published():
    s = session(page(TRAINING), "TorchJD")
    assert (s.kind, s.title) == ("Lightning Talk", "Lightning Talk: TorchJD: Jacobian Descent in PyTorch")
    helion = session(page(INTERMEDIATE), "Helion 1.0")
    assert (helion.kind, helion.title) == (
        None,
        "Helion 1.0: A High-Level DSL for Performance Portable Kernels",
    )


@pytest.mark.parametrize(
    "heading, kind, title",
    [
        ("Lightning Talk: X", "Lightning Talk", "X"),
        ("Keynote: Opening", "Keynote", "Opening"),
        ("Tour De Force: LLM Inference", None, "Tour De Force: LLM Inference"),
        ("TorchStore: What We Learned", None, "TorchStore: What We Learned"),
    ],
)
def test_only_a_session_kind_word_before_a_colon_is_taken_as_the_kind(heading, kind, title):
    assert split_kind(heading) == (kind, title)


def test_bio_ending_in_read_more_is_cut_and_marked_truncated():
    s = session(page(ADVANCED), "Parameterized CUDA Graph")
    (galvez,) = s.speakers
    assert galvez.bio_truncated
    assert galvez.bio.endswith("reducing CPU overheads in CUDA")
    assert strip_read_more("Complete bio.") == ("Complete bio.", False)


def test_bio_over_two_paragraphs_is_kept_whole():
    s = session(page(INTERMEDIATE), "From Pretrained To Personal")
    holanda = s.speakers[0]
    assert holanda.name == "Daniel Holanda"
    assert "Previously, he was a Machine Learning Engineer at Groq" in holanda.bio
    assert holanda.bio_truncated


def test_initials_avatar_without_photo_starts_a_speaker_without_a_bio():
    s = session(page(TRAINING), "TorchStore")
    allen = next(sp for sp in s.speakers if sp.name == "Allen Wang")
    assert (allen.role, allen.company, allen.bio) == ("Software Engineer", "Meta", None)


def test_speaker_with_an_empty_bio_has_no_bio():
    s = session(page(INTERMEDIATE), "Beyond Generic Spans")
    sally = next(sp for sp in s.speakers if sp.name == "Sally O'Malley")
    assert sally.bio is None and not sally.bio_truncated


def test_speaker_blocks_win_over_a_heading_that_misspells_a_name():
    s = session(page(TRAINING), "TorchStore")
    assert [sp.name for sp in s.speakers] == [
        "Lucas Pasqualin",
        "Allen Wang",
        "Danielle Pintz",
        "Amir Afzali",
    ]


def test_person_named_only_in_the_heading_is_kept_with_the_headings_company():
    s = session(page(INTERMEDIATE), "Teaching PyTorch To Read")
    assert [(sp.name, sp.company) for sp in s.speakers] == [
        ("Carol Chen", "Red Hat"),
        ("Mingxuan Zhao", "IBM"),
        ("Peter Staar", "IBM"),
    ]


def test_longer_heading_name_is_the_same_person_as_the_speaker_block():
    s = session(page(INTERMEDIATE), "From Pretrained To Personal")
    assert [sp.name for sp in s.speakers] == ["Daniel Holanda", "Iswarya Alex"]


def test_company_with_an_ampersand_is_not_read_as_another_speaker():
    s = session(page(INTERMEDIATE), "Optimizing Reinforcement Learning")
    assert [(sp.name, sp.company) for sp in s.speakers] == [("Songlin Jiang", "Aalto University & Mind Lab")]


@pytest.mark.parametrize(
    "line, name, expected",
    [
        ("Manager, NVIDIA", "X", ("Manager", "NVIDIA")),
        ("Sr Software Engineer - PyTorch, NVIDIA", "X", ("Sr Software Engineer - PyTorch", "NVIDIA")),
        ("Iswarya Alex, AMD", "Iswarya Alex", (None, "AMD")),
        ("Data Co", "X", (None, "Data Co")),
        ("", "X", (None, None)),
    ],
)
def test_role_line_splits_at_the_last_comma_and_a_repeated_name_is_no_role(line, name, expected):
    assert split_role(line, name) == expected


def test_speakers_keep_the_order_of_the_speaker_blocks():
    s = session(page(INTERMEDIATE), "Graph Based Pipeline")
    assert [sp.name for sp in s.speakers] == ["Simon Fan", "Sanket Purandare"]


def test_description_paragraphs_keep_links_and_list_lines():
    s = session(page(TRAINING), "TorchJD")
    assert s.description[-2:] == (
        "Library: https://github.com/TorchJD/torchjd",
        "Paper: https://arxiv.org/abs/2406.16232",
    )


def test_page_cut_off_inside_a_session_names_the_line():
    text = (SOURCES / INTERMEDIATE).read_text(encoding="utf-8")
    cut = "\n".join(text.split("\n")[:40])
    with pytest.raises(SourceError, match=r"cut\.txt, line 37: .*truncated"):
        sched_text.parse(cut, "cut.txt")


def test_page_cut_off_between_sessions_is_refused_for_its_missing_footer():
    text = (SOURCES / INTERMEDIATE).read_text(encoding="utf-8")
    cut = text[: text.index("11:00 CEST", text.index("Central Room"))]
    with pytest.raises(SourceError, match="footer"):
        sched_text.parse(cut, "cut.txt")


def test_date_line_outside_any_session_is_refused_as_garbled():
    text = (SOURCES / ADVANCED).read_text(encoding="utf-8")
    garbled = text.replace("\n12:15 CEST\n", "\nTuesday April 7, 2026 09:00 - 09:30 CEST\n", 1)
    with pytest.raises(SourceError, match="outside any session"):
        sched_text.parse(garbled, "garbled.txt")


@pytest.mark.parametrize(
    "line, start, end",
    [
        (
            "Tuesday April 7, 2026 12:00 - 12:25 CEST",
            datetime(2026, 4, 7, 12, 0),
            datetime(2026, 4, 7, 12, 25),
        ),
        (
            "Monday June 2, 2031 9:30am - 12:40pm WEST",
            datetime(2031, 6, 2, 9, 30),
            datetime(2031, 6, 2, 12, 40),
        ),
        ("Friday May 1, 2026 12:00am - 1:00am EDT", datetime(2026, 5, 1, 0, 0), datetime(2026, 5, 1, 1, 0)),
    ],
)
def test_date_lines_in_24_and_12_hour_clocks_are_read(line, start, end):
    assert sched_page.date_range(line, "x.txt") == (start, end)


def test_date_line_with_an_impossible_date_names_the_line():
    with pytest.raises(SourceError, match=r"x\.txt, line 3: unreadable date line"):
        sched_page.date_range("Tuesday April 31, 2026 12:00 - 12:25 CEST", "x.txt", 3)


def test_initials_followed_by_the_next_speakers_avatar_are_no_speaker_of_their_own():
    # A list page cut short (found by the fuzz test on a seed page with lines dropped): "AW" has
    # the next block's avatar line where its name would be. It raised an IndexError.
    lines = [
        "AW",
        "",
        "avatar for Danielle Pintz",
        "",
        "Danielle Pintz",
        "",
        "Software Engineer, Meta",
        "Bio.",
    ]
    assert [(p.name, p.role, p.company) for p in sched_text._speakers(lines)] == [
        ("Danielle Pintz", "Software Engineer", "Meta")
    ]
