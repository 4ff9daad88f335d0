"""The app without a Python server in front of phones: its static export (`hallway export`)
served by `python -m http.server`, which knows nothing of Flask and sends no header of its own
(`StaticSite`), or by nginx with `deploy/nginx-static.conf` as shipped (`NginxSite`); and nginx
with `deploy/nginx-proxy.conf` in front of another server (`NginxProxy`). nginx runs as one
process of the test's user, with its files under the test's directory."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from . import ROOT
from .servers import Server

NGINX = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)
TEMP_PATHS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")


class StaticSite(Server):
    """The export of the organizers' data directory in `site`; a correction is published with
    the command line there, then exported again into the same directory."""

    def __init__(self, base: Path, static_dir: Path | None = None, precompress: bool = False, **options: Any):
        super().__init__(base, static_dir=static_dir, **options)
        self.site = base / "site"
        self.precompress = precompress
        self.export()

    def export(self) -> str:
        """Exports into `site` (again); returns the summary the command printed."""
        compress = ["--precompress"] if self.precompress else []
        return self.cli("export", str(self.site), "--public-url", self.url, *compress)

    def command(self) -> list[str]:
        return [sys.executable, "-m", "http.server", str(self.port), "--bind", self.host,
                "--directory", str(self.site)]  # fmt: skip

    def publish(self, correction: dict[str, Any], **options: Any) -> dict[str, Any]:
        self.publish_cli(correction)
        self.export()
        return correction


def nginx(base: Path, site_conf: str) -> list[str]:
    """The command that runs nginx on `site_conf` (a server block), with its pid, logs and
    temporary files under `base`/nginx."""
    if NGINX is None:
        pytest.fail("nginx is not installed: scripts/test.sh installs nginx-light")
    prefix = base / "nginx"
    prefix.mkdir(exist_ok=True)
    (prefix / "site.conf").write_text(site_conf)
    temp = " ".join(f"{k}_temp_path {prefix}/{k};" for k in TEMP_PATHS)
    (prefix / "nginx.conf").write_text(
        f"pid {prefix}/nginx.pid; error_log {prefix}/error.log;\n"
        "events { worker_connections 64; }\n"
        f"http {{ access_log off; {temp} include {prefix}/site.conf; }}\n"
    )
    return [
        NGINX,
        "-p",
        str(prefix),
        "-c",
        str(prefix / "nginx.conf"),
        "-g",
        "daemon off; master_process off;",
    ]


class NginxSite(StaticSite):
    """The export, precompressed, served by nginx with deploy/nginx-static.conf."""

    def __init__(self, base: Path, static_dir: Path | None = None, **options: Any):
        super().__init__(base, static_dir, precompress=True, **options)

    def command(self) -> list[str]:
        conf = (ROOT / "deploy" / "nginx-static.conf").read_text()
        conf = conf.replace("listen 80;", f"listen {self.host}:{self.port};")
        return nginx(self.base, conf.replace("/srv/hallway", str(self.site)))


class NginxProxy(Server):
    """nginx with deploy/nginx-proxy.conf in front of `upstream` (on its data: what is
    published through the proxy reaches it)."""

    def __init__(self, base: Path, upstream: Server) -> None:
        super().__init__(base, schedule=None)
        self.upstream = upstream
        self.data_dir = upstream.data_dir

    def command(self) -> list[str]:
        conf = (ROOT / "deploy" / "nginx-proxy.conf").read_text()
        conf = conf.replace("listen 80;", f"listen {self.host}:{self.port};")
        return nginx(
            self.base, conf.replace("server 127.0.0.1:8000;", f"server {self.host}:{self.upstream.port};")
        )
