"""The versioned history of corrections and the schedule attendees are served with them applied."""
