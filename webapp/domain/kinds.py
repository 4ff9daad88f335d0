"""Human names for the kinds of sessions sources give ("maintrack" -> "Main track talk").

The stored schedule keeps the source's own word: re-imports compare against it, and the frab
exports hand it back to the tools that wrote it. Everything a person reads (the app, through
the outline's `kind_names`; calendar categories; door signs) names a kind here, so they agree.
"""

from __future__ import annotations

from collections.abc import Iterable


def N_(text: str) -> str:
    """Marks `text` for the `messages` catalog (gettext's name for it); translated where written."""
    return text


# FOSDEM's and pretalx's machine words; a kind written for people ("Lightning Talk") is kept.
# Their names are translated where they are written (door signs, calendar files).
KNOWN = {
    "devroom": N_("Devroom talk"),
    "maintrack": N_("Main track talk"),
    "lightningtalk": N_("Lightning talk"),
    "keynote": N_("Keynote"),
    "workshop": N_("Workshop"),
    "talk": N_("Talk"),
    "lecture": N_("Talk"),
    "panel": N_("Panel"),
    "bof": N_("Birds of a feather"),
    "meeting": N_("Meeting"),
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
