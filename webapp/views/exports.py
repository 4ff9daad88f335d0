"""Routes for the exports blueprint (thin: the work is in the domain modules)."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("exports", __name__)
