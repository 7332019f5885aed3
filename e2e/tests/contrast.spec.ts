import { expect, Page, test } from '@playwright/test';
import { keepScreenshot, watchConsole } from './helpers';

// Issue 20, point 3: the pieces of the board that carry meaning stand at
// least 3:1 (WCAG relative luminance ratio) against what surrounds them, on
// a phone, in light and dark. Read from the canvas's pixels.

type Rgb = [number, number, number];

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The board canvas's pixel at (x, y) in canvas pixels. */
async function pixel(page: Page, x: number, y: number): Promise<Rgb> {
  return page.locator('#board').evaluate((canvas: HTMLCanvasElement, [x, y]) => {
    const d = canvas.getContext('2d')!.getImageData(Math.round(x), Math.round(y), 1, 1).data;
    return [d[0], d[1], d[2]] as [number, number, number];
  }, [x, y]);
}

/** Every colour on the board canvas with how many pixels have it, most first. */
async function histogram(page: Page): Promise<{ rgb: Rgb; count: number }[]> {
  return page.locator('#board').evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d')!;
    const d = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const counts = new Map<number, number>();
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] < 255) continue;
      const key = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    return [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([key, count]) => ({ rgb: [key >> 16, (key >> 8) & 255, key & 255] as [number, number, number], count }));
  });
}

/** A CSS custom property of the board (a #rrggbb or #rrggbbaa colour) as RGB and alpha. */
async function property(page: Page, name: string): Promise<{ rgb: Rgb; alpha: number }> {
  const value = await page.locator('#board').evaluate((canvas, name) => getComputedStyle(canvas).getPropertyValue(name).trim(), name);
  const hex = value.replace('#', '');
  const byte = (i: number) => parseInt(hex.slice(i, i + 2), 16);
  return { rgb: [byte(0), byte(2), byte(4)], alpha: hex.length === 8 ? byte(6) / 255 : 1 };
}

const blend = (top: { rgb: Rgb; alpha: number }, under: Rgb): Rgb =>
  top.rgb.map((c, i) => Math.round(c * top.alpha + under[i] * (1 - top.alpha))) as Rgb;

const distance = (a: Rgb, b: Rgb) => Math.max(...a.map((c, i) => Math.abs(c - b[i])));

/** The page's background colour behind the board. */
async function pageColour(page: Page): Promise<Rgb> {
  const text = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  return text.match(/\d+/g)!.slice(0, 3).map(Number) as Rgb;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} scheme on a phone`, () => {
    test.use({ viewport: { width: 390, height: 844 }, colorScheme });

    test(`pegs: an empty hole stands 3:1 against the board, the board against the page (${colorScheme})`, async ({ page }, testInfo) => {
      const console = watchConsole(page);
      await page.goto('/?game=pegs');
      await expect(page.getByRole('status')).toContainText('Pegs left: 32');
      await expect(page.getByLabel('Layout')).toHaveValue('classic');
      const size = await page.locator('#board').evaluate((c: HTMLCanvasElement) => [c.width, c.height]);
      // The 7x7 board is fitted in the canvas: square cells, from the corner.
      const cell = Math.min(size[0] / 7, size[1] / 7);
      const centre = 3.5 * cell;
      const hole = await pixel(page, centre, centre);
      // Between the empty centre hole and its neighbours' pegs: the board.
      const board = await pixel(page, centre + 0.42 * cell, centre);
      const boardBelow = await pixel(page, centre, centre + 0.42 * cell);
      expect(distance(board, boardBelow)).toBeLessThan(4);
      const ratio = contrast(hole, board);
      testInfo.annotations.push({ type: 'hole against board', description: ratio.toFixed(2) });
      expect(ratio, `hole ${hole} against board ${board}`).toBeGreaterThanOrEqual(3);
      const pageBg = await pageColour(page);
      expect(contrast(board, pageBg), `board ${board} against page ${pageBg}`).toBeGreaterThanOrEqual(3);
      await keepScreenshot(page, testInfo, `contrast-pegs-phone-${colorScheme}`);
      console.check();
    });

    test(`maze: walls stand 3:1 against the floor; the search picture's sets against the floor (${colorScheme})`, async ({ page }, testInfo) => {
      const console = watchConsole(page);
      await page.goto('/?game=route&map=maze-10&seed=5');
      await expect(page.getByLabel('Moves')).toHaveValue('4');
      // The two colours most of the map is: floor and walls.
      const [first, second] = await histogram(page);
      const floorColour = await property(page, '--tile');
      const [floor, wall] = distance(first.rgb, floorColour.rgb) < distance(second.rgb, floorColour.rgb)
        ? [first.rgb, second.rgb]
        : [second.rgb, first.rgb];
      expect(distance(floor, floorColour.rgb)).toBeLessThan(3);
      expect(contrast(wall, floor), `wall ${wall} against floor ${floor}`).toBeGreaterThanOrEqual(3);

      // Hint searches and shows the search picture, with its legend.
      await page.getByRole('button', { name: 'Hint' }).click();
      await expect(page.locator('#message')).toHaveText(/^Hint: \d+ steps? /);
      await expect(page.locator('#route-legend')).toBeVisible();
      await expect(page.locator('#route-legend')).toContainText('open set');
      const open = blend(await property(page, '--open'), floor);
      const closed = blend(await property(page, '--closed'), floor);
      const accent = (await property(page, '--accent')).rgb;
      // The open set is no longer the walk's amber.
      expect(distance(open, accent)).toBeGreaterThan(60);
      await expect
        .poll(async () => {
          const colours = await histogram(page);
          const found = (want: Rgb) => colours.find((c) => distance(c.rgb, want) <= 3 && c.count >= 20);
          return Boolean(found(open) && found(closed));
        })
        .toBe(true);
      const colours = await histogram(page);
      const drawnOpen = colours.find((c) => distance(c.rgb, open) <= 3)!.rgb;
      const drawnClosed = colours.find((c) => distance(c.rgb, closed) <= 3)!.rgb;
      expect(contrast(drawnOpen, floor), `open ${drawnOpen} against floor`).toBeGreaterThanOrEqual(3);
      expect(contrast(drawnClosed, floor), `closed ${drawnClosed} against floor`).toBeGreaterThanOrEqual(3);
      await keepScreenshot(page, testInfo, `contrast-maze-search-phone-${colorScheme}`);
      console.check();
    });

    test(`office: the waypoints stand 3:1 against the plan (${colorScheme})`, async ({ page }, testInfo) => {
      const console = watchConsole(page);
      await page.goto('/?game=route');
      await expect(page.locator('#route-map')).toHaveValue('office');
      await expect(page.getByLabel('Moves')).toHaveValue('waypoints');
      const floorColour = await property(page, '--tile');
      const colours = await histogram(page);
      const floor = colours.find((c) => distance(c.rgb, floorColour.rgb) <= 2)!.rgb;
      // Waypoints are the ink's colour at 0.9 over the floor.
      const ink = blend({ ...(await property(page, '--ink')), alpha: 0.9 }, floor);
      const waypoint = colours.find((c) => distance(c.rgb, ink) <= 3 && c.count >= 30);
      expect(waypoint, `waypoint pixels of ${ink}`).toBeTruthy();
      expect(contrast(waypoint!.rgb, floor)).toBeGreaterThanOrEqual(3);
      await keepScreenshot(page, testInfo, `contrast-office-phone-${colorScheme}`);
      console.check();
    });
  });
}
