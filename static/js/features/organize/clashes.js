// A clash the server found, in the organizer's words. The server's `message` is English for API
// clients; its `kind` (room, speaker, hours, past) and `sessions` are codes the console words
// itself, naming the other session from the schedule on this phone.

import { _ } from "../../data/i18n.js";
import { time } from "../../data/time.js";
import { h } from "../../ui/dom.js";

export function clashLabel(kind) {
  if (kind === "room") return _("Room double-booked");
  if (kind === "speaker") return _("Speaker in two places");
  if (kind === "hours") return _("Outside the day's hours");
  if (kind === "past") return _("In the past");
  return _("Clash");
}

const others = (clash, self) => (Array.isArray(clash.sessions) ? clash.sessions.filter((id) => id !== self) : []);

// The other session of a room or speaker clash: its title and hours, linked to its page.
function otherLink(id, data) {
  const other = data.byId.get(id);
  const text = other
    ? _("“{title}”, {start}–{end}", { title: other.title, start: time(other.start), end: time(other.end) })
    : _("“{title}”", { title: id });
  return h("a", { href: `/session/${id}` }, text);
}

// Each clash: what it is, and the other sessions involved.
export function clashList(clashes, data, self = null) {
  return h(
    "ul",
    { class: "clashes" },
    clashes.map((c) => h("li", {}, h("strong", {}, clashLabel(c.kind)), ...others(c, self).map((id) => [" · ", otherLink(id, data)]))),
  );
}
