"""Response headers every response carries (Content-Security-Policy and friends).

No script or style from anywhere but this origin; the only inline code allowed is the
shell's critical CSS, by its hash. A view may relax the policy for itself (door signs) by
setting its own Content-Security-Policy header, which is then left alone.
"""

from __future__ import annotations

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


def _style_hash(app: Flask) -> str | None:
    tree = assets.tree(app)
    if assets.INLINE_CSS not in tree.files:
        return None
    return assets.csp_hash(tree.text(assets.INLINE_CSS))


def init_app(app: Flask) -> None:
    @app.after_request
    def add_headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", policy(_style_hash(app)))
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        return response
