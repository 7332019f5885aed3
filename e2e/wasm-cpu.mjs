// The 4x4 solver's WebAssembly on Korf's 100 in node's V8 (the engine of
// Chromium), timed on the CPU: a figure that a loaded machine hardly moves,
// for before/after pairs of the per-state cost in WebAssembly while other
// work shares the cores (the browser's wall-clock figures of bench.mjs need a
// quiet machine). Each board is solved optimally through the page's JS API
// (Puzzle.fromTiles, useTables, solve) on this thread, with the tables
// that the build put in dist/tables; every length is checked.
//
// Usage: node wasm-cpu.mjs [DIST] [RUNS] [COUNT]: DIST defaults to ../dist,
// RUNS to 3 (the median is printed), COUNT (the first boards of Korf's 100)
// to 100.
import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { resolve } from 'node:path';

const here = new URL('.', import.meta.url).pathname;
const dist = resolve(process.argv[2] || `${here}../dist`);
const runs = Number(process.argv[3] || 3);
const count = Number(process.argv[4] || 100);

const js = readdirSync(dist).find((f) => /^slide-.*\.js$/.test(f) && !f.includes('_bg'));
const wasm = readdirSync(dist).find((f) => /^slide-.*_bg\.wasm$/.test(f));
if (!js || !wasm) {
  console.error(`wasm-cpu.mjs: no slide-*.js and slide-*_bg.wasm in ${dist} (run trunk build --release)`);
  process.exit(2);
}
const bindings = await import(`${dist}/${js}`);
bindings.initSync({ module: readFileSync(`${dist}/${wasm}`) });
const bytes = gunzipSync(readFileSync(`${dist}/tables/${bindings.PatternTables.fileName()}.gz`));
const tables = bindings.PatternTables.fromBytes(new Uint8Array(bytes));

const boards = readFileSync(`${here}../tests/instances/korf100.txt`, 'utf8')
  .split('\n')
  .filter((line) => /\d/.test(line) && !line.trim().startsWith('#'))
  .slice(0, count)
  .map((line) => line.trim().split(/\s+/).map(Number))
  .map((numbers) => ({ tiles: new Uint8Array(numbers.slice(0, 16)), optimal: numbers[16] }));

const times = [];
for (let run = 0; run < runs; run++) {
  const start = process.cpuUsage();
  boards.forEach(({ tiles, optimal }, i) => {
    const puzzle = bindings.Puzzle.fromTiles(4, 4, tiles);
    puzzle.useTables(tables);
    const moves = puzzle.solve().length;
    if (moves !== optimal) {
      console.error(`wasm-cpu.mjs: Korf #${i + 1}: ${moves} moves, optimal ${optimal}`);
      process.exit(1);
    }
    puzzle.free();
  });
  const used = process.cpuUsage(start);
  times.push((used.user + used.system) / 1e6);
}
times.sort((a, b) => a - b);
console.log(`${dist}: Korf's 100 #1-#${boards.length}, all optimal, CPU ${times[Math.floor(runs / 2)].toFixed(3)} s (median of ${runs}; runs ${times.map((t) => t.toFixed(3)).join(', ')})`);
