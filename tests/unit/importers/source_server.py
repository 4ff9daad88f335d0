"""A schedule source on 127.0.0.1 for tests: the stdlib http.server in a thread, serving
`body` with an ETag and a Last-Modified and answering conditional requests with 304, as
pretalx, Sessionize and Sched do. A test changes what it serves between polls (`body`,
`status`, `stall`, `redirects`, `drip`) and reads what was asked (`requests`, `not_modified`)."""

from __future__ import annotations

import hashlib
import threading
import time
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

# The shipped event's second seed page: a real Sched page the follow tests serve and change.
SEED_TEXT = sorted((Path(__file__).resolve().parents[3] / "data" / "sources").glob("*.txt"))[1].read_text(
    encoding="utf-8"
)
STALL_LIMIT = 30.0  # a stalled answer is released by then at the latest (or at stop)
DRIPS = ("headers", "body", "chunks")


class Source:
    def __init__(self, body: bytes = b"") -> None:
        self.lock = threading.Lock()
        self.status = 200
        self.stall = False  # answer nothing until released (a server that hangs)
        self.released = threading.Event()
        self.no_length = False  # stream the body without a Content-Length
        self.requests: list[dict[str, str]] = []  # the headers of each request
        self.not_modified = 0
        self.redirects: dict[str, tuple[int, str]] = {}  # path -> (3xx status, Location)
        # Send the answer's "headers", "body" or "chunks" (chunked encoding) one byte every
        # `drip_every` seconds, as a server that keeps a fetcher busy for ever would.
        self.drip: str | None = None
        self.drip_every = 0.5
        self.drip_ended = threading.Event()  # the dripped answer ended (the client hung up)
        self.set(body)
        source = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                source.answer(self)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/schedule?api_key=SECRET"

    def set(self, body: bytes) -> None:
        """Serve `body` from now on, as a new version (new validators)."""
        with self.lock:
            self.body = body
            self.etag = f'"{hashlib.sha256(body).hexdigest()[:12]}"'
            self.modified = formatdate(time.time() + len(getattr(self, "requests", ())), usegmt=True)

    def answer(self, handler: BaseHTTPRequestHandler) -> None:
        with self.lock:
            self.requests.append(dict(handler.headers.items()))
            status, body, etag, modified, stall = self.status, self.body, self.etag, self.modified, self.stall
        if stall:
            self.released.wait(STALL_LIMIT)
            return
        if self.drip:
            self._drip(handler, body)
            return
        if status == 304:  # whatever was asked: a server that misreads conditional requests
            handler.send_response(304)
            handler.end_headers()
            return
        redirect = self.redirects.get(handler.path.split("?")[0])
        if redirect:
            handler.send_response(redirect[0])
            handler.send_header("Location", redirect[1])
            handler.send_header("Content-Length", "0")
            handler.end_headers()
            return
        if status != 200:
            handler.send_error(status)
            return
        if handler.headers.get("If-None-Match") == etag:
            with self.lock:
                self.not_modified += 1
            handler.send_response(304)
            handler.send_header("ETag", etag)
            handler.end_headers()
            return
        handler.send_response(200)
        handler.send_header("ETag", etag)
        handler.send_header("Last-Modified", modified)
        if not self.no_length:
            handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)

    def _drip(self, handler: BaseHTTPRequestHandler, body: bytes) -> None:
        head = f"HTTP/1.1 200 OK\r\nContent-Length: {len(body)}\r\n\r\n".encode()
        if self.drip == "chunks":
            head = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        try:
            if self.drip != "headers":
                handler.wfile.write(head)
                handler.wfile.flush()
            slow = {"headers": head, "body": body, "chunks": b"".join(b"1\r\n%c\r\n" % b for b in body)}
            deadline = time.monotonic() + STALL_LIMIT
            for byte in slow[self.drip or "body"]:
                if time.monotonic() > deadline or self.released.wait(self.drip_every):
                    break
                handler.wfile.write(bytes([byte]))
                handler.wfile.flush()
        except OSError:  # the fetcher hung up: what a bounded fetch does
            pass
        finally:
            self.drip_ended.set()

    def stop(self) -> None:
        self.released.set()
        self.server.shutdown()
        self.server.server_close()
