"""The VAPID key: made once and kept (0600), the same for every process, or given by settings."""

from __future__ import annotations

import stat
import threading

import pytest

from webapp import create_app, settings
from webapp.push import keys
from webapp.serving import runtime


def test_a_key_is_made_on_first_use_and_the_same_one_read_after(tmp_path):
    first = keys.load_or_create(tmp_path)
    path = tmp_path / "push" / "vapid.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = keys.load_or_create(tmp_path)
    assert again.public_raw == first.public_raw
    assert len(first.public_raw) == 65 and first.public_raw[0] == 4


def test_processes_starting_at_once_agree_on_one_key(tmp_path):
    found: list[bytes] = []
    barrier = threading.Barrier(8)

    def start() -> None:
        barrier.wait()
        found.append(keys.load_or_create(tmp_path).public_raw)

    threads = [threading.Thread(target=start) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert len(found) == 8 and len(set(found)) == 1
    assert [p.name for p in (tmp_path / "push").iterdir()] == ["vapid.json"]  # no temporary left


def test_a_damaged_key_file_is_refused_not_replaced(tmp_path):
    keys.load_or_create(tmp_path)
    path = tmp_path / "push" / "vapid.json"
    path.write_text("{}")
    with pytest.raises(ValueError, match="vapid.json"):
        keys.load_or_create(tmp_path)
    assert path.read_text() == "{}"


def test_the_key_from_settings_is_used_and_nothing_is_written(data_dir):
    given = keys.VapidKey(keys.load_or_create(data_dir / "elsewhere").private)
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "PUSH_VAPID_KEY": given.private_b64})
    assert runtime(app).vapid_key().public_b64 == given.public_b64
    assert app.test_client().get("/api/v1/push/key").get_json() == {"publicKey": given.public_b64}
    assert not (data_dir / "push" / "vapid.json").exists()


@pytest.mark.parametrize("bad", ["short", "!!!!", "A" * 43 + "=", keys.b64url(b"\x00" * 32)])
def test_a_bad_key_in_the_environment_names_the_setting_not_the_key(monkeypatch, bad):
    monkeypatch.setenv("HALLWAY_PUSH_VAPID_KEY", bad)
    with pytest.raises(ValueError, match="HALLWAY_PUSH_VAPID_KEY") as info:
        settings.load()
    assert bad not in str(info.value)
