"""HTTPS and HTTP/2 in front of the benchmark's gunicorn, as a deployment would have it.

Caddy (`/usr/bin/caddy`, Debian package `caddy`) with its own internal CA on localhost: the
browser is told to ignore certificate errors, which is fine for measuring and nothing else.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from common import free_port, wait_for

CONFIG = """{{
	admin off
	auto_https disable_redirects
	skip_install_trust
	storage file_system {storage}
}}
https://localhost:{port} {{
	tls internal
	reverse_proxy {upstream} {{
		header_up Host {{upstream_hostport}}
	}}
}}
"""
# The app answers only the host names it trusts (HALLWAY_TRUSTED_HOSTS: loopback at its own
# port): Caddy names the upstream, as a deployment's proxy sends the public name it is set for.
START_TIMEOUT = 30.0


def available() -> bool:
    return shutil.which("caddy") is not None


@contextmanager
def h2_proxy(upstream: str) -> Iterator[str]:
    """Caddy serving `upstream` (http://127.0.0.1:PORT) over HTTPS and HTTP/2; yields its URL."""
    home = Path(tempfile.mkdtemp(prefix="hallway-caddy-"))
    port = free_port()
    config = home / "Caddyfile"
    config.write_text(
        CONFIG.format(storage=home / "data", port=port, upstream=upstream.removeprefix("http://"))
    )
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home), "XDG_CONFIG_HOME": str(home)}
    log = (home / "caddy.log").open("wb")
    cmd = ["caddy", "run", "--config", str(config), "--adapter", "caddyfile"]
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=log, start_new_session=True)
    url = f"https://localhost:{port}"
    try:
        wait_for(lambda: _answers(url, proc), START_TIMEOUT)
        yield url
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        log.close()


def _answers(url: str, proc: subprocess.Popen[bytes]) -> bool:
    if proc.poll() is not None:
        raise RuntimeError("caddy exited; see its log in the temp dir")
    import ssl

    insecure = ssl.create_default_context()
    insecure.check_hostname = False
    insecure.verify_mode = ssl.CERT_NONE
    try:
        with urllib.request.urlopen(url + "/manifest.webmanifest", timeout=2, context=insecure) as r:
            return r.status == 200
    except (urllib.error.URLError, OSError):
        return False
