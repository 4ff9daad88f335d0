"""The write path and the file system, against the production server (gunicorn) itself, with
paths sent byte for byte as written (no client-side normalizing):

- no token configured: closed (403); wrong or missing token: 401; body over the limit: 413;
  a storm from one client: 429; and neither the token nor a near miss ever reaches the log
  (the server's own stdout and stderr, access log included).
- no raw path, encoded or not, reaches a file outside static/.
"""

from __future__ import annotations

import http.client
import json
from collections import Counter

from tests.harness.gunicorn import Gunicorn
from tests.harness.net import request
from tests.harness.publish import TOKEN, post_correction


def chunked_post(server, body: dict) -> int:
    """POST with Transfer-Encoding: chunked, as a client that does not announce the size."""
    conn = http.client.HTTPConnection(server.host, server.port, timeout=10)
    try:
        data = json.dumps(body).encode()
        pieces = (data[i : i + 4096] for i in range(0, len(data), 4096))
        headers = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"}
        conn.request("POST", "/api/v1/corrections", body=pieces, headers=headers, encode_chunked=True)
        return conn.getresponse().status
    finally:
        conn.close()


BODY = {"kind": "edit", "session": "s1a2b3", "title": "Opening"}


def test_no_token_configured_keeps_the_write_path_closed(tmp_path) -> None:
    server = Gunicorn(tmp_path, workers=1, env={"HALLWAY_ADMIN_TOKEN": ""}).start()
    try:
        answers = [post_correction(server, BODY, token=t)[0] for t in (TOKEN, "", "anything")]
        version = json.loads(request(server, "GET", "/api/v1/schedule.json")[2])["version"]
    finally:
        server.stop()
    assert answers == [403, 403, 403]
    assert version == 0


def test_write_path_answers_and_the_token_never_reaches_the_log(tmp_path) -> None:
    server = Gunicorn(
        tmp_path, workers=1, env={"HALLWAY_WRITE_RATE_LIMIT": "8", "HALLWAY_MAX_CORRECTION_BYTES": "2000"}
    ).start()
    near_miss = TOKEN[:-1] + ("x" if TOKEN[-1] != "x" else "y")
    try:
        seen = Counter()
        seen[post_correction(server, BODY, token=near_miss)[0]] += 1
        seen[request(server, "POST", "/api/v1/corrections", json.dumps(BODY).encode())[0]] += 1
        seen[post_correction(server, {**BODY, "title": "Opening, corrected"})[0]] += 1
        seen[post_correction(server, {**BODY, "note": "x" * 5000})[0]] += 1
        seen[post_correction(server, {**BODY, "kind": "nonsense"})[0]] += 1
        seen[chunked_post(server, {**BODY, "note": "x" * 50000})] += 1  # no Content-Length to refuse on
        # The same request again in a storm: the limit (8 a minute) answers the rest.
        storm = [post_correction(server, {**BODY, "title": f"T{i}"})[0] for i in range(10)]
    finally:
        server.stop()
    log = server.log()
    print(f"\nwrite path: {dict(seen)}, storm of 10: {Counter(storm)}, log {len(log)} characters")
    assert seen == Counter({401: 2, 201: 1, 413: 2, 400: 1})
    assert storm.count(429) >= 1 and storm[-1] == 429 and 201 in storm
    assert "POST /api/v1/corrections" in log, "the access log was not captured; the check would be empty"
    assert TOKEN not in log and near_miss not in log and "Bearer" not in log


SECRETS = {"[build-system]": "pyproject.toml", "PROJECT_ROOT": "settings.py", "root:x:0:0": "/etc/passwd"}


def raw_paths(tree_hash: str) -> list[str]:
    ups = ["../", "..%2f", "%2e%2e/", "%2e%2e%2f", "..%5c", "..\\", "%252e%252e/", ".%2e/", "..;/"]
    out = []
    for prefix in (f"/assets/{tree_hash}/", "/static/", "/static/js/", "/session/", "/print/room/", "/"):
        for up in ups:
            for target in ("pyproject.toml", "webapp/settings.py", "etc/passwd"):
                out.append(prefix + up * 6 + target)
    return out + ["/static//etc/passwd", "//etc/passwd", "/static/%2fetc%2fpasswd", "/static/js/app.js%00"]


def test_raw_traversal_paths_never_reach_a_file_outside_static(tmp_path) -> None:
    server = Gunicorn(tmp_path, workers=1).start()
    try:
        shell = request(server, "GET", "/")[2].decode()
        tree_hash = shell.split("/assets/", 1)[1].split("/", 1)[0]
        statuses: Counter[int] = Counter()
        for path in raw_paths(tree_hash):
            status, headers, body = request(server, "GET", path)
            statuses[status] += 1
            assert status < 500, (path, status)
            leaks = [name for marker, name in SECRETS.items() if marker.encode() in body]
            assert leaks == [], f"{path} served {leaks}"
            if status == 200:  # only the app shell may answer a path it does not know
                assert headers["content-type"].startswith("text/html"), path
    finally:
        server.stop()
    print(f"\n{sum(statuses.values())} raw traversal paths to gunicorn: {dict(sorted(statuses.items()))}")


def fresh_window(deadline_s: float = 65.0) -> None:
    """Poll until early in a rate-limit minute, so that a burst is counted in one window."""
    import time

    deadline = time.monotonic() + deadline_s
    while time.time() % 60 > 25:
        assert time.monotonic() < deadline, "the clock never reached the start of a minute"
        time.sleep(0.2)


def test_two_workers_share_the_limits_and_wrong_tokens_never_lock_out_the_right_one(tmp_path) -> None:
    # Two gunicorn workers, no Redis: both count in the SQLite file next to the store.
    server = Gunicorn(tmp_path, workers=2, env={"HALLWAY_WRITE_RATE_LIMIT": "5"}).start()
    try:
        fresh_window()
        wrong = [post_correction(server, BODY, token="not-the-token")[0] for _ in range(60)]
        right = post_correction(server, {**BODY, "title": "Right token, same address"})[0]
        storm = [post_correction(server, {**BODY, "title": f"S{i}"})[0] for i in range(12)]
    finally:
        server.stop()
    print(f"\n60 wrong tokens: {Counter(wrong)}; right token: {right}; storm of 12: {Counter(storm)}")
    assert Counter(wrong) == Counter({401: 5, 429: 55})
    assert right == 201
    assert Counter(storm) == Counter({201: 4, 429: 8})  # 5 a minute in all, not 5 per worker
