import { expect, Page, test } from '@playwright/test';
import { clickCell, keepScreenshot, watchConsole } from './helpers';

/** Opens peg solitaire, switching from the sliding puzzle as a player would. */
async function openPegs(page: Page) {
  await page.goto('/?size=3x3&seed=1');
  await expect(page.getByRole('status')).toContainText('Moves: 0');
  // The status line is painted by HTML before the module runs: the canvas
  // shows once the page has started.
  await expect(page.locator('#board')).toBeVisible();
  await page.getByLabel('Game', { exact: true }).selectOption('pegs');
  await expect(page.locator('#board-description')).toContainText('Peg solitaire board');
  await expect(page.getByRole('status')).toContainText('Pegs left: 32');
}

const pegsLeft = (page: Page) => page.locator('#pegs-left');

test('the T shape: a jump by clicking, Hint, Solve to the end, Undo', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openPegs(page);
  // The buttons are the sliding puzzle's, under the same names.
  for (const name of ['Hint', 'Solve', 'Undo', 'Redo']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Size')).toBeHidden();

  await page.getByLabel('Layout').selectOption('t');
  await expect(pegsLeft(page)).toHaveText('Pegs left: 5');

  // The centre peg jumps right, over its neighbour: select it, then click
  // the hole two to the right.
  await clickCell(page, 3, 3, 7, 7);
  await clickCell(page, 3, 5, 7, 7);
  await expect(pegsLeft(page)).toHaveText('Pegs left: 4');
  await expect(page.getByRole('status')).toContainText('Moves: 1');

  // A jump that is not legal is refused.
  await clickCell(page, 3, 2, 7, 7);
  await clickCell(page, 1, 2, 7, 7);
  await expect(pegsLeft(page)).toHaveText('Pegs left: 4');

  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('#message')).toHaveText(/^Hint: jump \w+ over \w+ to \w+ — 3 jumps to the goal$/);
  await keepScreenshot(page, testInfo, 'pegs-hint');

  await page.getByLabel('Speed').fill('10');
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByRole('status')).toContainText(/Solved by the solver in 4 moves: one peg in the centre/, { timeout: 20_000 });
  await expect(pegsLeft(page)).toHaveText('Pegs left: 1');
  await expect(page.locator('#board-description')).toHaveText(/one peg, at d4\.$/i);
  await keepScreenshot(page, testInfo, 'pegs-solved');

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(pegsLeft(page)).toHaveText('Pegs left: 2');
  await expect(page.getByRole('status')).not.toContainText('Solved');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(pegsLeft(page)).toHaveText('Pegs left: 1');

  // Back to the sliding puzzle, as it was left.
  await page.getByLabel('Game', { exact: true }).selectOption('sliding');
  await expect(page.locator('#board-description')).toContainText('3 by 3 board');
  console.check();
});

test('the classic game: keyboard play, a drag, a lost position, and the solver from the start', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openPegs(page);
  await expect(page.getByLabel('Layout')).toHaveValue('classic');

  // Keyboard: the cursor starts in the centre; move it two down, pick the
  // peg there and jump it up into the centre.
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowDown'); // shows the cursor
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(pegsLeft(page)).toHaveText('Pegs left: 31');

  // A drag: the hole below the centre is empty now, so the peg two to its
  // left can be dragged into it.
  const box = (await page.locator('#board').boundingBox())!;
  const at = (row: number, col: number) => [box.x + ((col + 0.5) * box.width) / 7, box.y + ((row + 0.5) * box.height) / 7];
  const [x0, y0] = at(4, 1);
  const [x1, y1] = at(4, 3);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x1, y1, { steps: 6 });
  await page.mouse.up();
  await expect(pegsLeft(page)).toHaveText('Pegs left: 30');

  // Solve from here, in the worker, to the end.
  await page.getByLabel('Speed').fill('30');
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByRole('status')).toContainText(/Solved by the solver in 31 moves: one peg in the centre/, { timeout: 30_000 });
  await keepScreenshot(page, testInfo, 'pegs-classic-solved');

  // A lost position, typed in: the hint says so at once and offers Undo.
  await page.getByText('Import or export a position').click();
  await page.getByLabel('Position', { exact: true }).fill('o.. ... ....... ....... ....... ... ..o');
  await page.getByRole('button', { name: 'Load position' }).click();
  await expect(pegsLeft(page)).toHaveText('Pegs left: 2');
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('#message')).toContainText(/No moves left|No solution/);

  // Malformed text is refused with a clear message; the game stays.
  await page.getByLabel('Position', { exact: true }).fill('ooo\nooo\nooooooo\nooo.ooo\nooooooo\nooo\noo');
  await page.getByRole('button', { name: 'Load position' }).click();
  await expect(page.locator('#peg-error')).toContainText(/row 7/i);
  await expect(pegsLeft(page)).toHaveText('Pegs left: 2');
  await page.getByLabel('Position', { exact: true }).fill('ooo ooo ooooooo oooqooo ooooooo ooo ooo');
  await page.getByRole('button', { name: 'Load position' }).click();
  await expect(page.locator('#peg-error')).toContainText("'q'");
  console.check();
});

test('the editor adds and removes pegs, and Cancel stops a search', async ({ page }) => {
  const console = watchConsole(page);
  await openPegs(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('button', { name: 'Done editing' })).toHaveAttribute('aria-pressed', 'true');
  await clickCell(page, 3, 3, 7, 7); // the empty centre gets a peg
  await expect(pegsLeft(page)).toHaveText('Pegs left: 33');
  await clickCell(page, 0, 2, 7, 7);
  await clickCell(page, 0, 3, 7, 7);
  await expect(pegsLeft(page)).toHaveText('Pegs left: 31');
  await expect(page.getByLabel('Layout')).toHaveValue('custom');
  await page.getByRole('button', { name: 'Done editing' }).click();
  await page.getByText('Import or export a position').click();
  await page.getByRole('button', { name: 'Export current' }).click();
  await expect(page.getByLabel('Position', { exact: true })).toHaveValue(/^  \.\.o\n  ooo\nooooooo\nooooooo\nooooooo\n  ooo\n  ooo$/);

  // Hint or Solve then Cancel: the page stays responsive and the search stops.
  await page.getByRole('button', { name: 'Solve' }).click();
  const cancel = page.getByRole('button', { name: 'Cancel' });
  if (await cancel.isVisible()) {
    await cancel.click();
    await expect(page.locator('#message')).toHaveText('Stopped. Play on!');
  }
  await expect(page.getByRole('status')).toContainText('Pegs left');
  console.check();
});
