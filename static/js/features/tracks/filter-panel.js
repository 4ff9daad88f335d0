// Filters that take several values at once: a disclosure per filter (tracks, rooms, kinds,
// languages), each a list of checkboxes, so 90 rooms stay one line until opened, and every
// choice is a native control (keyboard, screen readers, 200 % text).

import { h } from "../../ui/dom.js";
import { chosen } from "../../data/filters.js";
import { ngettext } from "../../data/i18n.js";

function summaryText(label, n) {
  // Translators: a filter's name with how many of its values are ticked: "Rooms (2)".
  return n ? ngettext("{filter} ({n})", "{filter} ({n})", n, { filter: label }) : label;
}

const choices = (name, options, picked) =>
  options.map(([value, text, track]) =>
    h(
      "label",
      { class: "opt" },
      h("input", { type: "checkbox", name, value, checked: picked.has(value) }),
      track && h("span", { class: "swatch", "data-track": track, "aria-hidden": "true" }),
      text,
    ),
  );

// options: [value, text, trackId?]: a track's colour shows beside its name. sections:
// [{name, options}] instead, each under its name (the rooms by building).
export function pickGroup(name, label, options, query, sections = null) {
  const picked = chosen(query, name);
  const summary = h("summary", {}, summaryText(label, picked.size));
  const group = h(
    "details",
    { class: "pick", "data-pick": name },
    summary,
    h(
      "fieldset",
      {},
      h("legend", { class: "sr" }, label),
      sections
        ? sections.map((s) => h("fieldset", { class: "pick-section" }, h("legend", {}, s.name), choices(name, s.options, picked)))
        : choices(name, options, picked),
    ),
  );
  group.addEventListener("change", () => {
    summary.textContent = summaryText(label, group.querySelectorAll("input:checked").length);
  });
  return group;
}

// What the form says for a filter of several values, as the address writes it.
export function pickedValue(form, name) {
  return new FormData(form).getAll(name).join(",") || null;
}
