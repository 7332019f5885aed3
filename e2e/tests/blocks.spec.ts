import { expect, Page, test } from '@playwright/test';
import { clickCell, keepScreenshot, watchConsole } from './helpers';

/** Opens the sliding-block puzzles from the address, Klotski's classic first. */
async function openBlocks(page: Page) {
  await page.goto('/?game=blocks');
  await expect(page.locator('#board-description')).toContainText('Klotski board of 4 columns and 5 rows');
  await expect(page.locator('#blocks-layout')).toHaveValue('heng-dao-li-ma');
}

const status = (page: Page) => page.getByRole('status');

test('Klotski by tap and key, then a Rush Hour card hinted and solved to a win', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openBlocks(page);
  for (const name of ['Hint', 'Solve', 'Undo', 'Redo']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }

  // A tap on the small block at a5 selects it; a tap on b5 slides it there.
  await clickCell(page, 4, 0, 4, 5);
  await clickCell(page, 4, 1, 4, 5);
  await expect(status(page)).toContainText('Moves: 1');

  // The block stays selected: the right arrow slides it one cell on.
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowRight');
  await expect(status(page)).toContainText('Moves: 2');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(status(page)).toContainText('Moves: 1');

  // A drag: the block at d5 slides left into the gap beside it.
  const box = (await page.locator('#board').boundingBox())!;
  const at = (row: number, col: number) => [box.x + ((col + 0.5) * box.width) / 4, box.y + ((row + 0.5) * box.height) / 5];
  const [x0, y0] = at(4, 3);
  const [x1, y1] = at(4, 2);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x1, y1, { steps: 6 });
  await page.mouse.up();
  await expect(status(page)).toContainText('Moves: 2');
  await keepScreenshot(page, testInfo, 'blocks-klotski');

  // Rush Hour card 1: its shortest solution takes 8 moves.
  await page.locator('#blocks-layout').selectOption('card-1');
  await expect(page.locator('#board-description')).toContainText('Rush Hour board of 6 columns and 6 rows');
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('#message')).toHaveText(/^Hint: move the .+ to [a-f][1-6] — 8 moves on the shortest way out$/);
  await keepScreenshot(page, testInfo, 'blocks-hint');

  await page.getByLabel('Speed').fill('10');
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(status(page)).toContainText(/Solved by the solver in 8 moves/, { timeout: 20_000 });
  await expect(page.locator('#board-description')).toContainText('red car at e3');
  await keepScreenshot(page, testInfo, 'blocks-solved');
  console.check();
});

test('a puzzle typed in is played, and a bad one is refused in words', async ({ page }) => {
  const console = watchConsole(page);
  await openBlocks(page);
  await page.getByText('Type in or copy a puzzle').click();
  await page.getByLabel('Puzzle text').fill('rush-hour\nXX.A\n...A\nBB..');
  await page.getByRole('button', { name: 'Load puzzle' }).click();
  await expect(page.locator('#board-description')).toContainText('Rush Hour board of 4 columns and 3 rows');
  await expect(page.locator('#blocks-layout')).toHaveValue('custom');
  await page.getByLabel('Puzzle text').fill('klotski\nAX\nX.');
  await page.getByRole('button', { name: 'Load puzzle' }).click();
  await expect(page.locator('#blocks-error')).toHaveText("The cells marked 'X' do not make one rectangle");
  console.check();
});

for (const [width, height] of [
  [390, 844],
  [1280, 800],
]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the board fits at ${width}x${height}, ${scheme}`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await openBlocks(page);
      const board = (await page.locator('#board').boundingBox())!;
      expect(board.x).toBeGreaterThanOrEqual(0);
      expect(board.x + board.width).toBeLessThanOrEqual(width + 1);
      expect(board.width / board.height).toBeCloseTo(4 / 5, 1);
      await clickCell(page, 0, 1, 4, 5);
      await keepScreenshot(page, testInfo, `blocks-${width}x${height}-${scheme}`);
    });
  }
}
