// The links a source gives with a session (FOSDEM: video, live stream, chat room, slides,
// feedback), each by its name and with the site it leads to. Plain links: nothing is asked of
// those sites until the person taps one (no preview, no icon, no prefetch).

import { h } from "./dom.js";
import { _ } from "../data/i18n.js";

// Only web addresses become links: anything else a source wrote is not followed.
function webUrl(raw) {
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

const siteOf = (url) => url.hostname.replace(/^www\./, "");

// The source's title; without one, an attachment by its file name, a link by its site.
export function linkName(link, url) {
  const title = typeof link.title === "string" ? link.title.trim() : "";
  if (title) return title;
  const file = decodeURIComponent(url.pathname.split("/").filter(Boolean).at(-1) || "");
  if (link.kind === "attachment") return file ? _("Attachment: {file}", { file }) : _("Attachment");
  return siteOf(url);
}

export function sourceLinks(session) {
  const links = (Array.isArray(session.links) ? session.links : [])
    .map((link) => link && typeof link.url === "string" && { link, url: webUrl(link.url) })
    .filter((x) => x && x.url);
  if (!links.length) return null;
  return h(
    "section",
    { class: "source-links", "aria-labelledby": "links" },
    h("h2", { id: "links" }, _("Links")),
    h(
      "ul",
      {},
      links.map(({ link, url }) => {
        const name = linkName(link, url);
        return h(
          "li",
          {},
          h("a", { href: url.href, rel: "noopener noreferrer", target: "_blank" }, name),
          name !== siteOf(url) && [" ", h("span", { class: "site" }, siteOf(url))],
        );
      }),
    ),
  );
}
