"""The shell names the server's public URL for the scanner, as data (a meta tag), never script; and
it is never painted half parsed."""

from __future__ import annotations

from bs4 import BeautifulSoup

from webapp import create_app

META = {"name": "hallway-public-url"}


def public_url_meta(app) -> list[str]:
    soup = BeautifulSoup(app.test_client().get("/").data, "html.parser")
    return [m["content"] for m in soup.find_all("meta", attrs=META)]


def test_the_shell_names_the_public_url_when_one_is_set(data_dir) -> None:
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "PUBLIC_URL": "https://example.org/conf"})
    assert public_url_meta(app) == ["https://example.org/conf"]


def test_without_a_public_url_the_shell_names_none(data_dir) -> None:
    assert public_url_meta(create_app({"TESTING": True, "DATA_DIR": str(data_dir)})) == []


def test_a_hostile_public_url_stays_an_attribute_value(data_dir) -> None:
    hostile = 'https://x.org/"><script>alert(1)</script>'
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "PUBLIC_URL": hostile})
    assert public_url_meta(app) == [hostile]
    assert b"<script>alert" not in app.test_client().get("/").data


def test_a_changed_public_url_builds_the_shell_again(data_dir) -> None:
    # The static export sets PUBLIC_URL to the site's address for its run.
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "PUBLIC_URL": "https://a.example"})
    assert public_url_meta(app) == ["https://a.example"]
    app.config["PUBLIC_URL"] = "https://b.example"
    assert public_url_meta(app) == ["https://b.example"]


def test_no_frame_is_painted_before_the_header_tabs_and_main_are_parsed(client) -> None:
    # A frame painted while the parser stopped inside the tabs showed "More" without its summary;
    # the tabs moved when the rest came; one painted inside <main> showed the header alone. The
    # head blocks rendering until an element after </main> is in the document (rel=expect lets
    # frames through at its target's start tag), and everything that could move the page
    # (header, tabs, banner) comes before <main>.
    soup = BeautifulSoup(client.get("/").data, "html.parser")
    expects = [link for link in soup.head.find_all("link") if link.get("rel") == ["expect"]]
    assert [(link["href"], link.get("blocking")) for link in expects] == [("#page-foot", "render")]
    main = soup.find(id="main")
    assert main is not None and main.name == "main"
    assert soup.find(id="page-foot") in main.find_all_next(id="page-foot")
    assert not main.find(id="page-foot")
    for above in ("header.top", "nav.tabs", "#changes-banner"):
        assert main in soup.select_one(above).find_all_next("main"), above
