"""A spreadsheet's cells: CSV (comma, semicolon or tab, as Excel and Google Sheets export it)
or XLSX (read by openpyxl, typed cells as Python values), with the header row found among the
first rows (a title line may stand above it) and each row's line number kept for messages.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .raw import SourceError
from .sheet_columns import columns, is_schedule_header

HEADER_WITHIN = 10  # rows above the header: an event's name, a blank line, a note
_UNZIPPED_LIMIT = 256 * 1024 * 1024  # an XLSX is a zip: refuse one that would unpack huge


@dataclass
class Table:
    source: str
    header: list[str]
    found: dict[str, int]  # field -> column index
    rows: list[tuple[int, list[Any]]] = field(default_factory=list)  # (line or row number, cells)
    unit: str = "line"  # "line" in a CSV file, "row" in a sheet (with its name when there are several)
    title: str | None = None  # a line above the header: the event's name, as sheets often start


def is_xlsx(data: bytes) -> bool:
    if not data.startswith(b"PK\x03\x04"):
        return False
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return "xl/workbook.xml" in z.namelist()
    except zipfile.BadZipFile:
        return b"xl/workbook.xml" in data  # an XLSX cut short: refused as a damaged one


def legacy_text(data: bytes) -> str | None:
    """Text that is not UTF-8 as Excel writes it: UTF-16 with its byte order mark ("Unicode
    text"), else Windows-1252 ("CSV" on a Western Windows); None when neither reads."""
    try:
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            return data.decode("utf-16")
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return None


def csv_table(text: str, source: str, given: Sequence[tuple[str, str]] = ()) -> Table | None:
    """The table in CSV text whose header names a schedule's columns; None when no header in
    the first lines does (then the text is not read as CSV at all: a page of prose with an odd
    quote is not a "truncated CSV file")."""
    head = "\n".join(text.lstrip("\ufeff").splitlines()[:HEADER_WITHIN])
    for delimiter in _delimiters(head):
        try:
            found = _table(source, _rows(head, delimiter, source), given, "line")
        except SourceError:
            continue
        if found is not None:
            return _table(source, _rows(text, delimiter, source), given, "line")
    return None


def xlsx_table(data: bytes, source: str, given: Sequence[tuple[str, str]] = ()) -> Table:
    from openpyxl import load_workbook  # only an XLSX import pays for loading it

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            unpacked = sum(i.file_size for i in z.infolist())
        if unpacked > _UNZIPPED_LIMIT:
            raise SourceError(source, f"an XLSX file that unpacks to more than {_UNZIPPED_LIMIT:,} bytes")
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except SourceError:
        raise
    except Exception as exc:  # noqa: BLE001 - openpyxl raises many kinds for a damaged file
        raise SourceError(source, f"not a readable XLSX file ({type(exc).__name__}: {exc})") from None
    try:
        for sheet in book.worksheets:
            rows = [(n, list(r)) for n, r in enumerate(sheet.iter_rows(values_only=True), start=1)]
            # Problems name the sheet when there are several: "p.xlsx, sheet 'Day 2', row 12".
            unit = f"sheet {sheet.title!r}, row" if len(book.worksheets) > 1 else "row"
            table = _table(source, rows, given, unit)
            if table is not None:
                return table
    except Exception as exc:  # noqa: BLE001 - a sheet's damaged XML, read only now (read_only mode)
        raise SourceError(source, f"not a readable XLSX file ({type(exc).__name__}: {exc})") from None
    finally:
        book.close()
    names = ", ".join(repr(s.title) for s in book.worksheets) or "none"
    raise SourceError(
        source,
        f"no sheet ({names}) starts with a header naming a title and a start, time or date column; "
        "name them with --column title=... --column start=...",
    )


def _delimiters(head: str) -> list[str]:
    try:
        first = csv.Sniffer().sniff(head, delimiters=",;\t").delimiter
    except csv.Error:
        first = ","
    return [first, *(d for d in ",;\t" if d != first)]


def _rows(text: str, delimiter: str, source: str) -> list[tuple[int, list[Any]]]:
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), delimiter=delimiter, strict=True)
    rows = []
    start = 1
    try:
        for row in reader:
            rows.append((start, row))
            start = reader.line_num + 1
    except csv.Error as exc:
        raise SourceError(source, f"not valid CSV ({exc}): truncated?", reader.line_num) from exc
    return rows


def _table(
    source: str, rows: list[tuple[int, list[Any]]], given: Sequence[tuple[str, str]], unit: str
) -> Table | None:
    above: list[str] = []
    for index, (_, cells) in enumerate(rows[:HEADER_WITHIN]):
        header = ["" if c is None else str(c).strip() for c in cells]
        try:
            found = columns(header, given)
        except ValueError:  # a --column name not in this row: not the header
            found = {}
        if is_schedule_header(found) or (given and found):
            body = [(n, r) for n, r in rows[index + 1 :] if any(_filled(c) for c in r)]
            title = above[0] if len(above) == 1 else None
            return Table(source, header, found, body, unit, title)
        named = [h for h in header if h]
        above += named if len(named) == 1 else []
    return None


def _filled(cell: Any) -> bool:
    return cell is not None and str(cell).strip() != ""
