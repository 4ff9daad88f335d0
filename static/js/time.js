// Times in the venue's zone by default, or the device's; always labelled.

import { now } from "./clock.js";

const KEY = "hallway.tz.v1";
const formats = new Map();
let venueZone = "UTC";
let useDevice = false;

function fmt(options) {
  const zone = currentZone();
  const key = zone + JSON.stringify(options);
  if (!formats.has(key)) formats.set(key, new Intl.DateTimeFormat("en-GB", { timeZone: zone, ...options }));
  return formats.get(key);
}

export function deviceZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

export function setVenueZone(zone) {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    venueZone = zone;
  } catch {
    venueZone = "UTC"; // an unknown zone name must not break the app
  }
  try {
    useDevice = localStorage.getItem(KEY) === "device";
  } catch {
    useDevice = false;
  }
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
  const part = fmt({ timeZoneName: "short" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part ? part.value : currentZone();
}

// The list's hot path (three times per card, and Intl formatting is slow on a slow phone):
// each zone keeps its formatter and the times it has formatted; an event has a few hundred.
const clockTimes = new Map(); // zone -> { format, done: Map(ms -> "09:30") }
export function time(date) {
  const zone = currentZone();
  let clock = clockTimes.get(zone);
  if (!clock) {
    clock = { format: fmt({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }), done: new Map() };
    clockTimes.set(zone, clock);
  }
  const ms = +date; // a Date or its milliseconds, as Intl takes either
  let text = clock.done.get(ms);
  if (text === undefined) {
    text = clock.format.format(date);
    if (clock.done.size < 5000) clock.done.set(ms, text); // bounded: "now" is a new moment each time
  }
  return text;
}

// The whole hours of the zone shown, from the last one at or before `from` to the first at or
// after `to` (ms). A zone may sit 30 or 45 minutes off UTC (India, Nepal), so whole hours are
// found among UTC's quarter hours rather than assumed to be UTC's own.
export function wholeHours(from, to) {
  const quarter = 15 * 60000;
  const whole = (t) => Number(fmt({ minute: "2-digit" }).format(t)) === 0;
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

// A venue day ("2026-04-07") by name; formatted in UTC from noon so no zone moves the date.
const dayFormats = new Map();
const dayLabels = new Map(); // a day's name never depends on the zone: each is formatted once
export function dayLabel(day, style = "long") {
  if (!dayFormats.has(style)) {
    const opts = style === "long" ? { weekday: "long", day: "numeric", month: "long" } : { weekday: "short", day: "numeric", month: "short" };
    dayFormats.set(style, new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", ...opts }));
  }
  const key = `${style} ${day}`;
  if (!dayLabels.has(key)) dayLabels.set(key, dayFormats.get(style).format(new Date(`${day}T12:00:00Z`)));
  return dayLabels.get(key);
}

// The calendar day in the venue's zone, as YYYY-MM-DD: days belong to the venue.
const venueDays = new Map();
export function venueDay(date) {
  if (!venueDays.has(venueZone)) {
    venueDays.set(venueZone, new Intl.DateTimeFormat("en-CA", { timeZone: venueZone, year: "numeric", month: "2-digit", day: "2-digit" }));
  }
  return venueDays.get(venueZone).format(date);
}

// Conference days as the source draws them ([{date, start, end}]): at a congress whose days
// run until 06:00, the 01:00 session belongs to the evening before. Outside them (or when the
// source gives none), the venue's calendar day.
let conferenceDays = [];
export function setConferenceDays(ranges) {
  conferenceDays = (Array.isArray(ranges) ? ranges : [])
    .map((d) => ({ date: d && d.date, start: new Date(d && d.start), end: new Date(d && d.end) }))
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.date) && d.start < d.end);
}
export function conferenceDay(date) {
  const found = conferenceDays.find((d) => d.start <= date && date < d.end);
  return found ? found.date : venueDay(date);
}

export function minutes(start, end) {
  return Math.round((end - start) / 60000);
}

export function length(start, end) {
  const m = minutes(start, end);
  if (m < 60) return `${m} min`;
  const rest = m % 60;
  return rest ? `${Math.floor(m / 60)} h ${rest} min` : `${m / 60} h`;
}
