// /organize/venue: the venue editor. The organizer's venue.json is fetched once
// (GET /api/v1/venue/source) and edited as a draft kept on this phone (kept.js); floor plans
// picked here wait as Blobs (blobs.js); "Publish" puts the whole document in the console's
// outbox, which sends the uploads first, then the PUT, whenever there is a connection.
// Every change draws the page again through the app's one redraw (ui/dom.js), which keeps
// what is being typed and the focus.

import { _, ngettext } from "../../data/i18n.js";
import { h, redraw } from "../../ui/dom.js";
import { Offline, call, newKey } from "../organize/api.js";
import { answerText } from "../organize/errors.js";
import { frame } from "../organize/frame.js";
import { discard, enqueue, events, flush, items, recentlyPublished } from "../organize/outbox.js";
import { putBlob } from "./blobs.js";
import { MARKS, PENDING, addFloor, addMark, box, editFloor, editMark, find, floorOf, itemsOn, moveBy, placeRoom, placedRooms, remove, setPlan, setScale, unplaced, withBoxes } from "./draft.js";
import { floorPanel, itemList, markLabel, publishPanel, scalePanel, selectedPanel, toolPanel, uploadField } from "./forms.js";
import { draftEvents, readDraft, writeDraft } from "./kept.js";
import { planBusy, planView } from "./plan-view.js";
import { fetchSource } from "./send.js";

const TYPES = ["image/png", "image/jpeg", "image/svg+xml", "application/pdf"];
// What the editor shows beside the draft: kept while the console is open.
const ui = { floor: null, tool: "room", room: "", selected: null, points: [], said: "", state: "loading", note: "", built: null, published: null };
let paint = () => {};
let later = null;

draftEvents.addEventListener("change", () => paint());
events.addEventListener("change", () => paint());
// A venue published: the server's drawing of its SVG plans (and its buildings) again.
events.addEventListener("published", (e) => (e.detail.item.body.kind === "venue" ? fetchBuilt() : paint()));

async function load() {
  try {
    const [source, built] = await Promise.all([fetchSource(), call("GET", "/api/v1/venue.json").catch(() => null)]);
    ui.built = built?.status === 200 ? built.body : null;
    const kept = readDraft();
    if (source.doc) {
      ui.state = "ready";
      // Unpublished edits, or a venue waiting in the outbox, are newer than the server's copy.
      const waiting = items().some((i) => i.body.kind === "venue" || i.body.kind === "venue-image");
      if (!kept || (!kept.changed && !waiting)) writeDraft({ base: source.version, doc: withBoxes(source.doc, ui.built), changed: false });
      // Translators: the organizer's unpublished edits were started on an older venue.
      else if (kept.base !== source.version) ui.note = _("Someone published the venue since you started editing (now version {version}). Your changes are kept; publishing them shows both.", { version: source.version ?? "?" });
    } else {
      ui.state = kept ? "ready" : "error";
      ui.note = answerText(source.status, source.error);
    }
  } catch (error) {
    if (!(error instanceof Offline)) throw error;
    ui.state = readDraft() ? "ready" : "offline";
    ui.note = ui.state === "ready" ? _("No connection: you are editing the copy kept on this phone.") : "";
  }
  paint();
}

// The editor's own choices changed (a floor, a tool, a selection): drawn again.
function show(changes) {
  Object.assign(ui, changes);
  paint();
}

function commit(doc, said) {
  const draft = readDraft();
  ui.said = said;
  ui.published = null;
  writeDraft({ base: draft?.base ?? null, doc, changed: true }); // draws again (draftEvents)
}

function svgBox(text) {
  const root = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  if (!root || root.localName !== "svg") return null;
  const vb = (root.getAttribute("viewBox") || "").trim().split(/[\s,]+/).map(Number);
  if (vb.length === 4 && vb.every(Number.isFinite) && vb[2] > 0 && vb[3] > 0) return vb;
  const [w, hgt] = ["width", "height"].map((k) => parseFloat(root.getAttribute(k)));
  return w > 0 && hgt > 0 ? [0, 0, w, hgt] : null;
}

async function upload(file, floor) {
  const say = (text) => {
    ui.said = text;
    paint();
  };
  if (!TYPES.includes(file.type)) return say(_("A floor plan is a PNG, JPEG, PDF or SVG file."));
  const key = newKey();
  let plan;
  try {
    if (file.type === "image/svg+xml") {
      const viewBox = svgBox(await file.text());
      if (!viewBox) return say(_("This SVG has no size (viewBox) to place rooms on."));
      plan = { svg: PENDING + key, viewBox };
    } else if (file.type === "application/pdf") {
      // Only the server draws a PDF's page: until it has, the plan keeps its size, and what is
      // placed on it meanwhile follows when the page's own size comes back.
      const [, , width, height] = box(floor);
      plan = { image: PENDING + key, width, height };
    } else {
      const bitmap = await createImageBitmap(file);
      plan = { image: PENDING + key, width: bitmap.width, height: bitmap.height };
      bitmap.close();
    }
  } catch {
    return say(_("This file cannot be read: is it a whole PNG, JPEG, PDF or SVG file?"));
  }
  try {
    await putBlob(key, file);
  } catch {
    return say(_("This phone has no room left to keep the image."));
  }
  enqueue({ kind: "venue-image", blob: key, type: file.type }, { label: _("Floor plan of {floor}", { floor: floor.name }) });
  commit(setPlan(readDraft().doc, floor.id, { ...plan, keep: true }), _("The plan of {floor} is on this phone; it is uploaded when you publish, or now if online.", { floor: floor.name }));
  flush();
}

// The built plan of an SVG floor as the server last drew it (its file names the same plan).
function builtFloor(floor) {
  if (!floor.svg || floor.svg.startsWith(PENDING)) return null;
  const built = (ui.built?.floors || []).find((f) => f.id === floor.id);
  return built && Array.isArray(built.drawing) && Array.isArray(built.viewBox) ? built : null;
}

async function fetchBuilt() {
  const answer = await call("GET", "/api/v1/venue.json").catch(() => null);
  if (answer?.status === 200) ui.built = answer.body;
  paint();
}

function roomName(ctx, id) {
  return ctx.store.data.rooms.get(id)?.name || id;
}

function place(ctx, floor, where) {
  const doc = readDraft().doc;
  const centre = Array.isArray(where) && where.length === 2 ? where : [where[0] + where[2] / 2, where[1] + where[3] / 2];
  if (ui.tool === "room") {
    if (!ui.room) {
      ui.said = _("Choose the room to place first.");
      return paint();
    }
    const id = ui.room;
    const shape = where.length === 4 ? { rect: where } : { at: where };
    const next = placeRoom(doc, floor.id, id, shape);
    ui.selected = { type: "room", floor: floor.id, id };
    ui.room = unplaced(next, schedRooms(ctx))[0]?.id || "";
    return commit(next, _("{room} placed on {floor}.", { room: roomName(ctx, id), floor: floor.name }));
  }
  if (MARKS.includes(ui.tool)) {
    const { doc: next, id } = addMark(doc, floor.id, ui.tool, centre, { name: markLabel });
    ui.selected = { type: ui.tool === "entrance" ? "entrance" : "connector", floor: floor.id, id };
    return commit(next, _("{mark} placed on {floor}.", { mark: find(next, ui.selected).name, floor: floor.name }));
  }
  if (ui.tool === "scale") {
    ui.points = ui.points.length >= 2 ? [centre] : [...ui.points, centre];
    ui.said = ui.points.length === 1 ? _("First point marked. Tap the second.") : _("Second point marked. Type the distance between them.");
    return paint();
  }
  ui.selected = null;
  paint();
}

const schedRooms = (ctx) => [...ctx.store.data.rooms.values()].map((r) => ({ id: r.id, name: r.name }));

function onKey(ctx, floor, e, unit) {
  const step = e.shiftKey ? unit : unit / 5;
  const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const doc = readDraft().doc;
  if (moves[e.key] && ui.selected) {
    e.preventDefault();
    commit(moveBy(doc, ui.selected, ...moves[e.key]), "");
  } else if ((e.key === "Delete" || e.key === "Backspace") && ui.selected) {
    e.preventDefault();
    removeItem(ctx, ui.selected);
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    const [x0, y0, w, hgt] = box(floor);
    place(ctx, floor, [x0 + w * (ui.points.length === 1 ? 0.6 : 0.5), y0 + hgt / 2]);
  } else if (e.key === "Escape" && ui.selected) {
    ui.selected = null;
    paint();
  }
}

function removeItem(ctx, ref) {
  const doc = readDraft().doc;
  const label = ref.type === "room" ? roomName(ctx, ref.id) : find(doc, ref)?.name || ref.id;
  ui.selected = null;
  commit(remove(doc, ref), _("{item} removed from the plan.", { item: label }));
}

function publish() {
  const draft = readDraft();
  if (!draft) return;
  for (const i of items()) if (i.body.kind === "venue" && i.state === "waiting") discard(i.key); // the newer whole document stands for it
  const n = placedRooms(draft.doc).size;
  const item = enqueue({ kind: "venue", doc: draft.doc, version: draft.base }, { label: ngettext("The venue plan, {n} room placed", "The venue plan, {n} rooms placed", n) });
  ui.published = item.key;
  ui.said = _("Publishing…");
  writeDraft({ ...draft, changed: false });
  flush().then(() => paint());
}

function outcome() {
  if (!ui.published) return ui.said;
  const sent = recentlyPublished().find((r) => r.item.key === ui.published);
  if (sent) return _("Published as version {version}. Attendees' phones get the new plan at their next check.", { version: sent.correction?.version ?? "?" });
  const left = items().find((i) => i.key === ui.published);
  if (!left) return ui.said;
  if (left.state === "waiting") return _("No connection: kept on this phone. It is sent when the connection returns.");
  return _("Not published: see what waits on this phone, above.");
}

function draw(ctx) {
  const draft = readDraft();
  if (!draft) {
    const text = { loading: _("Loading the venue…"), offline: _("No connection: opening the venue editor needs one, once. After that it works offline.") }[ui.state] || ui.note;
    return h("div", { class: "venue-body" }, h("p", { class: ui.state === "loading" ? "loading" : "error", role: "status" }, text));
  }
  const doc = draft.doc;
  if (!floorOf(doc, ui.floor)) ui.floor = doc.floors[0]?.id ?? null;
  const floor = floorOf(doc, ui.floor);
  const rooms = schedRooms(ctx);
  const open = unplaced(doc, rooms);
  if (ui.room && !open.some((r) => r.id === ui.room)) ui.room = "";
  if (ui.selected && !find(doc, ui.selected)) ui.selected = null;
  const buildings = [...new Set([...(ui.built?.buildings || []).map((b) => b.id), ...doc.floors.map((f) => f.building)].filter(Boolean))];
  const act = {
    floor: (id) => show({ floor: id, selected: null, points: [] }),
    addFloor: (fields) => {
      const { doc: next, id } = addFloor(readDraft().doc, fields);
      ui.floor = id;
      ui.selected = null;
      commit(next, _("Floor {floor} added.", { floor: fields.name }));
    },
    saveFloor: (fields) => commit(editFloor(readDraft().doc, floor.id, fields), _("Floor {floor} saved.", { floor: fields.name || floor.name })),
    upload: (file) => upload(file, floor),
    tool: (tool) => show(tool === "scale" ? { tool } : { tool, points: [] }),
    room: (id) => show({ room: id }),
    pick: (ref) => show({ selected: ref, said: "" }),
    remove: (ref) => removeItem(ctx, ref),
    saveMark: (ref, fields) => {
      const { doc: next, ref: now } = editMark(readDraft().doc, ref, fields);
      ui.selected = now;
      commit(next, _("Saved."));
    },
    scale: (metres) => {
      const [a, b] = ui.points;
      ui.points = [];
      commit(setScale(readDraft().doc, floor.id, a, b, metres), _("Scale set: {n} plan units per metre.", { n: floorOf(setScale(doc, floor.id, a, b, metres), floor.id).scale }));
    },
    width: (metres) => {
      const [x0, y0, w] = box(floor);
      commit(setScale(readDraft().doc, floor.id, [x0, y0], [x0 + w, y0], metres), _("Scale set from the plan's width."));
    },
    publish,
  };
  const on = {
    tap: (p) => place(ctx, floor, p),
    rect: (r) => place(ctx, floor, ui.tool === "room" ? r : [r[0] + r[2] / 2, r[1] + r[3] / 2]),
    pick: act.pick,
    move: (ref, dx, dy) => {
      ui.selected = ref;
      commit(moveBy(readDraft().doc, ref, dx, dy), "");
    },
    key: (e, unit) => onKey(ctx, floor, e, unit),
  };
  const listed = floor ? itemsOn(doc, floor.id, (id) => roomName(ctx, id)) : [];
  return h(
    "div",
    { class: "venue-body" },
    ui.note && h("p", { class: "hint" }, ui.note),
    h("p", { class: "venue-state" }, draft.changed ? _("Changes not published yet: they are kept on this phone.") : Number.isInteger(draft.base) ? _("As published (version {version}).", { version: draft.base }) : ""),
    floorPanel(doc, floor, buildings, act),
    floor && [
      uploadField(floor, act),
      toolPanel(ui, open, act),
      h("p", { class: "hint", id: "venue-plan-help" }, _("Tap the plan to drop a pin, or drag to draw a rectangle for a room. Drag a placed item to move it. With the keyboard: Enter places at the centre, the arrow keys move the selected item (Shift: further), Delete removes it.")),
      planView(floor, listed, { selected: ui.selected, points: ui.points, describedBy: "venue-plan-help", built: builtFloor(floor), on }),
      h("p", { class: "said", role: "status" }, outcome()),
      ui.selected && selectedPanel(doc, ui.selected, roomName(ctx, ui.selected.id), act),
      ui.tool === "scale" && scalePanel(floor, ui.points, act),
      itemList(listed, ui.selected, act),
    ],
    !floor && h("p", { class: "said", role: "status" }, outcome()),
    publishPanel(draft, act),
  );
}

export function venuePage(ctx) {
  const holder = h("div", { id: "venue-editor" });
  paint = () => {
    if (planBusy()) {
      if (later === null) {
        later = setTimeout(() => {
          later = null;
          paint();
        }, 250); // after the gesture
      }
      return;
    }
    if (!holder.isConnected && holder.firstChild) return;
    redraw(holder, draw(ctx));
    // What the editor chose (a floor just added, the next room to place) wins over the choice
    // the redraw carried over from the select the organizer last touched.
    for (const [id, value] of [["venue-floor", ui.floor], ["venue-room", ui.room]]) {
      const select = holder.querySelector(`#${id}`);
      if (select && value !== null) select.value = value;
    }
  };
  paint();
  load(); // the server's newest, unless this phone holds unpublished changes
  const framed = frame(_("Venue"), "venue", holder);
  return { title: _("Venue"), node: framed.node, refresh: () => (framed.refresh(), paint()) };
}
