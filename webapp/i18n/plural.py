"""A language's CLDR plural rule, as data the client evaluates (static/js/data/i18n.js).

Babel's `to_javascript` writes the rule as a function's source, which the app could only run
through eval: its Content-Security-Policy allows no eval. The rule's syntax tree (Babel's
`PluralRule.abstract`) goes instead, as nested lists: ["and", a, b], ["or", a, b], ["not", a],
["in" | "within", operand, [[low, high], ...]], an operand being "n", "i", "v", "w", "f", "t",
"e" or ["%", operand, divisor]. `forms` lists the categories in the order of the .po file's
plural forms (gettext's `plural=` index, as Babel numbers them).
"""

from __future__ import annotations

from typing import Any

from babel import Locale
from babel.plural import PluralRule

ORDER = ("zero", "one", "two", "few", "many", "other")  # babel.plural._plural_tags, gettext's order


def _operand(node: tuple) -> Any:
    kind, args = node
    if kind == "mod":
        return ["%", _operand(args[0]), args[1][1][0]]
    if kind == "value":
        return args[0]
    return kind  # n, i, v, w, f, t, e, c


def _tree(node: tuple) -> Any:
    kind, args = node
    if kind in ("and", "or"):
        return [kind, _tree(args[0]), _tree(args[1])]
    if kind == "not":
        return ["not", _tree(args[0])]
    if kind == "relation":
        method, expr, ranges = args
        return [method, _operand(expr), [[lo[1][0], hi[1][0]] for lo, hi in ranges[1]]]
    raise ValueError(f"plural rule node {kind!r} is not known to the client")


def plural_rule(locale: Locale | PluralRule) -> dict[str, Any]:
    rule = locale.plural_form if isinstance(locale, Locale) else locale
    rules = [[tag, _tree(tree)] for tag, tree in rule.abstract]
    return {"forms": [t for t in ORDER if t in rule.tags or t == "other"], "rules": rules}
