// Times in the venue's zone by default, or the device's; always labelled.
//
// The venue's clock, day and zone name come from the table of its UTC offsets the outline
// carries (the server's tz database, around the event): Intl's start-up costs a cheap phone a
// fifth of a second, which the first screen then does not pay. Outside the table, for the
// device's zone, or with no table (an older document), Intl answers.

import { now } from "./clock.js";
import { catalogVersion, formatDay, formatDuration, formatTime, writtenHour } from "./i18n.js";

const KEY = "hallway.tz.v1";
const formats = new Map();
let venueZone = "UTC";
let table = null; // { until: ms, periods: [{ from: ms, offset: minutes, label }] }
let useDevice = false;

function fmt(options) {
  const zone = currentZone();
  const key = zone + JSON.stringify(options);
  if (!formats.has(key)) formats.set(key, formatter(zone, options));
  return formats.get(key);
}

function formatter(zone, options, locale = "en-GB") {
  try {
    return new Intl.DateTimeFormat(locale, { timeZone: zone, ...options });
  } catch {
    return new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options }); // an unknown zone name must not break the app
  }
}

export function deviceZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

// `given`: the outline's zone table ({name, until, periods: [{from, offset, label}]}); one
// that is not for `zone` or not well formed is ignored, and Intl answers instead.
export function setVenueZone(zone, given = null) {
  venueZone = zone;
  table = readTable(zone, given);
  try {
    useDevice = localStorage.getItem(KEY) === "device";
  } catch {
    useDevice = false;
  }
}

function readTable(zone, given) {
  if (!given || given.name !== zone || !Array.isArray(given.periods) || !given.periods.length || given.periods.length > 1000) {
    return null;
  }
  const until = Date.parse(given.until);
  const periods = [];
  for (const p of given.periods) {
    const from = Date.parse(p && p.from);
    const label = p && p.label;
    if (!(from < until) || (periods.length && from <= periods.at(-1).from)) return null;
    if (!Number.isInteger(p.offset) || Math.abs(p.offset) > 18 * 60 || typeof label !== "string" || !label || label.length > 16) return null;
    periods.push({ from, offset: p.offset, label });
  }
  return { until, periods };
}

// The venue's offset and name at `ms` from the table, or null outside it.
function venuePeriod(ms, known = table) {
  if (!known || !(ms >= known.periods[0].from && ms < known.until)) return null;
  let found = null;
  for (const p of known.periods) {
    if (p.from > ms) break;
    found = p;
  }
  return found;
}

// The period of the zone shown, when the table knows it.
function shownPeriod(ms) {
  return useDevice ? null : venuePeriod(ms);
}


export function usingDevice() {
  return useDevice;
}

export function setUseDevice(value) {
  useDevice = Boolean(value);
  try {
    localStorage.setItem(KEY, useDevice ? "device" : "venue");
  } catch {
    // Not remembered across reloads; the switch still works for this visit.
  }
}

export function currentZone() {
  return useDevice ? deviceZone() : venueZone;
}

export function zoneLabel(at = now()) {
  const known = shownPeriod(+at);
  if (known) return known.label;
  const part = fmt({ timeZoneName: "short" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part ? part.value : currentZone();
}

// The list's hot path (three times per card, and Intl formatting is slow on a slow phone):
// each zone keeps its formatter and the times it has formatted; an event has a few hundred.
// Written as the language taken writes a time (data/i18n.js: "09:30", "9:30 am"); Intl only
// finds the hour and minute in a zone outside the table.
const clockTimes = new Map(); // zone and catalog -> { format, done: Map(ms -> "09:30") }
export function time(date) {
  const known = shownPeriod(+date);
  if (known) {
    const local = new Date(+date + known.offset * 60000);
    return formatTime(local.getUTCHours(), local.getUTCMinutes());
  }
  const zone = currentZone();
  const key = `${zone} ${catalogVersion()}`;
  let clock = clockTimes.get(key);
  if (!clock) {
    clock = { format: fmt({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }), done: new Map() };
    clockTimes.set(key, clock);
  }
  const ms = +date; // a Date or its milliseconds, as Intl takes either
  let text = clock.done.get(ms);
  if (text === undefined) {
    const parts = clock.format.formatToParts(date);
    const part = (type) => Number(parts.find((p) => p.type === type)?.value);
    text = formatTime(part("hour") % 24, part("minute"));
    if (clock.done.size < 5000) clock.done.set(ms, text); // bounded: "now" is a new moment each time
  }
  return text;
}

// The hour of `date`'s time as time() writes it (13, or 1 on a 12-hour clock): the count of a
// message that says "at {time}" (data/i18n.js, writtenHour).
export function clockHour(date) {
  const known = shownPeriod(+date);
  if (known) return writtenHour(new Date(+date + known.offset * 60000).getUTCHours());
  return writtenHour(Number(fmt({ hour: "2-digit", hourCycle: "h23" }).format(date)) % 24);
}

// The whole hours of the zone shown, from the last one at or before `from` to the first at or
// after `to` (ms). A zone may sit 30 or 45 minutes off UTC (India, Nepal), so whole hours are
// found among UTC's quarter hours rather than assumed to be UTC's own.
export function wholeHours(from, to) {
  const quarter = 15 * 60000;
  const whole = (t) => {
    const known = shownPeriod(t);
    if (!known) return Number(fmt({ minute: "2-digit" }).format(t)) === 0;
    return (((Math.floor(t / 60000) + known.offset) % 60) + 60) % 60 === 0;
  };
  let t = Math.floor(from / quarter) * quarter;
  for (let i = 0; i < 8 && !whole(t); i++) t -= quarter;
  const hours = [t];
  while (hours.at(-1) < to) {
    let next = hours.at(-1) + quarter;
    for (let i = 0; i < 8 && !whole(next); i++) next += quarter;
    hours.push(next);
  }
  return hours;
}

// A venue day ("2026-04-07") by name in the language taken ("Tuesday 7 April", "Tue 7 Apr",
// "mardi 7 avril"): from the catalog's CLDR data (data/i18n.js), so no Intl start-up is involved.
export function dayLabel(day, style = "long") {
  return formatDay(day, style);
}

// The calendar day in the venue's zone, as YYYY-MM-DD: days belong to the venue.
const venueDays = new Map();
export function venueDay(date) {
  return dayIn(venueZone, table, date);
}

function dayIn(zone, known, date) {
  const period = venuePeriod(+date, known);
  if (period) return new Date(+date + period.offset * 60000).toISOString().slice(0, 10);
  if (!venueDays.has(zone)) venueDays.set(zone, formatter(zone, { year: "numeric", month: "2-digit", day: "2-digit" }, "en-CA"));
  return venueDays.get(zone).format(date);
}

// Conference days as the source draws them ([{date, start, end}]): at a congress whose days
// run until 06:00, the 01:00 session belongs to the evening before. Outside them (or when the
// source gives none), the venue's calendar day.
let conferenceDays = [];
export function setConferenceDays(ranges) {
  conferenceDays = readRanges(ranges);
}
export function conferenceDay(date) {
  const found = conferenceDays.find((d) => d.start <= date && date < d.end);
  return found ? found.date : venueDay(date);
}

function readRanges(ranges) {
  return (Array.isArray(ranges) ? ranges : [])
    .map((d) => ({ date: d && d.date, start: new Date(d && d.start), end: new Date(d && d.end) }))
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.date) && d.start < d.end);
}

// conferenceDay for a document not (yet) the app's: its zone, zone table and day ranges given,
// nothing set. The store indexes a document with it before adopting it.
export function conferenceDayIn(zone, given, ranges) {
  const known = readTable(zone, given);
  const days = readRanges(ranges);
  return (date) => days.find((d) => d.start <= date && date < d.end)?.date ?? dayIn(zone, known, date);
}

export function minutes(start, end) {
  return Math.round((end - start) / 60000);
}

// "45 min", "1 h 30 min", "1 Std. 30 Min." (data/i18n.js).
export function length(start, end) {
  return formatDuration(minutes(start, end));
}
