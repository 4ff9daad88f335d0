// /organize: the organizers' console, in the same app (the router imports this module only
// when an organizer opens it). Sign in with a token (checked with /api/v1/whoami), then: find
// a session and correct it, add one, room status, announcements, history, and what waits.

import { _, ngettext } from "../../data/i18n.js";
import { h } from "../../ui/dom.js";
import { dayLabel, time } from "../../data/time.js";
import { heading } from "../../ui/page-parts.js";
import { pagePoll } from "../changes/feed-sync.js";
import { Offline, account, saveAccount, whoami } from "./api.js";
import { frame, onSignOut, rerender } from "./frame.js";
import { startOutbox } from "./outbox.js";
import { followLine } from "./following.js";
import { osmImport } from "./osm-import.js";

const PAGES = {
  correct: () => import("./correct.js").then((m) => m.correctPage),
  add: () => import("./correct.js").then((m) => m.addPage),
  history: () => import("./history.js").then((m) => m.historyPage),
  rooms: () => import("./board.js").then((m) => m.roomsPage),
  announce: () => import("./board.js").then((m) => m.announcePage),
  venue: () => import("../venue-editor/page.js").then((m) => m.venuePage),
};

let styled = false;
function useStyles() {
  if (styled) return;
  styled = true;
  document.head.append(h("link", { rel: "stylesheet", href: new URL("../../../css/organize.css", import.meta.url).href }));
}

// Re-rendered (a poll patched the schedule) on the same URL: the same page comes back, so a
// half-filled form is never wiped; its live parts refresh themselves.
let kept = null;
onSignOut(() => {
  kept = null;
});

export function render(ctx) {
  useStyles();
  const me = account();
  const key = `${location.pathname}${location.search}|${me?.name ?? ""}`;
  if (kept && kept.key === key && !kept.view.node.querySelector("[data-done]")) {
    kept.view.refresh?.();
    return kept.view;
  }
  let view;
  if (!me) view = signInPage(ctx);
  else {
    startOutbox(Math.min(pagePoll(), 10));
    const sub = ctx.params[0];
    view = sub ? lazyPage(ctx, sub) : homePage(ctx);
  }
  kept = { key, view };
  return view;
}

function lazyPage(ctx, sub) {
  const holder = h("div", {}, h("p", { class: "loading" }, _("Loading…")));
  const view = { title: _("Organizer console"), node: h("section", { class: "organize" }, h("h1", { tabindex: "-1" }, _("Organizer console")), holder) };
  PAGES[sub]().then((page) => {
    const built = page(ctx);
    view.title = built.title;
    view.refresh = built.refresh;
    view.node.replaceWith(built.node);
    view.node = built.node;
    document.title = _("{page} · {event}", { page: built.title, event: ctx.store.data.event.name });
    built.node.querySelector("h1")?.focus();
  });
  return view;
}

function signInPage() {
  const input = h("input", { id: "org-token", name: "token", type: "password", autocomplete: "off", required: true, spellcheck: "false" });
  const message = h("p", { class: "error", role: "alert" });
  const form = h(
    "form",
    { class: "signin", onsubmit: async (event) => {
      event.preventDefault();
      const token = input.value.trim();
      if (!token) return;
      message.textContent = _("Checking…");
      try {
        const answer = await whoami(token);
        if (answer.error) message.textContent = answer.error;
        else {
          saveAccount(answer.name, token);
          input.value = "";
          rerender();
        }
      } catch (error) {
        if (!(error instanceof Offline)) throw error;
        message.textContent = _("No connection: signing in needs one, once. After that the console works offline.");
      }
    } },
    h("div", { class: "field" }, h("label", { for: "org-token" }, _("Organizer token")), input),
    h("button", { type: "submit", class: "primary" }, _("Sign in")),
    message,
  );
  return {
    title: _("Organizer sign-in"),
    node: h(
      "section",
      { class: "organize" },
      heading(_("Organizer sign-in"), _("For the event's organizers: publish corrections, room status and announcements.")),
      form,
      h("p", { class: "hint" }, _("The token stays on this device until you sign out. It is never put in a link.")),
    ),
  };
}

function matches(data, text) {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return data.sessions.filter((s) => words.every((w) => haystack(s).includes(w) || s.id === w));
}

// A session's words as the finder reads them, made the first time it looks: made for every
// session each time the schedule was read (the kept copy at each start, each correction), the
// descriptions lowered were most of a congress's 1-2 MB of text, for this one finder.
const haystacks = new WeakMap();
function haystack(s) {
  let text = haystacks.get(s);
  if (text === undefined) {
    text = [s.title, ...s.description, ...s.people.map((p) => p.name)].join("\n").toLowerCase();
    haystacks.set(s, text);
  }
  return text;
}

// "Tue 7 Apr 10:00 · Main Room", and " · cancelled" when it is.
export function whereWhen(s, data) {
  const vars = { day: dayLabel(s.day, "short"), start: time(s.start), room: data.rooms.get(s.room)?.name || _("no room") };
  return s.cancelled ? _("{day} {start} · {room} · cancelled", vars) : _("{day} {start} · {room}", vars);
}

function homePage(ctx) {
  const data = ctx.store.data;
  const results = h("ol", { class: "picklist", "aria-label": _("Sessions found") });
  const count = h("p", { class: "hint", role: "status" });
  const show = (text) => {
    const found = text.trim() ? matches(data, text) : [];
    count.textContent = text.trim() ? ngettext("{n} session found", "{n} sessions found", found.length) : _("Type a title, a speaker or an id.");
    results.replaceChildren(
      ...found.slice(0, 30).map((s) =>
        h(
          "li",
          {},
          h("a", { href: `/organize/correct?session=${s.id}` }, s.title),
          " ",
          h("span", { class: "sub" }, whereWhen(s, data)),
        ),
      ),
    );
  };
  const search = h("input", { id: "org-search", type: "search", autocomplete: "off", oninput: (e) => show(e.target.value) });
  show("");
  const framed = frame(
    _("Organizer console"),
    "home",
    followLine(),
    h("h2", {}, _("Correct a session")),
    h("div", { class: "field" }, h("label", { for: "org-search" }, _("Find a session")), search),
    count,
    results,
    h("p", { class: "hint" }, _("Or open a session in the schedule and follow “Correct this session”.")),
    osmImport(),
  );
  return { title: _("Organizer console"), ...framed };
}
