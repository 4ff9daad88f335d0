// iCalendar files made on the device from the kept schedule, for when the server cannot be
// reached: the same entries as the server's (webapp/exports/ical.py), so a calendar that got
// one from either updates the same event. UID is the session id at the event's id; times are
// the venue's wall clock under its TZID, with a VTIMEZONE made from the outline's zone table
// (the server's tz database around the event), or UTC where a document has no table.
// SEQUENCE stays 0: how many corrections touched a session is the server's to count.
// No DOM, no network, no clock. Loaded on demand (webapp/web/bundle.py LAZY) by
// features/offline/needs-network.js when the worker found the server unreachable, and
// precached in the worker's second phase (webapp/views/sw.py LATER), so it costs the first
// screen nothing.

const PRODID = "-//Hallway//Conference schedule//EN";
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
const str = (v) => (typeof v === "string" && v ? v : null);
const two = (n) => String(n).padStart(2, "0");

// TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11).
export function escapeText(value) {
  return String(value).replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");
}

// One content line folded as the server's icalendar library folds it (parser._foldline, 7.x):
// at most 74 octets a line before the fold, never inside a UTF-8 character, and a backslash
// (or caret) that ends a piece moved to the next one so no escape is split; the same bytes as
// the server's file, not just an equal reading of it.
const octetsOf = (code) => (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4); // a lone surrogate: U+FFFD's 3
// A parameter's value as the server's library writes it: quoted when it holds , ; : or ',
// with a double quote (which a parameter cannot hold) made a single one.
function paramValue(value) {
  const plain = value.replace(/"/g, "'");
  return /[,;:']/.test(plain) ? `"${plain}"` : plain;
}

export function fold(line) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, from NUL, on purpose
  if (line.length < 75 && /^[\x00-\x7f]*$/.test(line)) return line; // most lines: nothing to count
  const out = [];
  let current = [];
  let octets = 0;
  for (const char of line) {
    const size = octetsOf(char.codePointAt(0));
    if (current.length && octets + size >= 75) {
      const last = current.length > 1 && (current.at(-1) === "\\" || current.at(-1) === "^") ? current.pop() : null;
      out.push(current.join(""));
      current = last === null ? [] : [last];
      octets = last === null ? 0 : 1;
    }
    current.push(char);
    octets += size;
  }
  out.push(current.join(""));
  return out.join("\r\n ");
}

// The zone table's offset (minutes) at `ms`, or null outside it.
function offsetAt(table, ms) {
  if (!table || ms >= table.until) return null;
  let found = null;
  for (const p of table.periods) if (p.from <= ms) found = p;
  return found ? found.offset : null;
}

function readTable(doc) {
  const zone = doc.zone;
  const name = str(doc.event?.timezone);
  if (!zone || zone.name !== name || !Array.isArray(zone.periods) || !zone.periods.length) return null;
  const until = Date.parse(zone.until);
  const periods = zone.periods
    .map((p) => ({ from: Date.parse(p?.from), offset: p?.offset, label: str(p?.label) || name }))
    .filter((p) => Number.isFinite(p.from) && Number.isInteger(p.offset));
  return Number.isFinite(until) && periods.length ? { name, until, periods } : null;
}

// "20260914T113000" of `ms` shifted by `offset` minutes (a wall clock), "...Z" when UTC.
function stamp(ms, offset = 0, utc = false) {
  const d = new Date(ms + offset * 60000);
  const text = `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}T${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
  return utc ? `${text}Z` : text;
}

const offsetText = (minutes) => `${minutes < 0 ? "-" : "+"}${two(Math.floor(Math.abs(minutes) / 60))}${two(Math.abs(minutes) % 60)}`;

// A VTIMEZONE of the table: one component per period, daylight where the offset is above the
// table's lowest (the zone's standard time).
function vtimezone(table) {
  const lowest = Math.min(...table.periods.map((p) => p.offset));
  const lines = ["BEGIN:VTIMEZONE", `TZID:${escapeText(table.name)}`];
  table.periods.forEach((p, i) => {
    const before = i ? table.periods[i - 1].offset : p.offset;
    const kind = p.offset > lowest ? "DAYLIGHT" : "STANDARD";
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${stamp(p.from, before)}`,
      `TZNAME:${escapeText(p.label)}`,
      `TZOFFSETFROM:${offsetText(before)}`,
      `TZOFFSETTO:${offsetText(p.offset)}`,
      `END:${kind}`,
    );
  });
  lines.push("END:VTIMEZONE");
  return lines;
}

// The words of the server's files in the event's language (the outline's `calendar_words`,
// webapp/exports/ical.py words()): only those that are not English come, so English is the default.
const ENGLISH_TITLES = { session: "{event}: {session}", room: "{event}: {room}", my: "{event}: my schedule" };
const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
function wordsOf(doc) {
  const given = isMap(doc.calendar_words) ? doc.calendar_words : {};
  const titles = isMap(given.titles) ? given.titles : {};
  return {
    cancelled: str(given.cancelled) || "CANCELLED",
    title: (key) => str(titles[key]) || ENGLISH_TITLES[key],
    kind: (kind) => (isMap(given.kinds) && str(given.kinds[kind])) || str(doc.kind_names?.[kind]) || kind,
  };
}

// `{name}` of `template` replaced once, as the server's translator fills it (a name holding
// "{room}" stays as written).
const fillIn = (template, values) => template.replace(/\{([A-Za-z0-9_]+)\}/g, (all, name) => (Object.hasOwn(values, name) ? String(values[name]) : all));

const named = (list) => new Map((Array.isArray(list) ? list : []).filter((x) => x && ID_RE.test(x.id) && str(x.name)).map((x) => [x.id, x]));

/**
 * The iCalendar text of `ids` (session ids; unknown ones skipped) from the schedule document
 * `doc` (the kept outline with its texts). `title`: the calendar's name; `appUrl`: where the
 * app lives; `now`: DTSTAMP and LAST-MODIFIED (ms); `alarmMinutes`: a reminder before each
 * session that is not cancelled, or null.
 */
export function calendarText(doc, ids, { title, appUrl, now, alarmMinutes = null }) {
  const wanted = new Set(ids);
  const rooms = named(doc.rooms);
  const tracks = named(doc.tracks);
  const speakers = named(doc.speakers);
  const event = doc.event || {};
  const table = readTable(doc);
  const words = wordsOf(doc);
  const base = String(appUrl).replace(/\/+$/, "");
  const chosen = (Array.isArray(doc.sessions) ? doc.sessions : [])
    .filter((s) => s && wanted.has(s.id) && str(s.title) && Number.isFinite(Date.parse(s.start)) && Number.isFinite(Date.parse(s.end)))
    .map((s) => ({ ...s, startMs: Date.parse(s.start), endMs: Date.parse(s.end) }))
    .sort((a, b) => a.startMs - b.startMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const zoned = table && chosen.every((s) => offsetAt(table, s.startMs) !== null && offsetAt(table, s.endMs) !== null);
  const when = (name, ms) => (zoned ? `${name};TZID=${table.name}:${stamp(ms, offsetAt(table, ms))}` : `${name}:${stamp(ms, 0, true)}`);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODID}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(String(title).split(/\s+/).filter(Boolean).join(" "))}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
    `X-WR-TIMEZONE:${escapeText(str(event.timezone) || "UTC")}`,
  ];
  if (zoned && chosen.length) lines.push(...vtimezone(table));
  const dtstamp = stamp(now, 0, true);
  for (const s of chosen) {
    const url = `${base}/session/${s.id}`;
    const room = rooms.get(s.room);
    const track = tracks.get(s.track);
    const people = (Array.isArray(s.speakers) ? s.speakers : []).map((id) => speakers.get(id)).filter((p) => p?.name);
    const names = people.map((p) => p.name);
    const cancelled = s.status === "cancelled";
    const description = [cancelled && words.cancelled, names.length && names.join(", "), ...(Array.isArray(s.description) ? s.description.filter(str) : []), url].filter(Boolean);
    const location = [room?.name, str(event.venue), str(event.city)].filter(Boolean).join(", ");
    // The kind by its name in the event's language, as the server's file says it
    // (webapp/domain/kinds.py's, translated); the raw word stays in X-HALLWAY-KIND below.
    const kindName = str(s.kind) && words.kind(s.kind);
    const categories = [kindName, track?.name].filter(Boolean);
    lines.push(
      "BEGIN:VEVENT",
      `SUMMARY:${escapeText(s.title)}`,
      when("DTSTART", s.startMs),
      when("DTEND", s.endMs),
      `DTSTAMP:${dtstamp}`,
      `UID:${s.id}@${event.id}`,
      "SEQUENCE:0",
      categories.length && `CATEGORIES:${categories.map(escapeText).join(",")}`,
      `DESCRIPTION:${escapeText(description.join("\n\n"))}`,
      `LAST-MODIFIED:${dtstamp}`,
      location && `LOCATION:${escapeText(location)}`,
      `STATUS:${cancelled ? "CANCELLED" : "CONFIRMED"}`,
      `URL:${url}`,
      // The server's library writes the rest in the order of their names.
      str(s.kind) && `X-HALLWAY-KIND:${escapeText(s.kind)}`,
      room && `X-HALLWAY-ROOM:${escapeText(room.name)}`,
      // The id tells apart two people whose names differ only in case ("bi3n3", "Bi3n3").
      ...people.map((p) => `X-HALLWAY-SPEAKER;X-ID=${paramValue(String(p.id))}:${escapeText(p.name)}`),
      track && `X-HALLWAY-TRACK:${escapeText(track.name)}`,
      str(s.url) && `X-HALLWAY-URL:${escapeText(s.url)}`,
    );
    if (Number.isInteger(alarmMinutes) && !cancelled) {
      lines.push("BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${escapeText(s.title)}`, `TRIGGER:-PT${alarmMinutes}M`, "END:VALARM");
    }
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.filter(Boolean).map(fold).join("\r\n") + "\r\n";
}

const SESSION_FILE = /^\/session\/([A-Za-z0-9_-]{1,64})\.ics$/;
const ROOM_FILE = /^\/room\/([A-Za-z0-9_-]{1,64})\.ics$/;
const MOST_STARRED = 500; // as the server's /my.ics
const byId = (list, id) => (Array.isArray(list) ? list : []).find((x) => x && x.id === id) || null;

// Which sessions a calendar address (a URL) asks for, with the file's title and name, as the
// server's routes (webapp/views/exports.py) answer it; null when `doc` cannot (an unknown
// session or room, a malformed list).
export function fileOf(url, doc) {
  const event = doc.event || {};
  const { title } = wordsOf(doc);
  const all = Array.isArray(doc.sessions) ? doc.sessions.filter((s) => s && typeof s.id === "string") : [];
  let found = SESSION_FILE.exec(url.pathname);
  if (found) {
    const session = byId(all, found[1]);
    return session && { ids: [session.id], title: fillIn(title("session"), { event: event.name, session: session.title }), name: `${event.id}-${session.id}.ics` };
  }
  found = ROOM_FILE.exec(url.pathname);
  if (found) {
    const room = byId(doc.rooms, found[1]);
    return room && { ids: all.filter((s) => s.room === room.id).map((s) => s.id), title: fillIn(title("room"), { event: event.name, room: room.name }), name: `${event.id}-room-${room.id}.ics` };
  }
  if (url.pathname === "/my.ics") {
    const ids = (url.searchParams.get("s") || "").split(",").map((id) => id.trim()).filter(Boolean);
    if (!url.searchParams.has("s") || ids.length > MOST_STARRED || !ids.every((id) => ID_RE.test(id))) return null;
    return { ids, title: fillIn(title("my"), { event: event.name }), name: `${event.id}-my.ics` };
  }
  if (url.pathname === "/schedule.ics") return { ids: all.map((s) => s.id), title: event.name, name: `${event.id}.ics` };
  return null;
}

// Minutes of ?alarm=, as the server reads them; undefined when malformed.
function alarmOf(url) {
  const text = url.searchParams.get("alarm");
  if (text === null || text === "") return null;
  return /^[0-9]{1,4}$/.test(text) && Number(text) <= 24 * 60 ? Number(text) : undefined;
}

// The file the server would send for `url`: {name, text}, or null when this copy cannot make it.
export function calendarFile(url, doc, { appUrl, now }) {
  const file = fileOf(url, doc);
  const alarmMinutes = alarmOf(url);
  if (!file || alarmMinutes === undefined) return null;
  const text = calendarText(doc, file.ids, { title: file.title, appUrl, now, alarmMinutes });
  return { name: file.name.replace(/[^A-Za-z0-9._-]/g, "_"), text };
}
