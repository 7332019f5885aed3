import { expect, test } from '@playwright/test';
import { boardTiles, holdTables, keepScreenshot, openEightyMoves, openGame, watchConsole } from './helpers';

test('a worker that dies is replaced: the page says so, the game is kept, and the next hint works', async ({ page, context }, testInfo) => {
  test.setTimeout(180_000);
  const console = watchConsole(page);
  // A hard position (80 moves from the goal) searched with the small tier
  // (the big tables held back, with which it takes about a second), so that
  // the fresh workers' hint is first the quick one and Cancel has a search
  // to stop; then one move of the player's own.
  const release = await holdTables(context);
  await openEightyMoves(page);
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowLeft');
  const status = page.getByRole('status');
  await expect(status).toContainText('Moves: 1');
  const before = await boardTiles(page);

  // The worker given the best search (always the pool's first) throws as it
  // takes the solve request, as one that runs out of memory would. Thrown
  // from the worker's own message listener, after the request was accepted,
  // the crash always lands while the search is under way, however fast the
  // machine (a timer set from outside once progress showed could fire after
  // the search had finished). Every worker gets the listener: the order of
  // `page.workers()` is the order Playwright heard of them, not the pool's,
  // and the second worker is sent only rounds of the split search.
  const workers = page.workers();
  expect(workers.length).toBeGreaterThan(0);
  for (const worker of workers) {
    await worker.evaluate(() => {
      self.addEventListener('message', ({ data }) => {
        if (data && data.kind === 'solve' && data.mode === 'best') throw new Error('a simulated crash');
      });
    });
  }
  await page.getByRole('button', { name: 'Solve' }).click();
  const message = page.locator('#message');
  await expect(message).toContainText('The solver failed: it stopped unexpectedly');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeHidden();
  await keepScreenshot(page, testInfo, 'worker-crash');

  // The game is as it was: the position, the move count, the history.
  expect((await boardTiles(page)).tiles).toEqual(before.tiles);
  await expect(status).toContainText('Moves: 1');
  await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled();

  // The fresh workers answer the next hint (first the quick answer, with
  // the bound it has proven).
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(message).toContainText(/Hint: slide \d+ — about \d+ moves to go; no solution is shorter than \d+; looking for the shortest/, {
    timeout: 60_000,
  });
  // Cancel stops the search for a shorter one; the hint found stays.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeHidden();
  await expect(message).toHaveText(/^Hint: slide \d+ — about \d+ moves to go; no solution is shorter than \d+$/);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(status).toContainText('Moves: 0');
  release();
  console.check();
});

test('both games share the workers: hints in each, then the first game solves with what it learnt', async ({ page }) => {
  const console = watchConsole(page);
  await openGame(page, '3x3', 4);
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('#message')).toHaveText(/^Hint: slide \d+ — \d+ moves to go$/);
  await page.getByLabel('Game', { exact: true }).selectOption('pegs');
  await page.getByLabel('Layout').selectOption('t');
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('#message')).toHaveText(/^Hint: jump \w+ over \w+ to \w+ — 4 jumps to the goal$/);
  await page.getByLabel('Game', { exact: true }).selectOption('sliding');
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByRole('status')).toContainText(/Solved by the solver in \d+ moves/, { timeout: 30_000 });
  console.check();
});
