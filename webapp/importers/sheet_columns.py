"""Which column of a spreadsheet says what: the header's names as organizers write them, in
English, French, German and Spanish, compared without case, accents, spaces or punctuation
("Speaker(s)", "speakers", "SPEAKERS " are one name); `--column start=Begin` names the others.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

# Each field with the headers that mean it, written as organizers write them (normalized below).
NAMES: dict[str, tuple[str, ...]] = {
    "id": ("id", "session id", "talk id", "event id", "guid", "uid", "key", "ref", "reference",
           "identifiant", "kennung", "identificador"),
    "title": ("title", "session title", "talk title", "session", "talk", "name", "session name",
              "subject", "titre", "intitulé", "sujet", "titre de la session", "titel", "thema",
              "vortrag", "vortragstitel", "título", "nombre", "charla", "ponencia", "tema"),
    "start": ("start", "starts", "start time", "starts at", "start date", "begin", "begins", "from",
              "event start", "début", "heure de début", "date de début", "commence", "beginn",
              "startzeit", "anfang", "von", "inicio", "hora de inicio", "comienzo", "desde",
              "fecha de inicio"),
    "end": ("end", "ends", "end time", "ends at", "end date", "finish", "until", "to", "event end",
            "fin", "heure de fin", "date de fin", "ende", "endzeit", "endet", "bis", "final",
            "hora de fin", "hasta", "fecha de fin"),
    "date": ("date", "day", "jour", "datum", "tag", "fecha", "día"),
    "time": ("time", "hour", "time slot", "slot", "heure", "horaire", "créneau", "zeit", "uhrzeit",
             "zeitfenster", "hora", "horario"),
    "duration": ("duration", "length", "minutes", "mins", "duration (min)", "duration (minutes)",
                 "durée", "durée (min)", "dauer", "länge", "dauer (min)", "minuten", "duración",
                 "duración (min)", "minutos"),
    "room": ("room", "rooms", "location", "venue", "stage", "hall", "salle", "lieu", "raum", "ort",
             "saal", "sala", "lugar", "espacio"),
    "speakers": ("speaker", "speakers", "speaker(s)", "speaker name", "speaker names", "presenter",
                 "presenters", "presenter(s)", "author", "authors", "host", "hosts", "who",
                 "intervenant", "intervenants", "intervenant(s)", "intervenante", "orateur",
                 "orateurs", "conférencier", "conférenciers", "sprecher", "sprecherin",
                 "sprecher:innen", "referent", "referentin", "referent(in)", "referenten",
                 "vortragende", "ponente", "ponentes", "ponente(s)", "orador", "oradores",
                 "conferenciante", "conferenciantes", "presentador", "presentadores"),
    "track": ("track", "tracks", "category", "topic", "theme", "stream", "thème", "thématique",
              "parcours", "catégorie", "filière", "kategorie", "themenbereich", "bereich",
              "categoría", "temática", "eje"),
    "kind": ("type", "kind", "format", "session type", "type de session", "typ", "art", "formato",
             "tipo", "tipo de sesión"),
    "description": ("description", "abstract", "summary", "details", "résumé", "beschreibung",
                    "zusammenfassung", "abstrakt", "descripción", "resumen"),
    "language": ("language", "lang", "langue", "sprache", "idioma", "lengua"),
    "level": ("level", "audience level", "difficulty", "experience level", "niveau", "stufe",
              "nivel", "dificultad"),
    # The session's own page (its address is a door code): not "link", often the slides.
    "url": ("url", "session url", "talk url", "session page", "talk page", "web page", "webpage",
            "permalink", "page web", "webseite", "página web"),
}  # fmt: skip
FIELDS = tuple(NAMES)


def key(text: str) -> str:
    """A header's name without case, accents, spaces or punctuation: "Début " is "debut"."""
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in plain if not unicodedata.combining(c)).casefold()
    return re.sub(r"[\W_]+", "", plain)


_BY_KEY = {key(name): field for field, names in NAMES.items() for name in names}


def columns(header: Sequence[str], given: Sequence[tuple[str, str]] = ()) -> dict[str, int]:
    """field -> the index of its column: `given` (field, header name) first, then the names
    above; the first column of a name wins. ValueError when a given name is not in the header."""
    keys = [key(h) for h in header]
    found: dict[str, int] = {}
    for field, name in given:
        if key(name) not in keys:
            shown = ", ".join(repr(h) for h in header if h.strip())
            raise ValueError(f"--column {field}={name}: no column {name!r} in the header ({shown})")
        found[field] = keys.index(key(name))
    taken = set(found.values())
    for index, k in enumerate(keys):
        field = _BY_KEY.get(k)
        if field and field not in found and index not in taken:
            found[field] = index
            taken.add(index)
    return found


def is_schedule_header(found: dict[str, int]) -> bool:
    """A header names a schedule when it has a title and something that says when."""
    return "title" in found and bool({"start", "time", "date"} & found.keys()) and len(found) >= 3


def parse_given(values: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """`--column start=Begin` values as (field, header); ValueError naming the fields otherwise."""
    out = []
    for value in values:
        field, sep, name = value.partition("=")
        field = field.strip().lower()
        if not sep or not name.strip() or field not in NAMES:
            raise ValueError(
                f"{value!r} is not FIELD=HEADER with FIELD one of {', '.join(FIELDS)} (e.g. start=Begin)"
            )
        out.append((field, name.strip()))
    return tuple(out)
