"""static/js/features/qr/camera-scan.js with a fake camera: Chromium films a frame showing a
session's QR code.

Chromium on Linux has no BarcodeDetector, so these runs decode with the vendored jsQR.
"""

import io
import urllib.request

import pytest
from PIL import Image

from tests.harness.camera import camera_browser, write_y4m

DENIED = "Camera access was denied. Allow the camera for this site in the browser’s settings, then try again."
START_SCANNER = """async (name) => {
  const base = document.querySelector('script[src$="js/features/qr/door-signs.js"]').src;
  const scan = await import(base.replace(/door-signs\\.js$/, name));
  window.scanned = [];
  window.problems = [];
  window.scanner = scan.startScanner(document.body, {
    onText: (text) => window.scanned.push(text),
    onProblem: (message) => window.problems.push(message),
  });
  return await window.scanner.ready;
}"""


@pytest.fixture
def filmed(live_server, browser_type, browser_type_launch_args, tmp_path):
    """A page whose camera films the QR code the server made for session s1a2b3."""
    with urllib.request.urlopen(f"{live_server.url}/session/s1a2b3/qr.png", timeout=10) as resp:
        code = Image.open(io.BytesIO(resp.read()))
    browser = camera_browser(browser_type, browser_type_launch_args, write_y4m(tmp_path / "code.y4m", code))
    page = browser.new_page()
    page.goto(f"{live_server.url}/print")
    yield page
    browser.close()


def test_scanner_reads_a_session_code_from_the_camera_with_jsqr(live_server, filmed):
    fetched = []
    filmed.on("request", lambda r: fetched.append(r.url))
    assert filmed.evaluate("() => 'BarcodeDetector' in window") is False
    assert filmed.evaluate(START_SCANNER, "camera-scan.js") is True
    filmed.wait_for_function("() => window.scanned.length > 0", timeout=15000)
    assert filmed.evaluate("window.scanned") == [f"{live_server.url}/session/s1a2b3"]
    assert any(u.endswith("/vendor/jsqr/jsQR.js") for u in fetched)  # loaded on demand only now


def test_stopping_the_scanner_turns_the_camera_off(filmed):
    assert filmed.evaluate(START_SCANNER, "camera-scan.js") is True
    tracks = filmed.evaluate_handle("document.querySelector('video.scan-video').srcObject.getTracks()")
    assert filmed.evaluate("(tracks) => tracks.map((t) => t.readyState)", tracks) == ["live"]
    filmed.evaluate("window.scanner.stop(); window.scanner.stop()")
    assert filmed.evaluate("(tracks) => tracks.map((t) => t.readyState)", tracks) == ["ended"]
    assert filmed.evaluate("document.querySelector('video.scan-video')") is None


def test_barcode_detector_is_used_when_the_browser_has_one(live_server, filmed):
    fetched = []
    filmed.on("request", lambda r: fetched.append(r.url))
    filmed.evaluate("""() => {
      window.BarcodeDetector = class {
        static async getSupportedFormats() { return ['qr_code', 'ean_13']; }
        async detect(source) { return source.videoWidth ? [{ rawValue: 'from the native detector' }] : []; }
      };
    }""")
    assert filmed.evaluate(START_SCANNER, "camera-scan.js") is True
    filmed.wait_for_function("() => window.scanned.length > 0", timeout=15000)
    assert filmed.evaluate("window.scanned") == ["from the native detector"]
    assert not any("jsQR" in u for u in fetched)


def test_camera_denied_gets_a_clear_message(live_server, browser_type, browser_type_launch_args):
    # A camera, but no fake-UI flag and no permission granted: the prompt is refused.
    flags = [*browser_type_launch_args.get("args", []), "--use-fake-device-for-media-stream"]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": flags})
    try:
        page = browser.new_page()
        page.goto(f"{live_server.url}/print")
        assert page.evaluate(START_SCANNER, "camera-scan.js") is False
        assert page.evaluate("window.problems") == [DENIED]
        assert page.evaluate("document.querySelector('video.scan-video')") is None
    finally:
        browser.close()


def test_no_camera_at_all_gets_a_clear_message(live_server, page):
    page.goto(f"{live_server.url}/print")
    assert page.evaluate(START_SCANNER, "camera-scan.js") is False
    assert page.evaluate("window.problems") == ["No camera was found on this device."]


@pytest.mark.parametrize(
    ("error", "message"),
    [
        ("NotReadableError", "The camera is in use by another app. Close it, then try again."),
        ("TypeError", "The camera could not be started."),
    ],
)
def test_camera_absent_or_busy_gets_a_clear_message(live_server, page, error, message):
    page.goto(f"{live_server.url}/print")
    problems = page.evaluate(
        """async ([name, error]) => {
          const base = document.querySelector('script[src$="js/features/qr/door-signs.js"]').src;
          const scan = await import(base.replace(/door-signs\\.js$/, name));
          const problems = [];
          const mediaDevices = { getUserMedia: async () => { throw new DOMException('no', error); } };
          const started = await scan.startScanner(document.body, {
            onText: () => {}, onProblem: (m) => problems.push(m), mediaDevices }).ready;
          return { started, problems };
        }""",
        ["camera-scan.js", error],
    )
    assert problems == {"started": False, "problems": [message]}
