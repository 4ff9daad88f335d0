// What a link to a room's page or to the map may promise: a plan and directions only where the
// venue has them; else only where the room is (its building and level, or its name alone).

import { knownVenue, onceRead } from "./venue-plan.js";
import { buildingName, levelName } from "./group-names.js";
import { _ } from "../../data/i18n.js";

function what(venue, roomId) {
  const room = (venue?.rooms || []).find((r) => r.id === roomId);
  return { plan: Boolean(room?.floor), directions: Boolean(room?.directions) };
}

// Beside a link to the room's page ("Where: K.3.201 (map)").
export function roomPageHint(venue, roomId) {
  const { plan, directions } = what(venue, roomId);
  // Translators: beside a link to a room's page: what it shows (its floor plan, how to get there).
  if (plan && directions) return _("(map and directions)");
  // Translators: beside a link to a room's page, which shows it on the floor plan.
  if (plan) return _("(map)");
  // Translators: beside a link to a room's page, which says how to get there (no floor plan).
  if (directions) return _("(directions)");
  // Translators: beside a link to a room's page, with no plan nor directions: its building and floor, its sessions.
  return _("(where it is)");
}

// A link to the room's page from the rooms grid.
export function roomPageLinkText(venue, room) {
  const { plan, directions } = what(venue, room.id);
  if (plan || directions) return _("How to get to {room}", { room: room.name });
  // Translators: a link to a room's page where the venue has no plan nor directions for it (its building and floor, its sessions).
  return _("Where {room} is", { room: room.name });
}

// A link to the map with the room highlighted ("K.3.201 (map)" in My schedule).
export function mapLinkText(venue, room) {
  // Translators: a link to the map, with the room highlighted.
  if (what(venue, room.id).plan) return _("{room} (map)", { room: room.name });
  // Translators: a link to the list of the venue's rooms by building, with this room highlighted (there is no floor plan).
  return _("{room} (where it is)", { room: room.name });
}

// Sets node's text from words(venue) now, and again once the venue is read on this page.
export function sayOnceKnown(node, words) {
  node.textContent = words(knownVenue());
  onceRead((venue) => (node.textContent = words(venue)));
  return node;
}

// "Building K, Level 3", "Janson", or null: where a room is, as its name says or the
// organizer corrected it.
export function placeLine(venue, roomId) {
  const room = (venue?.rooms || []).find((r) => r.id === roomId);
  const building = room?.building != null && (venue.buildings || []).find((b) => b.id === room.building);
  if (!building) return null;
  const group = { building: building.id, name: building.name || building.id, levels: building.levels || [] };
  const level = (building.levels || []).find((l) => (l.level ?? null) === (room.level ?? null));
  if (room.level == null && !level?.floor) return buildingName(group);
  // Translators: where a room is: its building, then its floor ("Building K, Level 3").
  return _("{building}, {level}", { building: buildingName(group), level: levelName(venue, group, { level: room.level ?? null, floor: level?.floor ?? null }) });
}
