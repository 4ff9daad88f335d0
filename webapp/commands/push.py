"""`hallway push list | remove | stats`: the push subscriptions this server holds, for an
organizer who must see or cut what devices (or an attacker) registered. A subscription is
named by its id (from `list`) or its endpoint; endpoints are shown by their push service's
host only, since the rest of the URL is the device's capability."""

from __future__ import annotations

import sqlite3
from collections import Counter
from datetime import UTC, datetime
from urllib.parse import urlsplit

import click
from flask.cli import with_appcontext

from ..push.store import PushStore, StoreFull
from ..serving import current_runtime

push_group = click.Group("push", help="List, remove and count the Web Push subscriptions.")
MB = 1024 * 1024


def _store() -> PushStore:
    store = current_runtime().push_store
    if not store.path.exists():
        raise click.ClickException(f"no push subscriptions: {store.path} does not exist yet")
    return store


def _host(endpoint: str) -> str:
    try:
        return urlsplit(endpoint).hostname or "?"
    except ValueError:
        return "?"


def _when(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d %H:%M")


def _failed(store: PushStore, exc: BaseException) -> click.ClickException:
    return click.ClickException(f"{store.path}: cannot read or write the push store ({exc})")


@push_group.command("list")
@with_appcontext
def list_command() -> None:
    """One line per subscription: id, push service, lead, wake-ups, created, last seen, failures."""
    store = _store()
    try:
        rows = store.listing()
    except (sqlite3.Error, OSError, StoreFull) as exc:
        raise _failed(store, exc) from None
    if not rows:
        click.echo("no push subscriptions")
        return
    width = max(len(_host(r.endpoint)) for r in rows)
    click.echo(
        f"{'id':>6}  {'push service':<{width}}  lead  wake-ups  created (UTC)     last seen (UTC)   failures"
    )
    for r in rows:
        click.echo(
            f"{r.id:>6}  {_host(r.endpoint):<{width}}  {r.lead:>4}  {r.wake:>8}  {_when(r.created)}  "
            f"{_when(r.updated)}  {r.failures:>8}"
        )
    click.echo(f"{len(rows)} subscription(s)")


@push_group.command("remove")
@click.argument("subscriptions", nargs=-1, required=True, metavar="ID-OR-ENDPOINT...")
@with_appcontext
def remove_command(subscriptions: tuple[str, ...]) -> None:
    """Forget these subscriptions and their wake-ups (an id from `hallway push list`, or an
    endpoint URL); exit 1 if one of them is not held."""
    store = _store()
    said: list[str] = []
    unknown: list[str] = []
    try:
        ids = [int(s) for s in subscriptions if s.isdigit()]
        removed = store.remove_ids(ids)
        said += [f"removed {i}" for i in removed]
        unknown += [str(i) for i in ids if i not in removed]
        for endpoint in (s for s in subscriptions if not s.isdigit()):
            if store.known(endpoint):
                store.remove([endpoint])
                said.append(f"removed the subscription at {_host(endpoint)}")
            else:
                unknown.append(endpoint)
    except (sqlite3.Error, OSError, StoreFull) as exc:
        raise _failed(store, exc) from None
    for line in said:
        click.echo(line)
    if unknown:
        raise click.ClickException(
            f"no subscription {', '.join(unknown)} (ids are listed by `hallway push list`)"
        )


@push_group.command("stats")
@with_appcontext
def stats_command() -> None:
    """Totals: subscriptions, wake-ups, by push service, the store's size on disk and its caps."""
    store = _store()
    config = current_runtime().config
    try:
        rows = store.listing()
        wake = store.wake_count()
        fullness = store.fullness()
    except (sqlite3.Error, OSError, StoreFull) as exc:
        raise _failed(store, exc) from None
    on_disk = sum(p.stat().st_size for p in store.path.parent.glob(store.path.name + "*") if p.is_file())
    cap = config["PUSH_MAX_SUBSCRIPTIONS"]
    click.echo(
        f"subscriptions: {len(rows)}" + (f" (cap {cap}, HALLWAY_PUSH_MAX_SUBSCRIPTIONS)" if cap else "")
    )
    wake_cap = config["PUSH_MAX_WAKE_UPS"]
    click.echo(
        f"wake-ups: {wake}"
        + (f" (cap {wake_cap}, HALLWAY_PUSH_MAX_WAKE_UPS)" if wake_cap else "")
        + f"; at most {config['PUSH_MAX_WAKE']} per subscription"
    )
    size = f"store: {store.path}, {on_disk / MB:.1f} MB on disk"
    if store.max_bytes:
        size += f" (cap {store.max_bytes / MB:.0f} MB, HALLWAY_PUSH_STORE_MAX_MB; {fullness:.0%} used)"
    click.echo(size)
    failing = sum(1 for r in rows if r.failures)
    click.echo(f"failing: {failing} subscription(s) whose last send failed")
    if rows:
        click.echo("by push service:")
        for host, n in Counter(_host(r.endpoint) for r in rows).most_common():
            click.echo(f"  {host}  {n}")
