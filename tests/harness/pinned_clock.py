"""A server whose clock stands still at HALLWAY_TEST_NOW (an ISO instant with its offset), for
tests that compare what the server draws "now" with what a page pinned to the same moment by
Playwright's clock draws. `PinnedFlask` runs it as `FlaskServer` runs the app."""

from __future__ import annotations

import os
from datetime import datetime

from flask import Flask

from webapp import create_app

from .servers import FlaskServer


def create() -> Flask:
    at = datetime.fromisoformat(os.environ["HALLWAY_TEST_NOW"])
    return create_app({"CLOCK": lambda: at})


class PinnedFlask(FlaskServer):
    """Flask's server on the app of `create()`: give HALLWAY_TEST_NOW in `env`."""

    def command(self) -> list[str]:
        command = super().command()
        command[command.index("webapp")] = "tests.harness.pinned_clock:create"
        return command
