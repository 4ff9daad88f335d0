"""What the e2e tests (and the benchmarks and scripts that drive a browser) share: the app
served the ways it runs, a browser set up as a phone, and the data they are given.

- `servers`: the one interface for a running app (`url`, `start()`, `stop()`, `publish()`),
  with Flask's server; `gunicorn` (gunicorn, `scripts/serve-prod.sh`, a private Redis) and
  `static` (an export under `python -m http.server` or nginx, nginx as a proxy) build on it.
- `publish`: a correction published over HTTP or with the command line, one way each; the
  organizers' token; the `hallway` command line.
- `net`: `free_port`, `wait_for`, one HTTP request that never raises on a status.
- `processes`: a process's state, parent and group from /proc; the live members of a group.
- `browser`: Chromium's flags, phones and their clocks, persistent profiles, waiting for the
  service worker; `app` and `organizers`: the attendee app and the console, driven.
- `modules`: the app's ES modules imported from the files on disk, no server.
- `schedules`, `sources`: schedules built from the fixtures and the shipped data.
- `push`, `push_clock`, `reminders`, `camera`, `a11y`, `bench`: what one capability's tests
  share.

Every module is imported as `tests.harness.<module>` (the project root is on the path).
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
MINI = FIXTURES / "mini_schedule.json"
