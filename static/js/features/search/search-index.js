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
class Words {
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
    const { sessions, tracks } = this.data;
    for (let i = 0; i < sessions.length; i++) {
      const s = sessions[i];
      const at = i * FIELDS;
      this.outline.add(s.title, at + TITLE);
      for (const p of s.people) this.outline.add(p.name, at + PEOPLE);
      const track = tracks.get(s.track);
      if (track) this.outline.add(track.name, at + TRACK);
      if (i % STEP === STEP - 1) yield;
    }
    for (let i = 0; i < this.people.length; i++) {
      this.speakers.add(this.people[i].name, i);
      if (i % (4 * STEP) === 4 * STEP - 1) yield;
    }
    this.trackList.forEach((t, i) => this.tracks.add(t.name, i));
    yield;
    this.outline.sort();
    this.speakers.sort();
    this.tracks.sort();
    this.outlined = true;
    yield;
  }

  *buildTexts() {
    const { sessions } = this.data;
    for (let i = 0; i < sessions.length; i++) {
      for (const paragraph of sessions[i].description) this.texts.add(paragraph, i * FIELDS + TEXT);
      if (i % TEXT_STEP === TEXT_STEP - 1) yield;
    }
    yield;
    this.texts.sort();
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
