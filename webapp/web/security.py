"""Response headers every response carries (Content-Security-Policy and friends).

No script or style from anywhere but this origin; the only inline code allowed is the
shell's critical CSS, by its hash. A view may relax the policy for itself (door signs) by
setting its own Content-Security-Policy header, which is then left alone.

Strict-Transport-Security goes with every answer over https (the request's scheme, as a trusted
proxy forwards it: HALLWAY_PROXY_HOPS), or when HALLWAY_PUBLIC_URL is https (a proxy that does
not say its scheme): a browser then never asks the site over plain http for a year, where a
network could answer in its place. Over http a browser ignores it (RFC 6797, 8.1).
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, Response, request

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
# A year, this host only: subdomains may be other services, not all of them on https.
HSTS = ("Strict-Transport-Security", "max-age=31536000")


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
        if request.is_secure or (app.config.get("PUBLIC_URL") or "").startswith("https://"):
            response.headers.setdefault(*HSTS)
        return response
