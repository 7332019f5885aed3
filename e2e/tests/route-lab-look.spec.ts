import { expect, Page, test } from '@playwright/test';
import * as path from 'path';
import { keepScreenshot, watchConsole } from './helpers';

// The search lab mid-search, as a player sees it, on the two kinds of map
// that are hardest to draw a search on: a Moving AI maze (corridors one
// pixel wide, drawn smaller than a screen pixel) and a large open map (the
// open set a thin ring). Paused part of the way, on a phone and a desktop,
// light and dark; the screenshots (artifacts/lab-*.png) are looked at, and
// the page checks the open set shows: enough of the board's pixels are in
// the open set's colour, however small the map's pixels are drawn.

const MAPS = {
  maze: 'maze512-1-0.map',
  open: 'Berlin_0_512.map',
} as const;

/** Expansions shown, as the playback's count says. */
async function shown(page: Page) {
  return Number(await page.locator('#route-lab-count').getAttribute('data-shown'));
}

/** The board's pixels in the open set's colour (the marks drawn over the
 * map where its pixels are too small to see), within a small distance. */
async function openPixels(page: Page) {
  return page.evaluate(() => {
    const canvas = document.getElementById('board') as HTMLCanvasElement;
    const style = getComputedStyle(document.documentElement);
    const hex = style.getPropertyValue('--open').trim();
    const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const ctx = canvas.getContext('2d')!;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      const d = Math.abs(data[i] - want[0]) + Math.abs(data[i + 1] - want[1]) + Math.abs(data[i + 2] - want[2]);
      if (d < 40) count++;
    }
    return count;
  });
}

for (const device of ['desktop', 'phone'] as const) {
  test.describe(device, () => {
    if (device === 'phone') test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
    else test.use({ viewport: { width: 1280, height: 800 } });

    for (const [kind, file] of Object.entries(MAPS)) {
      test(`on a ${device}, a search paused part of the way on a ${kind} map shows its open set in both schemes`, async ({ page }, testInfo) => {
        const console = watchConsole(page);
        const tap = device === 'phone';
        await page.goto('/?game=route');
        await expect(page.locator('#board')).toHaveAttribute('data-map-size', /\d+,\d+/);
        await page
          .locator('#route-file')
          .setInputFiles(path.join(__dirname, '../../tests/instances/movingai', file));
        await expect(page.locator('#message')).toContainText(`${file}: 512 x 512 pixels, a Moving AI map.`);
        await expect(page.locator('#board')).toHaveAttribute('data-map-size', '512,512');
        const solve = page.getByRole('button', { name: 'Solve', exact: true });
        if (tap) await solve.tap();
        else await solve.click();
        const lab = page.getByRole('group', { name: 'Search playback' });
        await expect(lab).toBeVisible({ timeout: 60_000 });
        await expect.poll(() => shown(page)).toBeGreaterThan(0);
        const pause = page.getByRole('button', { name: 'Pause', exact: true });
        if (tap) await pause.tap();
        else await pause.click();
        const scrub = page.getByRole('slider', { name: 'Expansions shown' });
        const total = Number(await scrub.getAttribute('max'));
        await scrub.fill(String(Math.floor(total * 0.45)));
        await expect.poll(() => shown(page)).toBe(Math.floor(total * 0.45));
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.waitForTimeout(200);
          expect(await openPixels(page), `the open set shows (${scheme})`).toBeGreaterThan(60);
          await keepScreenshot(page, testInfo, `lab-${kind}-${device}-${scheme}`);
        }
        await page.emulateMedia({ colorScheme: 'light' });
        // The comparison table fits the screen without a sideways scroll.
        const wrap = page.locator('.route-table-wrap');
        await expect(page.locator('#route-table')).toBeVisible();
        const [scroll, client] = await wrap.evaluate((e) => [e.scrollWidth, e.clientWidth]);
        expect(scroll, 'the table fits its width').toBeLessThanOrEqual(client);
        console.check();
      });
    }
  });
}
