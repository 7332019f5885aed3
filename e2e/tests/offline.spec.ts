import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { boardTiles, keepScreenshot, openGame, watchConsole } from './helpers';

// Service workers run in Playwright's Chromium on http://127.0.0.1 (a
// secure origin); `serviceWorkers: 'allow'` is the default.

test('after one visit the page loads, shuffles and solves a 4x4 with no network', async ({ page, context }, testInfo) => {
  const console = watchConsole(page);
  await openGame(page, '4x4', 5);
  // The service worker installed, took the page over, and the 4x4 tables
  // were downloaded (the page keeps them in Cache Storage).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await expect(page.locator('#slide-app')).toHaveAttribute('data-tables', 'ready', { timeout: 60_000 });
  const caches = await page.evaluate(() => window.caches.keys());
  expect(caches.filter((name) => name.startsWith('slide-') && name !== 'slide-tables')).toHaveLength(1);
  expect(caches).toContain('slide-tables');

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('#board-description')).toContainText('4 by 4 board');
  // The manifest and icons are there offline too.
  const manifest = await page.evaluate(() => fetch('manifest.webmanifest').then((response) => response.json()));
  expect(manifest.short_name).toBe('Slide');
  expect(await page.evaluate(() => fetch('icon-192.png').then((response) => response.ok))).toBe(true);

  const before = await boardTiles(page);
  await page.getByRole('button', { name: 'Shuffle' }).click();
  await expect.poll(async () => (await boardTiles(page)).tiles).not.toEqual(before.tiles);
  await expect(page.locator('#slide-app')).toHaveAttribute('data-tables', 'ready', { timeout: 30_000 });
  // The tables came from the page's cache: the hint is the optimal one.
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('#message')).toHaveText(/^Hint: slide \d+ — \d+ moves to go$/, { timeout: 30_000 });
  await page.locator('#speed').fill('30');
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByRole('status')).toContainText(/Solved by the solver in \d+ moves/, { timeout: 60_000 });
  expect((await boardTiles(page)).tiles).toEqual([...Array(15).keys()].map((i) => i + 1).concat([0]));
  await keepScreenshot(page, testInfo, 'offline-solved');
  console.check();
  // Something not kept fails as it would with no worker (after the check:
  // the browser reports the failed load on the console).
  expect(await page.evaluate(() => fetch('not-there.txt').then(() => 'answered', () => 'failed'))).toBe('failed');
  await context.setOffline(false);
});

test('the page links a manifest with icons and theme colours for both schemes', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({ name: expect.stringContaining('Slide'), short_name: 'Slide', display: 'standalone', start_url: './' });
  const purposes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`);
  expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect(response.ok(), icon.src).toBe(true);
    expect(response.headers()['content-type']).toBe(icon.type);
  }
  await expect(page.locator('meta[name="theme-color"][media*="light"]')).toHaveAttribute('content', manifest.theme_color);
  await expect(page.locator('meta[name="theme-color"][media*="dark"]')).toHaveAttribute('content', /^#/);
});

test('a new build takes over on the next load and its worker deletes the old cache but keeps the tables', async ({ page, context }) => {
  const console = watchConsole(page);
  await openGame(page, '4x4', 5);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await expect(page.locator('#slide-app')).toHaveAttribute('data-tables', 'ready', { timeout: 60_000 });
  const old = (await page.evaluate(() => window.caches.keys())).find((name) => name !== 'slide-tables')!;

  // The next build: the same files under another version, as the build's
  // post_build hook stamps it (the browser fetches a service worker's
  // script past Playwright's routes, so the served file itself changes),
  // and a page that says which build it is.
  const script = path.resolve(__dirname, '../../dist/sw.js');
  const built = await readFile(script, 'utf8');
  await context.route(/\/(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('<h1>Slide</h1>', '<h1 data-build="next">Slide</h1>');
    await route.fulfill({ response, body });
  });
  try {
    await writeFile(script, built.replace(/^const VERSION = '[^']*';$/m, "const VERSION = 'next-build';"));
    await page.reload();
    await expect(page.locator('h1')).toHaveAttribute('data-build', 'next');
    // Installed, then active: the old build's cache is gone, the tables'
    // stays.
    await expect
      .poll(async () => (await page.evaluate(() => window.caches.keys())).sort(), { timeout: 30_000 })
      .toEqual(['slide-next-build', 'slide-tables']);
  } finally {
    await writeFile(script, built);
  }
  expect(old).toMatch(/^slide-[0-9a-f]{16}$/);
  const tables = await page.evaluate(async () => (await (await window.caches.open('slide-tables')).keys()).length);
  expect(tables).toBeGreaterThan(0);
  console.check();
});
