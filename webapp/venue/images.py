"""An organizer's raster floor plan (PNG, JPEG, or a page of a PDF), decoded and written anew.

Nothing uploaded is ever kept as sent: the pixels are decoded with the one decoder its type
names (a PNG body that is really a TIFF is refused), bounded, and encoded again with none of
the file's metadata (EXIF with a phone's GPS position, ICC profiles, text chunks). The size is
read from the header and refused past MAX_PIXELS before anything is decoded, so a small file
that claims 100 megapixels costs nothing. Pure: bytes in, bytes out.
"""

from __future__ import annotations

import hashlib
import io
import re
import warnings
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageOps

MAX_PIXELS = 50_000_000  # what the header may claim; past it the image is never decoded
MAX_SIDE = 4096  # the longest side kept: a phone zooms 6x at most (floor-svg.js MAX_SCALE)
MAX_PDF_PAGES = 500
PDF_DPI_CAP = 600  # a page is rendered no sharper than this, then bounded by MAX_SIDE
# The decoder each accepted type is read with, and nothing else.
FORMATS = {"image/png": "PNG", "image/jpeg": "JPEG"}
PDF = "application/pdf"
LOSSLESS_COLOURS = 65_536
# The only names the server gives the plans it writes (webapp/venue/store.py keeps them).
WRITTEN = re.compile(r"^plan-([0-9a-f]{16})\.(webp|svg)$")


class ImageError(ValueError):
    """An upload that is not a usable floor plan; the message is for the organizer."""


@dataclass(frozen=True)
class Plan:
    name: str  # plan-<sha256 prefix>.<ext>: named by its content, so a name is never reused
    body: bytes
    width: int
    height: int
    content_type: str


def reencode(data: bytes, content_type: str, page: int = 1) -> Plan:
    """The plan to store for an upload of `content_type`; `page` (from 1) of a PDF."""
    if content_type == PDF:
        image = _pdf_page(data, page)
    elif content_type in FORMATS:
        image = _decode(data, FORMATS[content_type])
    else:
        raise ImageError(f"{content_type or 'no type'} is not an accepted plan (PNG, JPEG, SVG or PDF)")
    image.thumbnail((MAX_SIDE, MAX_SIDE), Image.Resampling.LANCZOS)
    # A JPEG has lost detail already: kept losslessly, its artefacts cost more than the plan.
    return _encode(image, lossless=content_type != "image/jpeg")


def size_of(folder: Path, name: str) -> tuple[int, int]:
    """The pixel size of a plan the server wrote in `folder`, from its header; OSError for any
    other file (a name it never gives, missing, unreadable)."""
    if not WRITTEN.match(name) or name.endswith(".svg"):
        raise OSError(
            "not a plan the server wrote: upload it (the venue editor, or POST /api/v1/venue/images)"
        )
    try:
        with Image.open(folder / name, formats=["WEBP"]) as image:
            return image.size
    except (ValueError, SyntaxError) as exc:
        raise OSError(f"not a readable plan image ({exc})") from None


def _decode(data: bytes, fmt: str) -> Image.Image:
    try:
        with warnings.catch_warnings():
            # Pillow warns past its own limit (ours, below, is lower) and refuses past twice it.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            opened = Image.open(io.BytesIO(data), formats=[fmt])
            width, height = opened.size  # from the header: nothing decoded yet
            if width * height > MAX_PIXELS:
                raise ImageError(
                    f"the image is {width} x {height} pixels ({width * height / 1e6:.0f} megapixels); "
                    f"at most {MAX_PIXELS // 1_000_000} megapixels are accepted"
                )
            if fmt == "JPEG":
                opened.draft("RGB", (MAX_SIDE, MAX_SIDE))  # a large JPEG decoded at a fraction of its size
            opened.load()  # a truncated file fails here (LOAD_TRUNCATED_IMAGES stays off)
            image = ImageOps.exif_transpose(opened)  # a phone's photo of a plan kept upright
    except ImageError:
        raise
    except Image.DecompressionBombError:
        limit = MAX_PIXELS // 1_000_000
        raise ImageError(f"the image claims far more pixels than the {limit} megapixels accepted") from None
    except (OSError, ValueError, SyntaxError, EOFError) as exc:
        raise ImageError(f"not a readable {fmt} image ({exc})") from None
    return _plain(image)


def _pdf_page(data: bytes, page: int) -> Image.Image:
    import pypdfium2 as pdfium  # only an upload of a PDF needs it

    try:
        pdf = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        raise ImageError(f"not a readable PDF ({exc})") from None
    try:
        count = len(pdf)
        if count > MAX_PDF_PAGES:
            raise ImageError(f"the PDF has {count} pages; at most {MAX_PDF_PAGES} are accepted")
        if not 1 <= page <= count:
            raise ImageError(f"page {page} does not exist: the PDF has {count} page(s)")
        sheet = pdf[page - 1]
        width, height = sheet.get_size()  # in points, 72 to the inch
        if not (width > 0 and height > 0):
            raise ImageError(f"page {page} has no size")
        scale = min(PDF_DPI_CAP / 72, MAX_SIDE / max(width, height))
        try:
            return _plain(sheet.render(scale=scale, fill_color=(255, 255, 255, 255)).to_pil())
        except pdfium.PdfiumError as exc:
            raise ImageError(f"page {page} could not be drawn ({exc})") from None
    finally:
        pdf.close()


def _plain(image: Image.Image) -> Image.Image:
    """The pixels alone, in a mode the encoders take: no info, EXIF, ICC or text carried over."""
    if image.mode == "P":
        image = image.convert("RGBA" if "transparency" in image.info else "RGB")
    elif image.mode not in ("L", "LA", "RGB", "RGBA"):
        image = image.convert("RGBA" if image.mode.endswith("A") else "RGB")
    if image.mode in ("LA", "RGBA") and image.getextrema()[-1][0] == 255:
        image = image.convert(image.mode[:-1])  # an alpha channel that hides nothing
    plain = Image.new(image.mode, image.size)
    plain.paste(image)
    return plain


def _encode(image: Image.Image, lossless: bool) -> Plan:
    """WebP: lossless for a drawing (up to 65,536 colours: lines, fills, antialiased text),
    lossy for a scan, a photo or anything sent as JPEG. On a 4096 x 2800 drawing it was 108 KB
    against 183 KB as a palette PNG and 353 KB as a plain one (docs/venue.md)."""
    out = io.BytesIO()
    if lossless and image.getcolors(LOSSLESS_COLOURS) is not None:
        image.save(out, "WEBP", lossless=True, quality=80, method=4)
    else:
        image.save(out, "WEBP", quality=80, method=4)
    body = out.getvalue()
    name = f"plan-{hashlib.sha256(body).hexdigest()[:16]}.webp"
    return Plan(name, body, image.width, image.height, "image/webp")
