"""What one feed request costs once its document is built: one look at the schedule file, one
read of the store's head, and no pass over the document (a phone revalidating gets a 304
without the body being serialised or hashed again)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from webapp import create_app
from webapp.corrections.store import Store
from webapp.serving import runtime

DOCUMENTS = ["/api/v1/outline.json", "/api/v1/texts.json", "/api/v1/schedule.json"]
SHIPPED = Path(__file__).resolve().parents[3] / "data" / "schedule.json"


@pytest.fixture
def app(tmp_path: Path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "schedule.json").write_bytes(SHIPPED.read_bytes())
    return create_app({"TESTING": True, "DATA_DIR": str(data)})


@pytest.mark.parametrize("path", [*DOCUMENTS, "/api/v1/changes?since=0"])
def test_a_feed_request_looks_at_the_schedule_file_once_and_reads_the_head_once(app, path, monkeypatch):
    client = app.test_client()
    client.get(path)  # built
    schedule_file = runtime(app).schedule_path
    looks: list[str] = []
    real_stat, real_head = Path.stat, Store.head

    def stat(self: Path, *args, **kwargs):
        if self == schedule_file:
            looks.append("file")
        return real_stat(self, *args, **kwargs)

    def head(self: Store):
        looks.append("head")
        return real_head(self)

    monkeypatch.setattr(Path, "stat", stat)
    monkeypatch.setattr(Store, "head", head)
    assert client.get(path).status_code == 200
    assert sorted(looks) == ["file", "head"]


@pytest.mark.parametrize("path", DOCUMENTS)
def test_a_revalidation_neither_serialises_nor_hashes_the_document_again(app, path, monkeypatch):
    client = app.test_client()
    first = client.get(path)
    assert len(first.data) > 5_000  # the outline in columns: 7.8 KB of the shipped event
    passed: list[int] = []
    real_sha256, real_dumps = hashlib.sha256, json.dumps

    def sha256(data: bytes = b"", **kwargs):
        passed.append(len(data))
        return real_sha256(data, **kwargs)

    def dumps(obj, **kwargs):
        out = real_dumps(obj, **kwargs)
        passed.append(len(out))
        return out

    monkeypatch.setattr(hashlib, "sha256", sha256)
    monkeypatch.setattr(json, "dumps", dumps)
    again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert sum(passed) < 1_000, passed  # the store head's stamp, not the document
