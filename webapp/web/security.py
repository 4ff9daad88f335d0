"""Response headers every response carries (Content-Security-Policy and friends).

No script or style from anywhere but this origin; the only inline code allowed is the
shell's critical CSS, by its hash. A view may relax the policy for itself (door signs) by
setting its own Content-Security-Policy header, which is then left alone.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, Response

from . import assets

BASE_POLICY = (
    "default-src 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
)
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(self), geolocation=(), microphone=()",
}


def policy(style_hash: str | None) -> str:
    parts = list(BASE_POLICY)
    if style_hash:
        parts.append(f"style-src 'self' {style_hash}")
    return "; ".join(parts)


def style_hash(tree: assets.AssetTree) -> str | None:
    """The CSP source of the shell's inline style, None for a tree without one."""
    if assets.INLINE_CSS not in tree.files:
        return None
    return assets.csp_hash(tree.text(assets.INLINE_CSS))


def init_app(app: Flask, style: Callable[[], str | None]) -> None:
    """`style`: the inline style's CSP source for the tree served now (the runtime keeps it)."""

    @app.after_request
    def add_headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", policy(style()))
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        return response
