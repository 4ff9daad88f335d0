// One speaker: who they are and their sessions.

import { sessionCard, textLang } from "../ui/session-card.js";
import { h, paragraphs } from "../ui/dom.js";
import { dayLabel } from "../data/time.js";
import { heading, notFound, zoneNote } from "../ui/page-parts.js";
import { _, ngettext } from "../data/i18n.js";

export function render(ctx) {
  const { store } = ctx;
  const data = store.data;
  const person = data.speakers.get(ctx.params[0]);
  if (!person) return notFound("speaker", ctx.params[0]);
  const sessions = data.sessions.filter((s) => s.people.includes(person));
  return {
    title: person.name,
    node: h(
      "article",
      { class: "detail" },
      heading(person.name, [person.role, person.company].filter(Boolean).join(", ") || null),
      // Imported text, in the event's language: said as such on a page in another.
      person.bio && h("div", { class: "text bio", lang: textLang(store.doc.event.language) }, paragraphs(person.bio)),
      // All the bio there is; where the source schedule cut it, say so rather than end on "…".
      person.bio && person.bio_truncated && h("p", { class: "note" }, _("The source schedule shortened this bio; this is all of it that was published.")),
      h("h2", {}, ngettext("Session", "Sessions", sessions.length)),
      zoneNote(sessions[0]?.start),
      sessions.map((s) => [h("p", { class: "dayhead small" }, dayLabel(s.day)), sessionCard(s, store)]),
    ),
  };
}
