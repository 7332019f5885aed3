import { expect, Page, test } from '@playwright/test';
import { keepScreenshot, watchConsole } from './helpers';

/** The page at one size and colour scheme: the board fits the screen, the
 * status line and the message sit below it, and nothing overlaps. */
async function checkLayout(page: Page, width: number) {
  const board = (await page.locator('#board').boundingBox())!;
  const status = (await page.locator('#status').boundingBox())!;
  const message = (await page.locator('#message').boundingBox())!;
  expect(board.x).toBeGreaterThanOrEqual(0);
  expect(board.x + board.width).toBeLessThanOrEqual(width + 0.5);
  expect(board.width).toBeGreaterThan(width < 500 ? 250 : 400);
  expect(status.y).toBeGreaterThanOrEqual(board.y + board.height - 0.5);
  expect(message.y).toBeGreaterThanOrEqual(status.y + status.height - 0.5);
  // Every visible control fits the width.
  for (const control of await page.locator('.controls button:visible, .controls select:visible').all()) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
  }
}

for (const scheme of ['light', 'dark'] as const) {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`both games fit a ${device} screen in ${scheme} colours`, async ({ browser }, testInfo) => {
      const context = await browser.newContext({ viewport, colorScheme: scheme, hasTouch: device === 'phone' });
      const page = await context.newPage();
      const console = watchConsole(page);
      await page.goto('/?size=4x4&seed=3');
      await expect(page.getByRole('status')).toContainText('Moves: 0');
      await page.getByRole('button', { name: 'Hint' }).click();
      await expect(page.locator('#message')).toHaveText(/^Hint: slide \d+ — \d+ moves to go$/, { timeout: 30_000 });
      await checkLayout(page, viewport.width);
      await keepScreenshot(page, testInfo, `layout-sliding-${device}-${scheme}`);

      await page.getByLabel('Game', { exact: true }).selectOption('pegs');
      await expect(page.getByRole('status')).toContainText('Pegs left: 32');
      await page.getByRole('button', { name: 'Hint' }).click();
      await expect(page.locator('#message')).toContainText(/^Hint: jump/, { timeout: 30_000 });
      await checkLayout(page, viewport.width);
      await keepScreenshot(page, testInfo, `layout-pegs-${device}-${scheme}`);
      console.check();
      await context.close();
    });
  }
}
