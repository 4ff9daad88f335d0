// Before publishing, the consequences (POST /api/v1/corrections/check: nothing is stored):
// a room double-booked, a speaker in two places, outside the day's hours, in the past. A clash
// needs an explicit "Publish anyway" (sent with force). No connection: kept on this phone.

import { _, ngettext } from "../../data/i18n.js";
import { h } from "../../ui/dom.js";
import { dayLabel, time, venueDay } from "../../data/time.js";
import { Offline, call } from "./api.js";
import { clashList } from "./clashes.js";
import { answerText, failureText } from "./errors.js";
import { enqueue, flush, items, recentlyPublished } from "./outbox.js";

function previewLine(preview, data) {
  if (!preview || typeof preview !== "object" || !preview.start) return null;
  const start = new Date(preview.start);
  const end = new Date(preview.end);
  if (Number.isNaN(start.getTime())) return null;
  const vars = {
    day: dayLabel(venueDay(start), "short"),
    start: time(start),
    end: Number.isNaN(end.getTime()) ? "?" : time(end),
    room: data.rooms.get(preview.room)?.name || _("no room"),
  };
  const where = preview.status === "cancelled"
    ? _("{day} {start}–{end} · {room} · cancelled", vars)
    : _("{day} {start}–{end} · {room}", vars);
  // Translators: before publishing, the session as it will be; {title} is shown in bold.
  return h("p", { class: "preview" }, _("After:"), " ", h("strong", {}, preview.title || ""), " · ", where);
}

// The outcome of sending one item, as words, once the outbox has tried.
function outcome(key) {
  const sent = recentlyPublished().find((r) => r.item.key === key);
  if (sent) return { ok: true, text: _("Published as version {version}. Attendees' phones get it at their next check.", { version: sent.correction?.version ?? "?" }) };
  const left = items().find((i) => i.key === key);
  if (!left) return { ok: true, text: _("Sent.") };
  if (left.state === "clash") return { ok: false, text: _("The server found a clash meanwhile: see the list of waiting corrections.") };
  if (left.state === "conflict") return { ok: false, text: _("The session changed meanwhile: see the list of waiting corrections.") };
  if (left.state === "refused") return { ok: false, text: _("Refused: {reason}", { reason: left.failure ? failureText(left.failure) : left.error || "?" }) };
  return { ok: false, text: _("No connection: kept on this phone, waiting. It is sent when the connection returns.") };
}

// The panel that replaces a form's buttons: consequences, then Publish / Publish anyway.
export function publishPanel(data, body, { base = null, label = "", onBack = null, onDone = null, check = true } = {}) {
  const panel = h("div", { class: "publish", role: "region", "aria-label": _("Before publishing") }, h("p", { class: "loading" }, _("Checking the consequences…")));
  const back = onBack && h("button", { type: "button", class: "secondary", onclick: onBack }, _("Change it"));
  const send = async (force) => {
    panel.replaceChildren(h("p", { class: "loading" }, _("Publishing…")));
    let item;
    try {
      item = enqueue(body, { base, force, label });
    } catch {
      panel.replaceChildren(h("p", { class: "error", role: "alert" }, _("This phone's storage is full or blocked: the correction could not be kept. Free some space and try again.")), back);
      return;
    }
    await flush();
    const result = outcome(item.key);
    panel.replaceChildren(h("p", { class: result.ok ? "done" : "waiting", role: "status" }, result.text));
    onDone?.(result);
  };
  const publishButton = (force) =>
    h("button", { type: "button", class: force ? "danger" : "primary", onclick: () => send(force) }, force ? _("Publish anyway") : _("Publish"));
  if (!check) {
    send(false); // room status, announcements: nothing to clash with
    return panel;
  }
  call("POST", "/api/v1/corrections/check", { body })
    .then(({ status, body: answer }) => {
      const buttons = h("p", { class: "buttons" });
      if (status === 200 && answer && Array.isArray(answer.clashes)) {
        const clashes = answer.clashes;
        panel.replaceChildren(
          previewLine(answer.preview, data) || "",
          clashes.length
            ? h("div", { class: "clash-box", role: "alert" }, h("p", {}, h("strong", {}, ngettext("{n} clash", "{n} clashes", clashes.length))), clashList(clashes, data, body.session))
            : h("p", { class: "done" }, _("No clash: the room is free, the speakers are free elsewhere, within the day's hours.")),
          buttons,
        );
        buttons.append(publishButton(clashes.length > 0), back || "");
      } else if (status === 401 || status === 403) {
        panel.replaceChildren(h("p", { class: "error", role: "alert" }, _("The server no longer accepts this token: sign out and sign in again.")), buttons);
        buttons.append(back || "");
      } else if (status === 404 || status === 405) {
        panel.replaceChildren(h("p", {}, _("This server cannot check consequences; it still refuses what it cannot accept.")), buttons);
        buttons.append(publishButton(false), back || "");
      } else {
        panel.replaceChildren(h("p", { class: "error", role: "alert" }, answerText(status, answer?.error)), buttons);
        buttons.append(back || "");
      }
      panel.querySelector("button")?.focus();
    })
    .catch((error) => {
      if (!(error instanceof Offline)) throw error;
      const buttons = h("p", { class: "buttons" });
      panel.replaceChildren(
        h("p", { class: "waiting", role: "status" }, _("No connection: the consequences cannot be checked now. Keep it on this phone: it is checked and sent when the connection returns.")),
        buttons,
      );
      buttons.append(h("button", { type: "button", class: "primary", onclick: () => send(false) }, _("Keep and send when online")), back || "");
      panel.querySelector("button")?.focus();
    });
  return panel;
}
