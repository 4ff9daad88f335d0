"""The pure corrections layer: every kind, every kind of bad input, revert, apply, describe."""

# ruff: noqa: E501 - the tables read best one case per line

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.corrections.apply import (
    Change,
    Correction,
    CorrectionError,
    apply,
    describe,
    new_session_id,
    prepare,
)
from webapp.domain.serialize import session_to_dict
from webapp.domain.storage import load_schedule

FIXTURE = Path(__file__).parents[2] / "fixtures" / "mini_schedule.json"
WHEN = datetime(2026, 4, 7, 7, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def schedule():
    return load_schedule(FIXTURE)


def fixed_id(taken: set[str]) -> str:
    return "new001"


def stored(version: int, change: Change) -> Correction:
    return Correction(version, WHEN, change)


@pytest.mark.parametrize(
    ("body", "before", "after"),
    [
        ({"kind": "move", "session": "s1a2b3", "room": "side"}, {"room": "main"}, {"room": "side"}),
        (
            # A new start alone keeps the length: the end moves with it.
            {"kind": "retime", "session": "s1a2b3", "start": "2026-04-07T09:10+02:00"},
            {"start": "2026-04-07T09:00:00+02:00", "end": "2026-04-07T09:30:00+02:00"},
            {"start": "2026-04-07T09:10:00+02:00", "end": "2026-04-07T09:40:00+02:00"},
        ),
        (
            {
                "kind": "retime",
                "session": "s1a2b3",
                "start": "2026-04-07T11:00:00+02:00",
                "end": "2026-04-07T11:30:00+02:00",
            },
            {"start": "2026-04-07T09:00:00+02:00", "end": "2026-04-07T09:30:00+02:00"},
            {"start": "2026-04-07T11:00:00+02:00", "end": "2026-04-07T11:30:00+02:00"},
        ),
        ({"kind": "cancel", "session": "k9x8y7"}, {"status": "confirmed"}, {"status": "cancelled"}),
        (
            {
                "kind": "edit",
                "session": "q4w5e6",
                "title": "Keynote",
                "session_kind": "Keynote",
                "level": "Advanced",
            },
            {"title": "Day Two Keynote", "kind": None},
            {"title": "Keynote", "kind": "Keynote"},
        ),
        (
            {"kind": "edit", "session": "q4w5e6", "description": ["a", "b"], "speakers": ["alan-turing"]},
            {"description": [], "speakers": []},
            {"description": ["a", "b"], "speakers": ["alan-turing"]},
        ),
        (
            {"kind": "edit", "session": "k9x8y7", "track": None, "slides": False},
            {"track": "compilers", "slides": True},
            {"track": None, "slides": False},
        ),
    ],
)
def test_each_kind_records_only_the_fields_it_changes(schedule, body, before, after):
    change = prepare(schedule, {**body, "note": "why"})
    assert (change.kind, change.session) == (body["kind"], body["session"])
    assert change.before == before
    assert change.after == after
    assert change.note == "why"
    updated = session_to_dict(apply(schedule, [change]).session(body["session"]))
    assert {k: updated[k] for k in after} == after


def test_restore_undoes_a_cancel(schedule):
    cancelled = apply(schedule, [prepare(schedule, {"kind": "cancel", "session": "k9x8y7"})])
    change = prepare(cancelled, {"kind": "restore", "session": "k9x8y7"})
    assert (change.before, change.after) == ({"status": "cancelled"}, {"status": "confirmed"})
    assert apply(cancelled, [change]).session("k9x8y7").status == "confirmed"


def test_add_gets_a_server_id_and_a_whole_session(schedule):
    body = {"kind": "add", "title": "Lunch talk", "start": "2026-04-07T12:00:00+02:00",
            "end": "2026-04-07T12:20:00+02:00", "room": "side", "speakers": ["ada-lovelace"],
            "session_kind": "Lightning Talk"}  # fmt: skip
    change = prepare(schedule, body, new_id=fixed_id)
    assert change.session == "new001"
    assert change.before == {}
    assert change.after["id"] == "new001"
    assert change.after["kind"] == "Lightning Talk"
    assert change.after["status"] == "confirmed"
    assert set(change.after) == set(session_to_dict(schedule.sessions[0]))
    added = apply(schedule, [change])
    assert len(added.sessions) == len(schedule.sessions) + 1
    assert added.session("new001").room == "side"


def test_new_session_ids_are_short_url_safe_and_free():
    taken = {"aaaaaa"}
    picks = iter("a" * 6 + "b" * 6)
    assert new_session_id(taken, choice=lambda alphabet: next(picks)) == "bbbbbb"
    generated = new_session_id(set())
    assert len(generated) == 6 and generated.isalnum() and generated.islower() or generated.isdigit()


BAD = [
    ("not an object", ["kind", "move"], "one JSON object"),
    ("no kind", {"session": "s1a2b3"}, "kind must be one of"),
    ("unknown kind", {"kind": "delete", "session": "s1a2b3"}, "kind must be one of"),
    ("kind of wrong type", {"kind": ["move"], "session": "s1a2b3"}, "kind must be one of"),
    ("unknown session", {"kind": "cancel", "session": "nope"}, "unknown session 'nope'"),
    ("missing session", {"kind": "cancel"}, "needs session"),
    ("session of wrong type", {"kind": "cancel", "session": 7}, "session must be an id"),
    ("session with a slash", {"kind": "cancel", "session": "../x"}, "session must be an id"),
    ("unknown room", {"kind": "move", "session": "s1a2b3", "room": "attic"}, "unknown room 'attic'"),
    ("missing room", {"kind": "move", "session": "s1a2b3"}, "needs room"),
    ("null room in a move", {"kind": "move", "session": "s1a2b3", "room": None}, "room must be a room id"),
    ("unknown field", {"kind": "move", "session": "s1a2b3", "room": "side", "colour": "red"}, "unknown field"),
    ("field of another kind", {"kind": "cancel", "session": "s1a2b3", "title": "x"}, "unknown field(s) for kind cancel: title"),
    ("id in an add", {"kind": "add", "session": "mine", "title": "x", "start": "2026-04-07T09:00+02:00",
                      "end": "2026-04-07T10:00+02:00"}, "gets its id from the server"),
    ("end before start", {"kind": "retime", "session": "s1a2b3", "start": "2026-04-07T10:00+02:00",
                          "end": "2026-04-07T09:00+02:00"}, "before start"),
    ("end before the old start", {"kind": "retime", "session": "s1a2b3", "end": "2026-04-07T08:00+02:00"},
     "before start"),
    ("add ending before it starts", {"kind": "add", "title": "x", "start": "2026-04-07T10:00+02:00",
                                     "end": "2026-04-07T09:00+02:00"}, "before start"),
    ("retime without times", {"kind": "retime", "session": "s1a2b3"}, "needs start, end or both"),
    ("time without offset", {"kind": "retime", "session": "s1a2b3", "start": "2026-04-07T09:10"}, "no UTC offset"),
    ("time that is no time", {"kind": "retime", "session": "s1a2b3", "start": "at nine"}, "not an ISO 8601"),
    ("time of wrong type", {"kind": "retime", "session": "s1a2b3", "start": 900}, "start must be an ISO 8601"),
    ("empty title", {"kind": "edit", "session": "s1a2b3", "title": "  "}, "title must be a non-empty string"),
    ("title of wrong type", {"kind": "edit", "session": "s1a2b3", "title": 5}, "title must be a non-empty"),
    ("edit with no field", {"kind": "edit", "session": "s1a2b3"}, "needs at least one of"),
    ("edit that changes nothing", {"kind": "edit", "session": "s1a2b3", "level": None}, "changes nothing"),
    ("description not a list", {"kind": "edit", "session": "s1a2b3", "description": "text"}, "must be a list"),
    ("description of numbers", {"kind": "edit", "session": "s1a2b3", "description": [1]}, "description[0]"),
    ("unknown speaker", {"kind": "edit", "session": "s1a2b3", "speakers": ["grace"]}, "unknown speaker 'grace'"),
    ("speaker twice", {"kind": "edit", "session": "s1a2b3", "speakers": ["ada-lovelace"] * 2}, "twice"),
    ("unknown track", {"kind": "edit", "session": "s1a2b3", "track": "cooking"}, "unknown track 'cooking'"),
    ("slides not a boolean", {"kind": "edit", "session": "s1a2b3", "slides": "yes"}, "true, false or null"),
    ("note of wrong type", {"kind": "cancel", "session": "s1a2b3", "note": 3}, "note must be"),
    ("note too long", {"kind": "cancel", "session": "s1a2b3", "note": "x" * 501}, "longer than 500"),
    ("cancel a cancelled session", {"kind": "cancel", "session": "cancelled"}, "already cancelled"),
    ("restore a confirmed session", {"kind": "restore", "session": "s1a2b3"}, "already confirmed"),
    ("move to the same room", {"kind": "move", "session": "s1a2b3", "room": "main"}, "changes nothing"),
    ("add without times", {"kind": "add", "title": "x"}, "needs start, end"),
    ("revert of nothing", {"kind": "revert"}, "needs reverts"),
    ("revert of a non-number", {"kind": "revert", "reverts": "1"}, "version number"),
    ("revert of a boolean", {"kind": "revert", "reverts": True}, "version number"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "message"), [(b, m) for _, b, m in BAD], ids=[n for n, _, _ in BAD])
def test_bad_correction_is_refused_with_a_message_that_says_what(schedule, body, message):
    extra = {**session_to_dict(schedule.sessions[2]), "id": "cancelled", "status": "cancelled"}
    with_cancelled = apply(schedule, [Change("add", "cancelled", {}, extra)])
    with pytest.raises(CorrectionError) as caught:
        prepare(with_cancelled, body)
    assert message in str(caught.value)


def test_revert_restores_the_fields_before_that_version(schedule):
    move = prepare(schedule, {"kind": "move", "session": "s1a2b3", "room": "side"})
    moved = apply(schedule, [move])
    back = prepare(moved, {"kind": "revert", "reverts": 1, "note": "oops"}, lookup=lambda v: stored(v, move))
    assert (back.kind, back.session, back.reverts) == ("revert", "s1a2b3", 1)
    assert (back.before, back.after) == ({"room": "side"}, {"room": "main"})
    assert apply(moved, [back]).session("s1a2b3") == schedule.session("s1a2b3")


def test_reverting_an_added_session_cancels_it_so_its_id_stays_known(schedule):
    add = prepare(schedule, {"kind": "add", "title": "x", "start": "2026-04-07T12:00+02:00",
                             "end": "2026-04-07T12:30+02:00"}, new_id=fixed_id)  # fmt: skip
    added = apply(schedule, [add])
    back = prepare(added, {"kind": "revert", "reverts": 4}, lookup=lambda v: stored(v, add))
    assert back.after == {"status": "cancelled"}
    assert apply(added, [back]).session("new001").status == "cancelled"


def test_revert_that_would_change_nothing_is_refused(schedule):
    move = prepare(schedule, {"kind": "move", "session": "s1a2b3", "room": "side"})
    with pytest.raises(CorrectionError, match="changes nothing"):
        prepare(schedule, {"kind": "revert", "reverts": 1}, lookup=lambda v: stored(v, move))


def test_apply_keeps_order_and_provenance_and_refuses_an_unknown_session(schedule):
    a = prepare(schedule, {"kind": "move", "session": "s1a2b3", "room": "side"})
    b = Change("move", "s1a2b3", {"room": "side"}, {"room": "main"})
    result = apply(schedule, [a, b])
    assert result.session("s1a2b3").room == "main"
    assert result.session("s1a2b3").sources == schedule.session("s1a2b3").sources
    assert [s.id for s in result.sessions] == [s.id for s in schedule.sessions]
    with pytest.raises(CorrectionError, match="unknown session"):
        apply(schedule, [Change("cancel", "ghost", {"status": "confirmed"}, {"status": "cancelled"})])


def test_describe_says_what_changed_for_people(schedule):
    move = prepare(schedule, {"kind": "move", "session": "k9x8y7", "room": "main", "note": "bigger room"})
    assert describe(move, schedule) == "Compiling Things: room side -> main (bigger room)"
    add = prepare(schedule, {"kind": "add", "title": "Extra", "start": "2026-04-07T12:00+02:00",
                             "end": "2026-04-07T12:30+02:00", "room": "side"}, new_id=fixed_id)  # fmt: skip
    assert describe(add, schedule) == "Extra: added, 2026-04-07T12:00:00+02:00 in side"


def test_stored_correction_has_the_feed_shape(schedule):
    move = prepare(schedule, {"kind": "move", "session": "s1a2b3", "room": "side"})
    assert stored(3, move).to_dict() == {
        "version": 3, "time": "2026-04-07T07:00:00+00:00", "kind": "move", "session": "s1a2b3",
        "before": {"room": "main"}, "after": {"room": "side"}, "note": None, "reverts": None, "by": None,
    }  # fmt: skip


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30)
    | st.sampled_from(["s1a2b3", "k9x8y7", "main", "side", "ada-lovelace", "compilers", "2026-04-07T09:10:00+02:00"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)  # fmt: skip
FIELD_NAMES = st.sampled_from(
    ["kind", "session", "room", "start", "end", "title", "session_kind", "track", "level", "slides",
     "description", "speakers", "note", "reverts", "id", "status"]
)  # fmt: skip
KIND_VALUES = st.sampled_from(["move", "retime", "cancel", "restore", "edit", "add", "revert"]) | JSON_VALUES


@settings(max_examples=200, deadline=None)
@given(kind=KIND_VALUES, fields=st.dictionaries(FIELD_NAMES, JSON_VALUES, max_size=5))
def test_any_body_is_either_a_valid_change_or_a_correction_error(schedule, kind, fields):
    body = {**fields, "kind": kind}
    try:
        change = prepare(schedule, body, lookup=lambda v: (_ for _ in ()).throw(CorrectionError("none")))
    except CorrectionError as exc:
        assert str(exc)
        return
    updated = apply(schedule, [change])  # an accepted change always applies
    assert change.after and (change.before or change.kind == "add")
    assert session_to_dict(updated.session(change.session)) | change.after == session_to_dict(
        updated.session(change.session)
    )
