// Run by webapp/web/mangle.py: the served scripts through Terser, in one process.
// stdin: {"files": {path: source}, "scripts": [the workers' classic scripts],
// "pages": [a page's classic scripts]}; stdout: {"files": {path: minified, path.map: its
// source map (modules and page scripts)}} or
// {"error": "path: what Terser said"}.
import { minify } from "terser";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { files, scripts, pages } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const classic = new Set(scripts);
const page = new Set(pages);
const out = {};
for (const [path, code] of Object.entries(files)) {
  try {
    const module = !classic.has(path) && !page.has(path);
    const mapped = !classic.has(path);
    const name = path.split("/").pop();
    // The source under a name of its own (devtools list it apart from the minified file).
    const result = await minify(mapped ? { [`as-written/${name}`]: code } : code, {
      module,
      // A module or a page's script gets a source map beside it (name.map, its source inside),
      // which only a browser's developer tools fetch: an error's line and names read as
      // written. The worker's classic script is pasted into /sw.js, where no map could follow it.
      sourceMap: mapped ? { filename: name, url: `${name}.map`, includeSources: true } : false,
      // A worker's classic script is set in a scope of its own by the server (templates/sw.js),
      // and a page's keeps its names in one function (webapp/web/bundle.py, js/start.js): their
      // top-level names are their own to rename.
      toplevel: true,
      ecma: 2020,
      compress: { passes: 2 },
      format: { comments: false },
    });
    out[path] = result.code;
    if (mapped) out[`${path}.map`] = result.map;
  } catch (error) {
    const where = error.line ? ` (line ${error.line}, column ${error.col})` : "";
    process.stdout.write(JSON.stringify({ error: `${path}: ${error.message}${where}` }));
    process.exit(0);
  }
}
process.stdout.write(JSON.stringify({ files: out }));
