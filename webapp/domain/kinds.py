"""Human names for the kinds of sessions sources give ("maintrack" -> "Main track talk").

The stored schedule keeps the source's own word: re-imports compare against it, and the frab
exports hand it back to the tools that wrote it. Everything a person reads (the app, through
the outline's `kind_names`; calendar categories; door signs) names a kind here, so they agree.
"""

from __future__ import annotations

from collections.abc import Iterable

# FOSDEM's and pretalx's machine words; a kind written for people ("Lightning Talk") is kept.
KNOWN = {
    "devroom": "Devroom talk",
    "maintrack": "Main track talk",
    "lightningtalk": "Lightning talk",
    "keynote": "Keynote",
    "workshop": "Workshop",
    "talk": "Talk",
    "lecture": "Talk",
    "panel": "Panel",
    "bof": "Birds of a feather",
    "meeting": "Meeting",
}


def kind_name(raw: str) -> str:
    """The name to show for `raw`: a known word's, else the source's own, capitalised when it
    is a bare lower-case word ("tutorial" -> "Tutorial", "hands_on" -> "Hands on")."""
    word = raw.strip()
    if word in KNOWN:
        return KNOWN[word]
    if word.islower() and " " not in word:
        spaced = word.replace("_", " ").replace("-", " ")
        return spaced[:1].upper() + spaced[1:]
    return word


def kind_names(kinds: Iterable[str]) -> dict[str, str]:
    """{raw: name} for each distinct kind whose name differs from the raw value (the outline
    carries only those: a source that already writes names costs no bytes)."""
    return {k: kind_name(k) for k in sorted(set(kinds)) if k and kind_name(k) != k}
