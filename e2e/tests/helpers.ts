import { BrowserContext, expect, Page, Route, TestInfo } from '@playwright/test';

/** Collects console errors and uncaught exceptions; call `check()` at the end. */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { errors, check: () => expect(errors, 'console errors').toEqual([]) };
}

/** Opens the game with a fixed size and seed and waits until it is ready. */
export async function openGame(page: Page, size: string, seed: number) {
  await page.goto(`/?size=${size}&seed=${seed}`);
  await expect(page.locator('#board-description')).toContainText('board');
  await expect(page.getByRole('status')).toContainText('Moves: 0');
  // The status line is painted by HTML before the module runs: the canvas
  // shows once the page has started.
  await expect(page.locator('#board')).toBeVisible();
}

/** The tiles on the board now (row-major, 0 for the blank), as the page says. */
export async function boardTiles(page: Page): Promise<{ width: number; height: number; tiles: number[] }> {
  const text = (await page.locator('#board-description').textContent()) || '';
  const size = text.match(/^(\d+) by (\d+) board/);
  if (!size) throw new Error(`unreadable board description: ${text}`);
  const rows = [...text.matchAll(/row \d+: ([^;.]+)/g)].map((m) =>
    m[1].split(', ').map((cell) => (cell === 'blank' ? 0 : Number(cell))),
  );
  return { width: Number(size[1]), height: Number(size[2]), tiles: rows.flat() };
}

/** Clicks the centre of cell (row, col) of the board canvas. */
export async function clickCell(page: Page, row: number, col: number, width: number, height: number) {
  const box = await page.locator('#board').boundingBox();
  if (!box) throw new Error('the board is not visible');
  await page.mouse.click(box.x + ((col + 0.5) * box.width) / width, box.y + ((row + 0.5) * box.height) / height);
}

/** Saves a screenshot as a test artifact (under artifacts/ and in the report). */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = `artifacts/${name}.png`;
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * Waits until nothing on the board moves: the page marks `data-animating`
 * on `#slide-app` after every refresh (a slide, a nudge, a celebration).
 */
export async function boardStill(page: Page, timeout = 10_000) {
  await expect(page.locator('#slide-app')).toHaveAttribute('data-animating', 'no', { timeout });
}

/**
 * Waits for the page to draw two more frames: whatever the events sent so
 * far cause (a resize observed, a drop taken) has run by then.
 */
export async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Types a board into "Type in a board" and loads it. */
export async function loadBoard(page: Page, text: string) {
  if (!(await page.getByLabel('Your board').isVisible())) await page.getByText('Type in a board').click();
  await page.getByLabel('Your board').fill(text);
  await page.getByRole('button', { name: 'Load board' }).click();
}

/** One of the two 80-move positions, the hardest there are. */
export const EIGHTY_MOVES = '0 12 9 13\n15 11 10 14\n3 7 2 5\n4 8 6 1';

/** The 4x4 tables' file, whatever its version. */
export const TABLES = /\/tables\/fifteen-[^/]*\.gz$/;

/**
 * Holds back the 4x4 tables' download until the returned function is
 * called: the page searches with its small tier meanwhile, long enough on
 * an 80-move position to watch its progress and cancel it (with the big
 * tables that position is solved in about a second).
 */
export async function holdTables(context: BrowserContext): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(TABLES, async (route: Route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Opens a 4x4 game and loads an 80-move position (the tables may still be on their way: see [`holdTables`]). */
export async function openEightyMoves(page: Page) {
  await openGame(page, '4x4', 1);
  await loadBoard(page, EIGHTY_MOVES);
  await expect(page.locator('#board-description')).toContainText('row 1: blank, 12, 9, 13');
}
