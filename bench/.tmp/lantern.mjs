// node lantern.mjs <dir with r-0.trace.json r-0.devtoolslog.json r.json>
import fs from 'fs';
import {LanternLargestContentfulPaint} from '../node_modules/lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import * as constants from '../node_modules/lighthouse/core/config/constants.js';
const dir = process.argv[2];
const trace = JSON.parse(fs.readFileSync(dir + '/r-0.trace.json'));
const devtoolsLog = JSON.parse(fs.readFileSync(dir + '/r-0.devtoolslog.json'));
const report = JSON.parse(fs.readFileSync(dir + '/r.json'));
const settings = {...constants.defaultSettings, ...report.configSettings};
const URL = {requestedUrl: report.requestedUrl, mainDocumentUrl: report.mainDocumentUrl, finalDisplayedUrl: report.finalDisplayedUrl};
const context = {computedCache: new Map(), settingsOverrides: {}};
const res = await LanternLargestContentfulPaint.request({trace, devtoolsLog, gatherContext: {gatherMode: 'navigation'}, settings, simulator: null, URL, SourceMaps: []}, context);
console.log('LCP', Math.round(res.timing), 'opt', Math.round(res.optimisticEstimate.timeInMs), 'pess', Math.round(res.pessimisticEstimate.timeInMs));
for (const [label, est] of [['pess', res.pessimisticEstimate]]) {
  const rows = [...est.nodeTimings.entries()].map(([node, t]) => [t.startTime, t.endTime, node.type === 'network' ? node.request.url.slice(-45) + ' ' + node.request.resourceType : 'CPU ' + Math.round(node.duration / 1000) + 'ms obs@' + Math.round((node.startTime - 0) / 1000) + ' ' + node.childEvents.filter(e => ['EvaluateScript','Layout','Paint','ParseHTML','FunctionCall','TimerFire','v8.compile','v8.evaluateModule','UpdateLayoutTree'].includes(e.name)).map(e => e.name + (e.args?.data?.url ? '(' + e.args.data.url.slice(-20) + ')' : '')).slice(0, 8).join(',')]);
  rows.sort((a, b) => a[0] - b[0]);
  for (const [s, e, what] of rows) console.log(`  ${label} ${Math.round(s).toString().padStart(5)}-${Math.round(e).toString().padStart(5)} ${what}`);
}
