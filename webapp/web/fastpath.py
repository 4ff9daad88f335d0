"""A thin WSGI layer in front of Flask for the requests phones repeat most: a revalidation of a
feed document or of the app shell (a 304), the shell fetched again unchanged (a 200), and the
changes feed every open app polls (its 200s and 304s, while the store's head holds).

Flask's request context, routing, the hooks and the response object cost about 90 us of the
~105 us such a request took (docs/benchmarks.md, issue 28), on top of gunicorn's own cost, which
held the feed's 304s to 34-38 % of a hello-world app's rate. Here a request for a registered path
costs a look at what the document's ETag is now (`etag_of`: the runtime's checks only, None when
the document is not built in this process) and a dictionary read.

The answers are not written here: each is the one Flask gave for the same path, host, port,
scheme, ETag (the query too where the ETag does not tell the answers apart; Accept-Encoding
for a 200), recorded as it passed through. So its headers (CSP,
Cache-Control, Vary, the security headers) and body are Flask's own and cannot drift from them;
anything else (another method, an If-None-Match that is not exactly the ETag, a document not
built yet, an error) goes to Flask, as does the first request for each key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask

Environ = dict[str, Any]
# The ETag of the answer this request would get now, from what chooses among a path's variants
# (the query, the reader's language: the key holds the path, not the query, so a route whose
# answer varies must tell its variants apart by their ETags); None: let Flask answer.
EtagOf = Callable[[Environ], str | None]
StartResponse = Callable[..., Any]
Answer = tuple[str, tuple[tuple[str, str], ...], bytes]  # status, headers, body
# A 200 sent at brotli's fast level while the best one is made in the background
# (webapp/web/compress.py): not recorded, or the smaller body would never be served here.
PROVISIONAL = "hallway.provisional_body"
# Set before Flask is called for a request whose ETag was looked up here: the schedule file has
# been looked at for it (webapp/serving/imports.py looks once per request).
LOOKED = "hallway.looked"
KEPT_ANSWERS = 512  # keys are few (paths x hosts x codings); past this the table starts again
KEPT_BYTES = 32 * 1024 * 1024  # the bodies of recorded 200s, beside the copies compress.py keeps


class FastPath:
    def __init__(
        self, app: Flask, routes: dict[str, EtagOf], whole: Iterable[str] = (), queried: Iterable[str] = ()
    ) -> None:
        """`routes`: the paths whose 304s are answered here (exactly these paths), each with how
        to know its ETag now; `whole`: those of them whose 200s are answered here too;
        `queried`: those whose answers the query chooses among when their ETag does not tell
        them apart (the changes feed: one ETag per head, an answer per `since`), keyed on it."""
        self.flask = app  # in debug mode the build changes under a running app: nothing is answered here
        self.app: Callable[[Environ, StartResponse], Iterable[bytes]] = app.wsgi_app  # Flask's own
        self.routes = routes
        self.whole = frozenset(whole)
        self.queried = frozenset(queried)
        self.answers: dict[tuple[Any, ...], Answer] = {}
        self.kept_bytes = 0

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        etag_of = self.routes.get(path)
        asked = environ.get("HTTP_IF_NONE_MATCH")
        if (
            etag_of is None
            or self.flask.debug
            or environ.get("REQUEST_METHOD") != "GET"
            or (asked is None and path not in self.whole)
        ):
            return self.app(environ, start_response)
        environ[LOOKED] = True  # what `etag_of` looks at, the app does not look at again
        try:
            etag = etag_of(environ)
        except Exception:  # noqa: BLE001 - Flask meets the same failure and answers it as it does
            etag = None
        if etag is None:
            return self.app(environ, start_response)
        # Host, port and scheme key the answer: Flask refuses hosts and ports the operator did not
        # name, and a refusal (a 400) is never recorded, so an answer here was allowed there.
        # A query that Flask refuses (a 400) is never recorded either.
        query = environ.get("QUERY_STRING") if path in self.queried else None
        where = (path, environ.get("HTTP_HOST"), environ.get("SERVER_PORT"),
                 environ.get("wsgi.url_scheme"), etag, query)  # fmt: skip
        if asked is None:
            status = "200"
            key: tuple[Any, ...] = (*where, status, environ.get("HTTP_ACCEPT_ENCODING"))
        elif asked == etag:
            status = "304"
            key = (*where, status)
        else:  # a list, a weak or a stale ETag: Flask's own comparison decides
            return self.app(environ, start_response)
        found = self.answers.get(key)
        if found is None:
            return self._record(key, status, etag, environ, start_response)
        start_response(found[0], list(found[1]))
        return [found[2]] if found[2] else []

    def _record(
        self, key: tuple[Any, ...], expected: str, etag: str, environ: Environ, start_response: StartResponse
    ) -> Iterable[bytes]:
        """Flask's answer, kept for `key` when it is the `expected` status with this ETag."""
        seen: dict[str, Any] = {}

        def watch(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            seen.update(status=status, headers=headers)
            return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)

        out = self.app(environ, watch)
        status = seen.get("status", "")
        headers = tuple(seen.get("headers", ()))
        if status[:3] != expected or dict(headers).get("ETag") != etag or environ.get(PROVISIONAL):
            return out  # another answer (an error, a version published meanwhile), or not final yet
        try:
            body = b"".join(out)
        finally:
            close = getattr(out, "close", None)
            if close is not None:
                close()
        self._keep(key, (status, headers, body))
        return [body] if body else []

    def _keep(self, key: tuple[Any, ...], answer: Answer) -> None:
        if len(self.answers) >= KEPT_ANSWERS or self.kept_bytes + len(answer[2]) > KEPT_BYTES:
            self.answers = {}  # old versions' answers go with the rest; the next requests record again
            self.kept_bytes = 0
        self.answers[key] = answer
        self.kept_bytes += len(answer[2])
