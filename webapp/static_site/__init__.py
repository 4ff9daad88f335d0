"""The whole attendee side written as plain files for a static host, rendered through the app's own views."""
