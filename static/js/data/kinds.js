// Names for the kinds of sessions ("Main track talk" for FOSDEM's "maintrack").

import { _ } from "./i18n.js";

// The outline's `kind_names` (webapp/domain/kinds.py: the one table, so calendars and door
// signs say the same); a kind it does not name is already a name, shown as the source wrote it.
let given = new Map();
export function setKindNames(table) {
  const entries = table && typeof table === "object" && !Array.isArray(table) ? Object.entries(table) : [];
  given = new Map(entries.filter(([, name]) => typeof name === "string" && name.trim()));
}

// The names that table gives, marked for the app's catalog (the outline carries them in
// English; tests/unit/i18n holds this list equal to the server's). N_ only marks: each is
// translated when shown.
const N_ = (text) => text;
export const KNOWN_NAMES = new Set([
  N_("Devroom talk"),
  N_("Main track talk"),
  N_("Lightning talk"),
  N_("Keynote"),
  N_("Workshop"),
  N_("Talk"),
  N_("Panel"),
  N_("Birds of a feather"),
  N_("Meeting"),
]);

// In the reader's language when it is one of the app's names; a source's own word as written.
export function kindName(kind) {
  const name = given.get(kind) ?? kind;
  return KNOWN_NAMES.has(name) ? _(name) : name;
}
