// What a view calls the groups of data/room-groups.js: a building by its name, the rooms on no
// building "Other rooms", a level by its plan's name where it has one, else by its number.

import { _, formatNumber } from "../../data/i18n.js";

export function buildingName(group) {
  // Translators: the heading of the rooms the venue puts in no building (also on the map).
  if (group.building === null) return _("Other rooms");
  // A building known only by its letters in the room names (K for K.3.201) is named as one.
  // Translators: a building known by the letters of its rooms' names ("Building K" for K.3.201).
  if (group.name === group.building && group.name.length <= 3) return _("Building {building}", { building: group.name });
  return group.name;
}

export function levelName(venue, group, level) {
  const floor = level.floor && (venue?.floors || []).find((f) => f.id === level.floor);
  if (floor) return floor.name;
  // Translators: a floor of a building as its room names number it ("Level 3" for K.3.201).
  if (level.level !== null) return _("Level {level}", { level: formatNumber(level.level) });
  // Translators: the rooms of a building whose floor their names do not say.
  return _("Other rooms in {building}", { building: buildingName(group) });
}

// A level gets a heading of its own unless it is the building's only one and says nothing (a
// building named alone, such as a hall, with its rooms on no known floor).
export const levelShown = (group, level) => group.building !== null && (level.floor !== null || level.level !== null || group.levels.length > 1);

// Whether grouping says anything: some room is in a building.
export const hasBuildings = (groups) => groups.some((g) => g.building !== null);
