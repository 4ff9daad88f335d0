"""Spreadsheets (CSV and XLSX with a header row): columns by the names organizers give them in
four languages, dates and times as spreadsheets write them, and rows that do not read set aside."""

from __future__ import annotations

import io
from datetime import date, datetime, time, timedelta
from pathlib import Path

import pytest
from openpyxl import Workbook

from webapp.importers.merge import Overrides, merge
from webapp.importers.raw import SourceError
from webapp.importers.sheet_columns import columns
from webapp.importers.sources import parse_source

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
PARIS = Overrides(timezone="Europe/Paris")


def csv(text: str, name: str = "program.csv", **given: object):
    return parse_source(text.encode("utf-8"), name, None, Overrides(**given))  # type: ignore[arg-type]


def xlsx(rows: list[list[object]], name: str = "program.xlsx", **given: object):
    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return parse_source(buffer.getvalue(), name, None, Overrides(**given))  # type: ignore[arg-type]


def test_voctoscheds_csv_imports_with_durations_speakers_and_its_ids():
    page = parse_source((FIXTURES / "sheet_voctosched.csv").read_bytes(), "gpn.csv")
    assert not page.problems
    opening, tables, night = page.sessions
    assert (opening.title, opening.room, opening.start, opening.end) == (
        "Opening", "Saal 1", datetime(2031, 6, 2, 10, 0), datetime(2031, 6, 2, 10, 45),
    )  # fmt: skip
    assert [p.name for p in opening.speakers] == ["Ana Sousa", "Bo Li"]
    assert tables.end == datetime(2031, 6, 2, 12, 30)  # 1:30 is an hour and a half
    assert [(p.name, p.company) for p in tables.speakers] == [("Chen Wu", "Tabular")]
    assert night.end == datetime(2031, 6, 3, 0, 15) and night.language == "de"
    schedule, _ = merge([page], PARIS)
    assert [s.id for s in schedule.sessions] == ["101", "102", "103"]
    assert schedule.sessions[1].track is not None


def test_a_french_sheet_with_a_title_line_reads_by_its_french_headers():
    page = parse_source((FIXTURES / "sheet_french.csv").read_bytes(), "programme.csv")
    opening, tables = page.sessions
    assert (opening.room, opening.start, opening.end, opening.level) == (
        "Amphi A", datetime(2031, 6, 2, 9), datetime(2031, 6, 2, 9, 30), "Débutant",
    )  # fmt: skip
    assert (tables.start, tables.end) == (datetime(2031, 6, 13, 10), datetime(2031, 6, 13, 10, 45))
    schedule, warnings = merge([page], PARIS)
    assert schedule.event.name == "Programme MiniConf 2031"  # the line above the header
    assert any("pass --event-name" in w for w in warnings)


@pytest.mark.parametrize(
    "header",
    [
        "Title,Start,End,Room,Speakers,Track,Description,Language,Level,ID",
        "Titre,Début,Fin,Salle,Intervenant(s),Thème,Résumé,Langue,Niveau,Identifiant",
        "Titel,Beginn,Ende,Raum,Referent,Kategorie,Beschreibung,Sprache,Stufe,Kennung",
        "Título,Inicio,Fin,Sala,Ponente(s),Categoría,Descripción,Idioma,Nivel,Identificador",
        " TITLE , start time ,END TIME,  room,SPEAKER(S),track,abstract,lang,level,Session ID",
        "titulo,DEBUT,fin,SALLE,sprecher,category,summary,language,NIVEAU,id",  # no accents, any case
    ],
)
def test_columns_are_recognized_in_four_languages_whatever_the_case_accents_and_spacing(header):
    assert set(columns(header.split(","))) == {
        "title", "start", "end", "room", "speakers", "track", "description", "language", "level", "id",
    }  # fmt: skip


def test_german_sheet_with_date_duration_and_semicolons():
    page = csv("Titel;Datum;Beginn;Dauer;Raum;Sprecher\nKeynote;31.01.2031;10:30;1h;Saal 1;Max Muster\n")
    (s,) = page.sessions
    assert (s.start, s.end, s.room) == (
        datetime(2031, 1, 31, 10, 30),
        datetime(2031, 1, 31, 11, 30),
        "Saal 1",
    )


def test_spanish_sheet_with_tabs_and_a_time_range():
    page = csv("Título\tFecha\tHora\tSala\tPonentes\nApertura\t2031-01-31\t10:30 - 11:15\tSala A\tAna y Bo\n")
    (s,) = page.sessions
    assert (s.start, s.end) == (datetime(2031, 1, 31, 10, 30), datetime(2031, 1, 31, 11, 15))
    assert [p.name for p in s.speakers] == ["Ana", "Bo"]


@pytest.mark.parametrize(
    "start, end, expected",
    [
        ("2031-01-31T10:30:00", "2031-01-31T11:00:00", datetime(2031, 1, 31, 10, 30)),
        ("2031-01-31 10:30", "2031-01-31 11:00", datetime(2031, 1, 31, 10, 30)),
        ("31/01/2031 10:30", "31/01/2031 11:00", datetime(2031, 1, 31, 10, 30)),
        ("1/31/2031 10:30 AM", "1/31/2031 11:00 AM", datetime(2031, 1, 31, 10, 30)),
        ("1/31/2031 12:30 PM", "1/31/2031 1:00 PM", datetime(2031, 1, 31, 12, 30)),
        ("47879.4375", "47879.458333333336", datetime(2031, 1, 31, 10, 30)),  # Excel serials as text
    ],
)
def test_dates_and_times_as_spreadsheets_write_them(start, end, expected):
    (s,) = csv(f"Title,Start,End,Room\nTalk,{start},{end},A\n").sessions
    assert s.start == expected and s.end - s.start == timedelta(minutes=30)


def test_a_time_of_day_with_a_date_column():
    (s,) = csv("Title,Date,Start,End,Room\nTalk,2031-01-31,10:30,11:15,A\n").sessions
    assert (s.start, s.end) == (datetime(2031, 1, 31, 10, 30), datetime(2031, 1, 31, 11, 15))


def test_day_and_month_order_is_decided_by_the_whole_column():
    text = "Title,Date,Start,Duration,Room\nA,03/04/2031,10:00,30,R\nB,03/25/2031,10:00,30,R\n"
    assert [s.start.date() for s in csv(text).sessions] == [date(2031, 3, 4), date(2031, 3, 25)]
    text = "Title,Date,Start,Duration,Room\nA,03/04/2031,10:00,30,R\nB,25/03/2031,10:00,30,R\n"
    assert [s.start.date() for s in csv(text).sessions] == [date(2031, 4, 3), date(2031, 3, 25)]


def test_ambiguous_dates_are_refused_asking_for_date_format_or_read_by_it_or_the_language():
    text = "Title,Date,Start,Duration,Room\nA,03/04/2031,10:00,30,R\nB,05/04/2031,10:00,30,R\n"
    with pytest.raises(SourceError, match=r"^program\.csv: .*pass --date-format day-first or"):
        csv(text)
    assert csv(text, date_format="month-first").sessions[0].start.date() == date(2031, 3, 4)
    assert csv(text, language="fr").sessions[0].start.date() == date(2031, 4, 3)
    assert csv(text, language="en-US").sessions[0].start.date() == date(2031, 3, 4)
    with pytest.raises(SourceError, match="--date-format"):
        csv(text, language="en")  # British or American: not said


def test_a_column_named_otherwise_is_set_with_column():
    text = "Talk,Kickoff,Wrap,Where\nOpening,2031-01-31 10:00,2031-01-31 10:30,Hall\n"
    assert_refused = pytest.raises(SourceError, match="not a schedule this importer reads")
    with assert_refused:
        csv(text)
    given = (("title", "Talk"), ("start", "kickoff"), ("end", "Wrap"), ("room", "Where"))
    (s,) = csv(text, columns=given).sessions
    assert (s.title, s.start, s.room) == ("Opening", datetime(2031, 1, 31, 10), "Hall")
    with pytest.raises(SourceError, match=r"--column start=Begin"):
        csv(text, columns=(("start", "Begin"),))


def test_xlsx_typed_cells_datetimes_times_serials_and_durations():
    page = xlsx(
        [
            ["Schedule of MiniConf 2031"],
            ["Title", "Date", "Start", "End", "Duration", "Room", "Speakers", "ID"],
            ["Typed", datetime(2031, 1, 31), time(10, 30), time(11, 0), None, "A", "Ana", 7],
            ["Serial", 47879, 0.5, None, 0.03125, "A", None, 8],  # numbers as Excel stores them
            ["Whole", None, datetime(2031, 1, 31, 14, 0), None, 90, "B", None, 9],
        ]
    )
    typed, serial, whole = page.sessions
    assert (typed.start, typed.end, typed.proposed_id) == (
        datetime(2031, 1, 31, 10, 30), datetime(2031, 1, 31, 11), "7",
    )  # fmt: skip
    assert (serial.start, serial.end) == (datetime(2031, 1, 31, 12), datetime(2031, 1, 31, 12, 45))
    assert whole.end == datetime(2031, 1, 31, 15, 30)
    assert typed.line == 3  # the sheet's row number


@pytest.mark.parametrize(
    "row, kind, said",
    [
        ("Talk,2031-13-01 10:00,30,A", "unreadable date or time", "'2031-13-01 10:00' is not a date"),
        (",2031-01-31 10:00,30,A", "no title", "set aside"),
        ("Talk,,30,A", "unreadable date or time", "no start time"),
        ("Talk,2031-01-31 10:00,soon,A", "unreadable date or time", "'soon' is not a duration"),
        ("Talk,2031-01-31,30,A", "unreadable date or time", "has no time of day"),
        ("Talk,2031-01-31 10:00,99999999999999,A", "unreadable date or time", "is not a duration"),
        ("Talk,9999-12-31 23:30,60,A", "unreadable date or time", "out of range"),
        ("Talk,1850-01-31 10:00,60,A", "unreadable date or time", "the year 1850 is out of range"),
    ],
)
def test_a_row_that_does_not_read_is_set_aside_with_its_line_and_the_rest_imports(row, kind, said):
    page = csv(f"Title,Start,Duration,Room\nFine,2031-01-31 09:00,30,A\n{row}\n")
    assert [s.title for s in page.sessions] == ["Fine"]
    (problem,) = page.problems
    assert problem.kind == kind and said in problem.message
    assert problem.where.startswith("program.csv, line 3")


def test_a_row_without_a_room_is_imported_without_one_and_said():
    page = csv("Title,Start,Duration,Room\nLunch,2031-01-31 12:00,60,\n")
    assert page.sessions[0].room is None
    assert [(p.kind, p.where) for p in page.problems] == [("no room", "program.csv, line 2 ('Lunch')")]


def test_a_repeated_row_is_imported_once_and_said_once():
    row = "Talk,2031-01-31 10:00,30,A\n"
    page = csv(f"Title,Start,Duration,Room\n{row}{row}{row}")
    assert len(page.sessions) == 1
    assert [(p.kind, p.message) for p in page.problems] == [
        ("repeated row", "the same as line 2: imported once"),
        ("repeated row", "the same as line 2: imported once"),
    ]
    assert [p.where for p in page.problems] == [
        "program.csv, line 3 ('Talk')",
        "program.csv, line 4 ('Talk')",
    ]


def test_ids_are_kept_across_reimports_with_an_id_column_even_when_the_title_changes(tmp_path):
    from webapp.importers.update import update_schedule

    out = tmp_path / "schedule.json"
    first = (
        "Title,Start,Duration,Room,ID\nOld title,2031-01-31 10:00,30,A,T-1\nOther,2031-01-31 11:00,30,A,T-2\n"
    )
    update_schedule([csv(first)], PARIS, out)
    again = update_schedule([csv(first.replace("Old title", "A new title entirely"))], PARIS, out)
    assert {s.title: s.id for s in again.schedule.sessions} == {"A new title entirely": "t-1", "Other": "t-2"}


def test_ids_without_an_id_column_are_kept_across_reimports(tmp_path):
    from webapp.importers.update import update_schedule

    out = tmp_path / "schedule.json"
    text = "Title,Start,Duration,Room\nAlpha,2031-01-31 10:00,30,A\nBeta,2031-01-31 11:00,30,A\n"
    before = {s.title: s.id for s in update_schedule([csv(text)], PARIS, out).schedule.sessions}
    moved = text.replace("11:00,30,A", "15:00,45,B")  # Beta moves room and time
    after = {s.title: s.id for s in update_schedule([csv(moved)], PARIS, out).schedule.sessions}
    assert after == before


def test_without_a_timezone_the_import_asks_for_one():
    with pytest.raises(SourceError, match="pass --timezone"):
        merge([parse_source((FIXTURES / "sheet_voctosched.csv").read_bytes(), "gpn.csv")])


@pytest.mark.parametrize("encoding", ["cp1252", "utf-16"])
def test_a_sheet_saved_by_excel_in_the_windows_code_page_or_utf16_reads(encoding):
    text = "Titre;Début;Durée;Salle;Intervenant(s)\nOuverture;25/06/2031 09:00;30;Salle Été;Zoé Müller\n"
    if encoding == "utf-16":
        text = text.replace(";", "\t")  # Excel's "Unicode text" is tab-separated
    (s,) = parse_source(text.encode(encoding), "programme.csv").sessions
    assert (s.title, s.room, s.speakers[0].name) == ("Ouverture", "Salle Été", "Zoé Müller")
    assert s.start == datetime(2031, 6, 25, 9)


def test_bytes_that_are_not_utf8_and_no_sheet_are_still_refused_as_not_utf8():
    with pytest.raises(SourceError, match=r"^notes\.txt: not UTF-8 text \(byte 3\), not a schedule"):
        parse_source("Café au lait, le matin".encode("cp1252"), "notes.txt")


@pytest.mark.parametrize(
    "cell, expected",
    [
        ("Ana Sousa, Bo Li", [("Ana Sousa", None, None), ("Bo Li", None, None)]),
        ("Ana Sousa, Google", [("Ana Sousa", None, "Google")]),
        (
            "Ricardo Rocha, Lead Platforms Infrastructure, CERN",
            [("Ricardo Rocha", "Lead Platforms Infrastructure", "CERN")],
        ),
        (
            "Nick Young & James Strong, Isovalent; Katarzyna Łach, Google",
            [
                ("Nick Young", None, "Isovalent"),
                ("James Strong", None, "Isovalent"),
                ("Katarzyna Łach", None, "Google"),
            ],
        ),  # fmt: skip
        ("Ana Sousa (Tabular)\nBo Li", [("Ana Sousa", None, "Tabular"), ("Bo Li", None, None)]),
        ("Zoé Müller et Jean Dupont", [("Zoé Müller", None, None), ("Jean Dupont", None, None)]),
    ],
)
def test_speakers_are_read_as_organizers_write_them_never_a_job_title_as_a_person(cell, expected):
    (s,) = csv(f'Title,Start,Duration,Room,Speakers\nTalk,2031-01-31 10:00,30,A,"{cell}"\n').sessions
    assert [(p.name, p.role, p.company) for p in s.speakers] == expected


def test_a_date_written_once_above_its_days_rows_holds_for_the_blank_date_cells_below():
    page = xlsx(
        [
            ["Date", "Start", "End", "Title", "Room"],
            [datetime(2031, 6, 2), "09:00", "09:30", "Opening", "A"],
            [None, "10:00", "10:30", "Second", "A"],  # a merged Date cell reads as blank
            [datetime(2031, 6, 3), "09:00", "09:30", "Day two", "A"],
            [None, "10:00", "10:30", "Second", "A"],  # not a repeat: another day
        ]
    )
    assert [s.start for s in page.sessions] == [
        datetime(2031, 6, 2, 9), datetime(2031, 6, 2, 10), datetime(2031, 6, 3, 9), datetime(2031, 6, 3, 10),
    ]  # fmt: skip
    assert not page.problems
    assert page.notes == ["program.xlsx: 2 row(s) leave the Date blank: each takes the date of the row above"]


def test_a_start_with_an_offset_and_an_end_without_is_set_aside_not_a_crash():
    page = csv("Title,Start,End,Room\nTalk,2031-01-31T10:00Z,2031-01-31 11:00,A\n")
    assert not page.sessions
    assert "one of its start and end gives a UTC offset" in page.problems[0].message


def test_an_xlsx_without_a_schedule_header_or_damaged_is_refused_naming_the_file():
    with pytest.raises(
        SourceError, match=r"^budget\.xlsx: no sheet \('Sheet'\) starts with a header naming a title"
    ):
        xlsx([["Item", "Cost"], ["Coffee", 12]], "budget.xlsx")
    book = io.BytesIO()
    Workbook().save(book)
    whole = book.getvalue()
    with pytest.raises(SourceError, match=r"^broken\.xlsx: not a readable XLSX file \(BadZipFile"):
        parse_source(whole[: len(whole) - 100], "broken.xlsx")  # cut short
    no_sheet = whole.replace(b"worksheets/sheet1.xml", b"worksheets/sheetX.xml")
    with pytest.raises(SourceError, match=r"^empty\.xlsx: no sheet \(none\) starts with a header"):
        parse_source(no_sheet, "empty.xlsx")


def test_in_a_workbook_of_several_sheets_the_schedules_sheet_is_read_and_named_in_problems():
    book = Workbook()
    book.active.title = "Notes"
    book.active.append(["Budget", "Cost"])
    program = book.create_sheet("Program")
    program.append(["Title", "Start", "Duration", "Room"])
    program.append(["Opening", datetime(2031, 6, 2, 9), 30, None])
    buffer = io.BytesIO()
    book.save(buffer)
    page = parse_source(buffer.getvalue(), "event.xlsx")
    assert [s.title for s in page.sessions] == ["Opening"] and page.source == "event.xlsx"
    assert [p.where for p in page.problems] == ["event.xlsx, sheet 'Program', row 2 ('Opening')"]
