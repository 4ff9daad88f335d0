"""Routes for the qr blueprint (thin: the work is in the domain modules)."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("qr", __name__)
