// The console's line on following the sources (HALLWAY_FOLLOW): what GET /api/v1/follow says,
// read when the page is built. Nothing shows when the server follows no sources or is not reached.

import { _ } from "../../data/i18n.js";
import { dayLabel, time, venueDay } from "../../data/time.js";
import { h } from "../../ui/dom.js";
import { Offline, call } from "./api.js";

// "Tue 7 Apr 14:30" at the venue, from the status's ISO instant; "?" when there is none.
function when(iso) {
  const d = new Date(iso ?? "");
  return Number.isNaN(d.getTime()) ? "?" : _("{day} {time}", { day: dayLabel(venueDay(d), "short"), time: time(d) });
}

// The server's `summary` and `problem` are English for the log and API clients; the line is
// said from the status's fields (webapp/serving/follow.py report()).
export function followText(body) {
  if (body.error) {
    // Translators: {error} is the technical reason (a network or file error), in English.
    return _("Followed sources: failing since {since}: {error}; the last good schedule is kept.", { since: when(body.failing_since), error: String(body.error).slice(0, 200) });
  }
  if (!body.checked) return _("Followed sources: not checked yet.");
  if (body.problem) return _("Followed sources: no check since {when}.", { when: when(body.checked) });
  if (body.changed) return _("Followed sources: checked {when}, last changed {changed}.", { when: when(body.checked), changed: when(body.changed) });
  return _("Followed sources: checked {when}, no change seen.", { when: when(body.checked) });
}

export function followLine() {
  const line = h("p", { class: "follow-status", role: "status", hidden: true });
  call("GET", "/api/v1/follow")
    .then(({ status, body }) => {
      if (status !== 200 || !body?.following) return;
      line.textContent = followText(body);
      line.classList.toggle("error", Boolean(body.problem));
      line.hidden = false;
    })
    .catch((error) => {
      if (!(error instanceof Offline)) throw error; // offline: the line stays hidden
    });
  return line;
}
