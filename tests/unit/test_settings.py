"""Every setting is declared once (webapp/settings.py) and documented in docs/settings.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from webapp import create_app, settings

SETTINGS_PAGE = (Path(__file__).parents[2] / "docs" / "settings.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("setting", settings.SETTINGS, ids=lambda s: s.name)
def test_every_setting_is_in_the_settings_page_with_its_help(setting):
    rows = [line for line in SETTINGS_PAGE.splitlines() if line.startswith(f"| `HALLWAY_{setting.name}` |")]
    assert len(rows) == 1, f"docs/settings.md needs one settings row for HALLWAY_{setting.name}"
    assert setting.help in rows[0]


def test_environment_overrides_defaults_and_test_config_overrides_both(monkeypatch, data_dir):
    monkeypatch.setenv("HALLWAY_CHANGES_LIMIT", "7")
    monkeypatch.setenv("HALLWAY_PUBLIC_URL", "https://env.example")
    app = create_app({"DATA_DIR": str(data_dir), "PUBLIC_URL": "https://test.example"})
    assert app.config["CHANGES_LIMIT"] == 7
    assert app.config["PUBLIC_URL"] == "https://test.example"


def test_a_malformed_number_in_the_environment_names_the_variable(monkeypatch):
    monkeypatch.setenv("HALLWAY_WRITE_RATE_LIMIT", "lots")
    with pytest.raises(ValueError, match="HALLWAY_WRITE_RATE_LIMIT"):
        settings.load()
