"""What every benchmark shares: a server on a private data dir, Chromium, and how figures print.

A figure is one measured number with its goal. `kind` says whether it is a size (bytes are
not noisy: the short form fails on them) or a timing/score (reported, never failed on in CI).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
# One place for how Chromium is launched on this machine: the e2e tests' harness.
from tests.harness.browser import CHROMIUM_FLAGS, PHONE, chromium_path, launch_args  # noqa: E402, F401
from tests.harness.net import free_port, wait_for  # noqa: E402, F401
from webapp.web import codings  # noqa: E402

TOKEN = "bench-token"  # the admin token of the benchmarks' own servers
WRITE_ENV = {"HALLWAY_ADMIN_TOKEN": TOKEN, "HALLWAY_WRITE_RATE_LIMIT": "0"}
DATA = ROOT / "data"
# The virtualenv running this: gunicorn is installed beside its Python (.venv/bin here, or a
# shared venv when a worktree has none of its own).
VENV_BIN = Path(sys.executable).parent
START_TIMEOUT = 30.0
ACCESS_LOG = "access.log"


@dataclass
class Figure:
    goal: str
    name: str
    value: float
    unit: str
    target: float | None = None  # None: informative, no goal of its own
    kind: str = "time"  # "size" | "time" | "score"
    better: str = "lower"  # "lower" | "higher"
    note: str = ""
    # What the short form (CI) fails on, for sizes only: the target, or while a target is
    # missed, the figure measured now plus a margin, so that it can only get better.
    budget: float | None = None

    @property
    def limit(self) -> float | None:
        return self.budget if self.budget is not None else self.target

    @property
    def met(self) -> bool | None:
        if self.target is None:
            return None
        return self.value <= self.target if self.better == "lower" else self.value >= self.target

    def line(self) -> str:
        goal = (
            ""
            if self.target is None
            else f" (goal {'<=' if self.better == 'lower' else '>='} {fmt(self.target)})"
        )
        verdict = {True: " met", False: " MISSED", None: ""}[self.met]
        note = "  " + self.note if self.note else ""
        return f"{self.name}: {fmt(self.value)} {self.unit}{goal}{verdict}{note}"


def fmt(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 100 or float(value).is_integer() else f"{value:,.2f}"


def report(figures: list[Figure], as_json: bool = False) -> None:
    for f in figures:
        print(json.dumps(asdict(f)) if as_json else f.line(), flush=True)


def over_budget(figures: list[Figure]) -> list[Figure]:
    """Sizes beyond their limit: the only figures the short form fails on."""
    return [f for f in figures if f.kind == "size" and f.limit is not None and f.value > f.limit]


def main(run: Callable[[bool], list[Figure]]) -> None:
    """Entry point of each script: `--short` for the CI form (exit 1 on a size over budget)."""
    short = "--short" in sys.argv
    figures = run(short)
    report(figures, as_json="--json" in sys.argv)
    if short and over_budget(figures):
        sys.exit(1)


def data_dir(schedule: Path | None = None) -> Path:
    """A private copy of the shipped data (or of `schedule`): benchmarks never touch data/."""
    d = Path(tempfile.mkdtemp(prefix="hallway-bench-"))
    shutil.copy(schedule or DATA / "schedule.json", d / "schedule.json")
    if schedule is None:
        for extra in ("venue.json", "venue"):
            src = DATA / extra
            if src.is_dir():
                shutil.copytree(src, d / extra)
            elif src.exists():
                shutil.copy(src, d / extra)
    return d


def congress_data() -> tuple[dict[str, Any], Path]:
    """bench/generate.py's congress and a private data dir serving it."""
    import generate

    doc = generate.congress()
    return doc, data_dir(generate.write(Path(tempfile.mkdtemp(prefix="hallway-congress-")), doc))


def shipped_and_congress(variable: str) -> list[tuple[str, Path]]:
    """(name, data dir) of the shipped event and of bench/generate.py's 1,000-session congress,
    or of the one the environment `variable` names ("shipped", "congress"; both by default)."""
    import generate

    wanted = os.environ.get(variable, "shipped,congress").split(",")
    out = []
    if "shipped" in wanted:
        out.append(("shipped event", data_dir()))
    if "congress" in wanted:
        congress = generate.write(Path(tempfile.mkdtemp(prefix="hallway-congress-")), generate.generate())
        out.append((f"congress ({generate.SESSIONS:,} sessions)", data_dir(congress)))
    return out


def build_static(app_root: Path, env: dict[str, str]) -> None:
    """`hallway build` in `app_root`: its workers read the static build and refuse to start
    without it (a checkout from before issue 23 has no build step)."""
    if not (app_root / "webapp" / "web" / "build.py").exists():
        return
    cmd = [sys.executable, "-m", "flask", "--app", "webapp", "build"]
    done = subprocess.run(cmd, cwd=app_root, env=env, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"hallway build failed in {app_root}: {done.stdout}{done.stderr}")


@contextmanager
def baseline_app(ref: str) -> Iterator[None]:
    """A copy of the tree at commit `ref` (`git archive`), served by `server()` in place of this
    one meanwhile: the code before a change, measured in the same run, on the same machine and load."""
    directory = Path(tempfile.mkdtemp(prefix="hallway-baseline-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(directory)], input=archive, check=True)
    before = os.environ.get("HALLWAY_BENCH_APP")
    os.environ["HALLWAY_BENCH_APP"] = str(directory)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("HALLWAY_BENCH_APP")
        else:
            os.environ["HALLWAY_BENCH_APP"] = before


def beside_baseline(stack: ExitStack, data: Path, ref: str | None) -> dict[str, str]:
    """Base URLs by label: " (before: <ref>)", the commit `ref`'s tree serving a copy of `data`
    (when `ref` is given), and "", this tree serving `data`; both stop with `stack`. Loads
    alternated between them meet the same machine and load."""
    urls = {}
    if ref:
        copy = Path(tempfile.mkdtemp(prefix="hallway-bench-")) / "data"
        shutil.copytree(data, copy)
        with baseline_app(ref):  # the server keeps the tree it started with
            urls[f" (before: {ref})"] = stack.enter_context(server(copy))
    urls[""] = stack.enter_context(server(data))
    return urls


@contextmanager
def server(
    data: Path, workers: int = 2, env: dict[str, str] | None = None, app: str = "webapp:create_app()"
) -> Iterator[str]:
    """gunicorn with `workers` workers on loopback, as in production; yields the base URL.

    `app` may name another WSGI app: bench/hello.py's is the floor the machine sets."""
    port = free_port()
    log = data / "server.log"
    # HALLWAY_BENCH_APP: another checkout of the app to measure (a candidate change), same venv.
    app_root = Path(os.environ.get("HALLWAY_BENCH_APP") or ROOT) if app.startswith("webapp") else HERE
    cmd = [
        str(VENV_BIN / "gunicorn"),
        "--chdir",
        str(app_root),
        "--workers",
        str(workers),
        "--bind",
        f"127.0.0.1:{port}",
        "--log-level",
        "warning",
        "--access-logfile",
        str(data / ACCESS_LOG),
        "--access-logformat",
        "%(s)s %(B)s %(r)s %(a)s",
        app,
    ]
    full_env = {**os.environ, "HALLWAY_DATA_DIR": str(data), "PYTHONUNBUFFERED": "1", **(env or {})}
    if app.startswith("webapp"):
        build_static(app_root, full_env)
    with log.open("ab") as fh:
        proc = subprocess.Popen(cmd, cwd=app_root, env=full_env, stdout=fh, stderr=fh, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: _answers(url + "/api/v1/schedule.json", proc, log), START_TIMEOUT)
        yield url
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)


def served(data: Path, agent: str = "Chrome") -> list[tuple[int, int, str]]:
    """(status, body bytes, path) of every response the server sent to `agent` (a browser, not
    the benchmark's own probes), from its access log."""
    out = []
    for line in (data / ACCESS_LOG).read_text(errors="replace").splitlines():
        parts = line.split(" ")
        if len(parts) >= 6 and parts[0].isdigit() and agent in " ".join(parts[5:]):
            out.append((int(parts[0]), int(parts[1]) if parts[1].isdigit() else 0, parts[3]))
    return out


def _answers(url: str, proc: subprocess.Popen[bytes], log: Path) -> bool:
    if proc.poll() is not None:
        raise RuntimeError(f"server exited: {log.read_text(errors='replace')[-2000:]}")
    try:
        with urllib.request.urlopen(url, timeout=2) as r:
            return r.status == 200
    except (urllib.error.URLError, OSError):
        return False


# The DOM condition for "sessions on screen": the app's mark if it sets one, else the first card.
SESSIONS_SHOWN = "() => document.querySelector('main article.card') !== null"


def post_correction(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """Publish one correction through the HTTP write path of a server started with WRITE_ENV.

    Sent with `force`: a generated event is full, so a move usually double-books a room, and
    the benchmarks measure how a correction travels, not the clash check."""
    req = urllib.request.Request(
        url + "/api/v1/corrections",
        data=json.dumps({**body, "force": True}).encode(),
        headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def get(url: str, coding: str = "br", headers: dict[str, str] | None = None) -> tuple[bytes, dict[str, str]]:
    req = urllib.request.Request(url, headers={"Accept-Encoding": coding, **(headers or {})})
    with urllib.request.urlopen(req, timeout=30) as r:
        return r.read(), dict(r.headers)


def best_size(url: str, coding: str, plain: bytes, timeout: float = 90) -> int:
    """The size served once the server's background best-level compression is done: the
    server's own `encode` gives the bytes, and the server is polled until both workers serve them."""
    best = len(codings.encode(plain, coding, best=True))

    def served_best() -> bool:
        recent = [len(get(url, coding)[0]) for _ in range(4)]  # both workers, in turn
        return all(size == best for size in recent)

    wait_for(served_best, timeout, interval=0.5)
    return best


DOCUMENTS = ("/api/v1/outline.json", "/api/v1/texts.json", "/api/v1/schedule.json")


def warm_feed(url: str) -> None:
    """Ask for the schedule documents (the app's outline and texts, the whole one for other
    readers) as browsers do and wait until every worker serves their best compression: what a
    phone gets any time after a version was published, not in the second after."""
    for path in DOCUMENTS:
        best_size(url + path, "br", get(url + path, "identity")[0])


def controlled(page: Any, timeout_ms: int = 20000) -> None:
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=timeout_ms)


def warm_context(p: Any, url: str, watch: str) -> tuple[Any, Any]:
    """(browser, context) of a phone that has visited `url` once, its worker in control: the
    next page is the second visit of the day, from the caches; `watch` runs in every page."""
    browser = p.chromium.launch(**launch_args())
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(watch)
    page = context.new_page()
    page.goto(url + "/")
    controlled(page)
    page.close()
    return browser, context


def painted(context: Any, address: str, throttle: int) -> tuple[Any, Any, float]:
    """(page, CDP session, ms to the page's `window.__painted`) of `address` opened in a new
    page with the CPU `throttle` times slower."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(address)
    page.wait_for_function("() => window.__painted !== undefined", timeout=60000)
    return page, cdp, float(page.evaluate("() => window.__painted"))
