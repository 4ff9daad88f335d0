// The corrections' chrome on every page: the bell with the count of new changes, the banner
// that says what changed (starred sessions first), and the freshness line. Text only.

import { summary } from "../../data/changes.js";
import { wallMs } from "../../data/clock.js";
import { h } from "../../ui/dom.js";
import { time } from "../../data/time.js";
import { _, ngettext } from "../../data/i18n.js";

export function syncChrome(watcher, store, { onChangesView = false } = {}) {
  const data = store.data;
  if (!data) return;
  const unseen = onChangesView ? [] : watcher.unseen();
  const starred = (id) => store.isStarred(id);
  const bell = document.getElementById("changes-bell");
  if (bell) {
    const count = bell.querySelector("[data-count]");
    count.textContent = unseen.length ? String(Math.min(unseen.length, 99)) : "";
    count.hidden = !unseen.length;
    bell.classList.toggle("mine", unseen.some((c) => starred(c.session)));
    // Translators: the bell's name for screen readers, with how many changes are new.
    bell.setAttribute("aria-label", unseen.length ? ngettext("Changes, {n} new", "Changes, {n} new", unseen.length) : _("Changes"));
  }
  const banner = document.getElementById("changes-banner");
  if (banner) {
    banner.hidden = !unseen.length;
    banner.classList.toggle("mine", unseen.some((c) => starred(c.session)));
    banner.replaceChildren(
      ...(unseen.length
        ? [
            h("p", {}, summary(unseen, data, starred)),
            h("a", { href: "/changes" }, _("See all changes")),
            h("button", { type: "button", class: "dismiss", "aria-label": _("Dismiss"), onclick: () => watcher.markSeen() }, "×"),
          ]
        : []),
    );
  }
  const line = freshness(watcher.state, data.version, wallMs(), (ms) => time(new Date(ms)));
  for (const el of document.querySelectorAll("[data-freshness]")) {
    if (el.textContent !== line) el.textContent = line;
    el.dataset.version = String(data.version); // for organizers and tests; a number means nothing to attendees
    el.classList.toggle("offline", Boolean(watcher.state.offline));
  }
  // Offline shows at the top too, where it is seen, not only in the footer.
  const flag = document.getElementById("offline-flag");
  if (flag) flag.hidden = !watcher.state.offline;
}

// The freshness line: "Up to date · checked 2 min ago", "Offline · last checked 10:42". The
// version stays out of the words (it is in data-version); `version` is kept for callers.
// Each line is one message (a sentence is never joined from pieces), `{n}` minutes or `{time}`.
export function freshness(state, version, now, clockText) {
  const minutes = (ms) => Math.floor((now - ms) / 60000);
  if (state.offline) {
    return state.okAt != null ? _("Offline · last checked {time}", { time: clockText(state.okAt) }) : _("Offline · not checked yet");
  }
  if (state.checkedAt == null) return _("Checking for changes…");
  // Translators: the freshness line; {n} minutes ago, or at a clock time an hour on.
  if (state.okAt !== state.checkedAt) {
    const m = minutes(state.checkedAt);
    if (m < 1) return _("Could not check for changes · tried just now");
    if (m < 60) return ngettext("Could not check for changes · tried {n} min ago", "Could not check for changes · tried {n} min ago", m);
    return _("Could not check for changes · tried at {time}", { time: clockText(state.checkedAt) });
  }
  const m = minutes(state.okAt);
  if (m < 1) return _("Up to date · checked just now");
  if (m < 60) return ngettext("Up to date · checked {n} min ago", "Up to date · checked {n} min ago", m);
  return _("Up to date · checked at {time}", { time: clockText(state.okAt) });
}
