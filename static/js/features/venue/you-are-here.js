// "You are here" on the map: the room where the person is (data/here.js) said in its label on
// the plan and marked in the room list, in words and a dashed outline (never colour alone).

import { h } from "../../ui/dom.js";
import { _ } from "../../data/i18n.js";

// The plan's rooms (plan-rooms.js planRooms) with the words in the room's label and lines.
export function sayHere(rooms, here) {
  const room = here && rooms.get(here.room);
  if (!room) return rooms;
  const words = _("You are here");
  rooms.set(here.room, { ...room, label: `${words}. ${room.label}`, lines: [room.lines[0], words, ...room.lines.slice(1)] });
  return rooms;
}

// Marks the room, drawn on a plan or listed, under `root`.
export function markHere(root, here) {
  if (!here) return;
  for (const node of root.querySelectorAll(`[data-room="${CSS.escape(here.room)}"]`)) {
    node.classList.add("you-are-here");
    if (node.tagName !== "LI") continue;
    node.querySelector(".name")?.append(h("span", { class: "you-are-here-said" }, ` · ${_("You are here")}`));
    node.closest("details")?.setAttribute("open", ""); // a folded building opens on the person's room
  }
}
