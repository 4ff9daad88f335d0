"""webapp.exports.qr: codes decoded by an independent reader (zxing-cpp), not by `qrcode` itself."""

import io
import re

import cairosvg
import pytest
import zxingcpp
from PIL import Image

from webapp.exports import qr

URLS = [
    "http://127.0.0.1:5000/session/s1a2b3",
    "https://schedule.example.org/session/Ab_9-xY",
    "https://schedule.example.org/share?s=" + "k9x8y7.q4w5e6." * 20,
]


def decode(image: Image.Image) -> list[str]:
    return [r.text for r in zxingcpp.read_barcodes(image) if r.format == zxingcpp.BarcodeFormat.QRCode]


@pytest.mark.parametrize("url", URLS)
def test_png_decodes_to_the_url(url):
    image = Image.open(io.BytesIO(qr.png_bytes(url)))
    assert image.format == "PNG"
    assert decode(image) == [url]


@pytest.mark.parametrize("url", URLS)
def test_svg_rasterised_decodes_to_the_url(url):
    png = cairosvg.svg2png(bytestring=qr.svg_bytes(url), output_width=400, output_height=400)
    assert decode(Image.open(io.BytesIO(png))) == [url]


def test_svg_is_one_path_without_script_or_style():
    markup = qr.svg_markup(URLS[0])
    assert markup.startswith("<svg ") and markup.endswith("</svg>")
    assert markup.count("<path") == 1
    assert not re.search(r"<script|style=|href|\son\w+=", markup)


def test_svg_is_much_smaller_than_one_square_per_module():
    import qrcode
    import qrcode.image.svg

    theirs = qrcode.make(URLS[0], image_factory=qrcode.image.svg.SvgPathImage).to_string()
    assert len(qr.svg_bytes(URLS[0])) < len(theirs) * 0.6


def test_code_keeps_the_quiet_zone_light():
    rows = qr.matrix(URLS[0])
    border = qr.BORDER
    assert not any(rows[y][x] for y in range(border) for x in range(len(rows)))
    assert not any(row[x] for row in rows for x in range(border))
    assert rows[border][border]  # the finder pattern's corner


def test_same_url_gives_identical_bytes():
    assert qr.png_bytes(URLS[1]) == qr.png_bytes(URLS[1])
    assert qr.svg_bytes(URLS[1]) == qr.svg_bytes(URLS[1])


@pytest.mark.parametrize("text", ["", "x" * (qr.MAX_TEXT_LENGTH + 1)])
def test_empty_or_overlong_text_is_refused(text):
    with pytest.raises(qr.QRTextError):
        qr.svg_bytes(text)
