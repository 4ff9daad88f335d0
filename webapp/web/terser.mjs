// Run by webapp/web/mangle.py: the served scripts through Terser, in one process.
// stdin: {"files": {path: source}, "scripts": [paths that are classic scripts]};
// stdout: {"files": {path: minified, path.map: its source map (modules)}} or
// {"error": "path: what Terser said"}.
import { minify } from "terser";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { files, scripts } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const classic = new Set(scripts);
const out = {};
for (const [path, code] of Object.entries(files)) {
  try {
    const module = !classic.has(path);
    const name = path.split("/").pop();
    // The source under a name of its own (devtools list it apart from the minified file).
    const result = await minify(module ? { [`as-written/${name}`]: code } : code, {
      module,
      // A module gets a source map beside it (name.map, its source inside), which only a
      // browser's developer tools fetch: an error's line and names read as written. The
      // worker's classic script is pasted into /sw.js, where no map could follow it.
      sourceMap: module ? { filename: name, url: `${name}.map`, includeSources: true } : false,
      // A classic script here is the worker's bundle, which the server sets in a scope of its
      // own (templates/sw.js): its top-level names are its own to rename.
      toplevel: true,
      ecma: 2020,
      compress: { passes: 2 },
      format: { comments: false },
    });
    out[path] = result.code;
    if (module) out[`${path}.map`] = result.map;
  } catch (error) {
    const where = error.line ? ` (line ${error.line}, column ${error.col})` : "";
    process.stdout.write(JSON.stringify({ error: `${path}: ${error.message}${where}` }));
    process.exit(0);
  }
}
process.stdout.write(JSON.stringify({ files: out }));
