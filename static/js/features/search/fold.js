// Text as search compares it: lower case, without accents, in words. "Linåker" and "GOMÈS"
// are found by "linaker" and "gomes", as a person types them on any keyboard.

// Letters that carry no separable accent (NFD leaves them whole), written as people type them.
const LETTERS = { ø: "o", æ: "ae", œ: "oe", ß: "ss", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };
const SPECIAL = /[øæœßłđðþı]/g;
const MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

export function fold(text) {
  return text.normalize("NFD").replace(MARKS, "").toLowerCase().replace(SPECIAL, (c) => LETTERS[c]);
}

// The folded words of `text`, in order (a word: letters and digits; "Rust:" is "rust").
export function words(text) {
  return fold(text).match(WORD) || [];
}
