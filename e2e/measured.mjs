// What every figure the browser benchmarks write says about where it was
// measured: the commit, and the machine. One commit's figures have differed
// by half and more from one of the project's machines to another
// (BENCHMARKS.md), so a figure without its machine cannot be compared with
// another. benches/support/mod.rs writes the same for the native ones.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

// The checkout this file is in, through any link to it.
const here = dirname(realpathSync(fileURLToPath(import.meta.url)));

/** The commit measured (`git describe --always --dirty`), or "unknown" outside a checkout. */
export const commit = (() => {
  try {
    return execSync('git describe --always --dirty', { cwd: here, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
})();

/**
 * A size as Linux writes it in sysfs ("2048K", "491520K") in the largest
 * unit that keeps it whole: "2 MiB", "480 MiB", "48 KiB".
 */
function size(text) {
  const found = /^(\d+)([KMG]?)$/.exec(text.trim());
  if (!found) return text.trim();
  let bytes = Number(found[1]) * { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[found[2]];
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let unit = 0;
  while (unit < units.length - 1 && bytes % 1024 === 0 && bytes >= 1024) {
    bytes /= 1024;
    unit += 1;
  }
  return `${bytes} ${units[unit]}`;
}

/**
 * The machine: the processor's name, its cores, and its second- and
 * third-level caches as the first core sees them ("Intel(R) Xeon(R)
 * Processor, 2 cores, L2 2 MiB a core, L3 480 MiB"); the caches are left
 * out where the system does not say them (not Linux).
 */
export const machine = (() => {
  const all = cpus();
  const name = (all[0]?.model || 'unknown processor').replace(/\s+/g, ' ').trim();
  // As many as this process may use, as the native benchmarks count them.
  const cores = availableParallelism();
  const parts = [name, `${cores} core${cores === 1 ? '' : 's'}`];
  const dir = '/sys/devices/system/cpu/cpu0/cache';
  if (existsSync(dir)) {
    const read = (index, file) => {
      try {
        return readFileSync(`${dir}/${index}/${file}`, 'utf8').trim();
      } catch {
        return '';
      }
    };
    const caches = readdirSync(dir)
      .filter((index) => /^index\d+$/.test(index))
      .map((index) => ({ level: Number(read(index, 'level')), type: read(index, 'type'), size: read(index, 'size'), shared: read(index, 'shared_cpu_list') }))
      .filter((cache) => cache.level >= 2 && cache.type !== 'Instruction' && cache.size)
      .sort((a, b) => a.level - b.level);
    for (const cache of caches) {
      // A cache the first core alone uses is its own; one shared is the machine's.
      const own = /^\d+$/.test(cache.shared);
      parts.push(`L${cache.level} ${size(cache.size)}${own ? ' a core' : ''}`);
    }
  }
  return parts.join(', ');
})();
