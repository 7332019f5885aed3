import { expect, Page, test } from '@playwright/test';
import { keepScreenshot, watchConsole } from './helpers';

/** Where the walker stands and where the goal is, as the page describes them. */
async function places(page: Page) {
  const text = (await page.locator('#board-description').textContent()) || '';
  const match = text.match(/You are at x (\d+), y (\d+); the goal is at x (\d+), y (\d+)/);
  if (!match) throw new Error(`unreadable description: ${text}`);
  const [, x, y, gx, gy] = match.map(Number);
  return { x, y, gx, gy };
}

test('a small maze is walked to its goal with the keys, following hints', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await page.goto('/?game=route&map=maze-10&seed=5');
  await expect(page.getByLabel('Moves')).toHaveValue('4');
  await expect(page.locator('#message')).toContainText('the arrow keys (or swipes) walk each corridor');
  const status = page.getByRole('status');
  await page.locator('#board').focus();
  for (let legs = 0; legs < 200; legs++) {
    const at = await places(page);
    if (at.x === at.gx && at.y === at.gy) break;
    await page.getByRole('button', { name: 'Hint' }).click();
    const hint = page.locator('#message');
    // In words, no coordinates: along a corridor, so one way only.
    await expect(hint).toHaveText(/^Hint: \d+ steps? (right|left|up|down) — (1 leg|\d+ legs) to the goal$/);
    const [, count, way] = ((await hint.textContent()) || '').match(/(\d+) steps? (\w+)/)!;
    const steps = Number(count);
    const tx = at.x + (way === 'right' ? steps : way === 'left' ? -steps : 0);
    const ty = at.y + (way === 'down' ? steps : way === 'up' ? -steps : 0);
    await page.locator('#board').focus();
    // One press runs a corridor to its next junction; press on until the
    // hinted turn is reached.
    for (let press = 0; press < 40; press++) {
      const now = await places(page);
      if (now.x === tx && now.y === ty) break;
      const key = tx > now.x ? 'ArrowRight' : tx < now.x ? 'ArrowLeft' : ty > now.y ? 'ArrowDown' : 'ArrowUp';
      await page.keyboard.press(key);
    }
    expect(await places(page)).toMatchObject({ x: tx, y: ty });
  }
  await expect(status).toContainText(/Goal! \d+ legs?, \d+:\d\d\. Your route: [\d.]+ · shortest: [\d.]+ — the shortest!/);
  await keepScreenshot(page, testInfo, 'route-maze-walked');
  console.check();
});

test('Solve reveals the search, then walks the floor plan route; estimates compare', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await page.goto('/?game=route');
  await expect(page.locator('#route-map')).toHaveValue('office');
  await expect(page.getByLabel('Moves')).toHaveValue('waypoints');
  await page.getByLabel('Speed').fill('30');
  await page.getByRole('button', { name: 'Solve' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText(/Goal! \d+ legs?.*The route: ([\d.]+) · shortest: \1 — the shortest!/, { timeout: 30_000 });
  await expect(page.locator('#route-stats')).toHaveText(/^Last search — A\*, waypoints, straight line: \d+ expanded · length [\d.]+ · \d+ ms$/);
  await keepScreenshot(page, testInfo, 'route-office-solved');

  // The same plan's pixels at any angle, then 8 ways with two estimates:
  // each search is listed, so they can be compared.
  await page.getByLabel('Moves').selectOption('8');
  await page.getByLabel('Heuristic').selectOption('zero');
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('#message')).toHaveText(/^Hint: \d+ steps? (right|left|up|down)( and (right|left))? — (1 leg|\d+ legs) to the goal$/);
  await page.getByLabel('Heuristic').selectOption('octile');
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('#route-stats')).toContainText('A*, 8 ways, octile');
  const dijkstra = page.locator('#route-table tbody tr', { hasText: 'Dijkstra · 8 ways' });
  await expect(dijkstra).toHaveCount(1);
  const expanded = async (selector: string) =>
    Number(((await page.locator(selector).textContent()) || '').match(/([\d,]+) expanded/)![1].replace(/,/g, ''));
  const dijkstraExpanded = Number(((await dijkstra.locator('td').nth(2).textContent()) || '').replace(/,/g, ''));
  expect(await expanded('#route-stats')).toBeLessThan(dijkstraExpanded);
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(status).toContainText('Goal!', { timeout: 30_000 });
  await keepScreenshot(page, testInfo, 'route-office-eight-ways');
  console.check();
});

test('a player image opens as a map, and a bad file or a tap on a wall is refused with a reason', async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/?game=route');
  // The canvas shows once the page has started: what follows tests the
  // page's own handling (a file chosen earlier is replayed by the loader,
  // first-paint.spec.ts).
  await expect(page.locator('#board')).toBeVisible();
  // A dark image with a light corridor shaped like an L, made in the page.
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 80;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, 120, 80);
    ctx.fillStyle = '#fff';
    ctx.fillRect(5, 5, 100, 12);
    ctx.fillRect(90, 5, 15, 70);
    const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  await page.locator('#route-file').setInputFiles({ name: 'corridor.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  await expect(page.locator('#message')).toContainText('corridor.png: 120 x 80 pixels');
  await expect(page.locator('#route-map')).toHaveValue('image');
  await expect(page.getByLabel('Moves')).toHaveValue('any');
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByRole('status')).toContainText('Goal!', { timeout: 30_000 });
  // Any-angle search does not prove its route shortest, so it is not called so.
  await expect(page.getByRole('status')).toContainText("the search's best:");
  await expect(page.getByRole('status')).not.toContainText('the shortest!');

  await page.locator('#route-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.locator('#message')).toContainText('notes.txt is not an image this browser can read');
  await expect(page.locator('#route-map')).toHaveValue('image');

  await page.locator('#route-map').selectOption('maze-10');
  const box = (await page.locator('#board').boundingBox())!;
  // The maze's left border, away from the canvas's rounded corners.
  await page.mouse.click(box.x + 3, box.y + box.height / 2);
  await expect(page.locator('#message')).toContainText('That is a wall.');
  await page.getByText('Import or export waypoints').click();
  await page.getByLabel('Waypoints', { exact: true }).fill('1 1 7\n3 3');
  await page.getByRole('button', { name: 'Load waypoints' }).click();
  await expect(page.locator('#route-error')).toHaveText('Line 1: waypoint 7 does not exist: there are 2, numbered 0 to 1');
  console.check();
});
