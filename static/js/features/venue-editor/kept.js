// The venue as this organizer is editing it, kept on the phone (localStorage) from the first
// change: an edit survives a reload, a closed tab and an afternoon offline. `base` is the
// server's version the edits started from (sent as If-Match when they are published).

import { normalise } from "./draft.js";

const KEY = "hallway.organizer.venue.v1";
export const draftEvents = new EventTarget(); // "change" when the kept draft changes

// {base: int | null, doc, changed: bool} or null when nothing is kept.
export function readDraft() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) || "null");
    if (value && typeof value === "object" && value.doc) return { base: Number.isInteger(value.base) ? value.base : null, doc: normalise(value.doc), changed: !!value.changed };
  } catch {
    // Damaged or blocked storage: nothing kept.
  }
  return null;
}

export function writeDraft(draft) {
  localStorage.setItem(KEY, JSON.stringify(draft)); // throws when full: the caller says so
  draftEvents.dispatchEvent(new CustomEvent("change"));
}

export function dropDraft() {
  localStorage.removeItem(KEY);
  draftEvents.dispatchEvent(new CustomEvent("change"));
}
