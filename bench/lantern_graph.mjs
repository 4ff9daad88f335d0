// What Lighthouse's simulation (Lantern) counted in one run's LCP: node lantern_graph.mjs <dir>,
// where <dir> holds a run saved by `lighthouse --save-assets --output=json --output-path=<dir>/r.json`
// (r.json, r-0.trace.json, r-0.devtoolslog.json). Prints the simulated LCP and each node of the
// pessimistic graph (requests and the page's tasks) with its simulated start and end, in ms.
// Run by bench/lantern.py; Lighthouse is the one pinned in bench/package-lock.json.
import fs from "fs";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import * as constants from "lighthouse/core/config/constants.js";

const dir = process.argv[2];
const read = (name) => JSON.parse(fs.readFileSync(`${dir}/${name}`, "utf8"));
const report = read("r.json");
const data = {
  trace: read("r-0.trace.json"),
  devtoolsLog: read("r-0.devtoolslog.json"),
  gatherContext: { gatherMode: "navigation" },
  settings: { ...constants.defaultSettings, ...report.configSettings },
  simulator: null,
  URL: { requestedUrl: report.requestedUrl, mainDocumentUrl: report.mainDocumentUrl, finalDisplayedUrl: report.finalDisplayedUrl },
  SourceMaps: [],
};
const result = await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settingsOverrides: {} });
const observed = report.audits.metrics.details.items[0];
console.log(
  `simulated LCP ${Math.round(result.timing)} ms; observed FCP ${observed.observedFirstContentfulPaint} ms, ` +
    `LCP ${observed.observedLargestContentfulPaint} ms (unthrottled)`,
);
const element = report.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
if (element) console.log(`  LCP element: ${element.selector} (${(element.nodeLabel || "").slice(0, 50)})`);
const SHOWN = new Set(["EvaluateScript", "ParseHTML", "Layout", "Paint", "TimerFire", "FunctionCall"]);
const rows = [...result.pessimisticEstimate.nodeTimings.entries()].map(([node, t]) => {
  const what =
    node.type === "network"
      ? `${node.request.resourceType} ${node.request.url}`
      : `task of ${(node.duration / 1000).toFixed(1)} ms: ` +
        [...new Set(node.childEvents.filter((e) => SHOWN.has(e.name)).map((e) => e.name + (e.args?.data?.url ? ` ${e.args.data.url.split("/").pop()}` : "")))].join(", ");
  return [t.startTime, t.endTime, what];
});
rows.sort((a, b) => a[0] - b[0]);
for (const [start, end, what] of rows) console.log(`  ${String(Math.round(start)).padStart(5)}-${String(Math.round(end)).padStart(5)}  ${what}`);
