// /map: the venue's rooms by building, then floor, each with what is on now and next there,
// and the floors' plans where the venue has them. ?room=<id> highlights a room (from a
// session's "Where"); ?next=<session id> says that session, the person's next starred one, is
// there.

import { now as clockNow } from "../data/clock.js";
import { h } from "../ui/dom.js";
import { drawFloor } from "../features/venue/floor-svg.js";
import { loadVenue } from "../features/venue/venue-plan.js";
import { heading } from "../ui/page-parts.js";
import { mapBanner, planRooms, useMapStyles, venueNotes } from "../features/venue/plan-rooms.js";
import { buildingList } from "../features/venue/building-list.js";
import { markHere, sayHere } from "../features/venue/here-picker.js";
import { whereNow } from "../data/here.js";
import { _ } from "../data/i18n.js";

export function render(ctx) {
  const data = ctx.store.data;
  const now = ctx.now || clockNow();
  const highlight = ctx.query.get("room");
  const here = whereNow(data, (id) => ctx.store.isStarred(id), now);
  useMapStyles();
  const body = h("div", { class: "map-body" }, h("p", { class: "loading" }, _("Loading the plan…")));
  loadVenue()
    .then((venue) => {
      const rooms = sayHere(planRooms(venue, data, now, ctx.store.doc), here);
      const draw = (f, titled) => h("section", { class: "floor", "data-floor": f.id }, titled && h("h2", {}, f.name), drawFloor(f, rooms, { highlight }));
      body.replaceChildren(...buildingList(venue, data, now, highlight, ctx.store.doc, draw), ...venueNotes(venue).flat().filter(Boolean));
      markHere(body, here);
    })
    .catch((error) => {
      const rooms = [...data.rooms.values()].map((r) => ({ id: r.id, name: r.name, floor: null }));
      body.replaceChildren(
        // Translators: {reason} is the technical reason ("HTTP 404"), often English.
        h("p", { class: "empty" }, _("The plan could not be loaded ({reason}); here are the rooms.", { reason: error.message })),
        ...buildingList({ floors: [], rooms }, data, now, highlight, ctx.store.doc, () => null),
      );
      markHere(body, here);
    });
  return {
    title: _("Map"),
    node: h("section", { class: "map" }, heading(_("Map")), mapBanner(data, highlight, ctx.query.get("next")), body),
  };
}
