// Venue wall-clock time <-> instants, for the forms: an organizer types "14:30" meaning the
// venue's 14:30 on a venue day, whatever zone the phone is set to.

const formats = new Map();

function offsetMinutes(zone, ms) {
  if (!formats.has(zone)) {
    const opts = { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" };
    formats.set(zone, new Intl.DateTimeFormat("en-US", opts));
  }
  const parts = Object.fromEntries(formats.get(zone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60000);
}

// The instant of `hhmm` on venue day `day` ("2026-04-07", "14:30") in `zone`; null if malformed.
export function venueInstant(day, hhmm, zone) {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day || "");
  const t = /^(\d{2}):(\d{2})$/.exec(hhmm || "");
  if (!d || !t) return null;
  const guess = Date.UTC(+d[1], +d[2] - 1, +d[3], +t[1], +t[2]);
  let at = guess - offsetMinutes(zone, guess) * 60000;
  const again = guess - offsetMinutes(zone, at) * 60000; // across a DST change the first guess is off
  if (again !== at) at = again;
  return new Date(at);
}

const pad = (n) => String(Math.abs(n)).padStart(2, "0");

// "2026-04-07T14:30:00+02:00": the venue's wall clock with its offset, as the API takes it.
export function isoIn(date, zone) {
  const off = offsetMinutes(zone, date.getTime());
  const l = new Date(date.getTime() + off * 60000);
  const sign = off < 0 ? "-" : "+";
  return `${l.getUTCFullYear()}-${pad(l.getUTCMonth() + 1)}-${pad(l.getUTCDate())}T${pad(l.getUTCHours())}:${pad(l.getUTCMinutes())}:00${sign}${pad(Math.trunc(off / 60))}:${pad(off % 60)}`;
}

// "14:30" at the venue.
export function venueClock(date, zone) {
  return isoIn(date, zone).slice(11, 16);
}
