// Every correction published since the schedule was imported, newest first: when, which
// organizer, what, the note; revert from the list; door signs of the rooms changed today.

import { checkChange, phrases } from "../../data/changes.js";
import { _, ngettext, pgettext } from "../../data/i18n.js";
import { h } from "../../ui/dom.js";
import { dayLabel, time, venueDay } from "../../data/time.js";
import { Offline, call } from "./api.js";
import { statusText } from "./board.js";
import { frame } from "./frame.js";
import { events } from "./outbox.js";
import { publishPanel } from "./publish.js";

// The badge of each kind of correction (the API's `kind` codes), asked for when drawn.
function kindName(kind) {
  const names = {
    move: () => pgettext("correction", "Moved"),
    retime: () => pgettext("correction", "New time"),
    cancel: () => pgettext("correction", "Cancelled"),
    restore: () => pgettext("correction", "Restored"),
    edit: () => pgettext("correction", "Edited"),
    add: () => pgettext("correction", "Added"),
    revert: () => pgettext("correction", "Reverted"),
    room_status: () => pgettext("correction", "Room status"),
    announce: () => pgettext("correction", "Announcement"),
  };
  return names[kind]?.() ?? kind;
}


// All corrections the feed lists (from before a re-import too, when the feed can catch up
// across it: they stay on top of it; otherwise since the import it names in its "reload").
async function fetchChanges() {
  let since = 0;
  for (let i = 0; i < 3; i++) {
    const { status, body } = await call("GET", `/api/v1/changes?since=${since}`, { token: null });
    if (status !== 200 || !body) throw new Error(_("the server answered {status}", { status }));
    // What re-imports changed (origin: source) is the sources' doing, not a correction to revert.
    if (!body.reload) return Array.isArray(body.changes) ? body.changes.filter((c) => c?.origin !== "source") : [];
    const at = /version (\d+)/.exec(body.reason || "");
    if (!at || Number(at[1]) <= since) throw new Error(_("the feed asks to load the schedule again"));
    since = Number(at[1]);
  }
  throw new Error(_("the feed kept asking to load the schedule again"));
}

function what(raw, data) {
  if (raw.kind === "room_status") {
    const room = data.rooms.get(raw.room ?? raw.after?.room)?.name || raw.room || raw.after?.room || "?";
    const status = raw.status ?? raw.after?.status;
    return _("{room}: {status}", { room, status: status ? statusText(status) : "?" });
  }
  if (raw.kind === "announce") return _("“{text}”", { text: raw.text ?? raw.after?.text ?? "" });
  const change = checkChange(raw);
  if (!change) return raw.reverts ? _("undoes version {version}", { version: raw.reverts }) : kindName(raw.kind);
  const text = phrases(change, data).join("; ");
  return raw.reverts ? _("{change} (undoes version {version})", { change: text, version: raw.reverts }) : text;
}

function when(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : _("{day} {time}", { day: dayLabel(venueDay(d), "short"), time: time(d) });
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
    h("p", { class: "meta" }, h("strong", { class: "badge" }, kindName(raw.kind)),
      // Translators: a correction's version number, short (v12).
      h("span", {}, _("v{version}", { version: raw.version })),
      h("span", {}, when(raw.time)),
      h("span", { class: "by" }, typeof raw.by === "string" && raw.by ? _("by {name}", { name: raw.by }) : _("by an unknown organizer")),
    ),
    title && h("h3", {}, raw.session && data.byId.has(raw.session) ? h("a", { href: `/organize/correct?session=${raw.session}` }, title) : title),
    h("p", { class: "what" }, what(raw, data)),
    raw.note && h("p", { class: "note" }, _("“{note}”", { note: raw.note })),
    undone
      ? h("p", { class: "hint" }, _("Reverted by version {version}", { version: undone }))
      : raw.kind !== "revert" && h("p", { class: "buttons" }, h("button", { type: "button", class: "secondary", "aria-label": _("Revert version {version}", { version: raw.version }), onclick: (e) => onRevert(raw, e.target.closest("li")) }, _("Revert"))),
  );
}

export function historyPage(ctx) {
  const data = ctx.store.data;
  const list = h("ol", { class: "changelist history" });
  const status = h("p", { class: "hint", role: "status" }, _("Loading the history…"));
  const signs = h("div", { class: "signs" });
  const onRevert = (raw, li) => {
    const end = li.querySelector(".buttons");
    const restore = () => end.replaceWith(row(raw, data, new Map(), onRevert).querySelector(".buttons"));
    end.replaceWith(
      publishPanel(data, { kind: "revert", reverts: raw.version }, { label: _("Revert version {version} ({kind})", { version: raw.version, kind: kindName(raw.kind) }), onBack: restore, onDone: (r) => r.ok && load() }),
    );
  };
  const load = () =>
    fetchChanges()
      .then((changes) => {
        const reverted = new Map(changes.filter((c) => Number.isInteger(c.reverts)).map((c) => [c.reverts, c.version]));
        status.textContent = changes.length ? ngettext("{n} correction since the schedule was imported.", "{n} corrections since the schedule was imported.", changes.length) : _("No corrections yet.");
        list.replaceChildren(...[...changes].reverse().map((c) => row(c, data, reverted, onRevert)));
        const today = venueDay(ctx.now || new Date());
        const rooms = signsToPrint(changes, data, today);
        signs.replaceChildren(
          h("h2", {}, _("Door signs to print")),
          rooms.length
            ? h("ul", { class: "sign-links" }, rooms.map(({ room, day }) => h("li", {}, h("a", { href: `/print/room/${room}?day=${day}`, target: "_blank", rel: "noopener" }, _("{room}, {day}", { room: data.rooms.get(room).name, day: dayLabel(day, "short") })))))
            : h("p", { class: "hint" }, _("No room changed today.")),
        );
      })
      .catch((error) => {
        status.textContent = error instanceof Offline
          ? _("No connection: the history needs one. Corrections you make are kept on this phone meanwhile.")
          : _("The history could not be loaded: {reason}", { reason: error.message });
      });
  load();
  const framed = frame(pgettext("section", "History"), "history", status, signs, list);
  events.addEventListener("published", () => list.isConnected && load());
  return { title: pgettext("section", "History"), ...framed };
}
