import { expect, Locator, Page, test } from '@playwright/test';
import { keepScreenshot, watchConsole } from './helpers';

/** The last search's expansions and length, as #route-stats says them. */
async function lastSearch(page: Page) {
  const text = (await page.locator('#route-stats').textContent()) || '';
  const match = text.match(/: ([\d,]+) expanded · length ([\d.]+)/);
  if (!match) throw new Error(`no search in: ${text}`);
  return { expanded: Number(match[1].replace(/,/g, '')), length: Number(match[2]), text };
}

/** Where map pixel (x, y)'s centre is on the page (the board says where the
 * map is drawn on it, unzoomed, and its size in pixels). */
async function pagePoint(page: Page, x: number, y: number) {
  const board = page.locator('#board');
  const box = (await board.boundingBox())!;
  const [w, h] = ((await board.getAttribute('data-map-box')) || '').split(',').map(Number);
  const [mw, mh] = ((await board.getAttribute('data-map-size')) || '').split(',').map(Number);
  return { x: box.x + ((x + 0.5) * w) / mw, y: box.y + ((y + 0.5) * h) / mh };
}

/** Asks for a hint and waits for its search to be listed. */
async function hint(page: Page, rows: number) {
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('#route-table tbody tr')).toHaveCount(rows);
  return lastSearch(page);
}

/** A row's expansions, by its algorithm cell. */
async function expandedOf(row: Locator) {
  return Number(((await row.locator('td').nth(2).textContent()) || '').replace(/,/g, ''));
}

/** Runs `act` with the Options panel open (folded on a phone), then folds
 * it again. */
async function inOptions(page: Page, act: () => Promise<void>) {
  const toggle = page.locator('#options-toggle');
  const folded = (await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false';
  if (folded) await toggle.click();
  await act();
  if (folded) {
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  }
}

/** A blank 32 x 32 map, drawing walls, and the first search on it. */
async function blankMap(page: Page) {
  await page.goto('/?game=route');
  await inOptions(page, async () => {
    await page.locator('#route-blank-size').selectOption('32');
    await page.getByRole('button', { name: 'New blank map' }).click();
    await expect(page.getByText("Diagonal steps never cut a wall's corner.")).toBeVisible();
    await expect(page.getByLabel('Moves')).toHaveValue('8');
    await expect(page.getByRole('button', { name: 'Done drawing' })).toHaveAttribute('aria-pressed', 'true');
  });
  await expect(page.locator('#board')).toHaveAttribute('data-map-size', '32,32');
  await expect(page.locator('#message')).toContainText('Drawing walls');
  return hint(page, 1);
}

/** Checks the wall painted from (16, 0) to (16, 27): the route goes round
 * it, longer, expanding other places; then jump point search on the same
 * map expands fewer, and the table sorts. */
async function checkAfterWall(page: Page, before: { expanded: number; length: number }) {
  const after = await hint(page, 1);
  expect(after.length).toBeGreaterThan(before.length);
  expect(after.expanded).not.toBe(before.expanded);
  await inOptions(page, async () => {
    await expect(page.getByLabel('Algorithm').locator('option[value="jps"]')).toBeEnabled();
    await page.getByLabel('Algorithm').selectOption('jps');
  });
  const jps = await hint(page, 2);
  expect(jps.text).toContain('Jump point search, 8 ways, octile');
  expect(jps.length).toBeCloseTo(after.length, 1);
  const table = page.locator('#route-table');
  const jpsRow = table.locator('tbody tr', { hasText: 'Jump point search · 8 ways' });
  const astarRow = table.locator('tbody tr', { hasText: 'A* · 8 ways' });
  expect(await expandedOf(jpsRow)).toBeLessThan(await expandedOf(astarRow));
  return { table, jpsRow };
}

test('painting a wall across the way changes the route, and jump point search expands fewer in the table', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  const before = await blankMap(page);
  // A wall down the middle, drawn by a fast drag (few pointer events):
  // the pixels between them are painted too, or the route would slip
  // through.
  const top = await pagePoint(page, 16, 0);
  const bottom = await pagePoint(page, 16, 27);
  await page.mouse.move(top.x, top.y);
  await page.mouse.down();
  await page.mouse.move(bottom.x, (top.y + bottom.y) / 2, { steps: 2 });
  await keepScreenshot(page, testInfo, 'route-lab-mid-edit');
  await page.mouse.move(bottom.x, bottom.y, { steps: 2 });
  await page.mouse.up();
  const { table } = await checkAfterWall(page, before);

  // Headings sort, by click and by keyboard, saying so to screen readers.
  const expandedHeading = table.locator('thead th').nth(3);
  await expandedHeading.getByRole('button').click();
  await expect(expandedHeading).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.locator('tbody tr').first()).toContainText('Jump point search');
  await expandedHeading.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(expandedHeading).toHaveAttribute('aria-sort', 'descending');
  await expect(table.locator('tbody tr').first()).toContainText('A*');
  await keepScreenshot(page, testInfo, 'route-lab-table');
  await page.emulateMedia({ colorScheme: 'dark' });
  await keepScreenshot(page, testInfo, 'route-lab-table-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Undo (the shared one) takes the wall back: the map's own route
  // again, a new table.
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  const undone = await hint(page, 1);
  expect(undone.length).toBeCloseTo(before.length, 1);
  console.check();
});

test('a link asking for jump point search 4 ways is refused with a sentence, and a bad .map file gets its line', async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/?game=route&map=maze-10&seed=3&algorithm=jps');
  await expect(page.locator('#message')).toContainText(
    "The link's search cannot be run: Jump point search needs 8-connected moves; searching with A* instead."
  );
  await expect(page.getByLabel('Algorithm')).toHaveValue('astar');
  await expect(page.getByLabel('Algorithm').locator('option[value="jps"]')).toBeDisabled();
  await page.locator('#route-file').setInputFiles({
    name: 'broken.map',
    mimeType: 'text/plain',
    buffer: Buffer.from('type octile\nheight 2\nwidth 3\nmap\n...\n..\n'),
  });
  await expect(page.locator('#message')).toContainText(/^broken\.map: Line \d+: /);
  await page.locator('#route-file').setInputFiles({
    name: 'tiny.map',
    mimeType: 'text/plain',
    buffer: Buffer.from('type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n'),
  });
  await expect(page.locator('#message')).toContainText('tiny.map: 3 x 2 pixels, a Moving AI map.');
  await expect(page.locator('#route-map')).toHaveValue('drawn');
  console.check();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a finger paints the wall, and the table shows jump point search expanding fewer', async ({ page }, testInfo) => {
    const console = watchConsole(page);
    const before = await blankMap(page);
    const board = page.locator('#board');
    const top = await pagePoint(page, 16, 0);
    const bottom = await pagePoint(page, 16, 27);
    const touch = (x: number, y: number) => ({
      pointerId: 7,
      pointerType: 'touch',
      isPrimary: true,
      bubbles: true,
      clientX: x,
      clientY: y,
    });
    await board.dispatchEvent('pointerdown', touch(top.x, top.y));
    await board.dispatchEvent('pointermove', touch(top.x, (top.y + bottom.y) / 2));
    await keepScreenshot(page, testInfo, 'route-lab-phone-mid-edit');
    await page.emulateMedia({ colorScheme: 'dark' });
    await keepScreenshot(page, testInfo, 'route-lab-phone-mid-edit-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await board.dispatchEvent('pointermove', touch(bottom.x, bottom.y));
    await board.dispatchEvent('pointerup', touch(bottom.x, bottom.y));
    await checkAfterWall(page, before);
    await page.locator('#route-table').scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'route-lab-phone-table');
    await page.emulateMedia({ colorScheme: 'dark' });
    await keepScreenshot(page, testInfo, 'route-lab-phone-table-dark');
    console.check();
  });
});
