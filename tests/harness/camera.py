"""A camera for the scanner: Chromium's fake capture device, filming a one-frame video."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PIL import Image

FAKE_CAMERA = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]


def write_y4m(path: Path, picture: Image.Image) -> Path:
    """A one-frame 640x480 video (Chromium loops it) with `picture` in the middle on white."""
    frame = Image.new("L", (640, 480), 255)
    side = 360
    frame.paste(picture.convert("L").resize((side, side), Image.Resampling.NEAREST), ((640 - side) // 2, 60))
    chroma = bytes([128]) * (320 * 240)
    with path.open("wb") as out:
        out.write(b"YUV4MPEG2 W640 H480 F30:1 Ip A1:1 C420jpeg\nFRAME\n")
        out.write(frame.tobytes() + chroma + chroma)
    return path


def camera_browser(browser_type: Any, launch_args: dict[str, Any], video: Path) -> Any:
    """A browser of its own whose camera films `video`, the permission granted."""
    flags = [*launch_args.get("args", []), *FAKE_CAMERA, f"--use-file-for-fake-video-capture={video}"]
    return browser_type.launch(**{**launch_args, "args": flags})
