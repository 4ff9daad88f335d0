// What a scanned, typed or linked code names, for the views that open it (views/scan.js,
// views/code.js), and what is said of one that is not followed, in the reader's language.

import { codeIndex, readCode } from "./door-codes.js";
import { _ } from "../../data/i18n.js";

// This app's own addresses: where it runs, and its public URL when the server has one.
function ownBases() {
  const publicUrl = document.querySelector('meta[name="hallway-public-url"]')?.content;
  return publicUrl ? [location.origin, publicUrl] : [location.origin];
}

// What codes are looked up in, made once per version of the schedule on the device.
const indexes = new WeakMap();
function indexOf(data) {
  if (!indexes.has(data)) indexes.set(data, codeIndex(data.sessions));
  return indexes.get(data);
}

/** What a code read by the camera (or `typed` into the box) names (features/qr/door-codes.js). */
export function codeOf(text, data, typed = false) {
  return readCode(text, { origins: ownBases(), index: indexOf(data), typed });
}

/** What a code that is not followed is, said to the reader: the notes door-codes.js gives
 * are kept as codes (tests and callers compare them). */
export function saidOf(code) {
  const notes = {
    "not a session of this schedule": () => _("This code is not a session of this schedule:"),
    "a link to a session this schedule does not have": () => _("This code is a link to a session this schedule does not have:"),
    // Translators: {host} is a web site's name, such as fosdem.org.
    "a page of another site": () => _("This code is a page of {host}, not a session in this schedule:", { host: code.host }),
    "a page of this app, not a session": () => _("This code is a page of this app, not a session:"),
    "not a code of this app": () => _("This is not a code of this app. It says:"),
  };
  return Object.hasOwn(notes, code.note ?? "") ? notes[code.note]() : _("This code is not a link to this schedule. It says:");
}

