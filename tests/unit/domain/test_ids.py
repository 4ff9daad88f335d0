"""Stable ids: published ids are never changed or handed to another session."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from webapp.domain.ids import SessionKey, named_ids, session_ids, slug

T0 = datetime(2026, 4, 7, 11, 0, tzinfo=timezone(timedelta(hours=2)))
URL_SAFE = re.compile(r"^[a-z0-9-]+$")


def key(title: str, minutes: int = 0, room: str | None = "Main", proposed: str | None = None) -> SessionKey:
    return SessionKey(title, T0 + timedelta(minutes=minutes), room, proposed)


def test_new_session_ids_are_short_url_safe_and_depend_only_on_the_title():
    first = session_ids([key("Fast Tables"), key("Open Data")], [])
    again = session_ids([key("Open Data", 90, "Side"), key("Fast  tables!", 30)], [])
    assert first == again[::-1]
    assert all(6 <= len(i) <= 8 and URL_SAFE.match(i) for i in first)
    assert not set("01lo") & set("".join(first))  # nothing to misread on a door


def test_session_that_moved_room_and_time_keeps_its_id():
    old = [("abc123", key("Fast Tables", 0, "Main")), ("def456", key("Open Data", 30, "Main"))]
    assert session_ids([key("Fast Tables", 120, "Side"), key("Open Data", 30, "Main")], old) == [
        "abc123",
        "def456",
    ]


def test_session_whose_title_typo_was_fixed_in_the_same_slot_keeps_its_id():
    old = [("abc123", key("TorchStore: Building Storage for AysncRL", 0, "Main"))]
    assert session_ids([key("TorchStore: Building Storage for AsyncRL", 0, "Main")], old) == ["abc123"]


def test_sessions_sharing_a_title_keep_their_ids_by_time():
    old = [("brk111", key("Coffee Break", 0)), ("brk222", key("Coffee Break", 240))]
    assert session_ids([key("Coffee Break", 240), key("Coffee Break", 0)], old) == ["brk222", "brk111"]
    fresh = session_ids([key("Coffee Break", 0), key("Coffee Break", 240)], [])
    assert len(set(fresh)) == 2


def test_id_of_a_removed_session_is_never_given_to_a_new_one():
    gone = session_ids([key("Fast Tables")], [])[0]
    new = session_ids([key("Fast Tables but another")], [("zzz999", key("Unrelated", 600, "Hall"))])
    assert new[0] != "zzz999"
    # A new session whose title hashes to a taken id gets a longer one.
    again = session_ids(
        [key("fast tables", 300, "Other Room", None)], [(gone, key("Something else", 900, "X"))]
    )
    assert again[0] != gone and again[0].startswith(gone[:6])


def test_id_proposed_by_the_source_is_used_for_a_new_session_only():
    assert session_ids([key("Talk", proposed="frab-42")], []) == ["frab-42"]
    assert session_ids([key("Talk", proposed="frab-42")], [("kept01", key("Talk"))]) == ["kept01"]
    assert session_ids([key("Talk", proposed="Not Safe/")], [])[0] != "Not Safe/"


def test_speaker_ids_are_name_slugs_reused_when_a_name_is_corrected():
    assert named_ids(["Valérian Rey", "Sally O'Malley"], []) == ["valerian-rey", "sally-o-malley"]
    assert named_ids(["Amir Afzali"], [("amir-afzail", "Amir Afzail")], fuzzy=0.9) == ["amir-afzail"]


def test_two_people_with_the_same_slug_get_different_ids():
    assert named_ids(["Li Wei", "Li-Wei"], []) == ["li-wei", "li-wei-2"]
    assert named_ids(["New Person"], [("new-person", "Someone Else")]) == ["new-person-2"]


def test_slug_of_nothing_usable_is_still_an_id():
    assert slug("???") == "x"
