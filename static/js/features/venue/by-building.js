// A view's rooms by building (data/room-groups.js), each building under its heading, its rooms
// in floor order: for Now and the room pickers, where a congress's rooms are found by building
// (Janson, K, H, U...).

import { h } from "../../ui/dom.js";
import { groupRooms } from "../../data/room-groups.js";
import { buildingName, hasBuildings } from "./group-names.js";

// [{building, name, items}] in the venue's order, items in floor order; null when no room is
// in a building (the view keeps its one list). roomOf(item): the item's room id; `options`:
// groupRooms' (byFirst: buildings and floors in the order of their first item, for items
// sorted by walking time).
export function buildingsOf(venue, items, roomOf = (item) => item.id, options = {}) {
  const groups = groupRooms(
    venue,
    items.map((item) => ({ id: roomOf(item), item })),
    options,
  );
  if (!hasBuildings(groups)) return null;
  return groups.map((g) => ({ building: g.building, name: buildingName(g), items: g.levels.flatMap((l) => l.rooms.map((r) => r.item)) }));
}

// list(items): their list, under the building's heading. Null as buildingsOf.
export function byBuilding(venue, items, roomOf, list, options = {}) {
  const groups = buildingsOf(venue, items, roomOf, options);
  return (
    groups &&
    groups.map((g) => h("section", { class: "building-group", "data-building": g.building ?? "" }, h("h2", {}, g.name), list(g.items)))
  );
}
