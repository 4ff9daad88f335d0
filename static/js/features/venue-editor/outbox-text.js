// How the list of what waits on this phone (queue.js) speaks of the venue editor's items: an
// upload waiting, a plan refused with the server's problems, and someone else's plan beside
// this organizer's own when both changed the venue.

import { _, pgettext } from "../../data/i18n.js";
import { h } from "../../ui/dom.js";
import { answerText, failureText } from "../organize/errors.js";
import { differences } from "./draft.js";

function failure(f) {
  if (!f) return "?";
  if (f.status === 0) return _("It cannot be sent: {reason}", { reason: f.detail || "?" });
  if (f.status === 422) return _("The server found problems in it (listed below). Correct them in the venue editor and publish again.");
  if (f.status === 413) return _("The image is too large for the server.");
  if (f.status === 415) return _("The server takes floor plans as PNG, JPEG, PDF or SVG only.");
  if (f.status === 400) return answerText(400, f.detail);
  return failureText(f);
}

// [label, sentence] for a venue item, as queue.js shows every item.
export function venueState(item) {
  if (item.state === "conflict") {
    const version = item.current?.version ?? "?";
    return [pgettext("outbox", "Changed meanwhile"), _("Someone else published the venue meanwhile (version {version}). Yours is kept here and theirs stays on the server until you choose.", { version })];
  }
  if (item.state === "refused") return [pgettext("outbox", "Refused"), failure(item.failure)];
  if (item.failure) return [pgettext("outbox", "Waiting"), failureText(item.failure)];
  const why = item.body.kind === "venue-image" ? _("The floor plan is uploaded when the connection returns.") : _("It is sent when the connection returns.");
  return [pgettext("outbox", "Waiting"), why];
}

function place(p) {
  if (!p) return _("not on the plan");
  if (!Array.isArray(p.at)) return p.floor;
  const [x, y] = p.at.map((v) => Math.round(v));
  // Translators: where a room is on a floor plan: the floor's name and the point's plan coordinates.
  return _("{floor} at {x}, {y}", { floor: p.floor, x, y });
}

// What the organizer reads before choosing: the server's problems, or yours and theirs.
export function venueDetails(item) {
  if (item.state === "refused" && item.failure?.problems?.length) {
    return h("ul", { class: "problems" }, item.failure.problems.map((p) => h("li", {}, p)));
  }
  if (item.state !== "conflict" || item.body.kind !== "venue") return null;
  if (!item.current) return h("p", {}, _("The venue on the server could not be read: try again when online."));
  const rows = differences(item.body.doc, item.current.doc).slice(0, 40);
  if (!rows.length) return h("p", {}, _("Yours and theirs place every room the same."));
  return h(
    "ul",
    { class: "venue-diff" },
    rows.map((d) => {
      const [mine, theirs] = d.what === "room" ? [place(d.mine), place(d.theirs)] : [d.mine || _("no such floor"), d.theirs || _("no such floor")];
      const what = d.what === "room" ? _("Room {room}", { room: d.id }) : _("Floor {floor}", { floor: d.id });
      return h("li", {}, h("strong", {}, what), h("br"), _("yours: {mine}", { mine }), h("br"), _("theirs: {theirs}", { theirs }));
    }),
  );
}
