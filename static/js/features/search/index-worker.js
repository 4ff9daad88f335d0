// Builds the search index off the page's thread (ready-index.js sends the lists to read): on a
// phone's other core the index of a congress is ready before the reader can reach the search
// box, where on the page it took a 4x slower phone's first key 56-97 ms (bench/search.py).
// A classic worker script made by the build (webapp/web/built.py SEARCH_WORKER).

import { indexBody, keepIndex } from "./kept-index.js";
import { Words, outlineWords, textWords } from "./search-index.js";

let texts = null; // { id, words }: the descriptions of the newest data, as their parts come

function run(steps) {
  while (!steps.next().done);
}

function packed(words) {
  const made = words.pack();
  return [made, [made.ends.buffer, made.codes.buffer]];
}

self.addEventListener("message", (event) => {
  const { id, outline, key, part } = event.data;
  if (outline) {
    const parts = { outline: new Words(), speakers: new Words(), tracks: new Words() };
    run(outlineWords(outline, parts));
    const answer = {};
    const moved = [];
    for (const [name, words] of Object.entries(parts)) {
      const [made, buffers] = packed(words);
      answer[name] = made;
      moved.push(...buffers);
    }
    const body = indexBody(answer); // copied before the buffers move to the page
    self.postMessage({ id, outline: answer }, moved);
    keepIndex(key, body); // for the next visit's first key
  }
  if (part) {
    // The descriptions come in parts, each sent when the page was idle: one message of a
    // congress's whole texts was a 20-25 ms task on a 4x slower phone.
    if (texts?.id !== id) texts = { id, words: new Words() };
    run(textWords(part.texts, texts.words, part.from));
    if (part.last) {
      const [made, buffers] = packed(texts.words);
      texts = null;
      self.postMessage({ id, texts: made }, buffers);
    }
  }
});
