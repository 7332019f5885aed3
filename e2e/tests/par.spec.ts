import { expect, Page, test } from '@playwright/test';
import { boardTiles, clickCell, keepScreenshot, openGame, watchConsole } from './helpers';

/** Slides `tile` by clicking it (it must be in the blank's row or column). */
async function slideTile(page: Page, tile: number) {
  const { width, height, tiles } = await boardTiles(page);
  const cell = tiles.indexOf(tile);
  await clickCell(page, Math.floor(cell / width), cell % width, width, height);
}

/** The arrow key that moves the blank one way (it pushes the tile beyond the blank into it). */
const KEY_FOR_BLANK: Record<string, string> = { u: 'ArrowDown', d: 'ArrowUp', l: 'ArrowRight', r: 'ArrowLeft' };

test('a hard 4x4 is drawn while the page stays responsive, and its distance is the solver\'s', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openGame(page, '4x4', 1);
  const dealt = (await boardTiles(page)).tiles;
  // Asked before the tables are in: the draw waits for them, and says so.
  await page.locator('#difficulty').selectOption('hard');
  await expect(page.locator('#message')).toHaveText(/^Drawing a hard board…/);
  // The page stays responsive meanwhile: the Game selector still works.
  await page.locator('#game').selectOption('pegs');
  await expect(page.locator('#pegs-left')).toBeVisible();
  await page.locator('#game').selectOption('sliding');
  // Switching games dropped the draw: asked again, it comes.
  await page.locator('#difficulty').selectOption('any');
  await page.locator('#difficulty').selectOption('hard');
  await expect(page.locator('#slide-app')).toHaveAttribute('data-tables', 'ready', { timeout: 30_000 });
  await expect(page.locator('#message')).not.toContainText('Drawing', { timeout: 30_000 });
  const drawn = (await boardTiles(page)).tiles;
  expect(drawn).not.toEqual(dealt);
  await keepScreenshot(page, testInfo, 'par-difficulty');

  // The page's solver's distance, from the first hint; then the hints are
  // followed to the goal.
  await page.getByRole('button', { name: 'Hint' }).click();
  const message = page.locator('#message');
  await expect(message).toHaveText(/^Hint: slide \d+ — \d+ moves to go$/, { timeout: 30_000 });
  const distance = Number((await message.textContent())!.match(/— (\d+) moves/)![1]);
  expect(distance).toBeGreaterThanOrEqual(46);
  for (let left = distance; left > 0; left--) {
    await expect(message).toHaveText(new RegExp(`^Hint: slide \\d+ — ${left} ${left === 1 ? 'move' : 'moves'} to go$`));
    const tile = Number((await message.textContent())!.match(/slide (\d+)/)![1]);
    await slideTile(page, tile);
    await expect(page.locator('#moves')).toHaveText(`Moves: ${distance - left + 1}`);
    if (left > 1) await page.getByRole('button', { name: 'Hint' }).click();
  }
  // The par came with the draw: the drawn board's exact distance, the
  // same as the solver's.
  await expect(page.getByRole('status')).toContainText(
    new RegExp(`Solved in ${distance} moves, \\d+:\\d\\d; the shortest takes ${distance}: perfect! New best!`),
  );
  await expect(page.locator('#best')).toHaveText(new RegExp(`^Best: ${distance} moves · \\d+:\\d\\d$`));
  console.check();
});

test('a 3x3 solved by hand says how it compares with the shortest, and a new best is kept', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openGame(page, '3x3', 12);
  await expect(page.locator('#best')).toBeHidden();
  const { tiles } = await boardTiles(page);
  // A shortest solution, from the JavaScript API.
  const path: string = await page.evaluate((tiles) => {
    const puzzle = (window as any).wasmBindings.Puzzle.fromTiles(3, 3, tiles);
    return puzzle.solvePath();
  }, tiles);
  const shortest = path.length;
  // Two moves more than the shortest: away and back first.
  const blank = tiles.indexOf(0);
  const detour = blank >= 3 ? 'ud' : 'du';
  await page.locator('#board').focus();
  for (const move of detour + path) {
    await page.keyboard.press(KEY_FOR_BLANK[move]);
  }
  const status = page.getByRole('status');
  await expect(status).toContainText(
    new RegExp(`Solved in ${shortest + 2} moves, \\d+:\\d\\d; the shortest takes ${shortest}\\. New best!`),
  );
  await expect(page.locator('#best')).toHaveText(new RegExp(`^Best: ${shortest + 2} moves · \\d+:\\d\\d$`));
  await keepScreenshot(page, testInfo, 'par-won');

  // Kept in the browser: a reload shows the best again, and a game with
  // fewer moves beats it.
  await openGame(page, '3x3', 12);
  await expect(page.locator('#best')).toHaveText(new RegExp(`^Best: ${shortest + 2} moves`));
  await page.locator('#board').focus();
  for (const move of path) {
    await page.keyboard.press(KEY_FOR_BLANK[move]);
  }
  await expect(status).toContainText(
    new RegExp(`Solved in ${shortest} moves, \\d+:\\d\\d; the shortest takes ${shortest}: perfect! New best`),
  );
  await expect(page.locator('#best')).toHaveText(new RegExp(`^Best: ${shortest} moves`));
  console.check();
});

test('a game finished by the auto-solve does not count, and says the solver finished it', async ({ page }) => {
  const console = watchConsole(page);
  await openGame(page, '3x3', 5);
  await page.getByLabel('Speed').fill('30');
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByRole('status')).toContainText(/Solved by the solver in \d+ moves\./, { timeout: 30_000 });
  await expect(page.getByRole('status')).not.toContainText('New best');
  await expect(page.locator('#best')).toBeHidden();
  const kept = await page.evaluate(() => localStorage.getItem('slide.best.v1'));
  expect(kept ?? '').not.toContain('sliding 3x3');

  // Damaged scores are ignored: the page loads and shows none.
  await page.evaluate(() => localStorage.setItem('slide.best.v1', 'slide best scores v1\nsliding 3x3\tlots\t-4\n'));
  await openGame(page, '3x3', 5);
  await expect(page.locator('#best')).toBeHidden();
  console.check();
});

/** The row and column of peg hole `hole` (rows of 3, 3, 7, 7, 7, 3, 3 holes). */
function holeCell(hole: number): [number, number] {
  const rows = [3, 3, 7, 7, 7, 3, 3];
  let first = 0;
  for (let row = 0; row < rows.length; row++) {
    if (hole < first + rows[row]) return [row, hole - first + (rows[row] === 3 ? 2 : 0)];
    first += rows[row];
  }
  throw new Error(`no hole ${hole}`);
}

test('a classic peg game counting chains is told the fewest moves at the end: 18', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await page.goto('/?size=3x3&seed=1');
  await expect(page.getByRole('status')).toContainText('Moves: 0');
  await page.getByLabel('Game', { exact: true }).selectOption('pegs');
  await expect(page.getByRole('status')).toContainText('Pegs left: 32');
  await page.getByLabel('Count a chain of jumps as one move').check();
  // A solution from the JavaScript API: the ordinary solver's jumps, which
  // take more moves than the fewest when chains count as one.
  const jumps: number[] = await page.evaluate(() => Array.from(new (window as any).wasmBindings.Pegs('classic').solve()));
  expect(jumps.length).toBe(62);
  for (let i = 0; i < jumps.length; i += 2) {
    const [fromRow, fromCol] = holeCell(jumps[i]);
    const [toRow, toCol] = holeCell(jumps[i + 1]);
    await clickCell(page, fromRow, fromCol, 7, 7);
    await clickCell(page, toRow, toCol, 7, 7);
    await expect(page.locator('#pegs-left')).toHaveText(`Pegs left: ${31 - i / 2}`);
  }
  // The fewest comes from the table built with the site, downloaded now.
  await expect(page.locator('#slide-app')).toHaveAttribute('data-tables-pegs', 'ready', { timeout: 30_000 });
  const status = page.getByRole('status');
  await expect(status).toContainText(/Solved! One peg in the centre in (\d+) moves, \d+:\d\d; the fewest is 18\./);
  const played = Number((await status.textContent())!.match(/in (\d+) moves/)![1]);
  expect(played).toBeGreaterThan(18);
  expect(played).toBeLessThan(31);
  await keepScreenshot(page, testInfo, 'par-pegs-fewest');

  // Kept with the game: a reload shows the same message, with no download.
  await page.reload();
  await expect(page.getByRole('status')).toContainText(`in ${played} moves`);
  await expect(page.getByRole('status')).toContainText('the fewest is 18.');
  console.check();
});
