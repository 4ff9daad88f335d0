// Changes: every correction (and every change a re-import brought) this phone knows of, those
// to starred sessions first, each newest first, with when it was published, what kind, the
// session, before -> after and the note, or that it came from the schedule's source.

import { flagLabel, flagsFor, joinPhrases, phrases, titleOf } from "../data/changes.js";
import { h } from "../ui/dom.js";
import { announcementLinks, announcements, useNoticeStyles } from "../ui/room-notices.js";
import { dayLabel, time, venueDay } from "../data/time.js";
import { empty, heading } from "../ui/page-parts.js";
import { _, pgettext } from "../data/i18n.js";

// The badge of each kind of change, in the reader's language (asked at each drawing: the
// language can change while the app runs).
function kindLabel(kind) {
  const labels = {
    // Translators: the badge of a change in the list of changes.
    move: pgettext("change", "Moved"),
    retime: pgettext("change", "New time"),
    cancel: pgettext("change", "Cancelled"),
    restore: pgettext("change", "Back on"),
    edit: pgettext("change", "Updated"),
    add: pgettext("change", "New"),
    revert: pgettext("change", "Undone"),
    remove: pgettext("change", "Removed"),
  };
  return labels[kind] ?? pgettext("change", "Updated");
}

const when = (date) => _("{day}, {time}", { day: dayLabel(venueDay(date), "short"), time: time(date) });

function published(change) {
  const date = new Date(change.time);
  if (!change.time || Number.isNaN(date.getTime())) return null;
  return h("time", { datetime: date.toISOString() }, when(date));
}

function item(change, data, starred) {
  const exists = data.byId.has(change.session);
  const title = titleOf(change, data);
  return h(
    "li",
    { class: "change" + (starred ? " mine" : ""), "data-change": `${change.version}/${change.session}` },
    h(
      "p",
      { class: "meta" },
      h("strong", { class: "badge" }, change.kind === "update" ? flagLabel(flagsFor([change], change.session)[0] || "Updated") : kindLabel(change.kind)),
      starred && h("span", { class: "starred" }, _("★ Starred")),
      published(change),
    ),
    h("h3", {}, exists ? h("a", { href: `/session/${change.session}` }, title) : title),
    h("p", { class: "what" }, joinPhrases(phrases(change, data))),
    // Translators: the organizers' note on a change, quoted; use your language's quotation marks.
    change.note && h("p", { class: "note" }, _("“{text}”", { text: change.note })),
    change.origin === "source" && h("p", { class: "origin" }, _("From the event’s schedule, updated at its source")),
  );
}

// Announcements from the organizers, newest first (withdrawn ones are gone from the document).
function announcementList(store) {
  const list = store.doc ? announcements(store.doc) : [];
  if (!list.length) return null;
  useNoticeStyles();
  return h(
    "section",
    { "aria-labelledby": "changes-announce" },
    h("h2", { id: "changes-announce" }, _("Announcements")),
    h(
      "ul",
      { class: "announcements" },
      list.map((a) =>
        h(
          "li",
          { "data-announcement": String(a.version) },
          h("p", {}, a.text),
          a.time && h("p", { class: "meta" }, h("time", { datetime: a.time.toISOString() }, when(a.time))),
          h("p", {}, announcementLinks(a, store.data)),
        ),
      ),
    ),
  );
}

function notifyControl(watcher) {
  if (typeof Notification === "undefined") return null;
  if (Notification.permission === "denied") {
    return h("p", { class: "hint" }, _("Notifications are blocked for this site in the browser's settings."));
  }
  if (watcher.notifying()) {
    return h(
      "p",
      { class: "notify" },
      _("You get a notification when a starred session changes."),
      " ",
      // Translators: a button: stop the notifications about changes.
      h("button", { type: "button", class: "linkish", onclick: () => watcher.disableNotifications() }, _("Stop")),
    );
  }
  return h(
    "p",
    { class: "notify" },
    h(
      "button",
      { type: "button", class: "linkish", onclick: () => watcher.enableNotifications() },
      _("Notify me when a starred session changes"),
    ),
  );
}

export function render(ctx) {
  const { store, changes: watcher } = ctx;
  const data = store.data;
  const history = watcher ? [...watcher.history()].reverse() : [];
  const isStarred = (c) => store.isStarred(c.session);
  const mine = history.filter(isStarred);
  const others = history.filter((c) => !isStarred(c));
  watcher?.markSeen();
  return {
    title: _("Changes"),
    node: h(
      "section",
      { class: "changes" },
      heading(_("Changes"), _("Corrections published by the organizers, and updates from the event’s schedule")),
      h("p", { class: "fresh-here", "data-freshness": "" }),
      h(
        "p",
        { class: "actions" },
        watcher && h("button", { type: "button", class: "linkish", onclick: () => watcher.check() }, _("Check now")),
      ),
      watcher && notifyControl(watcher),
      announcementList(store),
      !history.length && empty(_("No changes so far. Corrections appear here as soon as this phone has a connection.")),
      mine.length > 0 &&
        h(
          "section",
          { "aria-labelledby": "changes-mine" },
          h("h2", { id: "changes-mine" }, _("Your starred sessions")),
          h("ol", { class: "changelist" }, mine.map((c) => item(c, data, true))),
        ),
      others.length > 0 &&
        h(
          "section",
          { "aria-labelledby": "changes-all" },
          h("h2", { id: "changes-all" }, mine.length ? _("Other sessions") : _("All changes")),
          h("ol", { class: "changelist" }, others.map((c) => item(c, data, false))),
        ),
    ),
  };
}
