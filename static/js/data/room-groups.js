// Rooms by building, then floor, as the venue document says (GET /api/v1/venue.json: its
// `buildings` in display order, each room's `building` and `level`, found by the server from the
// room names or given by the organizer). The rule itself is the server's alone (webapp/venue/
// names.py): this only sorts what it says, so a venue document without `buildings` (an older
// server, or none loaded) leaves every room in the one group of rooms on no building.
//
// groupRooms(venue, rooms) -> [{building, name, note, levels: [{level, floor, rooms}]}]
// - `rooms`: any objects with an `id` (the schedule's rooms, or rows a view built), in the
//   caller's order, which each level keeps (a view sorting by walking time passes them sorted).
// - buildings in the venue's display order, levels ascending with the unknown level (null)
//   last; `floor` is the plan of that level, or null.
// - the rooms on no building come last, as {building: null, name: null, levels: [{level: null,
//   floor: null, rooms}]}: a view names it ("Other rooms").
// - options.byFirst: buildings and levels in the order of their first room in `rooms` instead
//   (nearest first, when `rooms` come sorted by distance); the rooms on no building stay last.

const byLevel = (a, b) => (a.level === null) - (b.level === null) || (a.level ?? 0) - (b.level ?? 0);

export function groupRooms(venue, rooms, options = {}) {
  const where = new Map((venue?.rooms || []).map((r) => [r.id, r]));
  const groups = new Map();
  for (const b of Array.isArray(venue?.buildings) ? venue.buildings : []) {
    const floors = new Map((b.levels || []).map((l) => [l.level ?? null, l.floor ?? null]));
    groups.set(b.id, { building: b.id, name: b.name || b.id, note: b.note ?? null, floors, levels: new Map() });
  }
  const other = { building: null, name: null, note: null, floors: new Map(), levels: new Map() };
  const seen = [];
  for (const room of rooms) {
    const place = where.get(room.id);
    const group = (place?.building != null && groups.get(place.building)) || other;
    const level = group === other ? null : (place.level ?? null);
    if (!group.levels.has(level)) group.levels.set(level, { level, floor: group.floors.get(level) ?? null, rooms: [] });
    group.levels.get(level).rooms.push(room);
    if (!seen.includes(group)) seen.push(group);
  }
  const order = options.byFirst ? seen.filter((g) => g !== other) : [...groups.values()];
  return [...order, other]
    .filter((g) => g.levels.size > 0)
    .map(({ building, name, note, levels }) => {
      const list = [...levels.values()];
      return { building, name, note, levels: options.byFirst ? list : list.sort(byLevel) };
    });
}

