"""Every setting, declared once: its default and a line of help.

`create_app` reads defaults, then `HALLWAY_<NAME>` from the environment, then the test
dict. The settings table in docs/settings.md is checked against this list by a test.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

PROJECT_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Setting:
    name: str
    default: Any
    help: str
    parse: Callable[[str], Any] = str
    secret: bool = False  # never echoed in an error message (it would end up in a log)


def _int(text: str) -> int:
    return int(text)


def _seconds(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise ValueError("must be a number of seconds above 0")
    return value


ORGANIZER_NAME = re.compile(r"[A-Za-z0-9_.-]{1,64}")


def parse_tokens(text: str) -> dict[str, str]:
    """`name:token,name:token` -> {name: token}; ValueError names the fault, never a token."""
    out: dict[str, str] = {}
    for i, item in enumerate(text.split(","), 1):
        name, sep, token = item.strip().partition(":")
        if not sep or not ORGANIZER_NAME.fullmatch(name) or not token.strip():
            raise ValueError(f"item {i} must be NAME:TOKEN (NAME: letters, digits, '.', '_' or '-')")
        if name in out:
            raise ValueError(f"organizer {name!r} is listed twice")
        if token.strip() in out.values():
            raise ValueError(f"organizer {name!r} has the same token as another")
        out[name] = token.strip()
    return out


def _flag(text: str) -> bool:
    value = text.strip().lower()
    if value in ("1", "true", "on", "yes"):
        return True
    if value in ("0", "false", "off", "no"):
        return False
    raise ValueError("must be 1 or 0 (on or off)")


def _vapid_key(text: str) -> str:
    from .push.keys import from_private  # checked at start: a bad key must not wait for a first push

    from_private(text)
    return text.strip()


def _subject(text: str) -> str:
    if not text.startswith(("mailto:", "https://")):
        raise ValueError("must be a mailto: or https:// URL a push service can reach the operator at")
    return text


def _language(text: str) -> str:
    from .i18n import catalogs  # the languages are the catalogs shipped

    offered = catalogs.languages()
    tag = text.strip()
    if tag not in offered:
        raise ValueError(f"must be one of the languages Hallway speaks: {', '.join(offered)}")
    return tag


def _wake_cap(text: str) -> int:
    value = int(text)
    if not 1 <= value <= 500:
        raise ValueError("must be a number of instants from 1 to 500")
    return value


def _hosts(text: str) -> tuple[str, ...] | None:
    """Comma-separated host names; `*` alone: any host."""
    names = tuple(n.strip().lower() for n in text.split(",") if n.strip())
    return None if names == ("*",) else names


# The machine's own names: the embedded server and health checks on loopback keep working.
LOCAL_HOSTS = ("localhost", "127.0.0.1")


SETTINGS: tuple[Setting, ...] = (
    Setting("DATA_DIR", str(PROJECT_ROOT / "data"), "Directory of the schedule and the corrections store."),
    Setting(
        "ADMIN_TOKEN",
        None,
        "Bearer token for the write API, for the organizer named `admin`; "
        "unset (and no ADMIN_TOKENS) keeps the HTTP write path closed.",
        secret=True,
    ),
    Setting(
        "ADMIN_TOKENS",
        None,
        "Named organizer tokens, `name:token,name:token`; "
        "each correction records the name of the organizer whose token published it.",
        parse_tokens,
        secret=True,
    ),
    Setting(
        "PUBLIC_URL",
        None,
        "Public base URL used in QR codes and calendar links; the request's host when unset.",
    ),
    Setting(
        "CACHE_TYPE",
        "SimpleCache",
        "flask-caching backend: SimpleCache (one process) or RedisCache (shared).",
    ),
    Setting("CACHE_REDIS_URL", None, "Redis URL for CACHE_TYPE=RedisCache, e.g. redis://127.0.0.1:6379/0."),
    Setting(
        "STATIC_DIR",
        str(PROJECT_ROOT / "static"),
        "Directory of the PWA's files (scripts, styles, icons), served under /assets/<hash>/.",
    ),
    Setting(
        "CACHE_DEFAULT_TIMEOUT", 300, "Seconds a cached response may live (versions are in the keys).", _int
    ),
    Setting(
        "MAX_CORRECTION_BYTES", 65536, "Largest body POST /api/v1/corrections accepts (larger: 413).", _int
    ),
    Setting(
        "MAX_VENUE_BYTES",
        2_000_000,
        "Largest venue document PUT /api/v1/venue accepts (larger: 413).",
        _int,
    ),
    Setting(
        "MAX_VENUE_IMAGE_BYTES",
        20_000_000,
        "Largest floor plan (PNG, JPEG, SVG, PDF) POST /api/v1/venue/images accepts (larger: 413).",
        _int,
    ),
    Setting(
        "WRITE_RATE_LIMIT",
        60,
        "Corrections one organizer may publish, and failed sign-ins one client may make, "
        "per minute (more: 429); 0 turns both limits off.",
        _int,
    ),
    Setting(
        "PROXY_HOPS",
        0,
        "Reverse proxies in front of the app whose X-Forwarded-For/-Proto/-Host are trusted; 0: none.",
        _int,
    ),
    Setting(
        "TRUSTED_HOSTS",
        LOCAL_HOSTS,
        "Host names requests may name (comma-separated, .example.org for subdomains, host:port for "
        "another port than the server's own; others: 400); PUBLIC_URL's host is added; * trusts any, "
        "safe only with PUBLIC_URL set.",
        _hosts,
    ),
    Setting(
        "CHANGES_LIMIT",
        500,
        "Most corrections /api/v1/changes lists; a client further behind is told to reload.",
        _int,
    ),
    Setting(
        "FOLLOW",
        None,
        "A JSON file naming the sources the server follows (URLs or paths, merged as by "
        '`schedule import`) and their import options: {"sources": [...], "timezone": ..., '
        '"language": ..., "event_name": ..., "venue": ..., "city": ...}; unset: no following.',
    ),
    Setting(
        "FOLLOW_INTERVAL",
        300.0,
        "Seconds between two checks of the followed sources (one conditional request each).",
        _seconds,
    ),
    Setting(
        "FOLLOW_MIN_GAP",
        60.0,
        "Least seconds between two imports made by following: a source that keeps changing is "
        "imported at most this often, in its newest state once the time has passed.",
        _seconds,
    ),
    Setting(
        "IMPORT_MAX_SESSIONS",
        20000,
        "Most sessions an import may have (a file, a URL, a followed source; all its sources "
        "together): a source past it is refused and the last good schedule kept; 0: no cap.",
        _int,
    ),
    Setting(
        "IMPORT_TIMEOUT",
        300.0,
        "Seconds the server's follower may spend parsing and merging an import, which it does in a "
        "process of its own; a longer one is stopped and the last good schedule kept.",
        _seconds,
    ),
    Setting(
        "IMPORT_MAX_MB",
        2048,
        "Memory (address space, MB) the follower's import process may use; more stops the import "
        "and keeps the last good schedule.",
        _int,
    ),
    Setting(
        "FETCH_TIMEOUT", 30.0, "Seconds a source fetched over HTTP(S) may take to answer in full.", _seconds
    ),
    Setting(
        "FETCH_MAX_BYTES",
        32 * 1024 * 1024,
        "Largest source fetched over HTTP(S), in bytes; a larger one is refused.",
        _int,
    ),
    Setting(
        "PUSH",
        True,
        "Web Push: reminders and changes sent to devices that opted in, also with the app closed "
        "(1: on, 0: off, its routes then answer 404).",
        _flag,
    ),
    Setting(
        "PUSH_VAPID_KEY",
        None,
        "The VAPID private key (base64url, 32 bytes, as `web-push generate-vapid-keys` prints it); "
        "unset: one is made on first start and kept in DATA_DIR/push/vapid.json.",
        _vapid_key,
        secret=True,
    ),
    Setting(
        "PUSH_SUBJECT",
        None,
        "Contact for push services in the VAPID JWT, a mailto: or https:// URL; "
        "unset: PUBLIC_URL if it is https, else mailto:push@localhost.",
        _subject,
    ),
    Setting(
        "LANGUAGE",
        None,
        "The event's language (en, fr, de, es): door signs, calendar files and the server's error "
        "pages are written in it, and the app starts in it for a reader whose browser asks for "
        "none Hallway speaks; unset: the imported schedule's language if Hallway speaks it, else English.",
        _language,
    ),
    Setting(
        "PUSH_RATE_LIMIT",
        300,
        "Push subscription changes (PUT or DELETE) one client address may make per minute (more: 429); "
        "high, as a venue's Wi-Fi puts many phones behind one address; 0: no limit.",
        _int,
    ),
    Setting(
        "PUSH_NEW_LIMIT",
        600,
        "New push subscriptions (an endpoint the server does not hold yet) one client address may "
        "register per hour (more: 429); an update of a held one is not new; 0: no limit.",
        _int,
    ),
    Setting(
        "PUSH_MAX_SUBSCRIPTIONS",
        50_000,
        "Push subscriptions the server holds at most (a new one beyond: 507); 0: no cap.",
        _int,
    ),
    Setting(
        "PUSH_MAX_WAKE",
        200,
        "Wake-up instants kept per subscription (the soonest; one per distinct start of a starred "
        "session, so a person needs far fewer); at most 500.",
        _wake_cap,
    ),
    Setting(
        "PUSH_MAX_WAKE_UPS",
        2_000_000,
        "Wake-up instants the server holds at most over all subscriptions (a list that would pass "
        "it: 507); 0: no cap.",
        _int,
    ),
    Setting(
        "PUSH_STORE_MAX_MB",
        256,
        "Largest size of DATA_DIR/push.sqlite3 in MB, enforced by SQLite itself (a write that "
        "would pass it: 503 'the push store is full', and a /healthz problem); 0: the disk's.",
        _int,
    ),
    Setting(
        "PUSH_KEEP_DAYS",
        2,
        "Days after the event's last session ends that subscriptions and their wake-ups are kept; "
        "then they are deleted.",
        _int,
    ),
    Setting(
        "PUSH_SERVICES",
        None,
        "Push services endpoints may point at: comma-separated host names, `.example.org` for its "
        "subdomains; unset: any public host name (the sender checks the address it connects to).",
        _hosts,
    ),
    Setting(
        "PUSH_LOOPBACK",
        False,
        "Tests only: also accept http:// endpoints on 127.0.0.1 or localhost, for a local push "
        "service; the server refuses to start with it when PUBLIC_URL names another host.",
        _flag,
    ),
)


def trusted_hosts(config: dict[str, Any]) -> list[str] | None:
    """Flask's TRUSTED_HOSTS from the setting and the public URL's host (None: any host)."""
    hosts = config.get("TRUSTED_HOSTS")
    if hosts is None:
        return None
    names = [hosts] if isinstance(hosts, str) else list(hosts)
    public = urlsplit(config.get("PUBLIC_URL") or "").hostname
    return names + ([public] if public and public not in names else [])


def load(environ: os._Environ[str] | dict[str, str] | None = None) -> dict[str, Any]:
    env = os.environ if environ is None else environ
    config: dict[str, Any] = {}
    for s in SETTINGS:
        raw = env.get(f"HALLWAY_{s.name}")
        if raw is None or raw == "":
            config[s.name] = s.default
            continue
        try:
            config[s.name] = s.parse(raw)
        except ValueError as exc:
            shown = "HALLWAY_" + s.name + ("" if s.secret else f"={raw!r}")
            raise ValueError(f"{shown}: {exc}") from None
    return config
