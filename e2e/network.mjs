// The page on a phone's network (issue 22): serves dist/ as a host would
// (text, JS and WebAssembly compressed, validators for a second visit)
// through a server that paces what it sends, then drives Debian's Chromium
// as a phone (390x844, touch) on `?game=sliding&size=4x4&seed=7` and
// records, for an empty cache and for a second visit:
//   first paint     the browser's first contentful paint;
//   page ready      navigation start to the app's first refresh (the
//                   WebAssembly running: `#slide-app` gets `data-animating`
//                   on its first frame, src/web/shell.rs);
//   first hint      Hint tapped once the page is ready; time to the first
//                   "Hint: slide ..." of any kind, from the tap and from
//                   navigation start;
//   optimal hint    time to the hint the page marks optimal (the message
//                   without "about" or "(not optimal)", src/app/sliding),
//                   from navigation start;
//   bytes           what the server sent (bodies as sent, compressed), before
//                   the first hint and in all (until the network is idle
//                   after the optimal hint), counting the workers' and the
//                   service worker's fetches as every request reaches it.
//
// Pacing: one bandwidth budget shared by every connection together (a token
// bucket the server's writes draw from, shared out evenly among the
// responses under way, as a mobile link is shared), and a latency: each
// response's first byte waits one round trip, and the first request on a
// new connection one more (its TCP handshake). Profiles:
//   none     no pacing (localhost as it is)
//   fast4g   9 Mbit/s, 60 ms round trip
//   slow4g   1.6 Mbit/s, 150 ms round trip
// Each visit is capped (default 240 s); a figure not reached by then is
// reported as the cap hit, never as a time.
//
// The second visit is a new tab in the same browser profile (a persistent
// context: HTTP cache, service worker, Cache API and storage kept), opened
// once the first visit's page is closed and the network idle.
//
// Usage: node network.mjs [--profile fast4g,slow4g] [--runs 3] [--port 8094]
//                         [--cap 240] [--encoding br] [--short] [--verbose]
// --profile: a comma-separated list of none, fast4g, slow4g (default
// fast4g,slow4g); --runs: medians of that many runs (each a fresh profile);
// --encoding: what text, JS and WebAssembly go as, br (Brotli, where the
// browser takes it, else gzip: as `make serve` and most hosts serve) or
// gzip (as hosts without Brotli, such as GitHub Pages);
// --short: one run, cap 120 s, figures to target/bench/short/; --verbose:
// every request as the server answers it. Prints a
// table and writes JSON lines (part "network <profile> <visit>") to
// target/bench/network.jsonl, replacing the lines of the profiles measured,
// for `node bench-summary.mjs`. Exits with status 1 if a page fails (an
// uncaught error, or never ready); a hint that misses the cap is a figure.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, relative, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { chromium } from '@playwright/test';
import { compressible, types } from './serve.mjs';
import { commit, machine } from './measured.mjs';

// ---- options ----------------------------------------------------------------

const PROFILES = {
  none: { label: 'none (localhost)', bitsPerSecond: Infinity, rttMs: 0 },
  fast4g: { label: 'fast 4G (9 Mbit/s, 60 ms)', bitsPerSecond: 9e6, rttMs: 60 },
  slow4g: { label: 'slow 4G (1.6 Mbit/s, 150 ms)', bitsPerSecond: 1.6e6, rttMs: 150 },
};

function usage(problem) {
  console.error(`network.mjs: ${problem}`);
  console.error('usage: node network.mjs [--profile none,fast4g,slow4g] [--runs N] [--port P] [--cap SECONDS] [--encoding br|gzip] [--short] [--verbose]');
  process.exit(2);
}

function parseOptions(argv) {
  const options = { profiles: ['fast4g', 'slow4g'], encoding: 'br', runs: 3, port: Number(process.env.NETWORK_PORT || 8094), cap: 240, short: false };
  let runsGiven = false;
  let capGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) usage(`${name} needs a value`);
      return v;
    };
    if (name === '--short') options.short = true;
    else if (name === '--verbose') options.verbose = true;
    else if (name === '--encoding') options.encoding = value();
    else if (name === '--profile' || name === '--profiles') options.profiles = value().split(',').filter(Boolean);
    else if (name === '--runs') {
      options.runs = Number(value());
      runsGiven = true;
    } else if (name === '--port') options.port = Number(value());
    else if (name === '--cap') {
      options.cap = Number(value());
      capGiven = true;
    } else usage(`unknown option ${arg}`);
  }
  if (options.short) {
    if (!runsGiven) options.runs = 1;
    if (!capGiven) options.cap = 120;
  }
  for (const p of options.profiles) if (!PROFILES[p]) usage(`unknown profile ${p} (none, fast4g or slow4g)`);
  if (options.profiles.length === 0) usage('no profile named');
  if (!['br', 'gzip'].includes(options.encoding)) usage('--encoding must be br or gzip');
  if (!(Number.isInteger(options.runs) && options.runs >= 1)) usage('--runs must be a whole number of at least 1');
  if (!(Number.isInteger(options.port) && options.port > 0 && options.port < 65536)) usage('--port must be a port number');
  if (!(options.cap > 0)) usage('--cap must be a number of seconds above 0');
  return options;
}

const options = parseOptions(process.argv.slice(2));
const here = new URL('.', import.meta.url).pathname;
const root = resolve(`${here}../dist`);
if (!existsSync(join(root, 'index.html'))) {
  console.error(`network.mjs: no built site in ${root}: run \`trunk build --release\` first`);
  process.exit(1);
}
const PAGE = '/?game=sliding&size=4x4&seed=7';

// ---- the site, as a host serves it ------------------------------------------

// Types and what is compressed on the way are serve.mjs's (as `make serve`):
// text, JS and WebAssembly; the table files (.gz) go as they are, without a
// Content-Encoding (the page inflates them itself).
// Trunk's hashed names (`slide-<hash>.js`, `slide-<hash>_bg.wasm`, the hash
// in 8 to 16 hex digits) never change content: kept a year. Every other
// name is revalidated on each use (ETag), as hosts serve files whose names
// do not change.
const HASHED = /-[0-9a-f]{8,16}(_bg)?\.[a-z0-9.]+$/;

/** Every file of dist/, read once, compressed once (before any timing). */
function loadSite() {
  const files = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const body = readFileSync(path);
        const ext = extname(name);
        const url = `/${relative(root, path).split('\\').join('/')}`;
        // A precompressed copy beside the file (name.br, name.gz for a
        // text file) is what a host would send; else compress it here, at
        // the best level (a host compresses static files once).
        const packed = (suffix, pack) => (!compressible.has(ext) ? null : existsSync(`${path}${suffix}`) ? readFileSync(`${path}${suffix}`) : pack(body));
        const gzip = packed('.gz', (b) => gzipSync(b, { level: zlib.Z_BEST_COMPRESSION }));
        const br = options.encoding === 'br' ? packed('.br', (b) => brotliCompressSync(b, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: b.length } })) : null;
        files.set(url, {
          body,
          gzip: gzip && gzip.length < body.length ? gzip : null,
          br: br && br.length < body.length ? br : null,
          type: types[ext] || 'application/octet-stream',
          etag: `"${createHash('sha1').update(body).digest('hex').slice(0, 20)}"`,
          cache: HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
      }
    }
  };
  walk(root);
  return files;
}

// ---- pacing -------------------------------------------------------------------

/**
 * One link shared by every response: a token bucket filled at the profile's
 * rate (at most a few milliseconds' worth held, so no burst outruns the
 * rate), its tokens shared out evenly among the responses under way, each
 * write as large as its share. Counts every byte it lets through, with the
 * time, so the bytes sent before any moment can be told afterwards.
 */
class Link {
  constructor(bitsPerSecond) {
    this.bytesPerMs = bitsPerSecond / 8000;
    this.burst = Number.isFinite(this.bytesPerMs) ? Math.max(1460, this.bytesPerMs * 4) : Infinity;
    this.streams = [];
    this.tokens = 0;
    this.last = 0;
    this.timer = null;
    this.log = []; // [epoch ms, bytes] for each write
    this.open = 0; // responses between request and their last byte
    this.requests = [];
  }

  /** Sends `body` on `response` at the link's pace; resolves when all is written. */
  send(response, body) {
    if (!Number.isFinite(this.bytesPerMs) || body.length === 0) {
      this.count(body.length);
      response.end(body);
      return Promise.resolve();
    }
    return new Promise((done) => {
      const stream = { response, body, at: 0, done };
      this.streams.push(stream);
      // A response the browser gave up on (its page closed) stops drawing
      // on the link.
      response.once('close', () => {
        const index = this.streams.indexOf(stream);
        if (index >= 0) {
          this.streams.splice(index, 1);
          done();
        }
      });
      if (!this.timer) {
        this.last = performance.now();
        this.tokens = Math.min(this.tokens, this.burst);
        this.timer = setInterval(() => this.tick(), 2);
      }
    });
  }

  tick() {
    const now = performance.now();
    this.tokens = Math.min(this.burst, this.tokens + (now - this.last) * this.bytesPerMs);
    this.last = now;
    while (this.tokens >= 1 && this.streams.length > 0) {
      const share = Math.max(1, Math.floor(this.tokens / this.streams.length));
      for (const stream of [...this.streams]) {
        const size = Math.min(share, stream.body.length - stream.at, Math.floor(this.tokens));
        if (size <= 0) continue;
        const chunk = stream.body.subarray(stream.at, stream.at + size);
        stream.at += size;
        this.tokens -= size;
        this.count(size);
        if (stream.at >= stream.body.length) {
          stream.response.end(chunk);
          this.streams.splice(this.streams.indexOf(stream), 1);
          stream.done();
        } else stream.response.write(chunk);
      }
    }
    if (this.streams.length === 0) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  count(bytes) {
    this.log.push([Date.now(), bytes]);
  }

  /** Bytes sent since `from` (epoch ms), up to `to` if given. */
  bytes(from, to = Infinity) {
    let sum = 0;
    for (const [time, size] of this.log) if (time >= from && time <= to) sum += size;
    return sum;
  }
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** The paced server of `site` for `profile`; `link` counts what it sent. */
async function startServer(site, profile, port) {
  const link = new Link(profile.bitsPerSecond);
  const server = createServer(async (request, response) => {
    link.open++;
    try {
      // The round trip before the first byte, and a new connection's handshake.
      const socket = request.socket;
      const handshake = socket.servedBefore ? 0 : profile.rttMs;
      socket.servedBefore = true;
      if (profile.rttMs > 0) await sleep(profile.rttMs + handshake);
      let path;
      try {
        path = normalize(decodeURIComponent(new URL(request.url, 'http://localhost').pathname));
      } catch {
        path = null;
      }
      let file = path && (site.get(path) || site.get(join(path, 'index.html')));
      const record = { time: Date.now(), path: request.url, status: 0, bytes: 0 };
      link.requests.push(record);
      if (options.verbose) {
        const encoding = request.headers['accept-encoding'] || '-';
        console.log(`  ${new Date().toISOString().slice(11, 23)} ${request.method} ${request.url} (accept-encoding ${encoding}; ${request.headers['if-none-match'] ? 'revalidating' : 'new'})`);
      }
      if (!file || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(file ? 405 : 404, { 'content-type': 'text/plain' });
        await link.send(response, Buffer.from(file ? 'method not allowed' : 'not found'));
        return;
      }
      const headers = { 'content-type': file.type, 'cache-control': file.cache, etag: file.etag, vary: 'accept-encoding' };
      if (request.headers['if-none-match'] === file.etag) {
        response.writeHead(304, headers);
        record.status = 304;
        await link.send(response, Buffer.alloc(0));
        return;
      }
      const accepts = request.headers['accept-encoding'] || '';
      const encoding = file.br && /\bbr\b/.test(accepts) ? 'br' : file.gzip && /\bgzip\b/.test(accepts) ? 'gzip' : null;
      const body = encoding ? file[encoding] : file.body;
      if (encoding) headers['content-encoding'] = encoding;
      headers['content-length'] = body.length;
      response.writeHead(200, headers);
      record.status = 200;
      record.bytes = request.method === 'HEAD' ? 0 : body.length;
      await link.send(response, request.method === 'HEAD' ? Buffer.alloc(0) : body);
      record.end = Date.now();
    } finally {
      link.open--;
      link.lastDone = Date.now();
    }
  });
  await new Promise((ready, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', ready);
  }).catch((error) => {
    console.error(`network.mjs: the server could not listen on port ${port}: ${error.message} (another run? use --port)`);
    process.exit(1);
  });
  return { server, link };
}

/** Waits until no response has been under way for `quietMs`, or `capMs` passed. */
async function networkIdle(link, quietMs, capMs) {
  const end = Date.now() + capMs;
  while (Date.now() < end) {
    if (link.open === 0 && Date.now() - (link.lastDone || 0) >= quietMs) return true;
    await sleep(100);
  }
  return false;
}

// ---- one visit ----------------------------------------------------------------

// In the page from its first script: the moments (performance.now(), from
// navigation start) of the ready mark, the Hint tap, the first hint and the
// optimal one, seen by a MutationObserver as the page changes.
const WATCH = `(() => {
  const marks = { ready: null, press: null, first: null, firstText: null, optimal: null, optimalText: null };
  window.__network = marks;
  const anyHint = /^Hint: slide \\d+/;
  const optimal = /^Hint: slide \\d+ — [\\d,]+ moves? to go$/;
  const look = () => {
    const now = performance.now();
    const app = document.getElementById('slide-app');
    if (marks.ready === null && app && app.hasAttribute('data-animating')) marks.ready = now;
    const message = document.getElementById('message');
    const text = message ? message.textContent.trim() : '';
    if (marks.press !== null && marks.first === null && anyHint.test(text)) { marks.first = now; marks.firstText = text; }
    if (marks.press !== null && marks.optimal === null && optimal.test(text)) { marks.optimal = now; marks.optimalText = text; }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  document.addEventListener('click', (event) => {
    const button = event.target.closest && event.target.closest('button');
    if (marks.press === null && button && button.textContent.trim() === 'Hint') marks.press = performance.now();
  }, true);
})();`;

/**
 * One visit of the page in `context`: ready, Hint tapped, hints timed, then
 * the page left once the network is idle. Times in ms; `null` where the cap
 * came first (`capped` says which). Throws if the page fails.
 */
async function visit(context, link, capMs) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  const start = Date.now();
  const deadline = start + capMs;
  const left = () => Math.max(1, deadline - Date.now());
  const requestsBefore = link.requests.length;
  try {
    await page.goto(`http://127.0.0.1:${options.port}${PAGE}`, { timeout: capMs, waitUntil: 'commit' });
  } catch (error) {
    throw new Error(`the page did not load: ${error.message.split('\n')[0]}`);
  }
  const origin = await page.evaluate(() => performance.timeOrigin);
  const marks = () => page.evaluate(() => window.__network);
  try {
    await page.waitForFunction(() => window.__network && window.__network.ready !== null, null, { timeout: left(), polling: 10 });
  } catch {
    throw new Error(`the page was not ready within ${capMs / 1000} s${errors.length ? `: ${errors.join('; ')}` : ''}`);
  }
  const hint = page.getByRole('button', { name: 'Hint', exact: true });
  await hint.tap({ timeout: left() });
  try {
    await page.waitForFunction(() => window.__network.press !== null, null, { timeout: 5000, polling: 10 });
  } catch {
    throw new Error('the Hint tap did not reach the page as a click on the Hint button');
  }
  const capped = [];
  try {
    await page.waitForFunction(() => window.__network.first !== null, null, { timeout: left(), polling: 10 });
  } catch {
    capped.push('first hint');
  }
  try {
    await page.waitForFunction(() => window.__network.optimal !== null, null, { timeout: left(), polling: 50 });
  } catch {
    capped.push('optimal hint');
  }
  const m = await marks();
  const paint = await page.evaluate(() => {
    const entry = performance.getEntriesByName('first-contentful-paint')[0];
    return entry ? entry.startTime : null;
  });
  if (errors.length) throw new Error(`the page failed: ${errors.join('; ')}`);
  // What the visit goes on fetching (the tables a worker or the service
  // worker still loads) counts in its total: the page is left once the
  // network has been idle for two seconds.
  if (capped.length === 0) await networkIdle(link, 2000, left());
  const end = Date.now();
  await page.close();
  const firstEpoch = m.first === null ? null : origin + m.first;
  return {
    paint,
    ready: m.ready,
    press: m.press,
    firstFromPress: m.first === null ? null : m.first - m.press,
    firstFromLoad: m.first,
    firstText: m.firstText,
    optimalFromLoad: m.optimal,
    optimalFromPress: m.optimal === null ? null : m.optimal - m.press,
    optimalText: m.optimalText,
    bytesBeforeFirst: firstEpoch === null ? null : link.bytes(origin, firstEpoch),
    bytesTotal: link.bytes(origin, end),
    requests: link.requests.length - requestsBefore,
    // Each table request: its file, and whether it crossed whole (200) or
    // was revalidated (304), and when its last byte went (from navigation).
    tables: link.requests
      .slice(requestsBefore)
      .filter((r) => r.path.includes('/tables/'))
      .map((r) => `${r.path.replace(/^.*\//, '')} ${r.status}${r.end ? ` done at ${((r.end - origin) / 1000).toFixed(1)} s` : ''}`),
    capped,
  };
}

/** A fresh browser profile: an empty-cache visit, then a second visit. */
async function run(link, capMs) {
  const dir = mkdtempSync(join(tmpdir(), 'slide-network-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  try {
    await context.addInitScript(WATCH);
    // The blank tab a persistent context opens: closed, so each visit is
    // the only page.
    for (const page of context.pages()) await page.close();
    const empty = await visit(context, link, capMs);
    await networkIdle(link, 2000, 60000);
    const second = await visit(context, link, capMs);
    return { empty, second };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---- figures ------------------------------------------------------------------

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// The issue's targets (BENCHMARKS.md, "A phone's network"), by profile,
// visit and figure.
const TARGETS = {
  fast4g: {
    empty: { firstFromLoad: '≤ 1.5 s', optimalFromLoad: '≤ 15 s', bytesBeforeFirst: '≤ 3 MB' },
    second: { firstFromLoad: '≤ 1.5 s', optimalFromLoad: '≤ 1 s', bytesBeforeFirst: '≤ 3 MB' },
  },
  slow4g: {
    empty: { ready: '≤ 3 s', firstFromPress: '≤ 1 s' },
    second: { ready: '≤ 3 s', firstFromPress: '≤ 1 s' },
  },
  none: { empty: {}, second: {} },
};
const FIGURES = [
  ['paint', 'first contentful paint (from navigation start)', 's'],
  ['ready', 'page ready (from navigation start)', 's'],
  ['firstFromPress', 'first hint, from the Hint tap', 's'],
  ['firstFromLoad', 'first hint, from navigation start', 's'],
  ['optimalFromLoad', 'optimal hint, from navigation start', 's'],
  ['bytesBeforeFirst', 'bytes before the first hint', 'MB'],
  ['bytesTotal', 'bytes in all', 'MB'],
];

/**
 * The median of each figure over the runs: a run that hit the cap counts as
 * slower than every time, so the median is "capped" if half the runs or
 * more were.
 */
function summarise(results, key, unit) {
  const values = results.map((r) => r[key]);
  const known = values.filter((v) => v !== null);
  const cappedRuns = values.length - known.length;
  const sorted = [...known.sort((a, b) => a - b), ...Array(cappedRuns).fill(null)];
  const mid = sorted[Math.floor(sorted.length / 2)];
  const scale = unit === 's' ? 1 / 1000 : unit === 'MB' ? 1 / 1e6 : 1;
  return { value: mid === null ? null : mid * scale, runs: values.map((v) => (v === null ? null : v * scale)), cappedRuns };
}

const show = (value, unit, capS) => (value === null ? `> ${capS} s (cap)` : unit === 's' ? `${value.toFixed(2)} s` : `${value.toFixed(2)} MB`);

// ---- main ---------------------------------------------------------------------

const site = loadSite();
const outDir = `${here}../target/bench${options.short ? '/short' : ''}`;
mkdirSync(outDir, { recursive: true });
const outFile = `${outDir}/network.jsonl`;
const lines = [];
let failed = false;
const table = [['Network', 'Visit', ...FIGURES.map(([, name]) => name.replace(/ \(.*\)/, ''))]];

for (const name of options.profiles) {
  const profile = PROFILES[name];
  const { server, link } = await startServer(site, profile, options.port);
  const results = { empty: [], second: [] };
  try {
    for (let i = 0; i < options.runs; i++) {
      const began = Date.now();
      try {
        const { empty, second } = await run(link, options.cap * 1000);
        results.empty.push(empty);
        results.second.push(second);
        const brief = (r) => `ready ${show(r.ready && r.ready / 1000, 's', options.cap)}, first hint ${show(r.firstFromPress && r.firstFromPress / 1000, 's', options.cap)} after the tap ("${r.firstText || '-'}"), optimal ${show(r.optimalFromLoad && r.optimalFromLoad / 1000, 's', options.cap)} from load, ${(r.bytesTotal / 1e6).toFixed(1)} MB in ${r.requests} requests; tables: ${r.tables.join(', ') || 'none fetched'}`;
        console.log(`${profile.label}, run ${i + 1} of ${options.runs} (${((Date.now() - began) / 1000).toFixed(0)} s):`);
        console.log(`  empty cache: ${brief(empty)}`);
        console.log(`  second visit: ${brief(second)}`);
      } catch (error) {
        console.error(`network.mjs: ${profile.label}, run ${i + 1}: ${error.message}`);
        failed = true;
        break;
      }
    }
  } finally {
    await new Promise((done) => server.close(done));
    server.closeAllConnections?.();
  }
  if (results.empty.length === 0) continue;
  for (const visitName of ['empty', 'second']) {
    const part = `network ${name} ${visitName === 'empty' ? 'empty cache' : 'second visit'}`;
    const row = [profile.label, visitName === 'empty' ? 'empty cache' : 'second visit'];
    for (const [key, figureName, unit] of FIGURES) {
      const { value, runs, cappedRuns } = summarise(results[visitName], key, unit);
      row.push(show(value, unit, options.cap));
      lines.push({
        part,
        figure: `${figureName}${options.runs > 1 ? `, median of ${runs.length}` : ''}`,
        value,
        unit,
        target: TARGETS[name][visitName][key] || null,
        capped: value === null ? `over the ${options.cap} s cap in ${cappedRuns} of ${runs.length} runs` : null,
        runs,
        encoding: options.encoding,
        commit,
        machine,
        time: Math.floor(Date.now() / 1000),
        short: options.short,
      });
    }
    table.push(row);
  }
}

// The lines of the profiles measured replace their last ones; the others stay.
const kept = existsSync(outFile)
  ? readFileSync(outFile, 'utf8').split('\n').filter((line) => line.trim() && !options.profiles.some((p) => JSON.parse(line).part.startsWith(`network ${p} `)))
  : [];
writeFileSync(outFile, [...kept, ...lines.map((l) => JSON.stringify(l))].map((l) => `${l}\n`).join(''));

const widths = table[0].map((_, c) => Math.max(...table.map((row) => [...row[c]].length)));
console.log('');
console.log(`A phone's network: ${PAGE}, 390x844 touch, text, JS and WebAssembly as ${options.encoding}, median of ${options.runs} run${options.runs > 1 ? 's' : ''}, commit ${commit}`);
for (const row of table) console.log(row.map((cell, c) => cell + ' '.repeat(widths[c] - [...cell].length)).join('  ').trimEnd());
console.log(`figures written to ${relative(process.cwd(), outFile) || outFile}`);
process.exit(failed ? 1 : 0);
