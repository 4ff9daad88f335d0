"""A generated event for the large-event benchmarks: 1,000 sessions over 4 days and 20 rooms.

Text lengths follow the shipped event (titles ~60 characters, descriptions of 1-6 paragraphs
averaging ~1,100 characters, 1-3 speakers with ~230-character bios). The words are drawn at
random from the shipped event's own vocabulary with a Zipf-like weighting, so the text is
about as compressible as real abstracts (`compression_check` prints both ratios): a feed of
repeated or Markov-copied text would compress far better than a real one and flatter us.

    .venv/bin/python bench/generate.py [DIR]   # writes DIR/schedule.json (a temp dir if omitted)
    .venv/bin/python bench/generate.py --congress [DIR]   # 1,400 sessions, 5 days, 90 rooms
    .venv/bin/python bench/generate.py --fosdem [DIR]   # FOSDEM's size: 883 sessions, 2 days, 30 rooms
"""

from __future__ import annotations

import gzip
import json
import random
import re
import string
import sys
import tempfile
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "data" / "schedule.json"
SEED = 20260407
SESSIONS = 1000
DAYS = 4
ROOMS = 20
ZONE = "Europe/Paris"
FIRST_DAY = date(2026, 9, 14)
LENGTHS = (10, 25, 30, 30, 40, 40, 50)  # minutes; lightning talks, short and long talks
GAPS = (5, 10, 10, 15)
FIRST_NAMES = (
    "Ada Alan Grace Linus Barbara Edsger Donald Margaret Ken Dennis Frances Radia Leslie John "
    "Katherine Tim Sophie Yuki Amara Chen Priya Omar Lena Mateo Ines Kofi Hana Ivan Zoe Arjun"
).split()
LAST_NAMES = (
    "Lovelace Turing Hopper Torvalds Liskov Dijkstra Knuth Hamilton Thompson Ritchie Allen "
    "Perlman Lamport McCarthy Johnson Berners-Lee Wilson Tanaka Okafor Wei Patel Haddad "
    "Schmidt Alvarez Moreau Mensah Kim Petrov Martin Iyer"
).split()
LEVELS = ("Beginner", "Intermediate", "Advanced", "Any", None)
KINDS = (None, None, None, "Lightning Talk", "Workshop", "Panel")
TRACKS = (
    "Compilers",
    "Training at Scale",
    "Inference",
    "Agents",
    "Data",
    "Community",
    "Research",
    "Edge",
    "Security",
    "Tooling",
)


def vocabulary(path: Path = SHIPPED) -> tuple[list[str], list[float]]:
    """Words of the shipped event's descriptions, weighted by their rank (Zipf-like)."""
    doc = json.loads(path.read_text("utf-8"))
    text = " ".join(p for s in doc["sessions"] for p in s["description"])
    counts: dict[str, int] = {}
    for word in re.findall(r"[A-Za-z][A-Za-z'’-]*", text):
        counts[word.lower()] = counts.get(word.lower(), 0) + 1
    words = sorted(counts, key=lambda w: -counts[w])
    # An exponent under 1 flattens the curve: with 1.0 the text compresses ~10% better than the
    # real abstracts, which would flatter the feed size; 0.8 comes closest (still ~5% better).
    return words, [1.0 / (rank + 1) ** 0.8 for rank in range(len(words))]


class Text:
    def __init__(self, rng: random.Random, path: Path = SHIPPED):
        self.rng = rng
        self.words, self.weights = vocabulary(path)

    def sentence(self, n: int) -> str:
        words = self.rng.choices(self.words, self.weights, k=n)
        return words[0].capitalize() + " " + " ".join(words[1:]) + "."

    def paragraph(self, chars: int) -> str:
        out: list[str] = []
        while sum(map(len, out)) < chars:
            out.append(self.sentence(self.rng.randint(8, 24)))
        # Stop at the sentence end nearest `chars`, so lengths are not biased upwards.
        if len(out) > 1 and sum(map(len, out)) - chars > chars - sum(map(len, out[:-1])):
            out.pop()
        return " ".join(out)

    def title(self) -> str:
        return self.sentence(self.rng.randint(5, 13))[:-1]


def _id(rng: random.Random, taken: set[str]) -> str:
    for _ in range(1000):
        candidate = "".join(rng.choices(string.ascii_lowercase + string.digits, k=6))
        if candidate not in taken:
            taken.add(candidate)
            return candidate
    raise RuntimeError("no free id")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _speakers(rng: random.Random, text: Text, count: int) -> list[dict[str, object]]:
    out = []
    seen: set[str] = set()
    while len(out) < count:
        name = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)} {rng.choice(string.ascii_uppercase)}."
        sid = _slug(name)
        if sid in seen:
            continue
        seen.add(sid)
        bio = text.paragraph(rng.randint(120, 330))
        out.append(
            {
                "id": sid,
                "name": name,
                "role": rng.choice(("Engineer", "Researcher", "Maintainer", "Professor", None)),
                "company": rng.choice(
                    (None, "Acme Labs", "Open Source Foundation", "University of Somewhere")
                ),
                "bio": bio,
                "bio_truncated": rng.random() < 0.2,
            }
        )
    return out


def generate(
    sessions: int = SESSIONS, days: int = DAYS, rooms: int = ROOMS, seed: int = SEED
) -> dict[str, object]:
    rng = random.Random(seed)
    text = Text(rng)
    zone = ZoneInfo(ZONE)
    room_list = [
        {"id": f"room-{i + 1:02d}", "name": f"Room {i + 1} ({text.title().split()[0]})"} for i in range(rooms)
    ]
    track_list = [{"id": _slug(t), "name": t} for t in TRACKS]
    people = _speakers(rng, text, int(sessions * 1.2))
    day_list = [FIRST_DAY + timedelta(days=d) for d in range(days)]
    taken: set[str] = set()
    out: list[dict[str, object]] = []
    per_room_day = -(-sessions // (days * rooms))
    for day in day_list:
        for room in room_list:
            at = datetime(day.year, day.month, day.day, 9, 0, tzinfo=zone)
            for _ in range(per_room_day):
                if len(out) >= sessions:
                    break
                kind = rng.choice(KINDS)
                minutes = 10 if kind == "Lightning Talk" else rng.choice(LENGTHS[1:])
                end = at + timedelta(minutes=minutes)
                paragraphs = rng.choices((1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 2, 1))[0]
                total = max(80, int(rng.gauss(1100, 350)))
                out.append(
                    {
                        "id": _id(rng, taken),
                        "title": text.title(),
                        "kind": kind,
                        "start": at.isoformat(),
                        "end": end.isoformat(),
                        "room": room["id"],
                        "track": rng.choice(track_list)["id"] if rng.random() < 0.9 else None,
                        "level": rng.choice(LEVELS),
                        "slides": rng.choice((True, False, None)),
                        "description": [text.paragraph(total // paragraphs) for _ in range(paragraphs)],
                        "speakers": [
                            p["id"] for p in rng.sample(people, rng.choices((1, 2, 3), (6, 3, 1))[0])
                        ],
                        "status": "cancelled" if rng.random() < 0.02 else "confirmed",
                    }
                )
                at = end + timedelta(minutes=rng.choice(GAPS))
    used = {sid for s in out for sid in s["speakers"]}  # type: ignore[union-attr]
    return {
        "event": {
            "id": "generated-conf",
            "name": "Generated Conference 2026",
            "timezone": ZONE,
            "days": [d.isoformat() for d in day_list],
            "venue": "Congress Centre",
            "city": "Lyon",
            "url": None,
        },
        "rooms": room_list,
        "tracks": track_list,
        "speakers": [p for p in people if p["id"] in used],
        "sessions": out,
    }


def congress(seed: int = SEED) -> dict[str, object]:
    """A large congress (bench/grid.py and the congress e2e tests): 1,400 sessions, 5 days,
    90 rooms, ~1,200 speakers, 36 tracks, shaped like FOSDEM's export: the source's raw kinds
    ("devroom", "maintrack"), links of every sort on most sessions, a few sessions in French or
    German, speakers with accented names, and the words a naive substring search trips on
    ("trust" and "frustrated" beside "Rust")."""
    doc = generate(sessions=1400, days=5, rooms=90, seed=seed)
    rng = random.Random(seed + 1)
    doc["tracks"] = [{"id": _slug(t), "name": t} for t in CONGRESS_TRACKS]
    # Some sources colour their tracks (pretalx, frab): the first ones here have the source's
    # colour, the others none (the app makes one). Not drawn from rng: the rest stays as it was.
    for track, color in zip(doc["tracks"], CONGRESS_COLORS, strict=False):  # type: ignore[call-overload]
        track["color"] = color
    track_ids = [t["id"] for t in doc["tracks"]]  # type: ignore[index]
    for i, person in enumerate(doc["speakers"]):  # type: ignore[union-attr]
        if i % 9 == 0:
            person["name"] = f"{rng.choice(ACCENTED_FIRST)} {rng.choice(ACCENTED_LAST)}"
    for i, session in enumerate(doc["sessions"]):  # type: ignore[union-attr]
        session["track"] = rng.choice(track_ids) if rng.random() < 0.95 else None
        session["kind"] = rng.choices(CONGRESS_KINDS, (12, 3, 2, 1))[0]
        session["language"] = rng.choices(("en", "fr", "de"), (18, 1, 1))[0]
        if i % 11 == 0:
            session["title"] = f"{rng.choice(TRAPS)} {session['title']}"
        if i % 13 == 0:
            session["title"] = f"Rust: {session['title']}"
        session["links"] = [
            {"url": f"https://{host}/{session['id']}{path}", "title": title, "kind": "link"}
            for title, host, path in CONGRESS_LINKS
            if rng.random() < 0.7
        ]
    return doc


def fosdem(seed: int = SEED) -> dict[str, object]:
    """FOSDEM 2026's size (bench/bytes.py, the congress first visit): 883 sessions over 2 days
    in 30 rooms, 927 speakers, one devroom (track) per room as FOSDEM has them; abstracts of
    the shipped event's lengths, bios of 150-600 characters (FOSDEM's run longer than the
    shipped event's), the source's kinds and links as `congress()` has them."""
    doc = generate(sessions=883, days=2, rooms=30, seed=seed)
    rng = random.Random(seed + 2)
    text = Text(rng)
    rooms = doc["rooms"]  # type: ignore[assignment]
    doc["tracks"] = [{"id": _slug(t), "name": t} for t in (*CONGRESS_TRACKS, "Lightning Talks")[:30]]
    track_of = {r["id"]: t["id"] for r, t in zip(rooms, doc["tracks"], strict=True)}  # type: ignore[arg-type]
    people = _speakers(rng, text, 927)
    for person in people:
        person["bio"] = text.paragraph(rng.randint(150, 600))
    sessions = doc["sessions"]  # type: ignore[assignment]
    order = list(range(len(people)))
    rng.shuffle(order)
    for i, session in enumerate(sessions):  # type: ignore[arg-type]
        count = rng.choices((1, 2, 3), (12, 3, 1))[0]
        chosen = [people[order[i]]] if i < len(order) else []
        chosen += rng.sample(people, count)
        session["speakers"] = list(dict.fromkeys(p["id"] for p in chosen))[:count]
        session["track"] = track_of[session["room"]]
        session["kind"] = rng.choices(CONGRESS_KINDS, (12, 3, 2, 1))[0]
        session["links"] = [
            {"url": f"https://{host}/{session['id']}{path}", "title": title, "kind": "link"}
            for title, host, path in CONGRESS_LINKS
            if rng.random() < 0.5
        ]
    # 927 people, each with a session: those the draw left out take a second speaker's seat.
    used = {sid for s in sessions for sid in s["speakers"]}  # type: ignore[union-attr]
    spare = [p["id"] for p in people if p["id"] not in used]
    singles = (s for s in sessions if len(s["speakers"]) == 1)  # type: ignore[union-attr]
    for session, sid in zip(singles, spare, strict=False):
        session["speakers"].append(sid)
    doc["speakers"] = people
    return doc


CONGRESS_TRACKS = (
    "Rust",
    "Go",
    "Python",
    "JavaScript",
    "Kernel",
    "Containers",
    "Databases",
    "Security",
    "Trust and Safety",
    "Open Hardware",
    "Embedded",
    "Legal and Policy",
    "Community",
    "Decentralised Internet",
    "Mozilla",
    "Translations",
    "Accessibility",
    "Design",
    "Testing and Automation",
    "Monitoring",
    "Networking",
    "Virtualization",
    "HPC",
    "Graphics",
    "Audio, Video and Graphics Creation",
    "Geospatial",
    "Open Research",
    "Education",
    "Energy",
    "Distributions",
    "Package Management",
    "Modern Email",
    "Collaboration",
    "Low-level AI Engineering",
    "Funding the Commons",
    "Main Track",
)
CONGRESS_COLORS = ("#ce412b", "#00add8", "#3776ab", "#f7df1e", "#fcc624", "#2496ed")
CONGRESS_KINDS = ("devroom", "maintrack", "lightningtalk", "keynote")
CONGRESS_LINKS = (
    ("Video recording (WebM/AV1)", "video.example.org", ".av1.webm"),
    ("Live stream", "live.example.org", ""),
    ("Chat room (Matrix)", "chat.example.org", ""),
    ("Slides", "slides.example.org", ".pdf"),
    ("Submit feedback", "feedback.example.org", "/feedback"),
)
ACCENTED_FIRST = ("José", "Zoë", "Øystein", "Ana Lúcia", "Françoise", "Jürgen", "Çağla", "Ágnes")
ACCENTED_LAST = ("Linåker", "Gomès", "Müller", "Nuñez", "Ødegård", "Dvořák", "Łukasiewicz", "Özdemir")
TRAPS = ("Trust boundaries in", "Frustrated by", "Entrusted with", "Rusty on")


def write(directory: Path, doc: dict[str, object] | None = None) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "schedule.json"
    path.write_text(json.dumps(doc or generate(), ensure_ascii=False, indent=1), "utf-8")
    return path


def compression_check(doc: dict[str, object]) -> tuple[float, float]:
    """gzip ratio of the generated descriptions and of the shipped event's (same amount of text)."""
    real = " ".join(p for s in json.loads(SHIPPED.read_text("utf-8"))["sessions"] for p in s["description"])
    fake = " ".join(p for s in doc["sessions"] for p in s["description"])[: len(real)]  # type: ignore[union-attr]

    def ratio(t: str) -> float:
        return len(gzip.compress(t.encode(), 9)) / len(t.encode())

    return ratio(fake), ratio(real)


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    directory = Path(args[0]) if args else Path(tempfile.mkdtemp(prefix="hallway-large-"))
    doc = congress() if "--congress" in sys.argv else fosdem() if "--fosdem" in sys.argv else generate()
    path = write(directory, doc)
    fake, real = compression_check(doc)
    sessions = doc["sessions"]
    print(
        f"wrote {path}: {len(sessions)} sessions, {len(doc['rooms'])} rooms, {len(doc['event']['days'])} days"
    )  # type: ignore[arg-type,index]
    print(f"gzip ratio of descriptions: generated {fake:.3f}, shipped event {real:.3f}")


if __name__ == "__main__":
    main()
