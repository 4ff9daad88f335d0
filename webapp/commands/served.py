"""The schedule being served, as every command that reads it gets it: with its corrections,
or a message that says what to do (exit 1, no traceback)."""

from __future__ import annotations

import click

from ..corrections.database import describe
from ..corrections.store import STORE_FILE
from ..domain.model import Schedule
from ..domain.serialize import ScheduleFormatError
from ..serving.failures import STORE_ERRORS, StoreUnavailable
from ..serving.published import published
from ..serving.runtime import Runtime

NO_SCHEDULE = "no schedule imported yet; run `hallway schedule import SOURCE...` first (docs/importing.md)"


def served_schedule(rt: Runtime) -> Schedule:
    """A data directory that does not exist is refused rather than created empty: it is most
    likely a mistyped HALLWAY_DATA_DIR."""
    data_dir = rt.data_dir
    if not data_dir.is_dir():
        raise click.ClickException(
            f"the data directory {data_dir} does not exist: check HALLWAY_DATA_DIR, or import a "
            "schedule into it with `hallway schedule import SOURCE...`"
        )
    if not rt.schedule_path.exists() and not (data_dir / STORE_FILE).exists():
        raise click.ClickException(f"{NO_SCHEDULE} (nothing in {data_dir})")
    try:
        return published(rt).schedule
    except ScheduleFormatError as exc:
        raise click.ClickException(f"{NO_SCHEDULE} ({exc})") from None
    except (*STORE_ERRORS, StoreUnavailable) as exc:
        raise unreadable(rt, exc) from None


def unreadable(rt: Runtime, exc: BaseException) -> click.ClickException:
    return click.ClickException(
        f"{rt.store.path}: cannot read or write the corrections store ({describe(exc)})"
    )
