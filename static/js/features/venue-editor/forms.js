// The venue editor's forms and lists around the plan (page.js draws them, `act` does what
// they ask). Every field has a stable id, so a redraw keeps what is being typed; the ids of
// a floor's or a mark's fields name it, so choosing another starts from its own values.

import { _, ngettext, pgettext } from "../../data/i18n.js";
import { h } from "../../ui/dom.js";
import { connectorsElsewhere, find } from "./draft.js";

const KINDS = () => ({ room: pgettext("venue", "room"), entrance: pgettext("venue", "entrance"), stairs: pgettext("venue", "stairs"), lift: pgettext("venue", "lift") });

// A new mark's name, in the organizer's language: "Stairs A".
export function markLabel(kind, letter) {
  if (kind === "entrance") return _("Entrance {letter}", { letter });
  if (kind === "lift") return _("Lift {letter}", { letter });
  return _("Stairs {letter}", { letter });
}

function field(label, input, hint = null) {
  return h("div", { class: "field" }, h("label", { for: input.id }, label), input, hint && h("p", { class: "hint" }, hint));
}

const text = (id, value = "", extra = {}) => h("input", { id, name: id, type: "text", value: value ?? "", autocomplete: "off", ...extra });

function floorFields(prefix, floor = {}) {
  return [
    field(_("Name"), text(`${prefix}-name`, floor.name, { required: true, maxlength: "80" })),
    field(_("Building"), text(`${prefix}-building`, floor.building, { list: "venue-buildings", maxlength: "64" }), _("Its id, as in the room names (K for K.3.201)")),
    field(_("Level"), h("input", { id: `${prefix}-level`, name: `${prefix}-level`, type: "number", step: "1", inputmode: "numeric", value: floor.level ?? "" }), _("0 for the ground floor, -1 below it")),
  ];
}

function readFloor(form, prefix) {
  const v = (k) => form.elements[`${prefix}-${k}`].value;
  return { name: v("name").trim(), building: v("building").trim(), level: v("level") };
}

const floorLabel = (f) => [f.name, f.building && _("building {building}", { building: f.building }), Number.isInteger(f.level) && _("level {level}", { level: f.level })].filter(Boolean).join(" · ");

export function floorPanel(doc, floor, buildings, act) {
  const prefix = floor && `vf-${floor.id}`;
  const edit = floor && h(
    "form",
    { class: "floor-edit", "aria-label": _("This floor"), onsubmit: (e) => (e.preventDefault(), act.saveFloor(readFloor(e.target, prefix))) },
    floorFields(prefix, floor),
    h("p", { class: "buttons" }, h("button", { type: "submit", class: "secondary" }, _("Save the floor"))),
  );
  const add = h(
    "form",
    { class: "floor-add", onsubmit: (e) => {
      e.preventDefault();
      const fields = readFloor(e.target, "vf-new");
      if (!fields.name) return;
      e.target.reset(); // before the redraw, which keeps what fields hold
      act.addFloor(fields);
    } },
    floorFields("vf-new"),
    h("p", { class: "buttons" }, h("button", { type: "submit", class: "primary" }, _("Add the floor"))),
  );
  return h(
    "section",
    { class: "venue-floors", "aria-labelledby": "venue-floors-h" },
    h("h2", { id: "venue-floors-h" }, _("Floors")),
    doc.floors.length > 0 && field(_("Floor"), h("select", { id: "venue-floor", name: "venue-floor", onchange: (e) => act.floor(e.target.value) }, doc.floors.map((f) => h("option", { value: f.id, selected: f.id === floor?.id }, floorLabel(f))))),
    edit,
    h("details", { id: `venue-add-floor-${doc.floors.length}`, open: !doc.floors.length }, h("summary", {}, _("Add a floor")), add),
    h("datalist", { id: "venue-buildings" }, buildings.map((b) => h("option", { value: b }))),
  );
}

export function uploadField(floor, act) {
  const has = floor.image || floor.svg;
  const input = h("input", { id: `venue-file-${floor.id}`, name: `venue-file-${floor.id}`, type: "file", accept: "image/png,image/jpeg,image/svg+xml,application/pdf", onchange: (e) => {
    const file = e.target.files?.[0];
    e.target.value = ""; // a redraw cannot put a file back; the outbox keeps it
    if (file) act.upload(file);
  } });
  const label = has ? _("Replace the plan of {floor} (PNG, JPEG, PDF or SVG)", { floor: floor.name }) : _("Plan of {floor} (PNG, JPEG, PDF or SVG)", { floor: floor.name });
  return field(label, input, _("On a phone you can take a photo of a printed plan."));
}

export function toolPanel(ui, open, act) {
  const tools = [
    ["room", _("A room")],
    ["entrance", _("An entrance")],
    ["stairs", _("Stairs")],
    ["lift", _("A lift")],
    ["scale", _("The scale (two points)")],
    ["select", _("Nothing: select and move")],
  ];
  const radios = tools.map(([value, label]) =>
    h("label", { class: "choice" }, h("input", { type: "radio", name: "venue-tool", value, checked: ui.tool === value, onchange: () => act.tool(value) }), ` ${label}`),
  );
  const rooms = h(
    "select",
    { id: "venue-room", name: "venue-room", onchange: (e) => act.room(e.target.value) },
    h("option", { value: "" }, _("Choose a room")),
    open.map((r) => h("option", { value: r.id, selected: r.id === ui.room }, r.name)),
  );
  return [
    h("fieldset", { class: "choices row" }, h("legend", {}, _("What a tap places")), radios),
    ui.tool === "room" && field(_("Room to place"), rooms, ngettext("{n} room of the schedule is on no plan yet.", "{n} rooms of the schedule are on no plan yet.", open.length)),
  ];
}

export function selectedPanel(doc, ref, roomName, act) {
  const item = find(doc, ref);
  const kind = ref.type === "room" ? "room" : ref.type === "entrance" ? "entrance" : item.kind;
  const name = ref.type === "room" ? roomName : item.name;
  const prefix = `vm-${ref.floor}-${ref.type}-${ref.id}`;
  let form = null;
  if (ref.type !== "room") {
    const others = ref.type === "connector" ? connectorsElsewhere(doc, ref.floor, item.kind) : [];
    const join = others.length > 0 && field(
      _("The same stairs or lift as on another floor"),
      h("select", { id: `${prefix}-join`, name: `${prefix}-join`, onchange: (e) => {
        const other = others.find((o) => o.id === e.target.value);
        if (other) act.saveMark(ref, { id: other.id, name: other.name });
      } }, h("option", { value: "" }, _("Choose one")), others.map((o) => h("option", { value: o.id }, `${o.name} (${o.id})`))),
      _("The same id on several floors of one building is one stairwell or lift shaft."),
    );
    form = h(
      "form",
      { class: "mark-edit", "aria-label": name, onsubmit: (e) => {
        e.preventDefault();
        const v = (k) => e.target.elements[`${prefix}-${k}`]?.value;
        act.saveMark(ref, { id: v("id"), name: v("name"), note: v("note") });
      } },
      join,
      field(_("Id"), text(`${prefix}-id`, item.id, { maxlength: "64", pattern: "[A-Za-z0-9_-]+", spellcheck: "false" })),
      field(_("Name"), text(`${prefix}-name`, item.name, { maxlength: "80" })),
      ref.type === "entrance" && field(_("Note (optional)"), text(`${prefix}-note`, item.note, { maxlength: "300" })),
      h("p", { class: "buttons" }, h("button", { type: "submit", class: "secondary" }, _("Save"))),
    );
  }
  return h(
    "section",
    { class: "venue-selected", "aria-labelledby": "venue-selected-h" },
    h("h2", { id: "venue-selected-h" }, _("Selected: {item} ({kind})", { item: name, kind: KINDS()[kind] || kind })),
    form,
    h("p", { class: "buttons" }, h("button", { type: "button", class: "danger", onclick: () => act.remove(ref) }, _("Remove from the plan"))),
  );
}

export function scalePanel(floor, points, act) {
  const number = (id) => h("input", { id, name: id, type: "number", min: "0", step: "any", inputmode: "decimal", required: true });
  const submit = (read, action) => (e) => {
    e.preventDefault();
    const metres = Number(e.target.elements[read].value);
    if (metres > 0) action(metres);
  };
  return h(
    "section",
    { class: "venue-scale", "aria-labelledby": "venue-scale-h" },
    h("h2", { id: "venue-scale-h" }, _("Scale")),
    h("p", {}, typeof floor.scale === "number" ? _("{n} plan units per metre.", { n: floor.scale }) : _("Not set yet: walking times need it.")),
    points.length === 2
      ? h("form", { onsubmit: submit("venue-metres", act.scale) }, field(_("Metres between points 1 and 2"), number("venue-metres")), h("p", { class: "buttons" }, h("button", { type: "submit", class: "primary" }, _("Set the scale"))))
      : h("p", { class: "hint" }, _("Tap two points a known distance apart (a wall, a corridor), then type the distance.")),
    h("form", { onsubmit: submit("venue-width-m", act.width) }, field(_("Or the whole plan's width, in metres"), number("venue-width-m")), h("p", { class: "buttons" }, h("button", { type: "submit", class: "secondary" }, _("Set from the width")))),
  );
}

export function itemList(listed, selected, act) {
  const kinds = KINDS();
  return h(
    "section",
    { class: "venue-items", "aria-labelledby": "venue-items-h" },
    h("h2", { id: "venue-items-h" }, ngettext("On this floor ({n})", "On this floor ({n})", listed.length)),
    h(
      "ul",
      { class: "picklist" },
      listed.map((i) => {
        const on = selected && selected.type === i.ref.type && selected.id === i.ref.id;
        return h(
          "li",
          { "data-key": `${i.ref.type}:${i.ref.id}` },
          h("span", {}, i.label, " ", h("span", { class: "sub" }, kinds[i.kind] || i.kind)),
          h(
            "span",
            { class: "buttons" },
            h("button", { type: "button", class: "secondary", "aria-pressed": on ? "true" : "false", "aria-label": _("Select {item}", { item: i.label }), onclick: () => act.pick(i.ref) }, _("Select")),
            h("button", { type: "button", class: "secondary", "aria-label": _("Remove {item}", { item: i.label }), onclick: () => act.remove(i.ref) }, _("Remove")),
          ),
        );
      }),
    ),
  );
}

export function publishPanel(draft, act) {
  return h(
    "section",
    { class: "venue-publish" },
    h("p", { class: "buttons" }, h("button", { type: "button", class: "primary", id: "venue-publish", onclick: act.publish }, _("Publish the venue"))),
    h("p", { class: "hint" }, _("Attendees get the whole venue as it is here. Without a connection it waits on this phone and is sent when the connection returns.")),
  );
}
