// Lighthouse, mobile, on the built site (dist/) served as `make serve`
// serves it (serve.mjs: compressed, with cache headers), in Debian's
// Chromium, headless. Lighthouse's defaults: a mid-range phone's screen and
// its simulated slow 4G and 4x slower processor. Runs it `runs` times
// (default 3) on `path` (default `?game=sliding&size=4x4&seed=7`, the
// issue's page) and takes the median of each figure; prints them and writes
// them to target/bench/lighthouse.jsonl for bench-summary.mjs, with their
// targets (BENCHMARKS.md). Exits 1 if Lighthouse fails.
//
// Usage: node lighthouse.mjs [runs] [path] [--uncompressed] [--dist DIR]
// ($LIGHTHOUSE_PORT, default a free port; $CHROME_PATH, default
// /usr/bin/chromium). --uncompressed serves every file as it is, to measure
// what compression is worth (its figures are not written); --dist serves
// another build than dist/ (to compare builds).
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { serve } from './serve.mjs';
import { commit, machine } from './measured.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name) => (argv.indexOf(name) >= 0 ? argv[argv.indexOf(name) + 1] : undefined);
const positional = argv.filter((arg, i) => !arg.startsWith('--') && argv[i - 1] !== '--dist');
const runs = Number(positional[0] || 3);
const path = positional[1] || '?game=sliding&size=4x4&seed=7';
const uncompressed = flag('--uncompressed');
const dist = option('--dist') || new URL('../dist', import.meta.url).pathname;

const here = new URL('.', import.meta.url).pathname;
if (!(runs >= 1)) {
  console.error('usage: node lighthouse.mjs [runs] [path]');
  process.exit(2);
}

const outDir = `${here}../target/bench`;
mkdirSync(outDir, { recursive: true });
const outFile = `${outDir}/lighthouse.jsonl`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// What is reported: [name, how to read it from a result, unit, target].
const figures = [
  ['performance', (r) => r.categories.performance.score * 100, '', '≥ 98'],
  ['accessibility', (r) => r.categories.accessibility.score * 100, '', '≥ 100'],
  ['best practices', (r) => r.categories['best-practices'].score * 100, '', '≥ 100'],
  ['SEO', (r) => r.categories.seo.score * 100, '', '≥ 100'],
  ['first contentful paint', (r) => r.audits['first-contentful-paint'].numericValue / 1000, 's', null],
  ['largest contentful paint', (r) => r.audits['largest-contentful-paint'].numericValue / 1000, 's', '≤ 1.5 s'],
  ['cumulative layout shift', (r) => r.audits['cumulative-layout-shift'].numericValue, '', '≤ 0.01'],
  ['total blocking time', (r) => r.audits['total-blocking-time'].numericValue, 'ms', null],
  ['speed index', (r) => r.audits['speed-index'].numericValue / 1000, 's', null],
  ['bytes transferred', (r) => r.audits['total-byte-weight'].numericValue / 1e6, 'MB', null],
];

/** The largest paint's element, as Lighthouse names it. */
function lcpElement(result) {
  const items = result.audits['lcp-breakdown-insight']?.details?.items ?? [];
  const node = items.find((item) => item.type === 'node');
  return node ? `"${node.nodeLabel}" (${node.selector})` : 'none named';
}

/** The elements that moved, with their share of the layout shift. */
function shifted(result) {
  const items = result.audits['layout-shifts']?.details?.items ?? [];
  return items.map((item) => `${item.node?.selector ?? '?'} ${item.score.toFixed(3)}`).join(', ') || 'none';
}

const server = await serve(Number(process.env.LIGHTHOUSE_PORT || 0), dist, { compress: !uncompressed });
const { port } = server.address();
const chrome = await launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const results = [];
let failed = false;
try {
  for (let run = 1; run <= runs; run++) {
    const answer = await lighthouse(`http://127.0.0.1:${port}/${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const result = answer?.lhr;
    if (!result || result.runtimeError) {
      console.error(`lighthouse.mjs: run ${run} failed: ${result?.runtimeError?.message ?? 'no result'}`);
      failed = true;
      break;
    }
    // The whole report of the last run, for a closer look (which element
    // was the largest paint, what blocked the main thread).
    writeFileSync(`${outDir}/lighthouse-last.json`, JSON.stringify(result, null, 1));
    const row = Object.fromEntries(figures.map(([name, read]) => [name, read(result)]));
    results.push(row);
    console.log(`run ${run}: ${figures.map(([name, , unit]) => `${name} ${+row[name].toFixed(3)}${unit && ' ' + unit}`).join(', ')}`);
    console.log(`  largest contentful paint element: ${lcpElement(result)}`);
    console.log(`  layout shifts: ${shifted(result)}`);
    const failing = Object.values(result.categories)
      .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => result.audits[ref.id]))
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative');
    for (const audit of new Set(failing)) console.log(`  below full marks: ${audit.id} (${audit.displayValue ?? audit.score})`);
  }
} finally {
  await chrome.kill();
  server.close();
}
if (failed) process.exit(1);

// Only the site as served by `make serve` (the default build, compressed)
// gives the benchmark's figures.
const official = !uncompressed && !option('--dist');
if (official) writeFileSync(outFile, '');
const time = Math.floor(Date.now() / 1000);
console.log(`\nmedian of ${runs} run(s), ${path}${uncompressed ? ', uncompressed' : ''}, ${dist}:`);
for (const [name, , unit, target] of figures) {
  const value = median(results.map((row) => row[name]));
  if (official) appendFileSync(outFile, `${JSON.stringify({ part: 'lighthouse mobile', figure: name, value, unit, target, commit, machine, time, short: false })}\n`);
  console.log(`  ${name}: ${+value.toFixed(3)}${unit && ' ' + unit}${target ? ` (target ${target})` : ''}`);
}
