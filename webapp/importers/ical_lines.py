"""The lines of an iCalendar file, before the icalendar library reads its properties.

Here, with the line numbers of the file: bytes become text one property at a time, each in
its own `CHARSET` (vCalendar-era files mix them; a fold may even split a UTF-8 character,
which RFC 5545 3.1 allows, so lines are joined before they are decoded), and the structure
is checked (a name and a colon on every line, BEGIN and END paired) so that an error can
say where it is.
"""

from __future__ import annotations

import codecs
import quopri
import re
from dataclasses import dataclass, field

from .raw import SourceError


@dataclass
class Where:
    """Where a component is in the file: its BEGIN line and each property's first line."""

    begin: int
    lines: dict[str, int] = field(default_factory=dict)

    def at(self, name: str) -> int:
        """The line of property `name`, else the component's BEGIN line."""
        return self.lines.get(name, self.begin)


def looks_like(data: bytes) -> bool:
    return data.lstrip(b"\xef\xbb\xbf \t\r\n")[:15].upper() == b"BEGIN:VCALENDAR"


def decode(data: bytes, source: str) -> str:
    """The file as text with as many lines as it has: each folded property is decoded whole
    and written on its first line, its other lines left as empty continuations (" ")."""
    physical = [line.rstrip(b"\r") for line in data.removeprefix(b"\xef\xbb\xbf").split(b"\n")]
    out: list[str] = []
    n = 0
    while n < len(physical):
        start, parts = n, [physical[n]]
        n += 1
        # Joined once: adding each continuation to the line so far was quadratic (a property
        # folded over 2 million lines took minutes).
        while n < len(physical) and physical[n][:1] in (b" ", b"\t"):
            parts.append(physical[n][1:])
            n += 1
        logical = b"".join(parts)
        # Latin-1 maps each byte to one character: the head is ASCII, its offsets are the bytes'.
        head = _head(logical.decode("latin-1"))
        params = head[1] if head else {}
        quoted = params.get("ENCODING", "").upper() == "QUOTED-PRINTABLE" or "QUOTED-PRINTABLE" in params
        if quoted and logical.endswith(b"="):
            soft = [logical]
            while soft[-1].endswith(b"=") and n < len(physical):
                # vCalendar 1.0: a soft line break ("=" at the end) goes on without a leading space.
                soft[-1] = soft[-1][:-1]
                soft.append(physical[n])
                n += 1
            logical = b"".join(soft)
        charset = params.get("CHARSET") or "UTF-8"
        try:
            codec = codecs.lookup(charset).name
            if head and quoted:
                value = quopri.decodestring(logical[head[2] + 1 :]).decode(codec)
                text = _unquoted(head[0], params) + ":" + _escaped(value)
            else:
                text = logical.decode(codec)
        except LookupError:
            raise SourceError(source, f"unknown CHARSET {charset!r}", start + 1) from None
        except UnicodeDecodeError as exc:
            raise SourceError(
                source, f"not {charset} text (byte {exc.start + 1} of the line)", start + 1
            ) from None
        out.append(text)
        out.extend(" " for _ in range(n - start - 1))
    return "\r\n".join(out)


def check(text: str, source: str) -> list[Where]:
    """Each VEVENT's place in the file, in order; SourceError on a broken structure."""
    events: list[Where] = []
    stack: list[tuple[str, int]] = []
    for number, line in _logical(text):
        head = _head(line)
        if head is None:
            raise SourceError(source, f"not an iCalendar line (NAME:value expected): {line[:60]!r}", number)
        name = head[0].upper()
        value = line[head[2] + 1 :].strip().upper()
        if name == "BEGIN":
            if not stack and value != "VCALENDAR":
                raise SourceError(source, f"BEGIN:{value} outside a VCALENDAR", number)
            stack.append((value, number))
            if value == "VEVENT":
                events.append(Where(number))
        elif name == "END":
            if not stack or stack[-1][0] != value:
                opened = f"BEGIN:{stack[-1][0]} of line {stack[-1][1]}" if stack else "nothing"
                raise SourceError(source, f"END:{value} closes {opened}", number)
            stack.pop()
        elif not stack:
            raise SourceError(source, f"{name} outside a VCALENDAR", number)
        elif stack[-1][0] == "VEVENT":
            events[-1].lines.setdefault(name, number)
    if stack:
        what, number = stack[-1]
        raise SourceError(
            source, f"BEGIN:{what} is never closed (END:{what}): the file is cut short?", number
        )
    return events


def _logical(text: str) -> list[tuple[int, str]]:
    """(number of its first line, the unfolded line) for each non-blank property line."""
    out: list[tuple[int, str]] = []
    for number, line in enumerate(text.split("\n"), 1):
        line = line.rstrip("\r")
        if line[:1] in (" ", "\t") and out:
            out[-1] = (out[-1][0], out[-1][1] + line[1:])
        elif line.strip():
            out.append((number, line))
    return out


_NAME = re.compile(r"[A-Za-z0-9-]+")
# A parameter: NAME=value[,value...], a value quoted when it holds ; : or ,. vCalendar 1.0
# also writes bare ones (";QUOTED-PRINTABLE").
_PARAM = re.compile(r';([A-Za-z0-9-]+)(?:=((?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*))?')


def _head(line: str) -> tuple[str, dict[str, str], int] | None:
    """(name, parameters, offset of the colon before the value), or None: not a property."""
    name = _NAME.match(line)
    if not name:
        return None
    params: dict[str, str] = {}
    at = name.end()
    while param := _PARAM.match(line, at):
        params.setdefault(param[1].upper(), (param[2] or "").strip('"'))
        at = param.end()
    if line[at : at + 1] != ":":
        return None
    return name.group(), params, at


def _unquoted(name: str, params: dict[str, str]) -> str:
    """The head of a quoted-printable line once decoded: no ENCODING, no CHARSET any more."""
    kept = [(k, v) for k, v in params.items() if k not in ("ENCODING", "CHARSET", "QUOTED-PRINTABLE")]
    return name + "".join(f";{k}={_quoted(v)}" if v else f";{k}" for k, v in kept)


def _quoted(value: str) -> str:
    return f'"{value}"' if re.search(r"[;:,]", value) else value


def _escaped(value: str) -> str:
    """A TEXT value as iCalendar writes it (RFC 5545 3.3.11)."""
    value = value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return value.replace("\r\n", "\n").replace("\n", "\\n")
