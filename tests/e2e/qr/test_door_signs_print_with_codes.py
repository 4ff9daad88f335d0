"""Door signs and QR images in real Chromium: A4 PDFs, and codes that decode after rendering."""

import io

import pypdf
import zxingcpp
from PIL import Image

A4_POINTS = (595.28, 841.89)


def squash(text: str) -> str:
    """PDF text extraction breaks lines where the layout wraps: compare without whitespace."""
    return "".join(text.split())


def test_door_sign_prints_to_a4_pdf_with_room_and_sessions(live_server, page):
    problems = []
    page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None)
    page.on(
        "response", lambda r: problems.append(r.url) if r.status >= 400 and "favicon" not in r.url else None
    )
    resp = page.goto(f"{live_server.url}/print/room/main?day=2026-04-07")
    assert resp.status == 200
    pdf = pypdf.PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True, print_background=True)))
    for sheet in pdf.pages:
        width, height = float(sheet.mediabox.width), float(sheet.mediabox.height)
        assert abs(width - A4_POINTS[0]) < 1 and abs(height - A4_POINTS[1]) < 1
    text = squash("".join(p.extract_text() for p in pdf.pages))
    assert "MainRoom" in text
    assert "Opening<script>alert(1)</script>" in text
    assert "AdaLovelace" in text
    assert "09:00" in text and "CEST" in text
    assert "Alldoorsigns" not in text  # the screen-only toolbar stays off paper
    assert problems == []  # no CSP violation, no stylesheet or script missing


def test_print_all_puts_each_sign_on_its_own_page(live_server, page):
    page.goto(f"{live_server.url}/print/all")
    pdf = pypdf.PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True)))
    texts = [squash(p.extract_text()) for p in pdf.pages]
    assert len(texts) == 3
    assert ["MainRoom" in t for t in texts] == [True, True, False]
    assert "SideRoom" in texts[2] and "CompilingThings" in texts[2]


def decode_png(png: bytes) -> list[str]:
    return [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


def test_inline_code_on_a_sign_decodes_to_the_session_url(live_server, page):
    page.goto(f"{live_server.url}/print/room/side?day=2026-04-07")
    shot = page.locator("li.session figure svg").first.screenshot()
    assert decode_png(shot) == [f"{live_server.url}/session/k9x8y7"]


def test_session_svg_rendered_by_chromium_decodes_to_the_session_url(live_server, page):
    page.set_viewport_size({"width": 400, "height": 400})
    page.goto(f"{live_server.url}/session/q4w5e6/qr.svg")
    assert decode_png(page.screenshot()) == [f"{live_server.url}/session/q4w5e6"]
