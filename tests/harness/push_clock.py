"""The app for the push e2e test: gunicorn's workers serve the fixture event "now", their
clock being real time moved by HALLWAY_TEST_CLOCK_OFFSET seconds (the same in every worker),
so wake-ups fall within the event and come at real seconds' pace. Started as
`gunicorn 'tests.harness.push_clock:create()'`."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta

from flask import Flask

from webapp import create_app


def create() -> Flask:
    offset = timedelta(seconds=float(os.environ["HALLWAY_TEST_CLOCK_OFFSET"]))
    return create_app({"CLOCK": lambda: datetime.now(UTC) + offset})
