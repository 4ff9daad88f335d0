// The venue editor's model: plain functions on the organizer's venue.json document (the one
// `PUT /api/v1/venue` takes whole), each returning a changed copy, never touching the page.
// Coordinates are the floor's own plan units: pixels of its image, or its SVG's viewBox.

export const PENDING = "pending:"; // an image kept on this phone, not uploaded yet: pending:<blob key>
export const MARKS = ["entrance", "stairs", "lift"];
const NEW_FLOOR = { width: 1000, height: 700 }; // a floor with no plan yet still has a size

export const clone = (value) => JSON.parse(JSON.stringify(value ?? null));
const round = (v) => Math.round(v * 10) / 10;

export function emptyVenue() {
  return { floors: [], rooms: [] };
}

// The document as the editor keeps it: the lists it edits are always there.
export function normalise(doc) {
  const out = doc && typeof doc === "object" && !Array.isArray(doc) ? clone(doc) : emptyVenue();
  out.floors = Array.isArray(out.floors) ? out.floors.filter((f) => f && typeof f.id === "string") : [];
  out.rooms = Array.isArray(out.rooms) ? out.rooms.filter((r) => r && typeof r.id === "string") : [];
  return out;
}

export const floorOf = (doc, id) => doc.floors.find((f) => f.id === id) || null;

// A floor's plan box [x, y, width, height]: its SVG's viewBox when it has one, else its size.
export function box(floor) {
  if (Array.isArray(floor?.viewBox) && floor.viewBox.length === 4) return floor.viewBox.map(Number);
  return [0, 0, Number(floor?.width) || NEW_FLOOR.width, Number(floor?.height) || NEW_FLOOR.height];
}

export function slug(text, taken) {
  const base = String(text).normalize("NFKD").replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40).toLowerCase() || "floor";
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

export function addFloor(doc, { name, building = "", level = "" }) {
  const out = clone(doc);
  const id = slug([building, level, name].filter((v) => v !== "" && v !== null).join("-") || name, new Set(out.floors.map((f) => f.id)));
  const floor = { id, name: String(name).trim(), ...NEW_FLOOR };
  if (String(building).trim()) floor.building = String(building).trim();
  if (level !== "" && level !== null && Number.isInteger(Number(level))) floor.level = Number(level);
  out.floors.push(floor);
  return { doc: out, id };
}

export function editFloor(doc, id, { name, building, level }) {
  const out = clone(doc);
  const floor = floorOf(out, id);
  if (!floor) return out;
  if (typeof name === "string" && name.trim()) floor.name = name.trim();
  if (typeof building === "string") {
    if (building.trim()) floor.building = building.trim();
    else delete floor.building;
  }
  if (level !== undefined) {
    if (level === "" || level === null || !Number.isInteger(Number(level))) delete floor.level;
    else floor.level = Number(level);
  }
  return out;
}

// The floor's plan: {image, width, height} (a raster) or {svg, viewBox}. Placed items keep
// their place on the plan when its size changes (the server scaled the image down).
export function setPlan(doc, id, plan) {
  const out = clone(doc);
  const floor = floorOf(out, id);
  if (!floor) return out;
  const [, , w0, h0] = box(floor);
  delete floor.image;
  delete floor.svg;
  delete floor.viewBox;
  if (plan.svg) {
    floor.svg = plan.svg;
    delete floor.width;
    delete floor.height;
    if (Array.isArray(plan.viewBox)) floor.viewBox = plan.viewBox.map(Number);
  } else {
    floor.image = plan.image;
    floor.width = plan.width;
    floor.height = plan.height;
  }
  const [, , w1, h1] = box(floor);
  if (plan.keep && (w0 !== w1 || h0 !== h1)) scaleFloor(out, id, w1 / w0, h1 / h0);
  return out;
}

// The document as the server takes it: an svg floor's viewBox is the editor's own note (the
// file names the plan; the server reads its box from it).
export function forServer(doc) {
  const out = normalise(doc);
  for (const f of out.floors) delete f.viewBox;
  return out;
}

// The built document's viewBox of each svg floor, noted on the draft so the editor can draw it.
export function withBoxes(doc, built) {
  const out = normalise(doc);
  const boxes = new Map((built?.floors || []).map((f) => [f.id, f.viewBox]));
  for (const f of out.floors) if (f.svg && !f.viewBox && Array.isArray(boxes.get(f.id))) f.viewBox = boxes.get(f.id);
  return out;
}

function scaleFloor(doc, id, kx, ky) {
  const pt = (p) => [round(p[0] * kx), round(p[1] * ky)];
  const floor = floorOf(doc, id);
  for (const list of [floor.entrances, floor.connectors]) for (const m of list || []) if (Array.isArray(m.at)) m.at = pt(m.at);
  for (const r of doc.rooms) {
    if (r.floor !== id) continue;
    if (Array.isArray(r.at)) r.at = pt(r.at);
    const rect = r.shape?.rect;
    if (Array.isArray(rect)) r.shape.rect = [...pt(rect), ...pt(rect.slice(2))];
  }
  if (typeof floor.scale === "number") floor.scale = round(floor.scale * kx * 1000) / 1000;
}

// Rooms whose place is on some floor (a pin or a shape).
export function placedRooms(doc) {
  return new Set(doc.rooms.filter((r) => r.floor && (r.at || r.shape)).map((r) => r.id));
}

// The schedule's rooms (id, name), in its order, that are on no plan yet.
export function unplaced(doc, rooms) {
  const placed = placedRooms(doc);
  return rooms.filter((r) => !placed.has(r.id));
}

// `place`: {at: [x, y]} (a pin) or {rect: [x, y, w, h]}. Notes on the room (directions,
// building, level) stay.
export function placeRoom(doc, floor, room, place) {
  const out = clone(doc);
  let entry = out.rooms.find((r) => r.id === room);
  if (!entry) {
    entry = { id: room };
    out.rooms.push(entry);
  }
  delete entry.at;
  delete entry.shape;
  entry.floor = floor;
  if (place.rect) entry.shape = { rect: place.rect.map(round) };
  else entry.at = place.at.map(round);
  return out;
}

// A mark's letter: A, B, ... Z, A1, B1, ...
export function markLetter(n) {
  return String.fromCharCode(65 + (n % 26)) + (n >= 26 ? Math.floor(n / 26) : "");
}

// English names for marks when the caller gives none (the console gives them in its language).
const NAMES = { entrance: "Entrance {letter}", stairs: "Stairs {letter}", lift: "Lift {letter}" };

// Marks: entrances, and connectors (stairs, lifts) whose id is shared by the floors of one
// building they join. Returns the new mark's id.
export function addMark(doc, floorId, kind, at, { id = "", name = (kind, letter) => NAMES[kind].replace("{letter}", letter) } = {}) {
  const out = clone(doc);
  const floor = floorOf(out, floorId);
  const key = kind === "entrance" ? "entrances" : "connectors";
  floor[key] ||= [];
  const list = floor[key];
  // A new mark's id is free on every floor: the same id on two floors joins them (one
  // stairwell), which only the organizer may choose (editMark, "the same as on another floor").
  const everywhere = new Set(out.floors.flatMap((f) => (f[key] || []).map((m) => m.id)));
  const here = new Set(list.map((m) => m.id));
  let n = 0;
  while (everywhere.has(slug(`${kind}-${markLetter(n)}`, new Set()))) n++;
  const letter = markLetter(n);
  const chosen = id && !here.has(id) ? id : slug(`${kind}-${letter}`, everywhere);
  const mark = { id: chosen, name: name(kind, letter), at: at.map(round) };
  if (kind !== "entrance") mark.kind = kind;
  list.push(kind === "entrance" ? mark : { id: mark.id, kind, name: mark.name, at: mark.at });
  return { doc: out, id: chosen };
}

export function editMark(doc, ref, { id, name, note }) {
  const out = clone(doc);
  const mark = find(out, ref);
  if (!mark) return { doc: out, ref };
  const list = ref.type === "entrance" ? floorOf(out, ref.floor).entrances : floorOf(out, ref.floor).connectors;
  if (typeof id === "string" && id.trim() && !list.some((m) => m !== mark && m.id === id.trim())) mark.id = id.trim();
  if (typeof name === "string" && name.trim()) mark.name = name.trim();
  if (ref.type === "entrance" && typeof note === "string") {
    if (note.trim()) mark.note = note.trim();
    else delete mark.note;
  }
  return { doc: out, ref: { ...ref, id: mark.id } };
}

// Connector ids of the other floors of this floor's building, of this kind: the same id
// joins the floors (one stairwell, one lift shaft).
export function connectorsElsewhere(doc, floorId, kind) {
  const floor = floorOf(doc, floorId);
  if (!floor) return [];
  const here = new Set((floor.connectors || []).map((c) => c.id));
  const ids = new Map();
  for (const f of doc.floors) {
    if (f.id === floorId || (f.building ?? null) !== (floor.building ?? null)) continue;
    for (const c of f.connectors || []) if (c.kind === kind && !here.has(c.id)) ids.set(c.id, c.name || c.id);
  }
  return [...ids].map(([id, name]) => ({ id, name }));
}

// Every item on a floor, as the editor lists and draws them: {ref, at, rect?, label}.
// A ref is {type: "room" | "entrance" | "connector", floor, id}.
export function itemsOn(doc, floorId, roomName = (id) => id) {
  const floor = floorOf(doc, floorId);
  if (!floor) return [];
  const rooms = doc.rooms
    .filter((r) => r.floor === floorId && (r.at || r.shape?.rect))
    .map((r) => {
      const rect = r.shape?.rect || null;
      const at = r.at || [rect[0] + rect[2] / 2, rect[1] + rect[3] / 2];
      return { ref: { type: "room", floor: floorId, id: r.id }, at, rect, label: roomName(r.id), kind: "room" };
    });
  const entrances = (floor.entrances || []).filter((e) => Array.isArray(e.at)).map((e) => ({ ref: { type: "entrance", floor: floorId, id: e.id }, at: e.at, label: e.name, kind: "entrance" }));
  const connectors = (floor.connectors || []).filter((c) => Array.isArray(c.at)).map((c) => ({ ref: { type: "connector", floor: floorId, id: c.id }, at: c.at, label: c.name, kind: c.kind }));
  return [...rooms, ...entrances, ...connectors];
}

export function find(doc, ref) {
  if (!ref) return null;
  if (ref.type === "room") return doc.rooms.find((r) => r.id === ref.id && r.floor === ref.floor) || null;
  const floor = floorOf(doc, ref.floor);
  const list = ref.type === "entrance" ? floor?.entrances : floor?.connectors;
  return list?.find((m) => m.id === ref.id) || null;
}

// Moves an item by (dx, dy), kept inside its floor's plan.
export function moveBy(doc, ref, dx, dy) {
  const out = clone(doc);
  const item = find(out, ref);
  if (!item) return out;
  const [x0, y0, w, hgt] = box(floorOf(out, ref.floor));
  const clamp = (v, lo, hi) => round(Math.min(hi, Math.max(lo, v)));
  if (item.shape?.rect) {
    const [x, y, rw, rh] = item.shape.rect;
    item.shape.rect = [clamp(x + dx, x0, x0 + w - rw), clamp(y + dy, y0, y0 + hgt - rh), rw, rh];
  } else if (Array.isArray(item.at)) item.at = [clamp(item.at[0] + dx, x0, x0 + w), clamp(item.at[1] + dy, y0, y0 + hgt)];
  return out;
}

// A room leaves the plan (its notes stay, an entry with nothing left goes); a mark goes.
export function remove(doc, ref) {
  const out = clone(doc);
  if (ref.type === "room") {
    const entry = out.rooms.find((r) => r.id === ref.id);
    if (entry) {
      for (const key of ["floor", "at", "shape"]) delete entry[key];
      if (Object.keys(entry).length === 1) out.rooms = out.rooms.filter((r) => r !== entry);
    }
    return out;
  }
  const floor = floorOf(out, ref.floor);
  const key = ref.type === "entrance" ? "entrances" : "connectors";
  if (floor?.[key]) floor[key] = floor[key].filter((m) => m.id !== ref.id);
  return out;
}

// Plan units per metre from two points a known distance apart.
export function setScale(doc, floorId, a, b, metres) {
  const out = clone(doc);
  const floor = floorOf(out, floorId);
  const d = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (!floor || !(metres > 0) || !(d > 0)) return out;
  floor.scale = Math.round((d / metres) * 1000) / 1000;
  return out;
}

// Every floor and room that names an image kept on this phone as `pending:<key>`.
export function pendingKeys(doc) {
  const keys = [];
  for (const f of doc?.floors || []) for (const k of ["image", "svg"]) if (typeof f[k] === "string" && f[k].startsWith(PENDING)) keys.push(f[k].slice(PENDING.length));
  return keys;
}

// The server's answer to an upload takes the place of the image kept as `pending:<key>`.
export function uploaded(doc, key, answer) {
  let out = normalise(doc);
  for (const f of out.floors) {
    if (f.image !== PENDING + key && f.svg !== PENDING + key) continue;
    const plan = answer.svg ? { svg: answer.svg, viewBox: answer.viewBox } : { image: answer.image, width: answer.width, height: answer.height };
    out = setPlan(out, f.id, { ...plan, keep: true });
  }
  return out;
}

// What differs between two venue documents, room by room and floor by floor, for an
// organizer choosing between theirs and mine: [{what, mine, theirs}] with plain values.
export function differences(mine, theirs) {
  const a = normalise(mine);
  const b = normalise(theirs);
  const out = [];
  const where = (doc, r) => (r && r.floor ? { floor: floorOf(doc, r.floor)?.name || r.floor, at: r.at || r.shape?.rect || null } : null);
  const ids = [...new Set([...a.rooms, ...b.rooms].map((r) => r.id))];
  for (const id of ids) {
    const x = where(a, a.rooms.find((r) => r.id === id));
    const y = where(b, b.rooms.find((r) => r.id === id));
    if (JSON.stringify(x) !== JSON.stringify(y)) out.push({ what: "room", id, mine: x, theirs: y });
  }
  const floors = [...new Set([...a.floors, ...b.floors].map((f) => f.id))];
  for (const id of floors) {
    const x = floorOf(a, id);
    const y = floorOf(b, id);
    if (JSON.stringify(x) !== JSON.stringify(y)) out.push({ what: "floor", id, mine: x && x.name, theirs: y && y.name });
  }
  return out;
}
