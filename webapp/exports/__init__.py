"""Everything written for other readers: frab XML/JSON, iCalendar, QR codes, door signs."""
