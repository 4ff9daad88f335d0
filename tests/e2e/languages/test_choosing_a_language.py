"""Choosing the app's language in Chromium against the real server: the browser's languages,
the switch in More, ?hl= in the address, the choice kept on the device (a bad kept value
ignored), switching offline to a language already fetched and to one never fetched; <html lang>
and dir follow."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.harness.browser import before_the_event, phone, wait_controlled, wait_resolved
from webapp.i18n import catalogs, client


def catalog_of(lang: str) -> dict:
    po = catalogs.read_catalog(catalogs.po_path(lang, "app"), lang)
    return client.catalog_file(lang, client.messages(po))


TABS = "nav.tabs > a"


def test_the_browsers_language_is_taken(browser, live_server) -> None:
    page = phone(browser, locale="fr-FR")
    page.goto(live_server.url + "/now")
    expect(page.locator("main h1")).to_have_text("En cours et à suivre")
    expect(page.locator(TABS)).to_have_text(["Programme", "En cours", "Salles", "Favoris"])
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.context.close()


def test_the_switch_in_more_changes_the_page_and_is_kept_on_the_device(browser, live_server) -> None:
    page = phone(browser, locale="en-GB")
    page.goto(live_server.url + "/now")
    expect(page.locator("main h1")).to_have_text("Now and next")
    page.locator("#more-menu summary").click()
    page.get_by_role("link", name="Deutsch").click()
    expect(page.locator("main h1")).to_have_text("Jetzt und danach")
    expect(page.locator(TABS)).to_have_text(["Programm", "Jetzt", "Räume", "Mein Plan"])
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#tz-toggle")).to_contain_text("Ortszeit")
    assert page.url == live_server.url + "/now"  # a choice, kept on the device: not an address's ?hl=
    page.reload()
    expect(page.locator("main h1")).to_have_text("Jetzt und danach")
    # The server writes the shell in it too (the app's cookie): German before any script runs.
    shell = page.request.get(live_server.url + "/now").text()
    assert '<html lang="de"' in shell
    page.context.close()


def test_the_address_chooses_for_one_visit_and_is_not_kept(browser, live_server) -> None:
    page = phone(browser, locale="en-GB")
    page.goto(live_server.url + "/now?hl=es")
    expect(page.locator("main h1")).to_have_text("Ahora y a continuación")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.goto(live_server.url + "/now")
    expect(page.locator("main h1")).to_have_text("Now and next")
    page.context.close()


def starred_phone(browser, server, locale: str):
    """A phone whose browser speaks `locale`, with one session starred on the schedule."""
    page = phone(browser, locale=locale)
    page.goto(server.url + "/?day=all")
    star = page.locator('button[data-star="q4w5e6"]').first
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")
    return page


def test_a_bad_kept_language_is_ignored_and_loses_nothing(browser, live_server) -> None:
    page = starred_phone(browser, live_server, "de-DE")
    page.evaluate("localStorage.setItem('hallway.lang.v1', '<script>')")
    page.goto(live_server.url + "/my")
    expect(page.locator("html")).to_have_attribute("lang", "de")  # the browser's, as if none were kept
    expect(page.locator(".card h3")).to_have_text(["Day Two Keynote"])
    page.context.close()


def test_switching_offline_to_a_fetched_language_works_and_to_another_says_so(profile, live_server) -> None:
    page = profile.new_page()
    before_the_event(page)
    page.goto(live_server.url + "/now")
    expect(page.locator("main h1")).to_have_text("Now and next")
    wait_controlled(page)
    page.locator("#more-menu summary").click()
    page.get_by_role("link", name="Français").click()
    expect(page.locator("main h1")).to_have_text("En cours et à suivre")
    page.locator("#more-menu summary").click()
    page.get_by_role("link", name="English").click()
    expect(page.locator("main h1")).to_have_text("Now and next")
    # The worker keeps the French catalog once chosen: wait for it, bounded, before going offline.
    wait_resolved(
        page,
        """async () => (await caches.keys()).length > 0 &&
             (await Promise.all((await caches.keys()).map(async (n) => (await (await caches.open(n)).keys())
               .some((r) => r.url.endsWith("/i18n/fr.json"))))).some(Boolean)""",
        timeout=20,
    )
    live_server.stop()

    page.locator("#more-menu summary").click()
    page.get_by_role("link", name="Español").click()
    expect(page.locator("#toasts")).to_contain_text("Español is not on this phone yet")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.locator("#more-menu summary").click()
    page.get_by_role("link", name="Français").click()
    expect(page.locator("main h1")).to_have_text("En cours et à suivre")
    expect(page.locator("html")).to_have_attribute("lang", "fr")

    # A cold start offline speaks the language chosen, the shell's words too.
    profile.reopen()
    again = profile.new_page()
    before_the_event(again)
    again.goto(live_server.url + "/now")
    expect(again.locator("main h1")).to_have_text("En cours et à suivre")
    expect(again.locator(TABS)).to_have_text(["Programme", "En cours", "Salles", "Favoris"])


def test_a_right_to_left_pseudo_locale_turns_the_page(browser, live_server) -> None:
    page = phone(browser)
    page.goto(live_server.url + "/now?hl=ar-XB")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("main h1")).to_have_text("\u202eNow and next\u202c")
    page.context.close()


def test_a_shared_link_carries_the_sharers_language_and_opens_in_it(browser, live_server) -> None:
    page = starred_phone(browser, live_server, "es-ES")
    page.goto(live_server.url + "/share")
    link = page.locator("input.share-link").input_value()
    assert link == live_server.url + "/share?s=q4w5e6&hl=es"
    other = phone(browser, locale="de-DE")
    other.goto(link)
    expect(other.locator("html")).to_have_attribute("lang", "es")
    page.context.close()
    other.context.close()


def test_a_bad_language_in_a_share_link_is_left_out(app_modules) -> None:
    links = app_modules.evaluate(
        """async () => {
          const mod = await import(document.body.dataset.assets + "js/features/qr/share-links.js");
          return ["fr", "<b>", null].map((lang) => mod.encodeShare(["a1"], "https://x.example", lang).url);
        }"""
    )
    assert links == [
        "https://x.example/share?s=a1&hl=fr",
        "https://x.example/share?s=a1",
        "https://x.example/share?s=a1",
    ]


def test_the_worker_writes_in_the_language_the_page_chose(app_modules) -> None:
    said = app_modules.evaluate(
        """async (catalog) => {
          const base = document.body.dataset.assets;
          const speak = await import(base + "js/features/language/worker-language.js");
          const i18n = await import(base + "js/data/i18n.js");
          await (await caches.open("hallway-data")).put(speak.LANGUAGE_RECORD, new Response("fr"));
          const kept = await caches.open("hallway-test");
          await kept.put(base + "i18n/fr.json", new Response(JSON.stringify(catalog)));
          await speak.speakChosenLanguage();
          const french = [i18n.language(), i18n.relativeMinutes(5)];
          await (await caches.open("hallway-data")).put(speak.LANGUAGE_RECORD, new Response("es"));
          await speak.speakChosenLanguage();  // Spanish chosen but its catalog never kept: English
          return [...french, i18n.language()];
        }""",
        catalog_of("fr"),
    )
    assert said == ["fr", "dans 5\xa0min", "en"]
