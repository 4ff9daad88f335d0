"""Fixtures shared by unit and e2e tests: an app on a private copy of a schedule."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.unit.importers.source_server import SEED_TEXT, Source
from webapp import create_app, settings
from webapp.web import build

FIXTURES = Path(__file__).parent / "fixtures"
SHARED = Path(__file__).resolve().parents[2] / "shared"


@pytest.fixture(scope="session", autouse=True)
def static_build() -> Path:
    """The static files built once per test session, as `hallway build` does before a server
    starts: apps and servers only read the build (nothing is built if it is there already)."""
    return build.ensure(Path(settings.load()["STATIC_DIR"]))[0]


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    d = tmp_path / "data"
    d.mkdir()
    shutil.copy(FIXTURES / "mini_schedule.json", d / "schedule.json")
    return d


@pytest.fixture
def app(data_dir: Path):
    return create_app({"TESTING": True, "DATA_DIR": str(data_dir)})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


def shared_or_skip(*parts: str) -> Path:
    """A file under ../shared/; CI has it, a laptop may not, and then the test says so."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"needs ../shared/{'/'.join(parts)}, which is not present here")
    return path


@pytest.fixture
def source() -> Iterator[Source]:
    """A schedule source on loopback serving the shipped event's second seed page, which a
    test changes between polls (tests/unit/importers/source_server.py)."""
    served = Source(SEED_TEXT.encode())
    yield served
    served.stop()
