// Before publishing, the consequences (POST /api/v1/corrections/check: nothing is stored):
// a room double-booked, a speaker in two places, outside the day's hours, in the past. A clash
// needs an explicit "Publish anyway" (sent with force). No connection: kept on this phone.

import { h } from "../../ui/dom.js";
import { dayLabel, time, venueDay } from "../../data/time.js";
import { Offline, call } from "./api.js";
import { enqueue, flush, items, recentlyPublished } from "./outbox.js";

const CLASH = { room: "Room double-booked", speaker: "Speaker in two places", hours: "Outside the day's hours", past: "In the past" };

// Each clash in the server's words, with links to the other sessions involved.
export function clashList(clashes, data, self = null) {
  return h(
    "ul",
    { class: "clashes" },
    clashes.map((c) =>
      h(
        "li",
        {},
        h("strong", {}, CLASH[c.kind] || "Clash"),
        typeof c.message === "string" && c.message ? `: ${c.message}` : "",
        ...others(c, self).map((id) => [" · ", h("a", { href: `/session/${id}` }, `See ${data.byId.get(id)?.title || id}`)]),
      ),
    ),
  );
}

const others = (clash, self) => (Array.isArray(clash.sessions) ? clash.sessions.filter((id) => id !== self) : []);

function previewLine(preview, data) {
  if (!preview || typeof preview !== "object" || !preview.start) return null;
  const start = new Date(preview.start);
  const end = new Date(preview.end);
  if (Number.isNaN(start.getTime())) return null;
  const room = data.rooms.get(preview.room)?.name || "no room";
  const cancelled = preview.status === "cancelled" ? " · cancelled" : "";
  return h("p", { class: "preview" }, "After: ", h("strong", {}, preview.title || ""), ` · ${dayLabel(venueDay(start), "short")} ${time(start)}–${Number.isNaN(end.getTime()) ? "?" : time(end)} · ${room}${cancelled}`);
}

// The outcome of sending one item, as words, once the outbox has tried.
function outcome(key) {
  const sent = recentlyPublished().find((r) => r.item.key === key);
  if (sent) return { ok: true, text: `Published as version ${sent.correction?.version ?? "?"}. Attendees' phones get it at their next check.` };
  const left = items().find((i) => i.key === key);
  if (!left) return { ok: true, text: "Sent." };
  if (left.state === "clash") return { ok: false, text: "The server found a clash meanwhile: see the list of waiting corrections." };
  if (left.state === "conflict") return { ok: false, text: "The session changed meanwhile: see the list of waiting corrections." };
  if (left.state === "refused") return { ok: false, text: `Refused: ${left.error}` };
  return { ok: false, text: "No connection: kept on this phone, waiting. It is sent when the connection returns." };
}

// The panel that replaces a form's buttons: consequences, then Publish / Publish anyway.
export function publishPanel(data, body, { base = null, label = "", onBack = null, onDone = null, check = true } = {}) {
  const panel = h("div", { class: "publish", role: "region", "aria-label": "Before publishing" }, h("p", { class: "loading" }, "Checking the consequences…"));
  const back = onBack && h("button", { type: "button", class: "secondary", onclick: onBack }, "Change it");
  const send = async (force) => {
    panel.replaceChildren(h("p", { class: "loading" }, "Publishing…"));
    let item;
    try {
      item = enqueue(body, { base, force, label });
    } catch {
      panel.replaceChildren(h("p", { class: "error", role: "alert" }, "This phone's storage is full or blocked: the correction could not be kept. Free some space and try again."), back);
      return;
    }
    await flush();
    const result = outcome(item.key);
    panel.replaceChildren(h("p", { class: result.ok ? "done" : "waiting", role: "status" }, result.text));
    onDone?.(result);
  };
  const publishButton = (force) =>
    h("button", { type: "button", class: force ? "danger" : "primary", onclick: () => send(force) }, force ? "Publish anyway" : "Publish");
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
            ? h("div", { class: "clash-box", role: "alert" }, h("p", {}, h("strong", {}, clashes.length === 1 ? "1 clash" : `${clashes.length} clashes`)), clashList(clashes, data, body.session))
            : h("p", { class: "done" }, "No clash: the room is free, the speakers are elsewhere free, within the day's hours."),
          buttons,
        );
        buttons.append(publishButton(clashes.length > 0), back || "");
      } else if (status === 401 || status === 403) {
        panel.replaceChildren(h("p", { class: "error", role: "alert" }, "The server no longer accepts this token: sign out and sign in again."), buttons);
        buttons.append(back || "");
      } else if (status === 404 || status === 405) {
        panel.replaceChildren(h("p", {}, "This server cannot check consequences; it still refuses what it cannot accept."), buttons);
        buttons.append(publishButton(false), back || "");
      } else {
        panel.replaceChildren(h("p", { class: "error", role: "alert" }, answer?.error || `The server answered ${status}.`), buttons);
        buttons.append(back || "");
      }
      panel.querySelector("button")?.focus();
    })
    .catch((error) => {
      if (!(error instanceof Offline)) throw error;
      const buttons = h("p", { class: "buttons" });
      panel.replaceChildren(
        h("p", { class: "waiting", role: "status" }, "No connection: the consequences cannot be checked now. Keep it on this phone: it is checked and sent when the connection returns."),
        buttons,
      );
      buttons.append(h("button", { type: "button", class: "primary", onclick: () => send(false) }, "Keep and send when online"), back || "");
      panel.querySelector("button")?.focus();
    });
  return panel;
}
