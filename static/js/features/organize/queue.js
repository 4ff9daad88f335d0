// The corrections kept on this phone that are not published yet, with what each waits for:
// a connection, or the organizer's decision (a clash, a session changed meanwhile, a refusal).

import { h } from "../../ui/dom.js";
import { discard, events, flush, flushError, items, publishAnyway } from "./outbox.js";

const LABELS = { start: "start", end: "end", room: "room", status: "status", title: "title", speakers: "speakers", description: "description", kind: "kind", session: "the session" };

function show(value) {
  if (value === null || value === undefined) return "none";
  if (Array.isArray(value)) return value.join(", ") || "none";
  return String(value);
}

function conflictText(item) {
  if (!item.current) return "The session is no longer in the schedule.";
  return (item.fields || []).map((k) => `${LABELS[k] || k}: was ${show(item.base?.[k])} when you made this, now ${show(item.current[k])}`).join("; ");
}

function entry(item, redraw) {
  const act = (text, onclick, cls = "secondary") => h("button", { type: "button", class: cls, onclick: () => { onclick(); redraw(); flush(); } }, text);
  const drop = act("Discard", () => discard(item.key));
  let state;
  let buttons = [];
  if (item.state === "clash") {
    state = [h("strong", {}, "Clash: "), (item.clashes || []).map((c) => c.message || c.kind).join("; ") || "the server refused it as a clash"];
    buttons = [act("Publish anyway", () => publishAnyway(item.key), "danger"), drop];
  } else if (item.state === "conflict") {
    state = [h("strong", {}, "Changed meanwhile: "), conflictText(item)];
    buttons = [act("Publish mine anyway", () => publishAnyway(item.key), "danger"), act("Discard mine", () => discard(item.key))];
  } else if (item.state === "refused") {
    state = [h("strong", {}, "Refused: "), item.error || "?"];
    buttons = [drop];
  } else {
    state = [h("strong", {}, "Waiting"), item.error ? `: ${item.error}` : ": sent when the connection returns"];
  }
  return h(
    "li",
    { class: `queued ${item.state}`, "data-key": item.key },
    h("p", {}, item.label || item.body.kind),
    h("p", { class: "state" }, state),
    item.body.note && h("p", { class: "note" }, `“${item.body.note}”`),
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
      h("h2", { id: "outbox-head" }, `Kept on this phone (${list.length})`),
      err && err !== "no connection" ? h("p", { class: "error" }, `Last attempt failed: ${err}`) : "",
      h("ol", { class: "queue" }, list.map((i) => entry(i, redraw))),
      h("p", {}, h("button", { type: "button", class: "secondary", onclick: () => flush() }, "Try sending now")),
    );
  };
  // A console page is built a few times a visit at most: its listener simply stays.
  events.addEventListener("change", redraw);
  redraw();
  return { node, refresh: redraw };
}
