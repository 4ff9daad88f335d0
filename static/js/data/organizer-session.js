// What the attendee app needs to know about organizers, and no more: whether one is signed in
// on this device (to show "Correct this session") and whether corrections wait to be sent.
// The console itself (js/features/organize/) is imported only for organizers; the token is read there.

export const ORGANIZER_KEY = "hallway.organizer.v1"; // {name, token}: localStorage, never a cache
export const OUTBOX_KEY = "hallway.organizer.outbox.v1";

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null; // blocked or damaged storage: nobody is signed in
  }
}

export function organizerName() {
  const value = read(ORGANIZER_KEY);
  return value && typeof value.name === "string" && typeof value.token === "string" ? value.name : null;
}

export function outboxWaiting() {
  const value = read(OUTBOX_KEY);
  return Array.isArray(value) ? value.length : 0;
}
