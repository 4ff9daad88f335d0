"""A schedule source as another tool publishes it: a frab schedule.xml of one day in Brussels,
written from a list of talks, for the tests that re-import or follow a source."""

from __future__ import annotations

TALKS = [  # (id, start, duration, room, title, speaker)
    ("101", "10:00", "00:40", "Main Hall", "Rust for Linux", "Miguel"),
    ("102", "11:00", "00:30", "Main Hall", "Kernel Tea", "Ada"),
    ("103", "10:00", "00:25", "Side Room", "Tiny Compilers", "Alan"),
]


def frab(talks: list[tuple[str, str, str, str, str, str]]) -> str:
    """A frab schedule.xml of one day in Brussels with `talks`, grouped by room."""
    rooms: dict[str, list[str]] = {}
    for sid, start, duration, room, title, person in talks:
        rooms.setdefault(room, []).append(
            f'<event id="{sid}"><date>2026-02-01T{start}:00+01:00</date><start>{start}</start>'
            f"<duration>{duration}</duration><room>{room}</room><title>{title}</title>"
            f"<abstract>About {title}.</abstract>"
            f'<persons><person id="{sid}">{person}</person></persons></event>'
        )
    body = "".join(f'<room name="{name}">{"".join(events)}</room>' for name, events in rooms.items())
    return (
        '<?xml version="1.0" encoding="utf-8"?><schedule><conference><title>Source Fest</title>'
        "<start>2026-02-01</start><end>2026-02-01</end><time_zone_name>Europe/Brussels</time_zone_name>"
        '</conference><day index="1" date="2026-02-01" start="2026-02-01T09:00:00+01:00" '
        f'end="2026-02-01T19:00:00+01:00">{body}</day></schedule>'
    )
