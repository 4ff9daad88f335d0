// Room status (open, full, closed, per room; it clears at the end of the day) and
// announcements (a short message to everyone, optionally about a session or a room;
// withdrawn with a revert). Both go through the outbox like any correction.

import { _, pgettext } from "../../data/i18n.js";
import { h } from "../../ui/dom.js";
import { announcementLinks, announcements, roomNotice } from "../../ui/room-notices.js";
import { dayLabel, time } from "../../data/time.js";
import { frame } from "./frame.js";
import { field } from "./correct.js";
import { publishPanel } from "./publish.js";

// The words attendees see for each status (ui/room-notices.js), asked for when drawn.
export function statusText(status) {
  if (status === "full") return _("Room full");
  if (status === "closed") return _("Room closed");
  return _("Room open");
}

function roomCard(ctx, room) {
  const data = ctx.store.data;
  const now = roomNotice(ctx.store.doc, room.id, ctx.now);
  const current = h("p", { class: "state", "data-room-state": room.id });
  const name = `status-${room.id}`;
  const radios = ["open", "full", "closed"].map((s) =>
    h("label", { class: "choice" }, h("input", { type: "radio", name, value: s, checked: (now?.status ?? "open") === s }), ` ${statusText(s)}`),
  );
  const note = h("input", { name: "note", type: "text", maxlength: "500", autocomplete: "off" });
  const end = h("div", { class: "form-end" });
  const button = h("button", { type: "submit", class: "primary" }, _("Set {room}", { room: room.name }));
  end.append(h("p", { class: "buttons" }, button));
  const form = h(
    "form",
    { class: "room-card", "aria-label": room.name, onsubmit: (event) => {
      event.preventDefault();
      const status = form.querySelector(`input[name="${name}"]:checked`)?.value || "open";
      const body = { kind: "room_status", room: room.id, status, ...(note.value.trim() ? { note: note.value.trim() } : {}) };
      end.replaceChildren(publishPanel(data, body, { check: false, label: _("{room}: {status}", { room: room.name, status: statusText(status) }), onDone: () => {
        end.append(h("p", { class: "buttons" }, button));
      } }));
    } },
    h("h2", {}, room.name),
    current,
    h("fieldset", { class: "choices row" }, h("legend", {}, _("Status")), radios),
    field(_("Note for attendees (optional)"), note),
    end,
  );
  const refresh = () => {
    const n = roomNotice(ctx.store.doc, room.id, ctx.now);
    const shown = statusText(n?.status);
    // Translators: the status a room has now, above the form that changes it.
    current.textContent = n?.note ? _("Now: {status} ({note})", { status: shown, note: n.note }) : _("Now: {status}", { status: shown });
  };
  refresh();
  return { node: form, refresh };
}

export function roomsPage(ctx) {
  const cards = [...ctx.store.data.rooms.values()].map((r) => roomCard(ctx, r));
  const framed = frame(
    _("Room status"),
    "rooms",
    h("p", { class: "hint" }, _("Attendees see it on the room's page, the map, Now and the session on in that room. It clears at the end of the day.")),
    cards.map((c) => c.node),
  );
  return { title: _("Room status"), node: framed.node, refresh: () => (framed.refresh(), cards.forEach((c) => void c.refresh())) };
}

function sessionSelect(data) {
  return h(
    "select",
    { name: "session" },
    h("option", { value: "" }, pgettext("choice", "None")),
    data.days.map((d) =>
      h("optgroup", { label: dayLabel(d, "short") }, data.sessions.filter((s) => s.day === d).map((s) => h("option", { value: s.id }, _("{time} {title}", { time: time(s.start), title: s.title })))),
    ),
  );
}

export function announcePage(ctx) {
  const data = ctx.store.data;
  const listed = h("div", { class: "current" });
  const redraw = () => {
    const list = announcements(ctx.store.doc);
    listed.replaceChildren(
      h("h2", {}, _("Shown now")),
      list.length
        ? h("ul", { class: "announcements" }, list.map((a) => {
          const end = h("p", { class: "buttons" });
          end.append(h("button", { type: "button", class: "secondary", onclick: () => end.replaceWith(publishPanel(data, { kind: "revert", reverts: a.version }, { check: false, label: _("Withdraw “{text}”", { text: a.text }) })) }, _("Withdraw")));
          return h("li", {}, h("p", {}, a.text), h("p", { class: "links" }, announcementLinks(a, data)), end);
        }))
        : h("p", { class: "hint" }, _("No announcement is shown.")),
    );
  };
  const text = h("textarea", { name: "text", rows: "3", maxlength: "500", required: true });
  const end = h("div", { class: "form-end" });
  const submit = h("p", { class: "buttons" }, h("button", { type: "submit", class: "primary" }, _("Publish the announcement")));
  end.append(submit);
  const form = h(
    "form",
    { class: "correction", "aria-label": _("New announcement"), onsubmit: (event) => {
      event.preventDefault();
      const value = text.value.trim();
      if (!value) return;
      const body = { kind: "announce", text: value };
      if (form.elements.session.value) body.session = form.elements.session.value;
      if (form.elements.room.value) body.room = form.elements.room.value;
      end.replaceChildren(publishPanel(data, body, { check: false, label: _("Announce “{text}”", { text: value }), onDone: (r) => {
        if (r.ok) text.value = "";
        end.append(submit);
      } }));
    } },
    h("h2", {}, _("New announcement")),
    field(_("Message (shown once to everyone, listed on Changes)"), text),
    field(_("About a session (optional)"), sessionSelect(data)),
    field(_("About a room (optional)"), h("select", { name: "room" }, h("option", { value: "" }, pgettext("choice", "None")), [...data.rooms.values()].map((r) => h("option", { value: r.id }, r.name)))),
    end,
  );
  redraw();
  const framed = frame(_("Announcements"), "announce", form, listed);
  return { title: _("Announcements"), node: framed.node, refresh: () => (framed.refresh(), redraw()) };
}
