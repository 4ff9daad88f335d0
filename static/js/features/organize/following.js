// The console's line on following the sources (HALLWAY_FOLLOW): what GET /api/v1/follow says,
// read when the page is built. Nothing shows when the server follows no sources or is not reached.

import { h } from "../../ui/dom.js";
import { Offline, call } from "./api.js";

export function followLine() {
  const line = h("p", { class: "follow-status", role: "status", hidden: true });
  call("GET", "/api/v1/follow")
    .then(({ status, body }) => {
      if (status !== 200 || !body?.following) return;
      line.textContent = `Followed sources: ${body.problem || body.summary}`;
      line.classList.toggle("error", Boolean(body.problem));
      line.hidden = false;
    })
    .catch((error) => {
      if (!(error instanceof Offline)) throw error; // offline: the line stays hidden
    });
  return line;
}
