// Browser benchmark of the WebAssembly build in headless Chromium (`make
// bench`). Serves dist/, then measures:
//   - Korf's 100 in one worker (the worker the game uses), optimal lengths
//     checked, per-instance states and times, and the worker's memory;
//   - the 80-move positions solved by the page with all its workers;
//   - cold start: page load to the first optimal hint on a fresh 4x4, with an
//     empty browser cache;
//   - warm hints: time from pressing Hint to the optimal hint, on 100 boards;
//   - peg solitaire: the classic game solved in the game's worker (a fresh
//     worker each run), and 1,000 positions reached by random legal play
//     from the classic start, each decided (winnable or not) by a fresh
//     solver in WebAssembly, median and worst;
//   - 5x5 and up (issue 10): Korf's 24-puzzle instances in one worker (quick
//     and best answers, their lengths, times and the worker's memory), then
//     through the page with all its workers (Hint press to the first answer
//     and to the final one), and seeded 6x6 to 10x10 boards likewise.
//   - route finding (issue 11): the 1024x1024 maze and open plan of
//     `benches/route.rs`, 8-connected and any-angle, searched in the game's
//     worker as the Route game's Solve asks (the map posted with the
//     request, the search run in slices, its trace sent back), beside the
//     same search called directly on the page's thread through the JS API.
// Usage: node bench.mjs [runs] [sliding|pegs|near|route [largest side [smallest side]]]
// (runs default 3;
// medians; every part unless one is named)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const port = 8093;
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.argv[2] || 3);
const only = process.argv[3] || 'all';
// With `near`, the largest and smallest sides measured (5 to 10, default
// all; a smallest side above 5 skips the 5x5 parts).
const largest = Number(process.argv[4] || 10);
const smallest = Number(process.argv[5] || 5);
const here = new URL('.', import.meta.url).pathname;

function instances(name) {
  return readFileSync(`${here}../tests/instances/${name}`, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const numbers = line.trim().split(/\s+/).map(Number);
      return { tiles: numbers.slice(0, -1), optimal: numbers[numbers.length - 1] };
    });
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

const server = spawn('node', [`${here}serve.mjs`, String(port), `${here}../dist`], { stdio: 'ignore' });
await new Promise((resolve) => setTimeout(resolve, 500));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

// In every page: `openWorker(tables)` starts a solver worker as the game
// does and asks it for a set of tables ('5x5', else the 4x4's); `next(kind)`
// waits for its next reply of that kind (or a failure).
const openWorker = `window.openWorker = async (tables) => {
  const module = await WebAssembly.compileStreaming(fetch('./slide_bg.wasm'));
  const worker = new Worker('./worker.js', { type: 'module' });
  const replies = [];
  let wake = null;
  worker.onmessage = ({ data }) => { replies.push(data); if (wake) wake(); };
  const next = async (kind) => {
    for (;;) {
      const index = replies.findIndex((r) => r.kind === kind || r.kind === 'failed');
      if (index >= 0) return replies.splice(index, 1)[0];
      await new Promise((resolve) => { wake = resolve; });
    }
  };
  worker.postMessage({ kind: 'init', module });
  worker.postMessage(tables ? { kind: 'prepare', tables } : { kind: 'prepare' });
  return { worker, next };
};`;
async function newContext() {
  const context = await browser.newContext();
  await context.addInitScript(openWorker);
  return context;
}

async function pegs() {
  const context = await newContext();
  const page = await context.newPage();
  await page.goto(`${base}/?game=pegs`);
  await page.waitForSelector('#board-description');
  // The classic game in the worker, as Solve asks it: a fresh worker (and so
  // an empty table of dead positions) every run.
  const classic = [];
  for (let run = 0; run < Math.max(runs, 5); run++) {
    classic.push(await page.evaluate(async () => {
      const module = await WebAssembly.compileStreaming(fetch('./slide_bg.wasm'));
      const worker = new Worker('./worker.js', { type: 'module' });
      const reply = new Promise((resolve) => {
        worker.onmessage = ({ data }) => { if (data.kind === 'answer' || data.kind === 'failed') resolve(data); };
      });
      worker.postMessage({ kind: 'init', module });
      const full = 2 ** 33 - 1;
      worker.postMessage({ kind: 'solve', id: 1, game: 'pegs', board: full - 2 ** 16, goal: 16, mode: 'best' });
      const answer = await reply;
      worker.terminate();
      if (answer.kind !== 'answer' || !answer.jumps || answer.jumps.length !== 62) throw new Error(`classic: ${JSON.stringify(answer)}`);
      return { ms: answer.elapsedMs, memory: answer.memoryBytes };
    }));
  }
  const classicMs = classic.map((r) => r.ms);
  console.log(`wasm pegs classic (32 pegs, 31 jumps, in the worker): median ${median(classicMs).toFixed(1)} ms, worst ${Math.max(...classicMs).toFixed(1)} ms over ${classic.length} fresh workers; worker memory ${(Math.max(...classic.map((r) => r.memory)) / 1048576).toFixed(1)} MB`);

  // Random positions reached by legal play, each decided by a fresh solver.
  const result = await page.evaluate(() => {
    let state = 0x2545f491;
    const random = () => {
      state ^= state << 13; state >>>= 0;
      state ^= state >>> 17;
      state ^= state << 5; state >>>= 0;
      return state / 2 ** 32;
    };
    const times = [];
    let winnable = 0;
    for (let i = 0; i < 1000; i++) {
      const game = new window.wasmBindings.Pegs('classic');
      const depth = 1 + Math.floor(random() * 28);
      for (let d = 0; d < depth; d++) {
        const jumps = game.legalJumps();
        if (jumps.length === 0) break;
        const k = Math.floor(random() * (jumps.length / 2));
        game.jump(jumps[2 * k], jumps[2 * k + 1]);
      }
      const fresh = window.wasmBindings.Pegs.parse(game.toString());
      const start = performance.now();
      if (fresh.isWinnable()) winnable++;
      times.push(performance.now() - start);
      fresh.free();
      game.free();
    }
    return { times, winnable };
  });
  console.log(`wasm pegs 1,000 random positions from the classic start (1-28 random legal jumps, a fresh solver each): ${result.winnable} winnable; decided in median ${median(result.times).toFixed(2)} ms, 99th percentile ${percentile(result.times, 99).toFixed(1)} ms, worst ${Math.max(...result.times).toFixed(1)} ms`);
  await context.close();
}

// Route finding on 1024x1024 maps, in the worker.
async function route() {
  const context = await newContext();
  const page = await context.newPage();
  await page.goto(`${base}/?game=route`);
  await page.waitForSelector('#board-description');
  const results = await page.evaluate(async (runs) => {
    const { RouteGrid } = window.wasmBindings;
    // The open plan of benches/route.rs, by the same seeded generator
    // (SplitMix64, Lemire's bounded numbers), so the maps are the same.
    const mask = (1n << 64n) - 1n;
    let state = 7n;
    const next = () => {
      state = (state + 0x9e3779b97f4a7c15n) & mask;
      let z = state;
      z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
      z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
      return z ^ (z >> 31n);
    };
    const below = (n) => {
      const big = BigInt(n);
      const threshold = ((1n << 64n) - big) % big;
      for (;;) {
        const product = next() * big;
        if ((product & mask) >= threshold) return Number(product >> 64n);
      }
    };
    const side = 1024;
    const plan = new Uint8Array(side * side).fill(1);
    for (let i = 0; i < 400; i++) {
      const w = 4 + below(60);
      const h = 4 + below(60);
      const x = below(side - w);
      const y = below(side - h);
      for (let row = y; row < y + h; row++) plan.fill(0, row * side + x, row * side + x + w);
    }
    plan[0] = 1;
    plan[side * side - 1] = 1;
    const maze = RouteGrid.maze(511, 511, 1);
    const maps = [
      { name: 'maze 1023x1023', width: 1023, height: 1023, walkable: maze.walkable(), from: [1, 1], to: [1021, 1021] },
      { name: 'open plan 1024x1024', width: side, height: side, walkable: plan, from: [0, 0], to: [side - 1, side - 1] },
    ];
    const module = await WebAssembly.compileStreaming(fetch('./slide_bg.wasm'));
    const worker = new Worker('./worker.js', { type: 'module' });
    const replies = [];
    let wake = null;
    worker.onmessage = ({ data }) => { replies.push(data); if (wake) wake(); };
    const answer = async () => {
      for (;;) {
        const index = replies.findIndex((r) => r.kind === 'answer' || r.kind === 'failed');
        if (index >= 0) return replies.splice(index, 1)[0];
        await new Promise((resolve) => { wake = resolve; });
      }
    };
    worker.postMessage({ kind: 'init', module });
    const out = [];
    let id = 0;
    for (const map of maps) {
      const grid = RouteGrid.fromGray(map.width, map.height, map.walkable.map((b) => b * 255), 128);
      for (const [moves, heuristic] of [['8', 'octile'], ['any', 'euclidean']]) {
        const inWorker = [];
        const onPage = [];
        let distance = null;
        let expanded = null;
        for (let run = 0; run < runs; run++) {
          id += 1;
          const sent = performance.now();
          worker.postMessage({
            kind: 'solve', id, mode: 'best', game: 'route', moves, heuristic,
            width: map.width, height: map.height, walkable: map.walkable,
            from: map.from[1] * map.width + map.from[0], to: map.to[1] * map.width + map.to[0],
          });
          const reply = await answer();
          const roundTrip = performance.now() - sent;
          if (reply.kind !== 'answer' || !reply.places) throw new Error(`${map.name} ${moves}: ${JSON.stringify(reply).slice(0, 200)}`);
          inWorker.push({ ms: reply.elapsedMs, roundTrip, trace: reply.trace.length });
          distance = reply.distance;
          expanded = reply.route_expanded;
          const start = performance.now();
          const direct = grid.shortest(map.from[0], map.from[1], map.to[0], map.to[1], moves);
          onPage.push(performance.now() - start);
          if (Math.abs(direct.distance - reply.distance) > 1e-6) throw new Error(`${map.name} ${moves}: the worker and the API disagree`);
        }
        out.push({ map: map.name, moves, distance, expanded, inWorker, onPage });
      }
    }
    worker.terminate();
    return out;
  }, Math.max(runs, 5));
  for (const r of results) {
    const worker = r.inWorker.map((x) => x.ms);
    const trips = r.inWorker.map((x) => x.roundTrip);
    console.log(`wasm route ${r.map}, ${r.moves === 'any' ? 'any angle' : '8-connected'}: distance ${r.distance.toFixed(2)}, ${r.expanded} expanded (trace ${r.inWorker[0].trace}); in the worker median ${median(worker).toFixed(0)} ms (worst ${Math.max(...worker).toFixed(0)}), request to answer ${median(trips).toFixed(0)} ms; the same search on the page's thread via the JS API ${median(r.onPage).toFixed(0)} ms`);
  }
  await context.close();
}

// Boards of 5x5 and up: near-optimal answers.
async function near() {
  const korf = instances('korf24_10.txt');
  const context = await newContext();
  const page = await context.newPage();
  await page.goto(`${base}/?size=3x3`);
  if (smallest <= 5) await fiveByFive(page, korf);
  await largerBoards(page);
  await context.close();
}

// Korf's 5x5 instances in one worker, then through the page.
async function fiveByFive(page, korf) {
  // One worker, as the game's first worker runs it: the quick answer, then
  // the best one, for each instance.
  const result = await page.evaluate(async (boards) => {
    const { worker, next } = await window.openWorker('5x5');
    const tables = await next('tables');
    if (!tables.ok) throw new Error(`tables: ${tables.message}`);
    const out = [];
    for (let i = 0; i < boards.length; i++) {
      const solve = (mode) => worker.postMessage({ kind: 'solve', id: 2 * i + (mode === 'quick' ? 1 : 2), game: 'sliding', width: 5, height: 5, tiles: new Uint8Array(boards[i].tiles), mode });
      const started = performance.now();
      solve('quick');
      const quick = await next('answer');
      const quickMs = performance.now() - started;
      solve('best');
      const best = await next('answer');
      if (quick.kind === 'failed' || best.kind === 'failed') throw new Error(best.message || quick.message);
      out.push({ quick: quick.moves.length, quickMs, best: best.moves.length, bestMs: best.elapsedMs, memory: best.memoryBytes });
    }
    worker.terminate();
    return out;
  }, korf);
  const ratio = (r, i, key) => r[key] / korf[i].optimal;
  for (const key of ['quick', 'best']) {
    const ratios = result.map((r, i) => ratio(r, i, key));
    const times = result.map((r) => r[`${key}Ms`]);
    console.log(`wasm 5x5 ${key} in one worker: mean ${(ratios.reduce((a, b) => a + b) / ratios.length).toFixed(3)} x optimal, worst ${Math.max(...ratios).toFixed(3)}; median ${median(times).toFixed(0)} ms, worst ${Math.max(...times).toFixed(0)} ms`);
  }
  console.log(`wasm 5x5 worker memory: ${(Math.max(...result.map((r) => r.memory)) / 1048576).toFixed(1)} MB of WebAssembly memory`);

  // Through the page: Hint pressed, timed in the page to the first answer
  // ("...; looking for a shorter one") and to the final one.
  await page.goto(`${base}/?size=5x5&seed=1`);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  const pageRuns = korf.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (const [i, board] of korf.entries()) pageRuns[i].push(await hintTimes(page, 5, board.tiles));
  }
  const firsts = pageRuns.map((r) => median(r.map((x) => x.first)));
  const lasts = pageRuns.map((r) => median(r.map((x) => x.last)));
  const ratios = pageRuns.map((r, i) => Math.min(...r.map((x) => x.moves)) / korf[i].optimal);
  console.log(`wasm 5x5 through the page (${cores} workers, median of ${runs} per board): first answer median ${median(firsts).toFixed(0)} ms, worst ${Math.max(...firsts).toFixed(0)} ms; final answer median ${median(lasts).toFixed(0)} ms, worst ${Math.max(...lasts).toFixed(0)} ms; mean ${(ratios.reduce((a, b) => a + b) / ratios.length).toFixed(3)} x optimal, worst ${Math.max(...ratios).toFixed(3)}`);
}

// Hint pressed on `tiles` typed into the page, timed in the page to the
// first answer ("...; looking for a shorter one") and to the final one.
async function hintTimes(page, size, tiles) {
  await page.evaluate(() => {
    window.__near = { clicked: 0, first: 0, last: 0, moves: 0 };
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Hint');
    button.addEventListener('click', () => { window.__near.clicked = performance.now(); }, { capture: true, once: true });
    const message = document.querySelector('#message');
    const observer = new MutationObserver(() => {
      const text = message.textContent;
      const found = text.match(/^Hint: slide \d+ — about (\d+) moves to go/);
      if (found && !window.__near.first) window.__near.first = performance.now();
      if (found && !text.includes('looking')) {
        window.__near.last = performance.now();
        window.__near.moves = Number(found[1]);
        observer.disconnect();
      }
    });
    observer.observe(message, { childList: true, characterData: true, subtree: true });
  });
  const rows = [];
  for (let r = 0; r < size; r++) rows.push(tiles.slice(size * r, size * r + size).join(' '));
  if (!(await page.locator('#board-text').isVisible())) await page.getByText('Type in a board').click();
  await page.locator('#board-text').fill(rows.join('\n'));
  await page.getByRole('button', { name: 'Load board' }).click();
  await page.waitForSelector('#slide-app[data-tables-5x5="ready"]', { timeout: 30000 });
  // The other workers' tables, from the browser's cache.
  await page.waitForTimeout(300);
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.waitForFunction(() => window.__near.last > 0, null, { timeout: 60000, polling: 20 });
  const t = await page.evaluate(() => window.__near);
  return { first: t.first - t.clicked, last: t.last - t.clicked, moves: t.moves };
}

// Seeded boards larger than 5x5 through the page, like the native benchmark.
async function largerBoards(page) {
  const boards = await page.evaluate(({ largest, smallest }) => {
    const out = {};
    for (let side = Math.max(6, smallest); side <= largest; side++) {
      out[side] = [];
      for (let seed = 1000; seed < 1020; seed++) {
        const puzzle = new window.wasmBindings.Puzzle(side, side);
        puzzle.shuffle(seed);
        out[side].push(Array.from(puzzle.tiles()));
      }
    }
    return out;
  }, { largest, smallest });
  // The largest size in one worker alone too (its best answer's own time),
  // to tell the search's time from the page's.
  const alone = await page.evaluate(async ({ tiles, side }) => {
    const { worker, next } = await window.openWorker('5x5');
    const tables = await next('tables');
    if (!tables.ok) throw new Error(`tables: ${tables.message}`);
    const out = [];
    for (const [i, board] of tiles.entries()) {
      worker.postMessage({ kind: 'solve', id: i + 1, game: 'sliding', width: side, height: side, tiles: new Uint8Array(board), mode: 'best' });
      const best = await next('answer');
      if (best.kind === 'failed') throw new Error(best.message);
      out.push({ ms: best.elapsedMs, memory: best.memoryBytes });
    }
    worker.terminate();
    return out;
  }, { tiles: boards[largest], side: largest });
  console.log(`wasm ${largest}x${largest} best in one worker: median ${median(alone.map((r) => r.ms)).toFixed(0)} ms, worst ${Math.max(...alone.map((r) => r.ms)).toFixed(0)} ms; ${(Math.max(...alone.map((r) => r.memory)) / 1048576).toFixed(1)} MB of WebAssembly memory`);
  const manhattan = (side, tiles) => tiles.reduce((sum, tile, cell) => (tile === 0 ? sum : sum + Math.abs(Math.floor((tile - 1) / side) - Math.floor(cell / side)) + Math.abs(((tile - 1) % side) - (cell % side))), 0);
  for (let side = Math.max(6, smallest); side <= largest; side++) {
    const times = [];
    const ratios = [];
    for (const tiles of boards[side]) {
      const t = await hintTimes(page, side, tiles);
      times.push(t.last);
      ratios.push(t.moves / manhattan(side, tiles));
    }
    if (process.env.BENCH_VERBOSE) console.log(`wasm ${side}x${side} each board (ms): ${times.map((t) => t.toFixed(0)).join(" ")}`);
    console.log(`wasm ${side}x${side} through the page (${boards[side].length} boards): final answer median ${median(times).toFixed(0)} ms, worst ${Math.max(...times).toFixed(0)} ms; mean ${(ratios.reduce((a, b) => a + b) / ratios.length).toFixed(3)} x Manhattan, worst ${Math.max(...ratios).toFixed(3)}`);
  }
}

try {
  if (only === 'pegs') {
    await pegs();
  } else if (only === 'near') {
    await near();
  } else if (only === 'route') {
    await route();
  } else {
  // ---- Korf's 100 in one worker ------------------------------------------
  const korf = instances('korf100.txt');
  const context = await newContext();
  const page = await context.newPage();
  await page.goto(`${base}/?size=3x3`);
  const totals = [];
  let perInstance = null;
  let memory = 0;
  for (let run = 0; run < runs; run++) {
    const result = await page.evaluate(async (boards) => {
      const { worker, next } = await window.openWorker();
      const tables = await next('tables');
      if (!tables.ok) throw new Error(`tables: ${tables.message}`);
      const out = [];
      const wall = performance.now();
      for (let i = 0; i < boards.length; i++) {
        worker.postMessage({ kind: 'solve', id: i + 1, game: 'sliding', width: 4, height: 4, tiles: new Uint8Array(boards[i].tiles), mode: 'best' });
        const reply = await next('answer');
        if (reply.kind === 'failed') throw new Error(reply.message);
        out.push({ moves: reply.moves.length, expanded: reply.expanded, ms: reply.elapsedMs, memory: reply.memoryBytes });
      }
      const total = performance.now() - wall;
      worker.terminate();
      return { out, total };
    }, korf);
    result.out.forEach((r, i) => {
      if (r.moves !== korf[i].optimal) throw new Error(`Korf #${i + 1}: ${r.moves} moves, expected ${korf[i].optimal}`);
    });
    totals.push(result.total / 1000);
    memory = Math.max(memory, ...result.out.map((r) => r.memory));
    if (!perInstance) perInstance = result.out.map((r) => ({ ...r, runs: [] }));
    result.out.forEach((r, i) => perInstance[i].runs.push(r.ms));
  }
  perInstance.forEach((r, i) => {
    console.log(`wasm korf100 #${String(i + 1).padStart(3)}: ${r.moves} moves, ${String(r.expanded).padStart(10)} states, ${(median(r.runs) / 1000).toFixed(4)} s`);
  });
  console.log(`wasm korf100: 100 instances, all optimal, ${perInstance.reduce((s, r) => s + r.expanded, 0)} states, total ${median(totals).toFixed(3)} s in one worker (median of ${runs} runs; runs ${totals.map((t) => t.toFixed(3)).join(', ')})`);
  console.log(`wasm worker memory: ${(memory / 1048576).toFixed(1)} MB of WebAssembly memory`);
  await context.close();

  // ---- the page: 80-move positions, cold start, warm hints ----------------
  // Timed in the page: from the click event on Hint to the moment the
  // message shows the optimal hint (a MutationObserver sees it change), so
  // Playwright's own overhead is not counted.
  const hintTime = async (page, timeout) => {
    await page.evaluate(() => {
      window.__hint = { clicked: 0, shown: 0 };
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Hint');
      button.addEventListener('click', () => { window.__hint.clicked = performance.now(); }, { capture: true, once: true });
      const message = document.querySelector('#message');
      const observer = new MutationObserver(() => {
        if (/^Hint: slide \d+ — \d+ moves to go$/.test(message.textContent)) {
          window.__hint.shown = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(message, { childList: true, characterData: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Hint' }).click();
    await page.waitForFunction(() => window.__hint.shown > 0, null, { timeout, polling: 20 });
    const { clicked, shown } = await page.evaluate(() => window.__hint);
    const text = await page.locator('#message').textContent();
    return { ms: shown - clicked, moves: Number(text.match(/— (\d+) moves/)[1]) };
  };
  const loadBoard = async (page, tiles) => {
    const rows = [0, 1, 2, 3].map((r) => tiles.slice(4 * r, 4 * r + 4).join(' ')).join('\n');
    if (!(await page.locator('#board-text').isVisible())) await page.getByText('Type in a board').click();
    await page.locator('#board-text').fill(rows);
    await page.getByRole('button', { name: 'Load board' }).click();
  };

  const eighty = instances('fifteen_80_sample.txt');
  const workers = await (async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${base}/?size=4x4&seed=1`);
    await page.waitForSelector('#slide-app[data-tables="ready"]', { timeout: 30000 });
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    for (const [i, position] of eighty.entries()) {
      const times = [];
      for (let run = 0; run < runs; run++) {
        await loadBoard(page, position.tiles);
        const { ms, moves } = await hintTime(page, 120000);
        if (moves !== position.optimal) throw new Error(`80-move position ${i + 1}: ${moves} moves`);
        times.push(ms / 1000);
      }
      console.log(`wasm 80-move position ${i + 1}: ${position.optimal} moves, ${median(times).toFixed(2)} s with ${cores} workers (median of ${runs}; runs ${times.map((t) => t.toFixed(2)).join(', ')})`);
    }
    await context.close();
    return cores;
  })();

  const cold = [];
  for (let seed = 1; seed <= 5; seed++) {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${base}/?size=4x4&seed=${seed}`);
    await page.getByRole('button', { name: 'Hint' }).click();
    await page.waitForFunction(() => /^Hint: slide \d+ — \d+ moves to go$/.test(document.querySelector('#message').textContent), null, { timeout: 60000, polling: 5 });
    cold.push(await page.evaluate(() => performance.now()) / 1000);
    await context.close();
  }
  console.log(`wasm cold start (page load to first optimal hint, empty cache): median ${median(cold).toFixed(2)} s, worst ${Math.max(...cold).toFixed(2)} s (${cold.map((t) => t.toFixed(2)).join(', ')})`);

  {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${base}/?size=4x4&seed=1`);
    await page.waitForSelector('#slide-app[data-tables="ready"]', { timeout: 30000 });
    const boards = await page.evaluate(() => {
      const out = [];
      for (let seed = 1000; seed < 1100; seed++) {
        const puzzle = new window.wasmBindings.Puzzle(4, 4);
        puzzle.shuffle(seed);
        out.push(Array.from(puzzle.tiles()));
      }
      return out;
    });
    const times = [];
    for (const tiles of boards) {
      await loadBoard(page, tiles);
      times.push((await hintTime(page, 60000)).ms);
    }
    console.log(`wasm warm hints on 100 shuffled 4x4 boards (Hint press to optimal hint, ${workers} workers): median ${median(times).toFixed(0)} ms, 95th percentile ${percentile(times, 95).toFixed(0)} ms, worst ${Math.max(...times).toFixed(0)} ms`);
    await context.close();
  }
  if (only === 'all') {
    await pegs();
    await near();
    await route();
  }
  }
} finally {
  await browser.close();
  server.kill();
}
