import { expect, Page, test } from '@playwright/test';
import { boardStill, boardTiles, clickCell, holdTables, keepScreenshot, openEightyMoves, openGame, watchConsole } from './helpers';

test('a player shuffles, slides by click and key, asks a hint, watches the solve and undoes', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openGame(page, '3x3', 7);
  const status = page.getByRole('status');

  // The page's board is the API's board for the same seed.
  const fromApi = await page.evaluate(() => {
    const puzzle = new (window as any).wasmBindings.Puzzle(3, 3);
    puzzle.shuffle(7);
    return Array.from(puzzle.tiles());
  });
  expect((await boardTiles(page)).tiles).toEqual(fromApi);

  // Shuffle deals a new board and keeps the count at zero.
  await page.getByRole('button', { name: 'Shuffle' }).click();
  await expect(status).toContainText('Moves: 0');
  const dealt = await boardTiles(page);
  expect(dealt.tiles).not.toEqual(fromApi);

  // Click a tile next to the blank.
  const blank = dealt.tiles.indexOf(0);
  const [row, col] = [Math.floor(blank / 3), blank % 3];
  const neighbour = row > 0 ? [row - 1, col] : [row + 1, col];
  await clickCell(page, neighbour[0], neighbour[1], 3, 3);
  await expect(status).toContainText('Moves: 1');
  const afterClick = await boardTiles(page);
  expect(afterClick.tiles[blank]).toBe(dealt.tiles[neighbour[0] * 3 + neighbour[1]]);

  // An arrow key slides the tile next to the blank that way.
  const blankNow = afterClick.tiles.indexOf(0);
  const key = blankNow % 3 > 0 ? 'ArrowRight' : 'ArrowLeft';
  await page.keyboard.press(key);
  await expect(status).toContainText('Moves: 2');
  await expect(status).toContainText(/\d:\d\d/);

  // A tile out of line with the blank does not move.
  const board = await boardTiles(page);
  const b = board.tiles.indexOf(0);
  const far = [0, 1, 2, 3, 4, 5, 6, 7, 8].find((cell) => Math.floor(cell / 3) !== Math.floor(b / 3) && cell % 3 !== b % 3)!;
  await clickCell(page, Math.floor(far / 3), far % 3, 3, 3);
  await expect(page.locator('#message')).toHaveText("Only tiles in the gap's row or column can slide.");
  await expect(status).toContainText('Moves: 2');

  // Hint names a tile and the moves left, and highlights it.
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('#message')).toHaveText(/^Hint: slide \d+ — (1 move|\d+ moves) to go$/);

  // Solve plays the solution to the end.
  await page.getByLabel('Speed').fill('30');
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(status).toContainText(/Solved by the solver in (1 move|\d+ moves)\./, { timeout: 30_000 });
  await keepScreenshot(page, testInfo, 'sliding-solved');
  const solvedText = (await status.textContent())!;
  const moves = Number(solvedText.match(/Moves: (\d+)/)![1]);

  // Undo takes back the last move, the auto-solve's included.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(status).toContainText(`Moves: ${moves - 1}`);
  await expect(status).not.toContainText('Solved');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(status).toContainText(/Solved by the solver in (1 move|\d+ moves)/);

  await keepScreenshot(page, testInfo, 'sliding');
  console.check();
});

test('a swipe slides a tile and a whole run slides with one click', async ({ page }) => {
  const console = watchConsole(page);
  await openGame(page, '4x4', 11);
  const status = page.getByRole('status');
  const { tiles } = await boardTiles(page);
  const blank = tiles.indexOf(0);
  const [row, col] = [Math.floor(blank / 4), blank % 4];
  // The far end of the blank's row: every tile between slides.
  const farCol = col < 2 ? 3 : 0;
  await clickCell(page, row, farCol, 4, 4);
  await expect(status).toContainText(`Moves: ${Math.abs(farCol - col)}`);

  // Swipe (drag) up on the board: the tile below the blank moves up.
  const after = await boardTiles(page);
  const blankRow = Math.floor(after.tiles.indexOf(0) / 4);
  const direction = blankRow < 3 ? -1 : 1;
  const box = (await page.locator('#board').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + direction * 80, { steps: 5 });
  await page.mouse.up();
  await expect(status).toContainText(`Moves: ${Math.abs(farCol - col) + 1}`);
  console.check();
});

test('a large board is solved in the worker and the auto-solve stops when asked', async ({ page }) => {
  const console = watchConsole(page);
  await openGame(page, '3x3', 5);
  const status = page.getByRole('status');
  // A 6x6 board is solved near-optimally in the worker and played at the chosen speed.
  await page.getByLabel('Size').selectOption('6x6');
  await expect(page.locator('#board-description')).toContainText('6 by 6 board');
  await page.getByLabel('Speed').fill('30');
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(page.locator('#message')).toContainText(/Auto-solving: (1 move|[\d,]+ moves) to go/);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(page.locator('#message')).toHaveText('Stopped. Play on!');
  // Stopped: the page says nothing plays and nothing moves, and no move
  // came after.
  const movesWhenStopped = (await page.locator('#moves').textContent())!;
  await expect(page.locator('#slide-app')).toHaveAttribute('data-autoplaying', 'no');
  await boardStill(page);
  await expect(page.locator('#moves')).toHaveText(movesWhenStopped);
  await expect(status).not.toContainText('Solved');
  // Undo steps back through the auto-solve's moves one by one.
  const before = Number(movesWhenStopped.match(/\d+/)![0]);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('#moves')).toHaveText(`Moves: ${before - 1}`);
  console.check();
});

test('a typed board loads, and a bad one is refused with a clear message', async ({ page }) => {
  const console = watchConsole(page);
  await openGame(page, '3x3', 3);
  const before = await boardTiles(page);
  await page.getByText('Type in a board').click();
  await page.getByLabel('Your board').fill('1 2 3\n4 5 6\n8 7 0');
  await page.getByRole('button', { name: 'Load board' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'unsolvable' })).toContainText(
    'This board is unsolvable',
  );
  expect((await boardTiles(page)).tiles).toEqual(before.tiles);

  await page.getByLabel('Your board').fill('4\n1 7 2 4\n6 * 14 3\n13 10 11 8\n5 9 15 12');
  await page.getByRole('button', { name: 'Load board' }).click();
  await expect(page.locator('#board-description')).toContainText('4 by 4 board');
  await expect(page.getByLabel('Size')).toHaveValue('4x4');
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('#message')).toHaveText(/Hint: slide \d+ — 22 moves to go/);
  console.check();
});

test('an 80-move position: progress shows, the page answers, Cancel stops, a second Solve finds the 80 moves', async ({ page, context }) => {
  test.setTimeout(180_000);
  const console = watchConsole(page);
  // The first search runs with the small tier, the big tables held back.
  const release = await holdTables(context);
  await openEightyMoves(page);

  await page.getByRole('button', { name: 'Solve' }).click();
  const app = page.locator('#slide-app');
  await expect(app).toHaveAttribute('data-searching', 'yes');
  const message = page.locator('#message');
  // Progress: positions searched, the bound, the time; and soon a quick
  // solution, with the proven bound beside it (the search's bound is then
  // said there, not again in the progress).
  await expect(message).toContainText(/\d[\d,]* positions, (bound \d+, )?\d+\.\d s/);
  await expect(message).toContainText(
    /Found a \d+-move solution; no solution is shorter than \d+; looking for the shortest… \d[\d,]* positions, \d+\.\d s/,
  );
  // The page answers while the workers search: a click on another control
  // is handled at once.
  await page.getByLabel('Speed').fill('25');
  await expect(page.locator('#speed-value')).toHaveText('25 moves/s');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(message).toHaveText('Stopped. Play on!');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeHidden();
  await expect(app).toHaveAttribute('data-searching', 'no');
  await expect(page.getByRole('status')).toContainText('Moves: 0');

  // With the big tables in, the second Solve finds the 80 moves: said
  // shortest, or, when found within a second, with no bound beside what is
  // left; played out, they solve the board in 80 moves.
  release();
  await expect(app).toHaveAttribute('data-tables', 'ready', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(message).toContainText(/^Auto-solving( a shortest solution \(80 moves, found in \d+\.\d s\)|: \d+ moves? to go,)/, {
    timeout: 120_000,
  });
  await expect(app).toHaveAttribute('data-autoplaying', 'no', { timeout: 60_000 });
  await expect(page.getByRole('status')).toContainText('Moves: 80');
  expect((await boardTiles(page)).tiles).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0]);
  console.check();
});

/** The colour (r, g, b) of the board canvas at a point of cell (row, col), given as fractions of the cell. */
async function cellPixel(page: Page, row: number, col: number, side: number, fx: number, fy: number): Promise<number[]> {
  return page.evaluate(
    ([row, col, side, fx, fy]) => {
      const canvas = document.querySelector('#board') as HTMLCanvasElement;
      const x = Math.floor(((col + fx) / side) * canvas.width);
      const y = Math.floor(((row + fy) / side) * canvas.height);
      return Array.from(canvas.getContext('2d')!.getImageData(x, y, 1, 1).data.slice(0, 3));
    },
    [row, col, side, fx, fy],
  );
}

test('the tile that slides home last turns the same green as the other home tiles', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openGame(page, '3x3', 3);
  // One slide from solved: 8 slides left into its own cell.
  await page.getByText('Type in a board').click();
  await page.getByLabel('Your board').fill('1 2 3\n4 5 6\n7 0 8');
  await page.getByRole('button', { name: 'Load board' }).click();
  await expect(page.locator('#board-description')).toContainText('row 3: 7, blank, 8');
  await clickCell(page, 2, 2, 3, 3);
  await expect(page.getByRole('status')).toContainText('Solved in 1 move,');
  // The slide and the celebration (1.6 s) over, the board stands still.
  await boardStill(page);
  await keepScreenshot(page, testInfo, 'sliding-last-tile-home');
  // Near a tile's top-left corner: its face, clear of the number.
  const [fx, fy] = [0.22, 0.25];
  const seven = await cellPixel(page, 2, 0, 3, fx, fy);
  const eight = await cellPixel(page, 2, 1, 3, fx, fy);
  const one = await cellPixel(page, 0, 0, 3, fx, fy);
  expect(seven).toEqual(one);
  for (let i = 0; i < 3; i++) expect(Math.abs(eight[i] - seven[i])).toBeLessThanOrEqual(2);
  console.check();
});

test('the README\'s short link shows the sliding puzzle even when peg solitaire was shown last', async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/?game=pegs');
  await expect(page.locator('#board-description')).toContainText('Peg solitaire board');
  await page.goto('/?size=4x4&seed=3');
  await expect(page.locator('#board-description')).toContainText('4 by 4 board');
  await expect(page.getByLabel('Size')).toHaveValue('4x4');
  await expect(page.getByRole('status')).toContainText('Moves: 0');
  console.check();
});

test('a tap on a tile out of line with the gap shakes it briefly and says why, and moves nothing', async ({ page }, testInfo) => {
  await openGame(page, '3x3', 4);
  const { width, height, tiles } = await boardTiles(page);
  const blank = tiles.indexOf(0);
  const [blankRow, blankCol] = [Math.floor(blank / width), blank % width];
  // A cell in neither the gap's row nor its column.
  const cell = tiles.findIndex((_, i) => Math.floor(i / width) !== blankRow && i % width !== blankCol);
  const before = await page.locator('#board-description').textContent();
  const still = await page.locator('#board').evaluate((c: HTMLCanvasElement) => c.toDataURL());
  // The frames of the next quarter second, read as they are drawn: the
  // shake starts from the tile's place, so some frame must differ.
  const moved = page.locator('#board').evaluate(
    (canvas: HTMLCanvasElement, still: string) =>
      new Promise<boolean>((done) => {
        let frames = 0;
        const look = () => {
          if (canvas.toDataURL() !== still) return done(true);
          if (++frames > 90) return done(false);
          requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
    still,
  );
  await clickCell(page, Math.floor(cell / width), cell % width, width, height);
  expect(await moved, 'the tapped tile is drawn out of its place').toBe(true);
  await keepScreenshot(page, testInfo, 'sliding-nudge');
  await expect(page.locator('#message')).toHaveText("Only tiles in the gap's row or column can slide.");
  await expect(page.locator('#board-description')).toHaveText(before!);
  // Once the nudge is over (a quarter of a second) the tile is back where it was.
  await boardStill(page);
  expect(await page.locator('#board').evaluate((c: HTMLCanvasElement) => c.toDataURL())).toBe(still);
});
