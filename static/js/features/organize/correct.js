// Correcting one session (move, new time, cancel or restore, edit text and speakers) and
// adding one. Each form ends in the consequences panel (publish.js); nothing is sent before.

import { _, formatDuration, formatTime, npgettext, pgettext, writtenHour } from "../../data/i18n.js";
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

const noteField = () => field(_("Note for attendees (optional)"), h("input", { name: "note", type: "text", maxlength: "500", autocomplete: "off" }));
const noteOf = (form) => form.elements.note.value.trim() || undefined;

function roomSelect(data, chosen, { none = false } = {}) {
  return h(
    "select",
    { name: "room" },
    none && h("option", { value: "" }, _("No room")),
    [...data.rooms.values()].map((r) => h("option", { value: r.id, selected: r.id === chosen }, r.name)),
  );
}

function daySelect(data, chosen) {
  return h("select", { name: "day" }, data.days.map((d) => h("option", { value: d, selected: d === chosen }, dayLabel(d, "short"))));
}

// The day, start and length a form chose, written for the locale (the label of a kept correction).
function chosenTime(form) {
  const [hh, mm] = form.elements.start.value.split(":").map(Number);
  return {
    day: dayLabel(form.elements.day.value, "short"),
    start: formatTime(hh, mm),
    hour: writtenHour(hh),
    length: formatDuration(Number(form.elements.length.value)),
  };
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
    field(_("Day"), daySelect(data, day)),
    field(_("Starts at (venue time)"), h("input", { name: "start", type: "time", required: true, value: start })),
    field(_("Length in minutes"), h("input", { name: "length", type: "number", min: "1", max: "1440", step: "1", required: true, value: String(mins), inputmode: "numeric" }), _("Kept as it was unless you change it.")),
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
        area.append(h("p", { class: "buttons" }, h("a", { href: "/organize" }, _("Back to the sessions")), result.ok && made.body.session ? h("a", { href: `/session/${made.body.session}` }, _("See it as attendees do")) : ""));
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
  const move = correctionForm(ctx, _("Move to another room"), [field(_("Room"), roomSelect(data, session.room)), noteField()], (form) => {
    const room = form.elements.room.value;
    if (room === session.room) return { error: _("That is the room it is in already.") };
    const label = _("Move “{title}” to {room}", { title: session.title, room: data.rooms.get(room)?.name || room });
    return { body: withNote(form, { kind: "move", session: session.id, room }), base, label };
  }, _("Check and publish the move"));
  const retime = correctionForm(ctx, _("New time"), [...timeFields(data, zone, session.day, venueClock(session.start, zone), minutes(session.start, session.end)), noteField()], (form) => {
    const times = timesOf(form, zone);
    if (!times) return { error: _("Give a day, a start time and a length of 1 to 1440 minutes.") };
    const label = _("New time for “{title}”: {day} {start}, {length}", { title: session.title, ...chosenTime(form) });
    return { body: withNote(form, { kind: "retime", session: session.id, ...times }), base, label };
  }, _("Check and publish the new time"));
  const kind = session.cancelled ? "restore" : "cancel";
  const status = correctionForm(ctx, session.cancelled ? _("Restore") : pgettext("verb", "Cancel"), [noteField()], (form) => ({
    body: withNote(form, { kind, session: session.id }),
    base,
    label: kind === "cancel" ? _("Cancel “{title}”", { title: session.title }) : _("Restore “{title}”", { title: session.title }),
  }), session.cancelled ? _("Check and restore it") : _("Check and cancel it"));
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
  const later = known ? null : _("The description is still loading; it can be edited once it shows here.");
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
    field(_("Title"), h("input", { name: "title", type: "text", required: true, maxlength: "2000", value: session.title })),
    h("fieldset", { class: "speakers" }, h("legend", {}, _("Speakers")), field(_("Find a speaker"), filter), h("ul", { class: "speaker-boxes" }, boxes)),
    field(_("Description (a blank line between paragraphs)"), textarea, later),
    noteField(),
  ];
  return correctionForm(ctx, _("Edit title, speakers, description"), fields, (form) => {
    const body = { kind: "edit", session: session.id };
    const title = form.elements.title.value.trim();
    if (!title) return { error: _("A session needs a title.") };
    if (title !== session.title) body.title = title;
    const speakers = [...form.querySelectorAll("input[name=speaker]:checked")].map((b) => b.value);
    if (JSON.stringify([...speakers].sort()) !== JSON.stringify([...(raw.speakers || [])].sort())) body.speakers = speakers;
    const paragraphs = form.elements.description.value.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
    if (known && JSON.stringify(paragraphs) !== JSON.stringify(was)) body.description = paragraphs;
    if (Object.keys(body).length === 2) return { error: _("Nothing changed: edit the title, the speakers or the description.") };
    const what = Object.keys(body).slice(2).map((k) => EDITED[k]()).join(", ");
    return { body: withNote(form, body), base, label: _("Edit “{title}”: {fields}", { title: session.title, fields: what }) };
  }, _("Check and publish the edit"));
}

// The fields an edit changed, named in the label of the correction kept on this phone.
const EDITED = { title: () => _("title"), speakers: () => _("speakers"), description: () => _("description") };

// The choices of what changes, in the reader's language when the page is drawn.
const CHOICES = [
  ["move", () => _("Move to another room")],
  ["retime", () => _("New time")],
  ["status", null],
  ["edit", () => _("Edit title, speakers, description")],
];

export function correctPage(ctx) {
  const data = ctx.store.data;
  const sid = ctx.query.get("session");
  const session = sid && data.byId.get(sid);
  const raw = session && ctx.store.doc.sessions.find((s) => s.id === sid);
  if (!session || !raw) {
    const missing = h("p", {}, _("There is no session “{id}” in this schedule.", { id: sid ?? "" }), " ", h("a", { href: "/organize" }, _("Find one")));
    return { title: _("No such session"), ...frame(_("No such session"), "home", missing) };
  }
  const forms = sessionForms(ctx, session, raw);
  const holder = h("div", { class: "chosen-form" });
  const name = id("what");
  const pick = (which) => holder.replaceChildren(forms[which]);
  const radios = CHOICES.map(([value, text]) => {
    const label = text ? text() : session.cancelled ? _("Restore (no longer cancelled)") : pgettext("verb", "Cancel");
    return h("label", { class: "choice" }, h("input", { type: "radio", name, value, onchange: () => pick(value) }), ` ${label}`);
  });
  const room = data.rooms.get(session.room);
  const vars = { day: dayLabel(session.day, "short"), start: time(session.start), end: time(session.end), length: length(session.start, session.end), room: room?.name || _("no room") };
  const title = _("Correct: {title}", { title: session.title });
  const framed = frame(
    title,
    "home",
    h("p", { class: "now-is" }, session.cancelled ? _("{day} {start}–{end} · {length} · {room} · cancelled", vars) : _("{day} {start}–{end} · {length} · {room}", vars)),
    h("p", {}, h("a", { href: `/session/${session.id}` }, _("See it as attendees do"))),
    h("fieldset", { class: "choices" }, h("legend", {}, _("What changes?")), radios),
    holder,
  );
  return { title, ...framed };
}

export function addPage(ctx) {
  const data = ctx.store.data;
  const zone = data.event.timezone || "UTC";
  const form = correctionForm(ctx, _("Add a session"), [
    field(_("Title"), h("input", { name: "title", type: "text", required: true, maxlength: "2000" })),
    ...timeFields(data, zone, data.days[0], "09:00", 30),
    field(_("Room"), roomSelect(data, [...data.rooms.keys()][0], { none: true })),
    field(_("Kind (optional, e.g. Talk)"), h("input", { name: "skind", type: "text", maxlength: "200", autocomplete: "off" })),
    noteField(),
  ], (f) => {
    const title = f.elements.title.value.trim();
    const times = timesOf(f, zone);
    if (!title) return { error: _("A session needs a title.") };
    if (!times) return { error: _("Give a day, a start time and a length of 1 to 1440 minutes.") };
    const body = { kind: "add", title, ...times, room: f.elements.room.value || null };
    if (f.elements.skind.value.trim()) body.session_kind = f.elements.skind.value.trim();
    if (noteOf(f)) body.note = noteOf(f);
    const when = chosenTime(f);
    // Translators: the count is the hour of {start} (1 for 1:30, 13 for 13:00), for a language whose article follows the hour ("a la 1:30", "a las 13:00"); others write the same in each form.
    const label = npgettext("hour", "Add “{title}” on {day} at {start}", "Add “{title}” on {day} at {start}", when.hour, { title, day: when.day, start: when.start });
    return { body, base: null, label };
  }, _("Check and publish the new session"));
  return { title: _("Add a session"), ...frame(_("Add a session"), "add", form) };
}
