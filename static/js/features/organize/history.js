// Every correction published since the schedule was imported, newest first: when, which
// organizer, what, the note; revert from the list; door signs of the rooms changed today.

import { checkChange, phrases } from "../../data/changes.js";
import { h } from "../../ui/dom.js";
import { dayLabel, time, venueDay } from "../../data/time.js";
import { Offline, call } from "./api.js";
import { frame } from "./frame.js";
import { events } from "./outbox.js";
import { publishPanel } from "./publish.js";

const KINDS = { move: "Moved", retime: "New time", cancel: "Cancelled", restore: "Restored", edit: "Edited", add: "Added", revert: "Reverted", room_status: "Room status", announce: "Announcement" };

// All corrections the feed lists (from before a re-import too, when the feed can catch up
// across it: they stay on top of it; otherwise since the import it names in its "reload").
async function fetchChanges() {
  let since = 0;
  for (let i = 0; i < 3; i++) {
    const { status, body } = await call("GET", `/api/v1/changes?since=${since}`, { token: null });
    if (status !== 200 || !body) throw new Error(`the server answered ${status}`);
    // What re-imports changed (origin: source) is the sources' doing, not a correction to revert.
    if (!body.reload) return Array.isArray(body.changes) ? body.changes.filter((c) => c?.origin !== "source") : [];
    const at = /version (\d+)/.exec(body.reason || "");
    if (!at || Number(at[1]) <= since) throw new Error(body.reason || "the feed asks for a reload");
    since = Number(at[1]);
  }
  throw new Error("the feed kept asking for a reload");
}

function what(raw, data) {
  if (raw.kind === "room_status") {
    const room = data.rooms.get(raw.room ?? raw.after?.room)?.name || raw.room || raw.after?.room || "?";
    const status = raw.status ?? raw.after?.status ?? "?";
    return `${room}: ${status}`;
  }
  if (raw.kind === "announce") return `“${raw.text ?? raw.after?.text ?? ""}”`;
  const change = checkChange(raw);
  if (!change) return raw.reverts ? `undoes version ${raw.reverts}` : raw.kind;
  const text = phrases(change, data).join("; ");
  return raw.reverts ? `${text} (undoes version ${raw.reverts})` : text;
}

function when(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : `${dayLabel(venueDay(d), "short")} ${time(d)}`;
}

// Rooms whose door signs changed with today's corrections, with the day of the session moved.
export function signsToPrint(changes, data, today) {
  const out = new Map();
  for (const c of changes) {
    if (!c.time || venueDay(new Date(c.time)) !== today) continue;
    const session = data.byId.get(c.session);
    const start = c.after?.start ?? c.before?.start ?? session?.start;
    const day = start ? venueDay(new Date(start)) : today;
    for (const room of [c.before?.room, c.after?.room, c.kind === "room_status" ? null : session?.room]) {
      if (room && data.rooms.has(room)) out.set(`${room}|${day}`, { room, day });
    }
    if (c.before?.start && venueDay(new Date(c.before.start)) !== day && session?.room) {
      out.set(`${session.room}|${venueDay(new Date(c.before.start))}`, { room: session.room, day: venueDay(new Date(c.before.start)) });
    }
  }
  return [...out.values()];
}

function row(raw, data, reverted, onRevert) {
  const title = raw.session ? data.byId.get(raw.session)?.title || raw.after?.title || raw.before?.title || raw.session : null;
  const undone = reverted.get(raw.version);
  return h(
    "li",
    { class: "change", "data-version": String(raw.version) },
    h("p", { class: "meta" }, h("strong", { class: "badge" }, KINDS[raw.kind] || raw.kind), h("span", {}, `v${raw.version}`), h("span", {}, when(raw.time)), h("span", { class: "by" }, `by ${typeof raw.by === "string" && raw.by ? raw.by : "unknown"}`)),
    title && h("h3", {}, raw.session && data.byId.has(raw.session) ? h("a", { href: `/organize/correct?session=${raw.session}` }, title) : title),
    h("p", { class: "what" }, what(raw, data)),
    raw.note && h("p", { class: "note" }, `“${raw.note}”`),
    undone
      ? h("p", { class: "hint" }, `Reverted by version ${undone}`)
      : raw.kind !== "revert" && h("p", { class: "buttons" }, h("button", { type: "button", class: "secondary", "aria-label": `Revert version ${raw.version}`, onclick: (e) => onRevert(raw, e.target.closest("li")) }, "Revert")),
  );
}

export function historyPage(ctx) {
  const data = ctx.store.data;
  const list = h("ol", { class: "changelist history" });
  const status = h("p", { class: "hint", role: "status" }, "Loading the history…");
  const signs = h("div", { class: "signs" });
  const onRevert = (raw, li) => {
    const end = li.querySelector(".buttons");
    const restore = () => end.replaceWith(row(raw, data, new Map(), onRevert).querySelector(".buttons"));
    end.replaceWith(
      publishPanel(data, { kind: "revert", reverts: raw.version }, { label: `Revert version ${raw.version} (${KINDS[raw.kind] || raw.kind})`, onBack: restore, onDone: (r) => r.ok && load() }),
    );
  };
  const load = () =>
    fetchChanges()
      .then((changes) => {
        const reverted = new Map(changes.filter((c) => Number.isInteger(c.reverts)).map((c) => [c.reverts, c.version]));
        status.textContent = changes.length ? `${changes.length} correction${changes.length === 1 ? "" : "s"} since the schedule was imported.` : "No corrections yet.";
        list.replaceChildren(...[...changes].reverse().map((c) => row(c, data, reverted, onRevert)));
        const today = venueDay(ctx.now || new Date());
        const rooms = signsToPrint(changes, data, today);
        signs.replaceChildren(
          h("h2", {}, "Door signs to print"),
          rooms.length
            ? h("ul", { class: "sign-links" }, rooms.map(({ room, day }) => h("li", {}, h("a", { href: `/print/room/${room}?day=${day}`, target: "_blank", rel: "noopener" }, `${data.rooms.get(room).name}, ${dayLabel(day, "short")}`))))
            : h("p", { class: "hint" }, "No room changed today."),
        );
      })
      .catch((error) => {
        status.textContent = error instanceof Offline ? "No connection: the history needs one. Corrections you make are kept on this phone meanwhile." : `The history could not be loaded: ${error.message}`;
      });
  load();
  const framed = frame("History", "history", status, signs, list);
  events.addEventListener("published", () => list.isConnected && load());
  return { title: "History", ...framed };
}
