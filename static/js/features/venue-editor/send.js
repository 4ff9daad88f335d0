// The outbox's venue items (outbox.js sends them in their turn, oldest first, like corrections):
//   {kind: "venue-image", blob, type}: a floor plan picked on this phone, its Blob in IndexedDB
//     (blobs.js), sent as it is to POST /api/v1/venue/images;
//   {kind: "venue", doc, version}: the whole venue document for PUT /api/v1/venue, with
//     If-Match: the version the edits started from.
// An upload's answer (the server's file name, the re-encoded size) replaces `pending:<blob>`
// in every later venue item and in the kept draft, so the PUT after it names the real file.
// A PUT whose image is not uploaded yet waits; someone else's change (412) waits for the
// organizer with both documents kept; a refusal (422) keeps the server's list of problems.

import { call } from "../organize/api.js";
import { dropBlob, getBlob } from "./blobs.js";
import { forServer, normalise, pendingKeys, uploaded } from "./draft.js";
import { readDraft, writeDraft } from "./kept.js";

export const SOURCE = "/api/v1/venue/source";
export const isVenue = (body) => body?.kind === "venue" || body?.kind === "venue-image";

// The organizer's venue.json as stored on the server: {doc, version}; throws Offline.
export async function fetchSource() {
  const { status, body } = await call("GET", SOURCE);
  if (status !== 200 || !body || typeof body !== "object") return { status, error: body?.error ?? null };
  const doc = body.venue ?? body.doc ?? (Array.isArray(body.floors) ? body : null);
  return { status, doc: normalise(doc), version: Number.isInteger(body.version) ? body.version : null };
}

function failed(status, answer) {
  const problems = Array.isArray(answer?.problems) ? answer.problems.map(String).slice(0, 50) : [];
  return { status, detail: typeof answer?.error === "string" ? answer.error : null, problems };
}

// What the outbox does with a refusal: wait and try later (the server or the token), or keep
// it refused for the organizer.
function refusal(item, status, answer, update) {
  const failure = failed(status, answer);
  if (status === 401 || status === 403 || status === 429 || status >= 500) {
    update(item.key, { error: null, failure });
    return { stop: true };
  }
  update(item.key, { state: "refused", error: null, failure });
  return {};
}

async function sendImage(item, { items, save, update }) {
  const blob = await getBlob(item.body.blob).catch(() => null);
  if (!blob) {
    update(item.key, { state: "refused", error: null, failure: { status: 0, detail: "the image is no longer on this phone", problems: [] } });
    return {};
  }
  update(item.key, { tries: (item.tries || 0) + 1, tried: new Date().toISOString() });
  const typed = blob.type ? blob : new Blob([blob], { type: item.body.type });
  const { status, body: answer } = await call("POST", "/api/v1/venue/images", { body: typed, key: item.key });
  if ((status === 200 || status === 201) && answer && (answer.image || answer.svg)) {
    const list = items().filter((i) => i.key !== item.key);
    for (const other of list) if (other.body.kind === "venue") other.body.doc = uploaded(other.body.doc, item.body.blob, answer);
    save(list);
    const draft = readDraft();
    if (draft) writeDraft({ ...draft, doc: uploaded(draft.doc, item.body.blob, answer) });
    dropBlob(item.body.blob).catch(() => {}); // a leftover is only space
    return { done: true, answer };
  }
  return refusal(item, status, answer, update);
}

async function sendPlan(item, { items, save, update }) {
  const waiting = pendingKeys(item.body.doc);
  if (waiting.length) {
    // Its image goes first: while the upload waits (or was refused), so does this.
    const uploads = new Set(items().filter((i) => i.body.kind === "venue-image").map((i) => i.body.blob));
    if (waiting.every((k) => uploads.has(k))) return {};
    update(item.key, { state: "refused", error: null, failure: { status: 0, detail: "its floor plan image was discarded", problems: [] } });
    return {};
  }
  update(item.key, { tries: (item.tries || 0) + 1, tried: new Date().toISOString() });
  const version = item.body.version;
  const headers = Number.isInteger(version) ? { "If-Match": `"${version}"` } : {};
  const { status, body: answer } = await call("PUT", "/api/v1/venue", { body: forServer(item.body.doc), headers, key: item.key });
  if (status === 200 || status === 201) {
    const now = Number.isInteger(answer?.version) ? answer.version : null;
    // Later edits were made on top of this one: they start from the version it made.
    const list = items().filter((i) => i.key !== item.key);
    for (const other of list) if (other.body.kind === "venue" && other.body.version === version) other.body.version = now;
    save(list);
    // The draft is this organizer's venue (what was just saved, and any edit since): it now
    // stands on the version this save made, also after "Publish mine anyway".
    const draft = readDraft();
    if (draft && Number.isInteger(now) && !(draft.base >= now)) writeDraft({ ...draft, base: now });
    return { done: true, answer };
  }
  if (status === 412) {
    // Someone else published the venue meanwhile: both kept, the organizer decides.
    const theirs = await fetchSource();
    update(item.key, { state: "conflict", error: null, failure: null, current: theirs.doc ? { doc: theirs.doc, version: theirs.version } : null });
    return {};
  }
  return refusal(item, status, answer, update);
}

// One venue item: {done, answer} when it left the outbox, {stop} when sending more is pointless.
export function sendVenue(item, ops) {
  return item.body.kind === "venue-image" ? sendImage(item, ops) : sendPlan(item, ops);
}
