"""PUSH_LOOPBACK, the tests' local push service on http://127.0.0.1, can never be on in a real
server: one whose PUBLIC_URL names another host refuses to start, saying why."""

from __future__ import annotations

import pytest

from webapp import create_app


@pytest.mark.parametrize("public", ["https://schedule.example.org", "https://10.0.0.5:8443/conf"])
def test_a_server_with_a_public_address_refuses_to_start_with_the_loopback_exception(data_dir, public):
    with pytest.raises(ValueError, match="HALLWAY_PUSH_LOOPBACK is for tests only"):
        create_app({"TESTING": True, "DATA_DIR": str(data_dir), "PUBLIC_URL": public, "PUSH_LOOPBACK": True})


@pytest.mark.parametrize(
    "public", [None, "http://127.0.0.1:8000", "http://localhost:5000", "http://[::1]:80"]
)
def test_a_local_server_starts_with_it(data_dir, public):
    app = create_app(
        {"TESTING": True, "DATA_DIR": str(data_dir), "PUBLIC_URL": public, "PUSH_LOOPBACK": True}
    )
    assert app.config["PUSH_LOOPBACK"] is True


def test_a_public_server_starts_without_it(data_dir):
    create_app({"TESTING": True, "DATA_DIR": str(data_dir), "PUBLIC_URL": "https://schedule.example.org"})
