"""The HTTP face of the app: thin blueprints, and the HTML shell and service worker they serve."""
