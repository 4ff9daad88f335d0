// The app's words in the reader's language: gettext's calls over one catalog at a time, and
// dates, times, durations and numbers written from the catalog's locale data (CLDR, generated at
// build time by webapp/i18n), so the first screen starts no Intl.
//
// Lowest role: anything may import it; it holds no storage and touches no DOM (the choice of
// language and the fetching of its file are data/locale-choice.js's).
//
// Conventions (docs/translating.md): a sentence is one message, its variable parts `{name}`
// placeholders filled from `vars`, never concatenated; the same English word meaning two things
// gets a context (pgettext); a count is always said with ngettext, whose `{n}` is the count.

// British English as the app always wrote it: CLDR's en_GB, the app's "h" for hours.
// (webapp/i18n/locale_data.py makes the same; a test holds the two equal.)
export const ENGLISH = {
  months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  monthsShort: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
  weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  weekdaysShort: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
  dayLong: ["EEEE", "' ", "d", "' ", "MMMM"],
  dayShort: ["E", "' ", "d", "' ", "MMM"],
  time: ["HH", "':", "mm"],
  dayPeriods: ["am", "pm"],
  inMinutes: { other: "in {0} min", one: "in {0} min" },
  durations: { hour: { one: "{0} h", other: "{0} h" }, minute: { one: "{0} min", other: "{0} min" } },
  unitList: "{0} {1}",
  decimal: ".",
  group: ",",
  plural: { forms: ["one", "other"], rules: [["one", ["and", ["in", "i", [[1, 1]]], ["in", "v", [[0, 0]]]]]] },
};

const SEP = "\u0004"; // gettext's separator of context and msgid

let lang = "en";
let dir = "ltr";
let messages = new Map();
let locale = ENGLISH;
let version = 0;
let parts = new Set(); // the parts of the language's catalog taken besides its own file

// `catalog`: a language's file ({lang, dir, messages, locale}, webapp/i18n/client.py); null
// for English. One that is not well formed is refused (false) and English stays.
export function useCatalog(catalog) {
  if (catalog === null) {
    [lang, dir, messages, locale, parts] = ["en", "ltr", new Map(), ENGLISH, new Set()];
    version++;
    return true;
  }
  if (!wellFormed(catalog) || !object(catalog.locale) || !object(catalog.locale.plural) || !Array.isArray(catalog.locale.plural.forms)) return false;
  lang = catalog.lang;
  dir = catalog.dir === "rtl" ? "rtl" : "ltr";
  messages = new Map(Object.entries(catalog.messages));
  locale = { ...ENGLISH, ...catalog.locale };
  parts = new Set();
  version++;
  return true;
}

// A part of the language's catalog: the messages only a part of the app loaded apart says
// ({lang, part, messages}: the organizers' console's, webapp/i18n/parts.py), added to the
// language taken. Another language's, or one not well formed, is refused (false).
export function addPart(part) {
  if (!wellFormed(part) || part.lang !== lang || typeof part.part !== "string") return false;
  for (const [key, text] of Object.entries(part.messages)) messages.set(key, text);
  parts.add(part.part);
  version++;
  return true;
}

// Whether the part named is taken (English has every message: its msgids).
export const hasPart = (name) => lang === "en" || parts.has(name);

const object = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

function wellFormed(c) {
  if (!object(c) || typeof c.lang !== "string" || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/.test(c.lang) || !object(c.messages)) return false;
  return Object.values(c.messages).every((m) => typeof m === "string" || (Array.isArray(m) && m.every((s) => typeof s === "string")));
}

export const language = () => lang;
// CLDR's names of the ISO 639-1 languages in the language taken ({tag: name}), or null when its
// catalog has none (English: the outline's names serve).
export const languageNames = () => (locale.languages && typeof locale.languages === "object" ? locale.languages : null);
export const direction = () => dir;
// Changes with each catalog taken: caches of formatted text key on it.
export const catalogVersion = () => version;

// `{name}` replaced by vars.name (as text); a placeholder without a value stays as written.
export function fill(text, vars) {
  if (!vars) return text;
  return text.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
}

export function _(msgid, vars) {
  const found = messages.get(msgid);
  return fill(typeof found === "string" ? found : msgid, vars);
}

export function pgettext(context, msgid, vars) {
  const found = messages.get(context + SEP + msgid);
  return fill(typeof found === "string" ? found : msgid, vars);
}

export function ngettext(singular, plural, n, vars) {
  return plurals(messages.get(singular), singular, plural, n, vars);
}

export function npgettext(context, singular, plural, n, vars) {
  return plurals(messages.get(context + SEP + singular), singular, plural, n, vars);
}

function plurals(found, singular, plural, n, vars) {
  const all = { n: formatNumber(n), ...vars };
  if (!Array.isArray(found)) return fill(pluralCategory(n, ENGLISH.plural) === "one" ? singular : plural, all);
  const index = locale.plural.forms.indexOf(pluralCategory(n));
  return fill(found[index >= 0 && index < found.length ? index : found.length - 1], all);
}

// CLDR's operands of a number: n (absolute value), i (integer digits), v and w (visible
// fraction digits with and without trailing zeros), f and t (those digits as a number).
function operands(number) {
  const n = Math.abs(Number(number));
  const [int, frac = ""] = String(n).split(".");
  const trimmed = frac.replace(/0+$/, "");
  return { n, i: Number(int), v: frac.length, w: trimmed.length, f: Number(frac || 0), t: Number(trimmed || 0), e: 0, c: 0 };
}

function operand(x, ops) {
  return Array.isArray(x) ? operand(x[1], ops) % x[2] : ops[x];
}

function holds(node, ops) {
  const [kind, a, b] = node;
  if (kind === "and") return holds(a, ops) && holds(b, ops);
  if (kind === "or") return holds(a, ops) || holds(b, ops);
  if (kind === "not") return !holds(a, ops);
  const value = operand(a, ops);
  if (kind === "in" && !Number.isInteger(value)) return false;
  return b.some(([low, high]) => value >= low && value <= high);
}

// The CLDR plural category of `n` ("one", "few", "many", "other"...) in the language taken.
export function pluralCategory(n, rule = locale.plural) {
  const ops = operands(n);
  for (const [category, tree] of rule.rules) if (holds(tree, ops)) return category;
  return "other";
}

const byCount = (table, n) => table[pluralCategory(n)] ?? table.other;

export function formatNumber(n) {
  const value = Number(n);
  if (!Number.isFinite(value)) return String(n);
  const [int, frac] = String(Math.abs(value)).split(".");
  // Groups of three, as Babel writes them (its data has no minimum grouping digits).
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, locale.group);
  return (value < 0 ? "-" : "") + grouped + (frac ? locale.decimal + frac : "");
}

const two = (n) => String(n).padStart(2, "0");

// One of the locale's patterns (["EEEE", "' ", "d"...]) written from the fields given.
function write(parts, fields) {
  return parts.map((part) => (part.startsWith("'") ? part.slice(1) : (fields[part] ?? ""))).join("");
}

// A calendar day ("2026-04-07") by name: "Tuesday 7 April" / "Tue 7 Apr" (style "short"),
// "mardi 7 avril", "Dienstag, 7. April".
export function formatDay(day, style = "long") {
  const noon = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(noon.getTime())) return String(day);
  const [w, m, d] = [noon.getUTCDay(), noon.getUTCMonth(), noon.getUTCDate()];
  const fields = {
    EEEE: locale.weekdays[w],
    E: locale.weekdaysShort[w],
    EE: locale.weekdaysShort[w],
    EEE: locale.weekdaysShort[w],
    MMMM: locale.months[m],
    MMM: locale.monthsShort[m],
    MM: two(m + 1),
    M: String(m + 1),
    d: String(d),
    dd: two(d),
    y: String(noon.getUTCFullYear()),
  };
  return write(style === "short" ? locale.dayShort : locale.dayLong, fields);
}

// A clock time as the locale writes it: "09:30", "9:30", "9:30 am".
export function formatTime(hours, minutes) {
  const twelve = hours % 12 || 12;
  const fields = { HH: two(hours), H: String(hours), hh: two(twelve), h: String(twelve), mm: two(minutes), a: locale.dayPeriods[hours < 12 ? 0 : 1] };
  return write(locale.time, fields);
}

// The hour as the locale's clock writes it (13 in "13:00", 1 in "1:00 pm"): the count of a
// message that puts a time after a preposition, whose article may agree with the hour
// (Spanish "a la 1:00" but "a las 13:00": CLDR's "one" form is the hour 1).
export function writtenHour(hours) {
  return locale.time.some((part) => part === "h" || part === "hh") ? hours % 12 || 12 : hours;
}

// "in 5 min", "dans 5 min", "in 5 Min.".
export function relativeMinutes(m) {
  return fill(byCount(locale.inMinutes, m), { 0: formatNumber(m) });
}

// A length of time: "45 min", "2 h", "1 h 30 min", "1 Std. 30 Min.".
export function formatDuration(totalMinutes) {
  const m = Math.round(totalMinutes);
  const unit = (name, count) => fill(byCount(locale.durations[name], count), { 0: formatNumber(count) });
  if (m < 60) return unit("minute", m);
  const rest = m % 60;
  const hours = unit("hour", Math.trunc(m / 60));
  return rest ? fill(locale.unitList, { 0: hours, 1: unit("minute", rest) }) : hours;
}
