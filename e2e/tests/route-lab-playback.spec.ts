import { expect, Page, test } from '@playwright/test';
import { keepScreenshot, watchConsole } from './helpers';

// The search lab's playback: Solve reveals the search, which can be paused,
// stepped one expansion forward and back, scrubbed, and read cell by cell
// (g, h and f); on a desktop with a mouse and on a phone with touch.

/** Expansions shown, as the playback's count says. */
async function shown(page: Page) {
  return Number(await page.locator('#route-lab-count').getAttribute('data-shown'));
}

/** The map's size and the start's pixel, as the page describes them. */
async function geometry(page: Page) {
  const text = (await page.locator('#board-description').textContent()) || '';
  const size = text.match(/(\d+) by (\d+) pixels/);
  const at = text.match(/You are at x (\d+), y (\d+); the goal is at x (\d+), y (\d+)/);
  if (!size || !at) throw new Error(`unreadable description: ${text}`);
  return {
    width: Number(size[1]),
    height: Number(size[2]),
    start: { x: Number(at[1]), y: Number(at[2]) },
    goal: { x: Number(at[3]), y: Number(at[4]) },
  };
}

/** Where a map pixel's centre is on the page. */
async function pagePoint(page: Page, pixel: { x: number; y: number }) {
  const { width, height } = await geometry(page);
  const box = (await page.locator('#board').boundingBox())!;
  return {
    x: box.x + ((pixel.x + 0.5) * box.width) / width,
    y: box.y + ((pixel.y + 0.5) * box.height) / height,
  };
}

/** Solve, then pause the playback part of the way through. */
async function solveAndPause(page: Page, tap: boolean) {
  const press = async (name: string | RegExp) => {
    const button = page.getByRole('button', { name, exact: typeof name === 'string' });
    if (tap) await button.tap();
    else await button.click();
  };
  // The slowest auto-solve: its reveal lasts long enough to pause it.
  // (On a phone the Speed is in the Options panel.)
  if (tap) await page.getByRole('button', { name: 'Options' }).tap();
  await page.getByLabel('Speed').fill('1');
  if (tap) await page.keyboard.press('Escape');
  await press('Solve');
  const lab = page.getByRole('group', { name: 'Search playback' });
  await expect(lab).toBeVisible();
  await expect.poll(() => shown(page)).toBeGreaterThan(3);
  await press('Pause');
  await expect(page.locator('#route-lab-play')).toHaveText('Play');
  return press;
}

for (const device of ['desktop', 'phone'] as const) {
  test.describe(device, () => {
    if (device === 'phone') test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test(`on a ${device} the search pauses, steps one expansion, scrubs, and reads a cell's g, h and f`, async ({ page }, testInfo) => {
      const console = watchConsole(page);
      await page.goto('/?game=route&map=maze-40&seed=11&moves=8');
      const tap = device === 'phone';
      const press = await solveAndPause(page, tap);

      // Paused: nothing moves on, and the walk waits.
      const held = await shown(page);
      await page.waitForTimeout(400);
      expect(await shown(page)).toBe(held);
      await expect(page.locator('#slide-app')).toHaveAttribute('data-autoplaying', 'no');

      // One step forward is one expansion; one back returns.
      await press('Step forward one expansion');
      await expect.poll(() => shown(page)).toBe(held + 1);
      await press('Step back one expansion');
      await expect.poll(() => shown(page)).toBe(held);

      // The scrubber goes anywhere in the search.
      const scrub = page.getByRole('slider', { name: 'Expansions shown' });
      const total = Number(await scrub.getAttribute('max'));
      expect(total).toBeGreaterThan(held);
      const half = Math.floor(total / 2);
      await scrub.fill(String(half));
      await expect.poll(() => shown(page)).toBe(half);
      await expect(page.locator('#route-lab-count')).toHaveText(`${half} of ${total}`);
      // The keyboard moves it one expansion at a time.
      await scrub.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => shown(page)).toBe(half + 1);

      // The start was expanded first: closed, g 0; a border pixel is wall.
      const { start } = await geometry(page);
      const readout = page.locator('#route-lab-readout');
      const startPoint = await pagePoint(page, start);
      if (tap) await page.touchscreen.tap(startPoint.x, startPoint.y);
      else await page.mouse.move(startPoint.x, startPoint.y);
      await expect(readout).toHaveText(
        new RegExp(`^x ${start.x}, y ${start.y}: g 0\\.0 · h [\\d.]+ · f [\\d.]+ \\(closed, expanded\\)$`),
      );
      // The tap read the cell and walked nowhere: the search still shows.
      await expect(page.getByRole('group', { name: 'Search playback' })).toBeVisible();
      // (On the left edge, not in the corner, which the board's rounded
      // corner leaves off it.)
      const edge = await pagePoint(page, { x: 0, y: 40 });
      if (tap) await page.touchscreen.tap(edge.x, edge.y);
      else await page.mouse.move(edge.x, edge.y);
      await expect(readout).toHaveText('x 0, y 40: wall');

      // Back at the beginning, the goal is not reached yet.
      await scrub.fill('1');
      const goal = await pagePoint(page, (await geometry(page)).goal);
      if (tap) await page.touchscreen.tap(goal.x, goal.y);
      else await page.mouse.move(goal.x, goal.y);
      await expect(readout).toHaveText(/: not reached yet$/);

      // Mid-search, paused, in both schemes: the sets, the legend.
      await scrub.fill(String(Math.floor(total * 0.6)));
      await expect(page.locator('#route-legend')).toBeVisible();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForTimeout(150);
        await keepScreenshot(page, testInfo, `route-lab-${device}-${scheme}-mid-search`);
      }
      await page.emulateMedia({ colorScheme: 'light' });

      // Played on, the search ends and the route is walked.
      await page.getByLabel('Pace').selectOption('4');
      await press('Play');
      await expect(page.getByRole('status')).toContainText('Goal!', { timeout: 60_000 });
      console.check();
    });
  });
}

test('a jump point search shows its jump points, named in the legend, mid-search in both schemes', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await page.goto('/?game=route&map=maze-40&seed=11&moves=8&algorithm=jps');
  await expect(page.locator('#route-algorithm')).toHaveValue('jps');
  // Jump point search follows this maze's corridors, so it expands only a
  // handful of points and its reveal may end before a Pause could land:
  // the scrubber holds the playback where it is set, playing or not.
  await page.getByLabel('Speed').fill('1');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Search playback' })).toBeVisible();
  const scrub = page.getByRole('slider', { name: 'Expansions shown' });
  await expect.poll(async () => Number(await scrub.getAttribute('max'))).toBeGreaterThan(1);
  const total = Number(await scrub.getAttribute('max'));
  await scrub.fill(String(Math.floor(total * 0.6)));
  await expect(page.locator('#route-legend-jump')).toBeVisible();
  await expect(page.locator('#route-legend')).toContainText('jump point');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(150);
    await keepScreenshot(page, testInfo, `route-lab-jps-desktop-${scheme}-mid-search`);
  }
  console.check();
});
