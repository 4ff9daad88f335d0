// "Import from OpenStreetMap" in the organizer console: an .osm or .geojson export of the
// venue mapped with indoor tags is sent to the server (POST /api/v1/venue/osm), which answers
// the plan it makes and what matched the schedule's rooms; shown first, saved only on
// "Use this map" (the same request with apply=1 and the version the first answer gave).

import { _, ngettext } from "../../data/i18n.js";
import { h } from "../../ui/dom.js";
import { account } from "./api.js";
import { answerText } from "./errors.js";

const TIMEOUT = 30000;
const LIMIT = 16_000_000; // the server's, said before sending a file it would refuse

async function send(file, version = null) {
  const headers = { Accept: "application/json", Authorization: `Bearer ${account()?.token ?? ""}` };
  if (version !== null) headers["If-Match"] = `"${version}"`;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT);
  try {
    const response = await fetch(version === null ? "/api/v1/venue/osm" : "/api/v1/venue/osm?apply=1", {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/octet-stream" },
      body: file,
      cache: "no-store",
      credentials: "omit",
      signal: abort.signal,
    });
    let body = null;
    try {
      body = await response.json();
    } catch {
      body = null; // a proxy's HTML page: the status says enough
    }
    return { status: response.status, body };
  } catch {
    return { status: 0, body: null };
  } finally {
    clearTimeout(timer);
  }
}

const SHORT = 8; // a longer list (a campus's offices) stays folded under its count

function list(title, items) {
  if (!items.length) return null;
  const ul = h("ul", {}, items.map((text) => h("li", {}, text)));
  if (items.length <= SHORT) return [h("h3", {}, title), ul];
  return h("details", {}, h("summary", {}, _("{title} ({n})", { title, n: items.length })), ul);
}

function reportNode(report) {
  const matched = report.matched.length;
  const rooms = matched + report.unmatched_schedule.length;
  return h(
    "div",
    { class: "osm-report", "data-osm-report": "" },
    h("p", { role: "status" }, ngettext("{n} floor", "{n} floors", report.floors.length), " · ", _("{matched} of {rooms} schedule rooms found on the map", { matched, rooms })),
    list(_("Found on the map"), report.matched.map((m) => _("{room} on {floor}", { room: m.name, floor: report.floors.find((f) => f.id === m.floor)?.name ?? m.floor }))),
    list(_("Schedule rooms not on the map"), report.unmatched_schedule.map((r) => r.name)),
    list(_("Mapped rooms the schedule does not use"), report.unmatched_osm.map((r) => r.label)),
    list(_("Notes"), report.notes),
    list(_("Problems (nothing can be saved)"), report.problems),
  );
}

export function osmImport() {
  const out = h("div", { "aria-live": "polite" });
  const input = h("input", { id: "org-osm", type: "file", accept: ".osm,.geojson,.json,.xml" });
  const say = (...nodes) => out.replaceChildren(...nodes);
  const why = (status, body) => {
    if (status === 0) return _("No connection: importing needs one.");
    if (status === 412) return _("The venue was changed meanwhile: choose the file again.");
    return answerText(status, body?.error);
  };
  const failed = (status, body) => say(h("p", { class: "error", role: "alert" }, why(status, body)));
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > LIMIT) return say(h("p", { class: "error", role: "alert" }, _("This file is larger than a venue's map: export only the venue's buildings.")));
    say(h("p", { class: "hint" }, _("Reading the map…")));
    const { status, body } = await send(file);
    if (status !== 200 || !body?.report) return failed(status, body);
    const apply = h("button", { type: "button", class: "primary" }, _("Use this map for the venue"));
    apply.addEventListener("click", async () => {
      apply.disabled = true;
      const done = await send(file, body.version);
      if (done.status !== 200 || !done.body?.applied) {
        apply.disabled = false;
        return out.append(h("p", { class: "error", role: "alert" }, why(done.status, done.body)));
      }
      say(reportNode(done.body.report), h("p", { role: "status", "data-osm-saved": "" }, _("Saved: phones get the new plan with their next update."), " ", h("a", { href: "/map" }, _("See the map"))));
    });
    say(reportNode(body.report), body.report.problems.length ? null : h("p", { class: "buttons" }, apply));
  });
  return h(
    "section",
    { class: "osm-import", "aria-labelledby": "org-osm-title" },
    h("h2", { id: "org-osm-title" }, _("Import from OpenStreetMap")),
    h("p", { class: "hint" }, _("An .osm or .geojson export of the venue mapped with indoor tags. You see what matches the schedule's rooms before anything is saved.")),
    h("div", { class: "field" }, h("label", { for: "org-osm" }, _("Map file")), input),
    out,
  );
}
