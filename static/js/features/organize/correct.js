// Correcting one session (move, new time, cancel or restore, edit text and speakers) and
// adding one. Each form ends in the consequences panel (publish.js); nothing is sent before.

import { h } from "../../ui/dom.js";
import { dayLabel, length, minutes, time } from "../../data/time.js";
import { frame } from "./frame.js";
import { snapshot } from "./outbox.js";
import { publishPanel } from "./publish.js";
import { isoIn, venueClock, venueInstant } from "./when.js";

let uid = 0;
const id = (name) => `org-${name}-${++uid}`;

export function field(label, input, hint = null) {
  input.id ||= id(input.name || "f");
  return h("div", { class: "field" }, h("label", { for: input.id }, label), input, hint && h("p", { class: "hint" }, hint));
}

const noteField = () => field("Note for attendees (optional)", h("input", { name: "note", type: "text", maxlength: "500", autocomplete: "off" }));
const noteOf = (form) => form.elements.note.value.trim() || undefined;

function roomSelect(data, chosen, { none = false } = {}) {
  return h(
    "select",
    { name: "room" },
    none && h("option", { value: "" }, "No room"),
    [...data.rooms.values()].map((r) => h("option", { value: r.id, selected: r.id === chosen }, r.name)),
  );
}

function daySelect(data, chosen) {
  return h("select", { name: "day" }, data.days.map((d) => h("option", { value: d, selected: d === chosen }, dayLabel(d, "short"))));
}

// Start and end from the day, the start time and the length (kept unless changed).
function timesOf(form, zone) {
  const start = venueInstant(form.elements.day.value, form.elements.start.value, zone);
  const mins = Number(form.elements.length.value);
  if (!start || !Number.isInteger(mins) || mins < 1 || mins > 24 * 60) return null;
  return { start: isoIn(start, zone), end: isoIn(new Date(start.getTime() + mins * 60000), zone) };
}

function timeFields(data, zone, day, start, mins) {
  return [
    field("Day", daySelect(data, day)),
    field("Starts at (venue time)", h("input", { name: "start", type: "time", required: true, value: start })),
    field("Length in minutes", h("input", { name: "length", type: "number", min: "1", max: "1440", step: "1", required: true, value: String(mins), inputmode: "numeric" }), "Kept as it was unless you change it."),
  ];
}

// A form whose submit replaces its buttons with the consequences panel.
function correctionForm(ctx, title, fields, build, submitText) {
  const data = ctx.store.data;
  const area = h("div", { class: "form-end" });
  const error = h("p", { class: "error", role: "alert" });
  const buttons = h("p", { class: "buttons" }, h("button", { type: "submit", class: "primary" }, submitText));
  area.append(error, buttons);
  const form = h("form", {
    class: "correction",
    "aria-label": title,
    onsubmit: (event) => {
      event.preventDefault();
      const made = build(form);
      if (made.error) {
        error.textContent = made.error;
        return;
      }
      error.textContent = "";
      const back = () => {
        for (const el of form.elements) el.disabled = false;
        area.replaceChildren(error, buttons);
      };
      for (const el of form.elements) el.disabled = true;
      const onDone = (result) => {
        form.dataset.done = "1"; // the console builds this page afresh next time it is shown
        area.append(h("p", { class: "buttons" }, h("a", { href: "/organize" }, "Back to the sessions"), result.ok && made.body.session ? h("a", { href: `/session/${made.body.session}` }, "See it as attendees do") : ""));
      };
      area.replaceChildren(publishPanel(data, made.body, { base: made.base, label: made.label, onBack: back, onDone }));
    },
  }, fields, area);
  return form;
}

function sessionForms(ctx, session, raw) {
  const data = ctx.store.data;
  const zone = data.event.timezone || "UTC";
  const base = snapshot(raw);
  const withNote = (form, body) => ({ ...body, ...(noteOf(form) ? { note: noteOf(form) } : {}) });
  const move = correctionForm(ctx, "Move to another room", [field("Room", roomSelect(data, session.room)), noteField()], (form) => {
    const room = form.elements.room.value;
    if (room === session.room) return { error: "That is the room it is in already." };
    return { body: withNote(form, { kind: "move", session: session.id, room }), base, label: `Move “${session.title}” to ${data.rooms.get(room)?.name || room}` };
  }, "Check and publish the move");
  const retime = correctionForm(ctx, "New time", [...timeFields(data, zone, session.day, venueClock(session.start, zone), minutes(session.start, session.end)), noteField()], (form) => {
    const times = timesOf(form, zone);
    if (!times) return { error: "Give a day, a start time and a length of 1 to 1440 minutes." };
    return { body: withNote(form, { kind: "retime", session: session.id, ...times }), base, label: `New time for “${session.title}”: ${form.elements.day.value} ${form.elements.start.value}, ${form.elements.length.value} min` };
  }, "Check and publish the new time");
  const kind = session.cancelled ? "restore" : "cancel";
  const status = correctionForm(ctx, session.cancelled ? "Restore" : "Cancel", [noteField()], (form) => ({
    body: withNote(form, { kind, session: session.id }),
    base,
    label: `${kind === "cancel" ? "Cancel" : "Restore"} “${session.title}”`,
  }), session.cancelled ? "Check and restore it" : "Check and cancel it");
  return { move, retime, status, edit: editForm(ctx, session, raw, base, withNote) };
}

function editForm(ctx, session, raw, base, withNote) {
  const data = ctx.store.data;
  const chosen = new Set(raw.speakers || []);
  const filter = h("input", { type: "search", name: "speaker-filter", autocomplete: "off" });
  const boxes = [...data.speakers.values()].map((p) =>
    h("li", { "data-name": p.name.toLowerCase() }, h("label", { class: "check" }, h("input", { type: "checkbox", name: "speaker", value: p.id, checked: chosen.has(p.id) }), ` ${p.name}`)),
  );
  filter.addEventListener("input", () => {
    const q = filter.value.trim().toLowerCase();
    for (const li of boxes) li.hidden = Boolean(q) && !li.dataset.name.includes(q) && !li.querySelector("input").checked;
  });
  // Before the texts document came (data/store.js), the description is unknown, not empty: it
  // cannot be edited then, so an edit never replaces a text the form never showed. It is
  // filled in when they come.
  let known = "description" in raw;
  let was = raw.description || [];
  const textarea = h("textarea", { name: "description", rows: "6", disabled: !known }, was.join("\n\n"));
  const later = known ? null : "The description is still loading; it can be edited once it shows here.";
  if (!known) {
    ctx.store.textsSettled().then(() => {
      const fresh = ctx.store.doc.sessions.find((s) => s && s.id === session.id);
      if (!fresh || !("description" in fresh)) return;
      known = true;
      was = fresh.description || [];
      if (base) base.description = fresh.description ?? null; // what a conflict is checked against
      textarea.value = was.join("\n\n");
      textarea.disabled = false;
      textarea.parentElement?.querySelector(".hint")?.remove();
    });
  }
  const fields = [
    field("Title", h("input", { name: "title", type: "text", required: true, maxlength: "2000", value: session.title })),
    h("fieldset", { class: "speakers" }, h("legend", {}, "Speakers"), field("Find a speaker", filter), h("ul", { class: "speaker-boxes" }, boxes)),
    field("Description (a blank line between paragraphs)", textarea, later),
    noteField(),
  ];
  return correctionForm(ctx, "Edit title, speakers, description", fields, (form) => {
    const body = { kind: "edit", session: session.id };
    const title = form.elements.title.value.trim();
    if (!title) return { error: "A session needs a title." };
    if (title !== session.title) body.title = title;
    const speakers = [...form.querySelectorAll("input[name=speaker]:checked")].map((b) => b.value);
    if (JSON.stringify([...speakers].sort()) !== JSON.stringify([...(raw.speakers || [])].sort())) body.speakers = speakers;
    const paragraphs = form.elements.description.value.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
    if (known && JSON.stringify(paragraphs) !== JSON.stringify(was)) body.description = paragraphs;
    if (Object.keys(body).length === 2) return { error: "Nothing changed: edit the title, the speakers or the description." };
    return { body: withNote(form, body), base, label: `Edit “${session.title}”: ${Object.keys(body).slice(2).join(", ")}` };
  }, "Check and publish the edit");
}

const CHOICES = [
  ["move", "Move to another room"],
  ["retime", "New time"],
  ["status", null],
  ["edit", "Edit title, speakers, description"],
];

export function correctPage(ctx) {
  const data = ctx.store.data;
  const sid = ctx.query.get("session");
  const session = sid && data.byId.get(sid);
  const raw = session && ctx.store.doc.sessions.find((s) => s.id === sid);
  if (!session || !raw) {
    return { title: "No such session", ...frame("No such session", "home", h("p", {}, `There is no session “${sid ?? ""}” in this schedule. `, h("a", { href: "/organize" }, "Find one"))) };
  }
  const forms = sessionForms(ctx, session, raw);
  const holder = h("div", { class: "chosen-form" });
  const name = id("what");
  const pick = (which) => holder.replaceChildren(forms[which]);
  const radios = CHOICES.map(([value, text]) => {
    const label = text || (session.cancelled ? "Restore (no longer cancelled)" : "Cancel");
    return h("label", { class: "choice" }, h("input", { type: "radio", name, value, onchange: () => pick(value) }), ` ${label}`);
  });
  const room = data.rooms.get(session.room);
  const framed = frame(
    `Correct: ${session.title}`,
    "home",
    h("p", { class: "now-is" }, `${dayLabel(session.day, "short")} ${time(session.start)}–${time(session.end)} · ${length(session.start, session.end)} · ${room?.name || "no room"}${session.cancelled ? " · cancelled" : ""}`),
    h("p", {}, h("a", { href: `/session/${session.id}` }, "See it as attendees do")),
    h("fieldset", { class: "choices" }, h("legend", {}, "What changes?"), radios),
    holder,
  );
  return { title: `Correct: ${session.title}`, ...framed };
}

export function addPage(ctx) {
  const data = ctx.store.data;
  const zone = data.event.timezone || "UTC";
  const form = correctionForm(ctx, "Add a session", [
    field("Title", h("input", { name: "title", type: "text", required: true, maxlength: "2000" })),
    ...timeFields(data, zone, data.days[0], "09:00", 30),
    field("Room", roomSelect(data, [...data.rooms.keys()][0], { none: true })),
    field("Kind (optional, e.g. Talk)", h("input", { name: "skind", type: "text", maxlength: "200", autocomplete: "off" })),
    noteField(),
  ], (f) => {
    const title = f.elements.title.value.trim();
    const times = timesOf(f, zone);
    if (!title) return { error: "A session needs a title." };
    if (!times) return { error: "Give a day, a start time and a length of 1 to 1440 minutes." };
    const body = { kind: "add", title, ...times, room: f.elements.room.value || null };
    if (f.elements.skind.value.trim()) body.session_kind = f.elements.skind.value.trim();
    if (noteOf(f)) body.note = noteOf(f);
    return { body, base: null, label: `Add “${title}” on ${f.elements.day.value} at ${f.elements.start.value}` };
  }, "Check and publish the new session");
  return { title: "Add a session", ...frame("Add a session", "add", form) };
}
