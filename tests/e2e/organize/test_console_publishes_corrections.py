"""The organizers' console (/organize) against the real server, with an attendee's phone
beside it (two browser contexts): offline corrections published exactly once, the clash
warning and "Publish anyway", conflicts, revert from the history."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.harness.browser import PHONE
from tests.harness.net import wait_for
from tests.harness.organizers import ADA, ENV, attendee, published, sign_in
from tests.harness.schedules import today_schedule


def choose(page, what: str) -> None:
    page.get_by_role("radio", name=what).check()


def test_move_made_offline_is_published_once_when_the_server_returns(browser, make_server, tmp_path) -> None:
    server = make_server(today_schedule(tmp_path), env=ENV)
    org_context = browser.new_context(viewport=PHONE)
    org = org_context.new_page()
    sign_in(org, server, path="/organize/correct?session=later")
    phone_context, phone = attendee(browser, server)
    choose(org, "Move to another room")
    org.get_by_label("Room", exact=True).select_option("main")
    org.get_by_label("Note for attendees (optional)").fill("bigger room")

    server.stop()  # the basement: no connection from here
    org.get_by_role("button", name="Check and publish the move").click()
    expect(org.get_by_text("No connection: the consequences cannot be checked now")).to_be_visible()
    org.get_by_role("button", name="Keep and send when online").click()
    expect(org.get_by_text("No connection: kept on this phone, waiting")).to_be_visible()
    queued = org.locator(".outbox .queued")
    expect(queued).to_have_count(1)
    expect(queued).to_contain_text("Waiting")
    expect(queued).to_contain_text("Move “Tomorrow Talk” to Main Room")

    server.start()  # back: the outbox sends it on its next try, with the same Idempotency-Key
    expect(org.locator(".outbox")).to_be_hidden(timeout=45000)
    wait_for(lambda: len(published(server)) == 1, 10)
    # Reopening the console (and the app) sends nothing again.
    org.reload()
    expect(org.get_by_text("Signed in as ada")).to_be_visible()
    org.goto(server.url + "/organize/history")
    expect(org.locator(".history li")).to_have_count(1)
    expect(org.locator(".history li")).to_contain_text("by ada")
    expect(org.locator(".history li")).to_contain_text("“bigger room”")
    stored = published(server)
    assert [(c["kind"], c["session"], c["after"]) for c in stored] == [("move", "later", {"room": "main"})]
    assert stored[0].get("by") == "ada"
    log = server.log_path.read_text(errors="replace")
    assert log.count("POST /api/v1/corrections HTTP") == 1  # one POST reached the server: stored

    card = phone.locator('[data-session="later"]')
    expect(card.locator(".badge")).to_have_text("New room", timeout=15000)
    expect(card.locator(".facts .room")).to_have_text("Main Room")
    org_context.close()
    phone_context.close()


def test_clash_is_shown_before_publishing_and_needs_publish_anyway(browser, make_server, tmp_path) -> None:
    server = make_server(today_schedule(tmp_path), env=ENV)
    context = browser.new_context(viewport=PHONE)
    org = context.new_page()
    org.goto(server.url + "/session/sidenow")
    expect(org.locator("main h1")).to_have_text("Side Workshop")
    expect(org.get_by_role("link", name="Correct this session")).to_have_count(0)  # not signed in
    sign_in(org, server, path="/session/sidenow")
    org.get_by_role("link", name="Correct this session").click()
    expect(org.locator("main h1")).to_have_text("Correct: Side Workshop")
    choose(org, "Move to another room")
    org.get_by_label("Room", exact=True).select_option("main")
    org.get_by_role("button", name="Check and publish the move").click()
    warning = org.locator(".clash-box")
    expect(warning).to_contain_text("Room double-booked")
    expect(warning).to_contain_text("Packed Keynote")
    expect(org.get_by_role("button", name="Publish", exact=True)).to_have_count(0)
    assert published(server) == []  # checking stored nothing
    org.get_by_role("button", name="Publish anyway").click()
    expect(org.get_by_text("Published as version")).to_be_visible()
    stored = published(server)
    assert [(c["kind"], c["session"]) for c in stored] == [("move", "sidenow")]
    context.close()


def test_session_changed_meanwhile_is_a_conflict_the_organizer_decides(
    browser, make_server, tmp_path
) -> None:
    server = make_server(today_schedule(tmp_path), env=ENV)
    context = browser.new_context(viewport=PHONE)
    org = context.new_page()
    sign_in(org, server, path="/organize/correct?session=later")
    choose(org, "Move to another room")
    org.get_by_label("Room", exact=True).select_option("main")
    server.stop()
    org.get_by_role("button", name="Check and publish the move").click()
    org.get_by_role("button", name="Keep and send when online").click()
    expect(org.locator(".outbox .queued")).to_contain_text("Waiting")
    # Another organizer, on the server itself, cancels the session meanwhile.
    server.publish_cli({"kind": "cancel", "session": "later"})
    server.start()
    queued = org.locator(".outbox .queued")
    expect(queued).to_contain_text("Changed meanwhile", timeout=45000)
    expect(queued).to_contain_text("status: was confirmed when you made this, now cancelled")
    assert [c["kind"] for c in published(server)] == ["cancel"]  # nothing overwritten
    org.get_by_role("button", name="Discard mine").click()
    expect(org.locator(".outbox")).to_be_hidden()
    assert [c["kind"] for c in published(server)] == ["cancel"]
    context.close()


def test_revert_from_the_history(browser, make_server, tmp_path) -> None:
    server = make_server(today_schedule(tmp_path), env=ENV)
    context = browser.new_context(viewport=PHONE)
    org = context.new_page()
    sign_in(org, server, path="/organize/correct?session=later")
    choose(org, "Cancel")
    org.get_by_label("Note for attendees (optional)").fill("speaker ill")
    org.get_by_role("button", name="Check and cancel it").click()
    org.get_by_role("button", name="Publish", exact=True).click()
    expect(org.get_by_text("Published as version")).to_be_visible()
    org.get_by_role("link", name="History").click()
    entry = org.locator(".history li").first
    expect(entry).to_contain_text("Cancelled")
    expect(entry).to_contain_text("“speaker ill”")
    expect(org.get_by_role("link", name="Side Room,")).to_be_visible()  # its door sign changed today
    org.get_by_role("button", name="Revert version 1").click()
    org.get_by_role("button", name="Publish", exact=True).click()
    expect(org.locator(".history li")).to_have_count(2)
    expect(org.locator(".history li").nth(1)).to_contain_text("Reverted by version 2")
    stored = published(server)
    assert [(c["kind"], c.get("reverts")) for c in stored] == [("cancel", None), ("revert", 1)]
    context.close()


def test_signing_out_forgets_the_token_and_it_never_reaches_urls_caches_or_logs(
    browser, make_server, tmp_path
) -> None:
    server = make_server(today_schedule(tmp_path), env=ENV)
    context = browser.new_context(viewport=PHONE)
    org = context.new_page()
    urls: list[str] = []
    context.on("request", lambda r: urls.append(r.url))
    sign_in(org, server, path="/organize/correct?session=later")
    choose(org, "Cancel")
    org.get_by_role("button", name="Check and cancel it").click()
    org.get_by_role("button", name="Publish", exact=True).click()
    expect(org.get_by_text("Published as version")).to_be_visible()
    cached = org.evaluate(
        """async () => {
          const out = [];
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const req of await cache.keys()) {
              out.push(req.url + " " + JSON.stringify([...req.headers]));
              out.push(await (await cache.match(req)).text());
            }
          }
          return out.join("\\n");
        }"""
    )
    assert "/assets/" in cached  # the caches were read
    assert ADA not in cached
    assert not [u for u in urls if ADA in u]
    assert ADA not in server.log_path.read_text(errors="replace")
    org.get_by_role("button", name="Sign out").click()
    expect(org.get_by_label("Organizer token")).to_be_visible()
    stored = org.evaluate("() => JSON.stringify({...localStorage}) + JSON.stringify({...sessionStorage})")
    assert ADA not in stored
    context.close()


def test_waiting_correction_is_sent_when_the_app_is_next_opened_on_any_page(
    browser, make_server, tmp_path
) -> None:
    server = make_server(today_schedule(tmp_path), env=ENV)
    context = browser.new_context(viewport=PHONE)
    org = context.new_page()
    sign_in(org, server, path="/organize/correct?session=later")
    choose(org, "Cancel")
    server.stop()
    org.get_by_role("button", name="Check and cancel it").click()
    org.get_by_role("button", name="Keep and send when online").click()
    expect(org.locator(".outbox .queued")).to_contain_text("Waiting")
    org.close()  # the app is closed with the correction kept on the phone

    server.start()
    page = context.new_page()
    page.goto(server.url + "/?day=all&poll=1")  # the attendee schedule, not the console
    expect(page.locator('[data-session="later"] .flag')).to_have_text("Cancelled", timeout=45000)
    assert [c["kind"] for c in published(server)] == ["cancel"]
    wait_for(lambda: page.evaluate("() => localStorage.getItem('hallway.organizer.outbox.v1')") == "[]", 10)
    context.close()
