// The corrections' chrome on every page: the bell with the count of new changes, the banner
// that says what changed (starred sessions first), and the freshness line. Text only.

import { summary } from "../../data/changes.js";
import { wallMs } from "../../data/clock.js";
import { h } from "../../ui/dom.js";
import { clockHour, time } from "../../data/time.js";
import { _, ngettext, npgettext } from "../../data/i18n.js";

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
  const line = freshness(watcher.state, data.version, wallMs(), (ms) => time(new Date(ms)), (ms) => clockHour(new Date(ms)));
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
// Each line is one message (a sentence is never joined from pieces), `{n}` minutes or `{time}`;
// `hourOf` gives the count of a message with `{time}`: its hour as written (data/time.js, clockHour).
export function freshness(state, version, now, clockText, hourOf) {
  const minutes = (ms) => Math.floor((now - ms) / 60000);
  if (state.offline) {
    // Translators: the count is the hour of {time} (1 for 1:30, 13 for 13:00), for a language whose article follows the hour ("a la 1:30", "a las 13:00"); others write the same in each form.
    return state.okAt != null ? npgettext("hour", "Offline · last checked {time}", "Offline · last checked {time}", hourOf(state.okAt), { time: clockText(state.okAt) }) : _("Offline · not checked yet");
  }
  if (state.checkedAt == null) return _("Checking for changes…");
  // Translators: the freshness line; {n} minutes ago, or at a clock time an hour on.
  if (state.okAt !== state.checkedAt) {
    const m = minutes(state.checkedAt);
    if (m < 1) return _("Could not check for changes · tried just now");
    if (m < 60) return ngettext("Could not check for changes · tried {n} min ago", "Could not check for changes · tried {n} min ago", m);
    // Translators: the count is the hour of {time}, as in "Offline · last checked {time}".
    return npgettext("hour", "Could not check for changes · tried at {time}", "Could not check for changes · tried at {time}", hourOf(state.checkedAt), { time: clockText(state.checkedAt) });
  }
  const m = minutes(state.okAt);
  if (m < 1) return _("Up to date · checked just now");
  if (m < 60) return ngettext("Up to date · checked {n} min ago", "Up to date · checked {n} min ago", m);
  // Translators: the count is the hour of {time}, as in "Offline · last checked {time}".
  return npgettext("hour", "Up to date · checked at {time}", "Up to date · checked at {time}", hourOf(state.okAt), { time: clockText(state.okAt) });
}
