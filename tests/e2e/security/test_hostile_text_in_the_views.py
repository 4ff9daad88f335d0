"""Text from the data is always text: markup in any field shows literally and never runs.
The shell has no inline script and every response carries the Content-Security-Policy."""

from __future__ import annotations

from bs4 import BeautifulSoup
from playwright.sync_api import expect

from tests.harness.schedules import mini, write

PAYLOAD = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'
VIEWS = ("/", "/?day=all&q=x", "/rooms", "/now?now=2026-04-07T09:20:00%2B02:00", "/speakers", "/my")


def watch(page) -> list[str]:
    problems: list[str] = []
    page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
    page.on("pageerror", lambda e: problems.append(f"error: {e}"))
    page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None)
    return problems


def test_markup_in_the_fixture_session_shows_literally(page, live_server) -> None:
    problems = watch(page)
    page.goto(live_server.url + "/session/s1a2b3")
    expect(page.locator("h1")).to_have_text("Opening <script>alert(1)</script>")
    text = page.locator(".text")
    expect(text.locator("p").first).to_have_text("Welcome <b>all</b>.")
    expect(text.locator("b")).to_have_count(0)
    link = text.get_by_role("link", name="https://example.org/x")
    expect(link).to_have_attribute("href", "https://example.org/x")
    expect(link).to_have_attribute("rel", "noopener noreferrer")
    page.goto(live_server.url + "/")
    expect(page.locator(".card h3").first).to_have_text("Opening <script>alert(1)</script>")
    assert problems == []


def test_script_in_every_field_never_runs(page, make_server, tmp_path) -> None:
    doc = mini()
    doc["event"]["name"] = "Con " + PAYLOAD
    doc["rooms"][0]["name"] = "Room " + PAYLOAD
    doc["tracks"][0]["name"] = "Track " + PAYLOAD
    doc["speakers"][0]["name"] = "Ada " + PAYLOAD
    doc["speakers"][0]["bio"] = "Bio " + PAYLOAD + " https://example.org/a?<b>x"
    doc["speakers"][0]["role"] = PAYLOAD
    doc["sessions"][1]["level"] = PAYLOAD
    doc["sessions"][1]["kind"] = PAYLOAD
    doc["sessions"][2]["title"] = "Keynote " + PAYLOAD
    doc["sessions"][2]["description"] = [PAYLOAD, "javascript:window.__pwned=1"]
    server = make_server(schedule=write(doc, tmp_path))
    problems = watch(page)
    page.goto(server.url + "/")
    page.evaluate("() => localStorage.setItem('hallway.stars.v1', JSON.stringify(['q4w5e6', 'k9x8y7']))")
    details = ("/session/q4w5e6", "/session/k9x8y7", "/speaker/ada-lovelace", "/rooms?day=2026-04-08")
    for path in (*VIEWS, *details):
        page.goto(server.url + path)
        expect(page.locator("main h1")).to_be_visible()
        assert page.evaluate("() => window.__pwned") is None, path
        assert page.locator("main img, main script").count() == 0, path
    page.goto(server.url + "/session/q4w5e6")
    expect(page.locator("h1")).to_have_text("Keynote " + PAYLOAD)
    expect(page.locator(".text a")).to_have_count(0)  # javascript: is never made a link
    page.goto(server.url + "/speaker/ada-lovelace")
    expect(page.locator("h1")).to_have_text("Ada " + PAYLOAD)
    expect(page.locator(".detail")).to_contain_text("Bio " + PAYLOAD)
    assert page.title().endswith("Con " + PAYLOAD)
    assert problems == []


def test_shell_has_no_inline_script_and_a_strict_policy(page, live_server) -> None:
    response = page.goto(live_server.url + "/session/k9x8y7")
    csp = response.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "unsafe-inline" not in csp and "http" not in csp
    soup = BeautifulSoup(response.text(), "html.parser")
    assert all(s.get("src") for s in soup.find_all("script"))
    assert not [a for tag in soup.find_all(True) for a in tag.attrs if a.startswith("on")]
    assert response.headers["x-content-type-options"] == "nosniff"
