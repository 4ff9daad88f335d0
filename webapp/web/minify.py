"""Served JavaScript without its comments and indentation.

Comments and indentation are a sixth of the scripts' compressed bytes. Only they go: names,
newlines between statements and every token stay, so no rule of automatic semicolon insertion
can change what a line means, and a line in a phone's error report still reads like the
source. The syntax tree says where comments, strings, templates and regular expressions are,
so a `//` inside a string or a URL is never taken for a comment, and a template's own lines
keep their spaces.
"""

from __future__ import annotations

from .jsmodule import parse

VERBATIM = ("template_string", "string", "regex")


def javascript(source: bytes, path: str = "script") -> bytes:
    root = parse(source, path)
    buf = bytearray(source)
    gone = bytearray(len(source))  # 1: byte dropped
    verbatim = bytearray(len(source))  # 1: byte is content (inside a string, template or regex)
    stack = [root]
    while stack:
        node = stack.pop()
        start, end = node.start_byte, node.end_byte
        if node.type == "comment":
            gone[start:end] = b"\1" * (end - start)
            if source[start : start + 2] == b"/*":
                # Still a separator: a space, or a line break where the comment spanned lines.
                buf[start] = ord("\n") if b"\n" in source[start:end] else ord(" ")
                gone[start] = 0
        elif node.type in VERBATIM:
            verbatim[start:end] = b"\1" * (end - start)
            continue  # comments inside a template's substitutions are kept: rare, harmless
        stack.extend(node.children)
    lines: list[bytes] = []
    line = bytearray()
    for i, byte in enumerate(buf):
        if gone[i]:
            continue
        if byte == 10 and not verbatim[i]:
            lines.append(bytes(line))
            line.clear()
        else:
            line.append(byte)
    lines.append(bytes(line))
    # A line split at a non-verbatim newline starts and ends outside strings, so its edges
    # are code: their spaces can go.
    kept = [s for s in (ln.strip(b" \t\r") for ln in lines) if s]
    return b"\n".join(kept) + b"\n"


def css(source: bytes) -> bytes:
    """A style sheet without comments, indentation and blank lines; strings kept as written."""
    out = bytearray()
    i, n = 0, len(source)
    while i < n:
        byte = source[i]
        if byte in b"\"'":
            end = i + 1
            while end < n and source[end] != byte:
                end += 2 if source[end] == 0x5C else 1  # a backslash escapes the next byte
            out += source[i : end + 1]
            i = end + 1
        elif source.startswith(b"/*", i):
            end = source.find(b"*/", i + 2)
            i = n if end < 0 else end + 2
            out += b" "
        else:
            out.append(byte)
            i += 1
    lines = (line.strip(b" \t\r") for line in bytes(out).split(b"\n"))
    return b"\n".join(line for line in lines if line) + b"\n"
