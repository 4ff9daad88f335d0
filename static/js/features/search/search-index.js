// The search index: words of the schedule (folded: fold.js) to where they stand, and the ranked
// answer to a query. Our own rather than a library's (MiniSearch, ~7 KB gzip): this is ~1.5 KB,
// ranks the way the schedule needs (the field first, then a whole word before a prefix, then
// time) rather than by BM25 weights to be tuned, and is built in small steps that an idle
// callback can stop between (build()), which a library's addAll does not offer.
//
// A query word matches an indexed word it equals or begins: "rus" finds "rust" and "rusty",
// never "trust"; "ai" finds "AI" and "aim", never "said" or "rain". Every word must match.

import { words } from "./fold.js";

// Where a word stands in a session, and what a match there is worth: [whole word, prefix].
const TITLE = 0;
const PEOPLE = 1;
const TRACK = 2;
const TEXT = 3;
const FIELDS = 4;
const WORTH = [
  [8, 4],
  [8, 4],
  [3, 2],
  [2, 1],
];
const NAMED = [[8, 4]]; // a speaker's or a track's name: its only field
// Sessions indexed a step (descriptions are ~1,000 characters, titles ~60): a step takes a
// few ms of a 4x slower phone, so a key pressed meanwhile waits for no more than that.
const STEP = 50;
const TEXT_STEP = 8;

// Words to postings (`doc * stride + field`), with the words sorted for prefix look-ups.
export class Words {
  constructor() {
    this.postings = new Map();
    this.sorted = null;
  }

  add(text, code) {
    for (const word of words(text)) {
      const list = this.postings.get(word);
      if (!list) this.postings.set(word, [code]);
      else if (list[list.length - 1] !== code) list.push(code); // a word said twice in one field
    }
  }

  sort() {
    this.sorted = [...this.postings.keys()].sort();
  }

  // The words as one message can carry them (to or from a worker): the sorted words, where
  // each one's postings end, and all postings, the last two transferable.
  pack() {
    if (!this.sorted) this.sort();
    const ends = new Uint32Array(this.sorted.length);
    let total = 0;
    for (const word of this.sorted) total += this.postings.get(word).length;
    const codes = new Uint32Array(total);
    let at = 0;
    this.sorted.forEach((word, i) => {
      codes.set(this.postings.get(word), at);
      ends[i] = at += this.postings.get(word).length;
    });
    return { words: this.sorted, ends, codes };
  }

  // Whether `packed` reads as pack() makes it, its postings below `limit`: words strictly in
  // order (find() looks prefixes up by halves), each one's postings after the last one's.
  static packedRight({ words, ends, codes }, limit) {
    if (ends.length !== words.length || (ends.length ? ends[ends.length - 1] : 0) !== codes.length) return false;
    for (let i = 0; i < words.length; i++) {
      if (typeof words[i] !== "string" || (i && !(words[i - 1] < words[i])) || (i && ends[i] < ends[i - 1])) return false;
    }
    for (let i = 0; i < codes.length; i++) if (codes[i] >= limit) return false;
    return true;
  }

  static unpack({ words, ends, codes }) {
    const made = new Words();
    let from = 0;
    words.forEach((word, i) => {
      made.postings.set(word, codes.subarray(from, ends[i]));
      from = ends[i];
    });
    made.sorted = words;
    return made;
  }

  // Calls `each(code, whole)` for every posting of a word equal to or beginning with `prefix`.
  find(prefix, each) {
    const whole = this.postings.get(prefix);
    if (whole) for (const code of whole) each(code, true);
    const sorted = this.sorted;
    if (!sorted) return;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid] <= prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < sorted.length && sorted[i].startsWith(prefix); i++) {
      for (const code of this.postings.get(sorted[i])) each(code, false);
    }
  }
}

// Scores of the `count` docs for the query `terms` over `parts` (Words): 0 where a term is
// missing, else the sum over terms of the best place each stands.
function scores(parts, terms, count, stride, worth) {
  let total = null;
  for (const term of terms) {
    const best = new Uint8Array(count);
    const note = (code, whole) => {
      const doc = (code / stride) | 0;
      const value = worth[code % stride][whole ? 0 : 1];
      if (value > best[doc]) best[doc] = value;
    };
    for (const part of parts) part.find(term, note);
    if (!total) total = Uint16Array.from(best);
    else for (let d = 0; d < count; d++) total[d] = total[d] && best[d] ? total[d] + best[d] : 0;
  }
  return total;
}

// The docs that match, best first; `order` breaks ties (their index: time order for sessions).
function ranked(list, total) {
  const hits = [];
  for (let d = 0; d < list.length; d++) if (total[d]) hits.push(d);
  hits.sort((a, b) => total[b] - total[a] || a - b);
  return hits.map((d) => list[d]);
}

// Whether two indexed documents have the same outline: the same version of the same store
// differs only in the texts merged since (data/texts.js), which never touch it.
function sameOutline(a, b) {
  return a.store === b.store && a.version === b.version && a.sessions.length === b.sessions.length;
}

// The outline's words (titles, names, tracks) from outlineSource()'s lists into `into`'s Words,
// a few docs a step: a generator, so an idle callback can stop between steps.
export function* outlineWords({ sessions, people, tracks }, into) {
  for (let i = 0; i < sessions.length; i++) {
    const [title, names, track] = sessions[i];
    const at = i * FIELDS;
    into.outline.add(title, at + TITLE);
    for (const name of names) into.outline.add(name, at + PEOPLE);
    if (track) into.outline.add(track, at + TRACK);
    if (i % STEP === STEP - 1) yield;
  }
  for (let i = 0; i < people.length; i++) {
    into.speakers.add(people[i], i);
    if (i % (4 * STEP) === 4 * STEP - 1) yield;
  }
  for (let i = 0; i < tracks.length; i++) into.tracks.add(tracks[i], i);
  yield;
  into.outline.sort();
  into.speakers.sort();
  into.tracks.sort();
}

// The descriptions' words (textsSource(): each session's paragraphs, from the `from`th session
// on) into `into`, left unsorted: the caller sorts once all are in.
export function* textWords(texts, into, from = 0) {
  for (let i = 0; i < texts.length; i++) {
    for (const paragraph of texts[i]) into.add(paragraph, (from + i) * FIELDS + TEXT);
    if (i % TEXT_STEP === TEXT_STEP - 1) yield;
  }
}

export class SearchIndex {
  // `previous`: the index of the data shown before, whose outline part is taken over when
  // only the texts came (no titles indexed again under a search being typed).
  constructor(data, previous = null) {
    this.data = data;
    this.texts = new Words(); // descriptions, which come after the first screen
    this.outlined = Boolean(previous?.outlined && sameOutline(previous.data, data)); // queries may run
    const from = this.outlined ? previous : null;
    this.outline = from ? from.outline : new Words(); // titles, speakers, tracks
    this.speakers = from ? from.speakers : new Words();
    this.tracks = from ? from.tracks : new Words();
    this.people = from ? from.people : [...data.speakers.values()];
    this.trackList = from ? from.trackList : [...data.tracks.values()];
    this.complete = false; // the descriptions are indexed too
  }

  // Indexes a few docs a step: a generator, so an idle callback can stop between steps.
  *build() {
    if (!this.outlined) yield* this.buildOutline();
    yield* this.buildTexts();
  }

  *buildOutline() {
    const built = { outline: this.outline, speakers: this.speakers, tracks: this.tracks };
    yield* outlineWords(this.outlineSource(), built);
    this.outlined = true;
    yield;
  }

  *buildTexts() {
    yield* textWords(this.textsSource(), this.texts);
    yield;
    this.texts.sort();
    this.complete = true;
  }

  // What building the index reads, as plain lists of strings in the order of the lists its
  // postings point into: what a worker is sent (index-worker.js).
  outlineSource() {
    const { sessions, tracks } = this.data;
    return {
      sessions: sessions.map((s) => [s.title, s.people.map((p) => p.name), tracks.get(s.track)?.name ?? ""]),
      people: this.people.map((p) => p.name),
      tracks: this.trackList.map((t) => t.name),
    };
  }

  textsSource() {
    return this.data.sessions.map((s) => s.description);
  }

  // Takes over parts a worker built from those sources (outline: { outline, speakers, tracks };
  // texts: the descriptions' words), packed.
  adoptOutline(packed) {
    if (this.outlined) return;
    this.outline = Words.unpack(packed.outline);
    this.speakers = Words.unpack(packed.speakers);
    this.tracks = Words.unpack(packed.tracks);
    this.outlined = true;
  }

  // Takes over an index kept on the device (kept-index.js) if its postings fit this data: its
  // key said it was built from the same lists; this makes sure a damaged copy is never used.
  adoptKept(parts) {
    if (this.outlined) return true;
    const limits = { outline: this.data.sessions.length * FIELDS, speakers: this.people.length, tracks: this.trackList.length };
    if (!Object.entries(limits).every(([name, limit]) => parts[name] && Words.packedRight(parts[name], limit))) return false;
    this.adoptOutline(parts);
    return true;
  }

  // The outline's parts packed, as the worker sends them (to be kept, kept-index.js).
  packedOutline() {
    return { outline: this.outline.pack(), speakers: this.speakers.pack(), tracks: this.tracks.pack() };
  }

  adoptTexts(packed) {
    this.texts = Words.unpack(packed);
    this.complete = true;
  }

  // { sessions, speakers, tracks } matching `query`, each best first; sessions as objects of
  // this index's data (callers map them by id to a newer one).
  search(query) {
    const terms = [...new Set(words(query))];
    if (!terms.length) return { terms, sessions: [], speakers: [], tracks: [] };
    const { sessions } = this.data;
    return {
      terms,
      sessions: ranked(sessions, scores([this.outline, this.texts], terms, sessions.length, FIELDS, WORTH)),
      speakers: ranked(this.people, scores([this.speakers], terms, this.people.length, 1, NAMED)),
      tracks: ranked(this.trackList, scores([this.tracks], terms, this.trackList.length, 1, NAMED)),
    };
  }
}
