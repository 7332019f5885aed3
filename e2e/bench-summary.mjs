// Prints the figures of the last benchmark runs as one table: each figure,
// its target where BENCHMARKS.md sets one (met or not), and the commit
// measured. Reads the JSON lines the benchmarks write: target/bench/*.jsonl
// (`make bench`), or target/bench/short/*.jsonl with --short (the short
// forms in `make test`, whose times are not the benchmark's figures: they
// run a few instances once, to check the answers).
//
// Usage: node bench-summary.mjs [--short]
import { readdirSync, readFileSync, existsSync } from 'node:fs';

const short = process.argv.includes('--short');
const here = new URL('.', import.meta.url).pathname;
const dir = `${here}../target/bench${short ? '/short' : ''}`;

// In `make bench`'s order: native parts first, each side's parts as run.
const order = ['solve', 'sliding', 'pegs', 'near', 'route'];
// The paced-network figures (e2e/network.mjs) come last, as in `make bench`.
const rank = (file) => {
  const [side, part] = file.replace('.jsonl', '').split('-');
  if (side === 'network') return 20;
  return (side === 'native' ? 0 : 10) + (order.includes(part) ? order.indexOf(part) : 9);
};
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)) : [];
const rows = files.flatMap((file) => readFileSync(`${dir}/${file}`, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line)));
if (rows.length === 0) {
  console.error(`no figures in ${dir}: run ${short ? 'the short forms (make test)' : 'make bench'} first`);
  process.exit(1);
}

/**
 * `value` in `unit`, rounded as the unit warrants; a figure a run's time
 * cap came before (`capped` says so: e2e/network.mjs) as the cap hit.
 */
function show(value, unit, capped) {
  if (capped) return 'cap hit';
  if (value === null || value === undefined) return '-';
  // A ratio keeps the digits its target is read in: 0.122x against
  // "≤ 0.10x", 9.3x against "≥ 10x" (whole numbers hid both misses).
  const ratio = value < 1 ? 3 : value < 100 ? 1 : 0;
  const digits = unit === 's' ? 2 : unit === 'ms' ? (value < 10 ? 1 : 0) : unit === 'MB' ? 1 : unit === 'x' ? ratio : unit === '' && !Number.isInteger(value) ? 3 : 0;
  const text = value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return unit ? `${text} ${unit}` : text;
}

/**
 * Whether `value` meets a target written "≤ N unit" or "≥ N unit" (N in the
 * value's unit); a figure not reached within its run's cap misses any target.
 */
function meets(value, target, unit, capped) {
  const found = /^([≤≥])\s*([\d,.]+)\s*(\S*)$/.exec(target || '');
  if (found && capped) return false;
  if (!found || value === null) return null;
  const limit = Number(found[2].replace(/,/g, ''));
  const limitUnit = found[3];
  const scale = limitUnit === unit ? 1 : limitUnit === 's' && unit === 'ms' ? 1000 : limitUnit === 'ms' && unit === 's' ? 0.001 : null;
  if (scale === null) return null;
  return found[1] === '≤' ? value <= limit * scale : value >= limit * scale;
}

const commits = [...new Set(rows.map((r) => r.commit))];
// The machine each figure was measured on (e2e/measured.mjs): figures of
// different machines are not to be compared. Rows written before the
// benchmarks said it have none.
const machineOf = (r) => r.machine || 'not recorded';
const machines = [...new Set(rows.map(machineOf))];
const when = (time) => new Date(time * 1000).toISOString().slice(0, 16).replace('T', ' ');
const times = rows.map((r) => r.time);
const table = [['Part', 'Figure', 'Value', 'Target', short ? '' : 'Met']];
if (commits.length > 1) table[0].push('Commit');
if (machines.length > 1) table[0].push('Machine');
for (const r of rows) {
  const met = meets(r.value, r.target, r.unit, r.capped);
  const row = [r.part, r.figure, show(r.value, r.unit, r.capped), r.target || '', short || met === null ? '' : met ? 'yes' : 'NO'];
  if (commits.length > 1) row.push(r.commit);
  if (machines.length > 1) row.push(`machine ${machines.indexOf(machineOf(r)) + 1}`);
  table.push(row);
}
const widths = table[0].map((_, c) => Math.max(...table.map((row) => [...row[c]].length)));
const line = (row) => row.map((cell, c) => cell + ' '.repeat(widths[c] - [...cell].length)).join('  ').trimEnd();

console.log('');
console.log(`Benchmark summary${short ? ' (short forms: answers checked, one run of a few instances; times not comparable with the targets)' : ''}`);
console.log(`commit ${commits.join(', ')}; measured ${when(Math.min(...times))} to ${when(Math.max(...times))} UTC`);
if (machines.length === 1) console.log(`machine: ${machines[0]}`);
else machines.forEach((m, i) => console.log(`machine ${i + 1}: ${m}`));
console.log(line(table[0]));
console.log(widths.map((w) => '-'.repeat(w)).join('  ').trimEnd());
for (const row of table.slice(1)) console.log(line(row));
const missed = short ? [] : rows.filter((r) => meets(r.value, r.target, r.unit, r.capped) === false);
const capped = rows.filter((r) => r.capped);
for (const r of capped) console.log(`cap hit: ${r.part}, ${r.figure}: ${r.capped}`);
if (missed.length) console.log(`${missed.length} figure(s) over target: on a shared machine, check the load and run again before believing them (BENCHMARKS.md)`);
