// Names for the kinds of sessions ("Main track talk" for FOSDEM's "maintrack").

// The outline's `kind_names` (webapp/domain/kinds.py: the one table, so calendars and door
// signs say the same); a kind it does not name is already a name, shown as the source wrote it.
let given = new Map();
export function setKindNames(table) {
  const entries = table && typeof table === "object" && !Array.isArray(table) ? Object.entries(table) : [];
  given = new Map(entries.filter(([, name]) => typeof name === "string" && name.trim()));
}

export function kindName(kind) {
  return given.get(kind) ?? kind;
}
