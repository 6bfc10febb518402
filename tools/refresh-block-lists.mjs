// Copy the block lists of node_modules (package.json) into wordle_db/data/blocklists: one
// entry a line, lower case, only entries made of letters, spaces, hyphens and apostrophes
// (the lists' leetspeak spellings are no dictionary words). Run after `npm ci`:
//   node tools/refresh-block-lists.mjs
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const out = new URL("../wordle_db/data/blocklists/", import.meta.url);
const version = (name) => require(`${name}/package.json`).version;
const json = (file) => JSON.parse(readFileSync(require.resolve(file), "utf8"));
const lines = (file) => readFileSync(require.resolve(file), "utf8").split(/\r?\n/);

const lists = [
  ...["de", "en", "es", "fr", "it", "pt"].map((code) => ({
    name: "naughty-words", code, licence: "CC BY 4.0", words: json(`naughty-words/${code}.json`),
  })),
  { name: "badwords-list", code: "en", licence: "MIT", words: require("badwords-list/lib/array.js") },
  { name: "french-badwords-list", code: "fr", licence: "MIT", words: lines("french-badwords-list/list.txt") },
  { name: "italian-badwords-list", code: "it", licence: "MIT", words: require("italian-badwords-list/lib/array.js") },
];
for (const { name, code, licence, words } of lists) {
  const kept = [...new Set(words.map((w) => w.normalize("NFC").trim().toLowerCase()))]
    .filter((w) => /^\p{L}[\p{L} '-]*$/u.test(w))
    .sort();
  const head = `# npm ${name} ${version(name)}, ${licence} (LICENSE-${name}); node tools/refresh-block-lists.mjs\n`;
  writeFileSync(new URL(`${name}-${code}.txt`, out), head + kept.join("\n") + "\n");
  copyFileSync(require.resolve(`${name}/LICENSE`), new URL(`LICENSE-${name}`, out));
}
