// The outline's sessions and speakers come as columns (webapp/serving/columns.py says the
// format and why): expanded here, once, to the rows the server made them from, so the rest
// of the app (the kept copy, corrections, deltas) reads the document as it always has.
// A document without columns (a copy a server or static export of an older version answers,
// or a worker's cache kept from before) is already rows and is taken as it is.

export const FORMAT = 1;
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const pad = (n) => String(n).padStart(2, "0");

function fail(what) {
  throw new Error(`damaged outline (${what})`);
}

// Times are minutes since 1970 here (the server counts from another day: only differences and
// the day's date travel, so the two never meet).
function iso(minutes, offset) {
  const at = new Date(minutes * 60000);
  const day = `${String(at.getUTCFullYear()).padStart(4, "0")}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  return `${day}T${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:00${offset}`;
}

function minutesOf(value) {
  const m = typeof value === "string" && /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):00(?:[+-]\d{2}:\d{2}|Z)$/.exec(value);
  if (!m) fail("a time");
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 60000 + Number(m[4]) * 60 + Number(m[5]);
}

function times(col, rows, n) {
  const minutes = col.minutes;
  if (!Array.isArray(minutes) || minutes.length !== n || !Array.isArray(col.offsets)) fail("times");
  const offsetOf = Array.isArray(col.offset) ? (i) => col.offsets[col.offset[i]] : () => col.offsets[0];
  const out = new Array(n);
  if (typeof col.from === "string") {
    for (let i = 0; i < n; i++) out[i] = iso(minutesOf(rows[i][col.from]) + minutes[i], offsetOf(i));
    return out;
  }
  let at = minutesOf(`${col.day}T00:00:00Z`);
  for (let i = 0; i < n; i++) {
    at += minutes[i];
    out[i] = iso(at, offsetOf(i));
  }
  return out;
}

function column(col, n, ids, rows) {
  if (Array.isArray(col)) return col;
  if (!isObject(col)) fail("a column");
  if (Array.isArray(col.index)) return col.index.map((i) => col.values[i]);
  if (Array.isArray(col.lists)) return col.lists.map((list) => list.map((x) => (Number.isInteger(x) ? ids[x] : x)));
  return times(col, rows, n);
}

function rowsOf(table, ids) {
  if (!isObject(table) || !Number.isInteger(table.rows) || !isObject(table.keys)) fail("a table");
  const n = table.rows;
  const rows = Array.from({ length: n }, () => ({}));
  const absent = isObject(table.absent) ? table.absent : {};
  for (const [key, col] of Object.entries(table.keys)) {
    const values = column(col, n, ids, rows);
    if (!Array.isArray(values) || values.length !== n) fail(key);
    const skip = new Set(Array.isArray(absent[key]) ? absent[key] : []);
    for (let i = 0; i < n; i++) if (!skip.has(i)) rows[i][key] = values[i];
  }
  return rows;
}

// `doc` with its speakers and sessions as rows; throws on columns that do not read.
export function expand(doc) {
  if (!isObject(doc) || doc.columns === undefined) return doc;
  if (doc.columns !== FORMAT) fail(`format ${doc.columns}`);
  const { columns, ...rest } = doc;
  const speakers = rowsOf(doc.speakers, []);
  return { ...rest, speakers, sessions: rowsOf(doc.sessions, speakers.map((p) => p.id)) };
}
