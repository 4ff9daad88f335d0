// The search index alone (static/js/features/search/), in Node, on a schedule.json: how long
// building it takes, in how many idle steps and how long the longest is, when the outline part
// (what a query needs first) is ready, and what each query costs. In CPU time of this process
// (process.cpuUsage), which other jobs on a shared machine disturb less than wall time does.
// Unthrottled: a 4x slower phone takes about 4 times as long (bench/search.py measures keys in
// the browser).
//
//   .venv/bin/python bench/generate.py --congress /tmp/c && node bench/search_index.mjs /tmp/c/schedule.json

import { readFileSync } from "node:fs";
import { SearchIndex } from "../static/js/features/search/search-index.js";

const QUERIES = ["r", "ru", "rust", "a", "ai", "linaker", "trust saf"];
const RUNS = 20;
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000; // ms
};

if (!process.argv[2]) {
  console.error("usage: node bench/search_index.mjs SCHEDULE_JSON (bench/generate.py --congress DIR writes one)");
  process.exit(2);
}
const doc = JSON.parse(readFileSync(process.argv[2], "utf8"));
const speakers = new Map(doc.speakers.map((p) => [p.id, p]));
const tracks = new Map(doc.tracks.map((t) => [t.id, t]));
// The shape data/store.js's index() gives the app (with the texts merged).
const sessions = doc.sessions.map((s) => ({ ...s, people: s.speakers.map((id) => speakers.get(id)).filter(Boolean), description: s.description || [] }));
const data = { sessions, speakers, tracks, version: 1, store: "bench" };

const start = cpu();
const index = new SearchIndex(data);
const steps = index.build();
let count = 0;
let longest = 0;
let outlined = null;
for (let done = false; !done; count++) {
  const t = cpu();
  done = steps.next().done;
  longest = Math.max(longest, cpu() - t);
  if (outlined === null && index.outlined) outlined = cpu() - start;
}
const built = cpu() - start;
console.log(`index of ${sessions.length} sessions: built in ${built.toFixed(1)} ms of CPU, ${count} steps, longest ${longest.toFixed(1)} ms; outline ready at ${outlined.toFixed(1)} ms`);
console.log(`words: ${index.outline.postings.size} in titles, names, tracks; ${index.texts.postings.size} in descriptions`);
for (const query of QUERIES) {
  for (let i = 0; i < 3; i++) index.search(query); // warm
  const t = cpu();
  let found;
  for (let i = 0; i < RUNS; i++) found = index.search(query);
  const each = (cpu() - t) / RUNS;
  console.log(`search ${JSON.stringify(query)}: ${each.toFixed(2)} ms; ${found.sessions.length} sessions, ${found.speakers.length} speakers, ${found.tracks.length} tracks`);
}
