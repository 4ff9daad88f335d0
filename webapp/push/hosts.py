"""Which push endpoints the server agrees to POST to, judged from the URL alone (issue 38):
`https://` to a host NAME on port 443, no user or password, optionally only the push services
of an allow-list. An address in any spelling is refused, since URL libraries and resolvers
read `2130706433`, `0x7f.1`, `127.1` and `0177.0.0.1` as 127.0.0.1. A name can still resolve
to an internal address: the sender checks the address it connects to (webapp/net/).

The one exception, `http://` to 127.0.0.1 or localhost on any port, is for the tests' local
push service only (PUSH_LOOPBACK, which a production server refuses to start with).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import SplitResult

LOOPBACK_NAMES = ("127.0.0.1", "localhost")
LABEL = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)")
# The rule of the WHATWG URL standard and of inet_aton: a host whose last label is a number
# (decimal, octal or 0x hex) is an IPv4 address, whatever the other labels are.
NUMBER = re.compile(r"(0x[0-9a-f]*|[0-9]+)")


def refusal(parts: SplitResult, services: Sequence[str] | None, loopback: bool) -> str | None:
    """Why the endpoint `parts` is refused, or None. `services`: the allow-list (None: any
    public host name); `loopback`: the tests' local push service is allowed."""
    host = (parts.hostname or "").lower()
    if loopback and host in LOOPBACK_NAMES and parts.scheme == "http":
        return None
    if parts.scheme != "https":
        return "must be an https:// URL"
    name = host[:-1] if host.endswith(".") else host
    labels = name.split(".")
    if ":" in host or NUMBER.fullmatch(labels[-1]):
        return "must name its push service by a host name, not an address"
    if not all(LABEL.fullmatch(label) for label in labels):
        return "must name a host of letters, digits, '-' and '.'"
    if len(labels) < 2 or labels[-1] == "localhost":
        return "must name a public host (a name with a domain)"
    port = parts.port
    if services is not None:
        if not any(_listed(name, port, entry) for entry in services):
            return "names a push service this server does not send to (HALLWAY_PUSH_SERVICES)"
    elif port not in (None, 443):
        return "must use the https port (443)"
    return None


def _listed(name: str, port: int | None, entry: str) -> bool:
    """Whether `name`:`port` is the allow-list's `entry`: `host`, `host:port`, or `.domain`
    (the domain and every name under it); without a port in the entry, 443 only."""
    pattern, _, allowed = entry.partition(":")
    wanted = int(allowed) if allowed.isdigit() else 443
    if (port or 443) != wanted:
        return False
    if pattern.startswith("."):
        return name == pattern[1:] or name.endswith(pattern)
    return name == pattern
