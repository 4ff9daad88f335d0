// The outline's sessions and speakers come as columns (webapp/serving/columns.py says the
// format and why): expanded here, once, to the rows the server made them from, so the rest
// of the app (the kept copy, corrections, deltas) reads the document as it always has.
// A document without columns (a copy a server or static export of an older version answers,
// or a worker's cache kept from before) is already rows and is taken as it is.

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const pad = (n) => String(n).padStart(2, "0");

function fail(what) {
  throw new Error(`damaged outline (${what})`);
}

// Times are minutes since 1970 here (the server counts from another day: only differences and
// the day's date travel, so the two never meet).
function minutesOf(value) {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):00(?:[+-]\d\d:\d\d|Z)$/.exec(value);
  if (!m) fail("a time");
  return Date.UTC(m[1], m[2] - 1, m[3]) / 60000 + m[4] * 60 + Number(m[5]);
}

function iso(minutes, offset) {
  const at = new Date(minutes * 60000);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}T${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:00${offset}`;
}

function column(col, ids, rows) {
  if (Array.isArray(col)) return col;
  if (!isObject(col)) fail("a column");
  if (col.index) return col.index.map((i) => col.values[i]);
  if (col.lists) return col.lists.map((list) => list.map((x) => (Number.isInteger(x) ? ids[x] : x)));
  let at = col.from ? 0 : minutesOf(`${col.day}T00:00:00Z`);
  return col.minutes.map((m, i) => {
    at = col.from ? minutesOf(rows[i][col.from]) + m : at + m;
    return iso(at, col.offsets[col.offset ? col.offset[i] : 0]);
  });
}

function rowsOf(table, ids) {
  if (!isObject(table) || !isObject(table.keys)) fail("a table");
  const rows = Array.from({ length: table.rows }, () => ({}));
  for (const [key, col] of Object.entries(table.keys)) {
    const values = column(col, ids, rows);
    if (values.length !== rows.length) fail(key);
    const absent = new Set(table.absent?.[key]);
    rows.forEach((row, i) => {
      if (!absent.has(i)) row[key] = values[i];
    });
  }
  return rows;
}

// `doc` with its speakers and sessions as rows; throws on columns that do not read.
export function expand(doc) {
  if (!isObject(doc) || doc.columns === undefined) return doc;
  if (doc.columns !== 1) fail(`format ${doc.columns}`);
  const { columns, ...rest } = doc;
  const speakers = rowsOf(doc.speakers, []);
  return { ...rest, speakers, sessions: rowsOf(doc.sessions, speakers.map((p) => p.id)) };
}
