// The corrections kept on this phone that are not published yet, with what each waits for:
// a connection, or the organizer's decision (a clash, a session changed meanwhile, a refusal).

import { _, ngettext, pgettext } from "../../data/i18n.js";
import { h } from "../../ui/dom.js";
import { clashLabel } from "./clashes.js";
import { failureText } from "./errors.js";
import { isVenue } from "../venue-editor/send.js";
import { venueDetails, venueState } from "../venue-editor/outbox-text.js";
import { discard, events, flush, flushError, items, publishAnyway } from "./outbox.js";

// The session's fields a conflict names (schedule.json's names), as the organizer reads them.
function fieldName(key) {
  const names = {
    start: _("start"),
    end: _("end"),
    room: pgettext("field", "room"),
    status: _("status"),
    title: _("title"),
    speakers: _("speakers"),
    description: _("description"),
    kind: _("kind"),
    session: _("the session"),
  };
  return names[key] || key;
}

function show(value, key) {
  if (value === null || value === undefined) return _("none");
  if (key === "status" && value === "confirmed") return pgettext("status", "confirmed");
  if (key === "status" && value === "cancelled") return pgettext("status", "cancelled");
  if (Array.isArray(value)) return value.join(", ") || _("none");
  return String(value);
}

function conflictText(item) {
  if (!item.current) return _("The session is no longer in the schedule.");
  return (item.fields || [])
    .map((k) => _("{field}: was {before} when you made this, now {now}", { field: fieldName(k), before: show(item.base?.[k], k), now: show(item.current[k], k) }))
    .join("; ");
}

// Why an item waits: a short label (bold) and a sentence.
function stateOf(item) {
  if (isVenue(item.body)) return venueState(item);
  if (item.state === "clash") {
    const kinds = [...new Set((item.clashes || []).map((c) => clashLabel(c.kind)))];
    return [pgettext("outbox", "Clash"), kinds.join("; ") || _("The server refused it as a clash.")];
  }
  if (item.state === "conflict") return [pgettext("outbox", "Changed meanwhile"), conflictText(item)];
  if (item.state === "refused") return [pgettext("outbox", "Refused"), item.failure ? failureText(item.failure) : item.error || "?"];
  const why = item.failure ? failureText(item.failure) : item.error || _("It is sent when the connection returns.");
  return [pgettext("outbox", "Waiting"), why];
}

function entry(item, redraw) {
  const act = (text, onclick, cls = "secondary") => h("button", { type: "button", class: cls, onclick: () => { onclick(); redraw(); flush(); } }, text);
  const drop = act(_("Discard"), () => discard(item.key));
  let buttons = [];
  if (item.state === "clash") buttons = [act(_("Publish anyway"), () => publishAnyway(item.key), "danger"), drop];
  else if (item.state === "conflict") buttons = [act(_("Publish mine anyway"), () => publishAnyway(item.key), "danger"), act(_("Discard mine"), () => discard(item.key))];
  else if (item.state === "refused") buttons = [drop];
  const [label, why] = stateOf(item);
  return h(
    "li",
    { class: `queued ${item.state}`, "data-key": item.key },
    h("p", {}, item.label || item.body.kind),
    // The state, then why on a line of its own: no punctuation joins the two in any language.
    h("p", { class: "state" }, h("strong", {}, label), h("br"), why),
    item.body.note && h("p", { class: "note" }, _("“{note}”", { note: item.body.note })),
    isVenue(item.body) && venueDetails(item),
    buttons.length > 0 && h("p", { class: "buttons" }, buttons),
  );
}

export function outboxList() {
  const node = h("section", { class: "outbox", "aria-labelledby": "outbox-head", hidden: true });
  const redraw = () => {
    const list = items();
    node.hidden = !list.length;
    const err = flushError();
    node.replaceChildren(
      h("h2", { id: "outbox-head" }, ngettext("Kept on this phone ({n})", "Kept on this phone ({n})", list.length)),
      err && err !== "no connection" ? h("p", { class: "error" }, _("Last attempt failed: {reason}", { reason: err })) : "",
      h("ol", { class: "queue" }, list.map((i) => entry(i, redraw))),
      h("p", {}, h("button", { type: "button", class: "secondary", onclick: () => flush() }, _("Try sending now"))),
    );
  };
  // A console page is built a few times a visit at most: its listener simply stays.
  events.addEventListener("change", redraw);
  redraw();
  return { node, refresh: redraw };
}
