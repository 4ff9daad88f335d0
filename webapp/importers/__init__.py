"""One module per source format; each turns a source's text into schedule data."""
