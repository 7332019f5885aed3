import { expect, Page, test } from '@playwright/test';
import { keepScreenshot, watchConsole } from './helpers';

// Route maps on a phone: 390x844 with touch.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** The board's zoom, as the page says it (`data-zoom`). */
async function zoom(page: Page) {
  return Number(await page.locator('#board').getAttribute('data-zoom'));
}

/** Where, in page pixels, a tap walks to a waypoint joined to the walker's
 * (the board's `data-reachable`, CSS pixels on the board). */
async function reachable(page: Page) {
  const box = (await page.locator('#board').boundingBox())!;
  const text = (await page.locator('#board').getAttribute('data-reachable')) || '';
  return text
    .split(' ')
    .filter(Boolean)
    .map((pair) => pair.split(',').map(Number))
    .map(([x, y]) => ({ x, y, pageX: box.x + x, pageY: box.y + y }))
    .filter((p) => p.x > 20 && p.y > 20 && p.x < box.width - 20 && p.y < box.height - 60);
}

test('on a phone the office map takes the width, zooms by its buttons, and a tap on a waypoint still walks when zoomed', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await page.goto('/?game=route&map=office');
  await expect(page.locator('#board')).toBeVisible();
  const board = page.locator('#board');
  await expect(board).toHaveAttribute('data-zoom', '1.000');
  const box = (await board.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(370);
  await keepScreenshot(page, testInfo, 'route-phone-office-fit');

  await page.getByRole('button', { name: 'Zoom in' }).tap();
  await expect(board).toHaveAttribute('data-zoom', '2.000');
  await expect(page.getByRole('button', { name: 'Zoom to fit' })).toBeEnabled();
  // The walker stays in sight: some waypoint it can walk to is on screen.
  const targets = await reachable(page);
  expect(targets.length).toBeGreaterThan(0);
  await keepScreenshot(page, testInfo, 'route-phone-office-zoomed');
  await page.touchscreen.tap(targets[0].pageX, targets[0].pageY);
  await expect(page.getByRole('status')).toContainText('Moves: 1');
  expect(await zoom(page)).toBe(2);

  await page.getByRole('button', { name: 'Zoom in' }).tap();
  await expect(board).toHaveAttribute('data-zoom', '4.000');
  const next = await reachable(page);
  expect(next.length).toBeGreaterThan(0);
  // 12 pixels off the waypoint is still on its 32-pixel target.
  await page.touchscreen.tap(next[0].pageX + 12, next[0].pageY);
  await expect(page.getByRole('status')).toContainText('Moves: 2');
  await keepScreenshot(page, testInfo, 'route-phone-office-zoomed-4');

  await page.getByRole('button', { name: 'Zoom to fit' }).tap();
  await expect(board).toHaveAttribute('data-zoom', '1.000');
  console.check();
});

test('a drag pans a zoomed map without walking, and the wheel zooms about the pointer', async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/?game=route&map=office');
  await expect(page.locator('#board')).toBeVisible();
  const board = page.locator('#board');
  const box = (await board.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  await expect.poll(() => zoom(page)).toBeGreaterThan(2);
  // Drag from wherever the walker is not: a pan.
  const before = await page.locator('#board').getAttribute('data-reachable');
  const y = box.y + box.height / 2;
  const from = box.x + 40;
  await page.mouse.move(from, y);
  await page.mouse.down();
  await page.mouse.move(from + 40, y, { steps: 4 });
  await page.mouse.move(from + 80, y, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByRole('status')).toContainText('Moves: 0');
  const after = await page.locator('#board').getAttribute('data-reachable');
  const shift = (text: string | null) => Number((text || '').split(',')[0]);
  if (before && after) expect(Math.abs(shift(after) - shift(before) - 80)).toBeLessThan(2);
  console.check();
});

test('two fingers spread apart on the map zoom it', async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/?game=route&map=office');
  await expect(page.locator('#board')).toBeVisible();
  const box = (await page.locator('#board').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const client = await page.context().newCDPSession(page);
  const touches = (d: number) => [
    { x: cx - d, y: cy, id: 0 },
    { x: cx + d, y: cy, id: 1 },
  ];
  await client.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: touches(30) });
  for (const d of [40, 50, 60, 70, 80, 90]) {
    await client.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: touches(d) });
  }
  await client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(() => zoom(page)).toBeGreaterThan(2.5);
  await expect(page.getByRole('status')).toContainText('Moves: 0');
  console.check();
});

test('on a maze the controls for pictures and waypoints are not shown, and any angle says why there is no heuristic', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await page.goto('/?game=route&map=maze-40&seed=4');
  await expect(page.locator('#board')).toBeVisible();
  const box = (await page.locator('#board').boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(370);
  // The map's settings are in the Options panel, folded on a phone.
  await page.getByRole('button', { name: 'Options' }).click();
  await expect(page.getByLabel('Moves')).toBeVisible();
  await expect(page.getByLabel('Threshold')).toBeHidden();
  await expect(page.locator("label[for='route-file']")).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit waypoints' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'New maze' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'route-phone-maze-40');

  await page.getByLabel('Moves').selectOption('any');
  await expect(page.getByLabel('Heuristic')).toBeHidden();
  await expect(page.locator('#route-heuristic-why')).toBeVisible();
  await page.getByLabel('Moves').selectOption('8');
  await expect(page.getByLabel('Heuristic')).toBeVisible();
  await expect(page.locator('#route-heuristic-why')).toBeHidden();

  await page.locator('#route-map').selectOption('office');
  await expect(page.locator("label[for='route-file']")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit waypoints' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New maze' })).toBeHidden();
  await expect(page.getByLabel('Threshold')).toBeHidden();
  console.check();
});
