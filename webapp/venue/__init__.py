"""The venue plan: rooms on floors, their shapes, organizers' own SVG plans, and its CLI."""
