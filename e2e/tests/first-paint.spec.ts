import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, Page, test } from '@playwright/test';
import { watchConsole } from './helpers';

// Issue 22, point 4: the page is painted by HTML and CSS before the
// WebAssembly arrives (a picture of the default board at the canvas's size,
// the page's largest paint, and the controls), nothing moves when the canvas
// takes over, and the server sends what it sends compressed, with cache
// headers.

const devices = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;

// What must be in place before the WebAssembly, and stay where it is.
const layout = ['.masthead h1', '#game', '#help-open', '#board-wrap', '#status', '#message', 'nav.actions', '#undo', '#redo', '#hint', '#solve', '#shuffle'];

type Box = { x: number; y: number; width: number; height: number };

async function boxes(page: Page, selectors: string[]): Promise<Record<string, Box>> {
  const found: Record<string, Box> = {};
  for (const selector of selectors) {
    const box = await page.locator(selector).boundingBox();
    if (!box) throw new Error(`${selector} is not shown`);
    found[selector] = box;
  }
  return found;
}

function expectSameBox(after: Box, before: Box, what: string, slack = 0.5) {
  for (const side of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs(after[side] - before[side]), `${what}: ${side} ${before[side]} then ${after[side]}`).toBeLessThanOrEqual(slack);
  }
}

/** Holds the WebAssembly module's download until the returned function is called. */
async function holdModule(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/*_bg.wasm', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

for (const [device, viewport] of devices) {
  test(`before the WebAssembly the ${device} page shows the board's picture, its largest paint, and the controls where they stay once it runs`, async ({ page }) => {
    const errors = watchConsole(page);
    await page.setViewportSize(viewport);
    // The layout shifts the browser counts, from the first paint on, and
    // the element of its largest paint.
    await page.addInitScript(() => {
      const seen = { shifts: [] as number[], largest: '' };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) seen.shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { element: Element | null }[]) {
          seen.largest = entry.element?.className ?? '';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const release = await holdModule(page);
    await page.goto('/?game=sliding&size=4x4&seed=7');

    const placeholder = page.locator('.board-placeholder');
    await expect(placeholder).toBeVisible();
    await expect(page.locator('#board')).toBeHidden();
    await expect.poll(() => placeholder.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => (window as unknown as { seen: { largest: string } }).seen.largest)).toBe('board-placeholder');
    await expect(page.locator('#game')).toHaveValue('sliding');
    for (const selector of layout) await expect(page.locator(selector)).toBeVisible();
    const before = await boxes(page, [...layout, '.board-placeholder']);
    // The placeholder is the largest square of whole-pixel cells that fits
    // the board's box, standing at its foot, as the canvas will.
    const wrap = before['#board-wrap'];
    const square = before['.board-placeholder'];
    expect(square.width).toBe(square.height);
    expect(square.width).toBeGreaterThan(Math.min(wrap.width, wrap.height) - 4.5);
    expect(Math.abs(square.y + square.height - (wrap.y + wrap.height))).toBeLessThanOrEqual(0.5);

    release();
    await expect(page.locator('#board-description')).toContainText('4 by 4 board');
    await expect(page.locator('#board')).toBeVisible();
    await expect(placeholder).toBeHidden();
    const after = await boxes(page, [...layout, '#board']);
    expectSameBox(after['#board'], square, 'the canvas against the placeholder', 1);
    for (const selector of layout) expectSameBox(after[selector], before[selector], selector);
    // The registry's list of games replaced the page's, the same names.
    await expect(page.locator('#game option')).toHaveText(['Sliding puzzle', 'Peg solitaire', 'Route', 'Sliding blocks']);
    const shifted = await page.evaluate(() => (window as unknown as { seen: { shifts: number[] } }).seen.shifts.reduce((a, b) => a + b, 0));
    expect(shifted, 'cumulative layout shift').toBeLessThan(0.01);
    errors.check();
  });
}

// Lighthouse counts every request begun before the largest paint was
// presented as one that paint waited for: the module, fetched in the gap
// between a frame's callbacks and its presentation, put its simulated
// largest paint at 4 s (Trunk.toml's loader; BENCHMARKS.md, issue 22,
// "Leftovers (h24)").
test("a first visit requests the WebAssembly only once the browser has reported the board's picture as the largest paint", async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?game=sliding&size=4x4&seed=7');
  await expect(page.locator('#board')).toBeVisible();
  const [painted, requested] = await page.evaluate(
    () =>
      new Promise<[number, number]>((done) => {
        new PerformanceObserver((list) => {
          const picture = list.getEntries().find((entry) => (entry as unknown as { element: Element | null }).element?.classList.contains('board-placeholder'));
          const module = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('_bg.wasm'));
          done([picture ? picture.startTime : NaN, module ? module.startTime : NaN]);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  expect(painted, "the picture's largest-paint time").toBeGreaterThan(0);
  expect(requested, "the module's request").toBeGreaterThanOrEqual(painted);
  errors.check();
});

// On a phone's network each request before the first paint took a
// connection of its own (a handshake and a round trip), and the module's
// download, which waits for that paint, began that much later: the style
// sheet is in the page, the board's picture and the icon are data: URLs
// (www/inline-stamp.sh), so the page paints from its own bytes, and the
// only requests begun before the module's are the bindings' preload and the
// manifest (BENCHMARKS.md, issue 22, h35).
test('the first paint needs no request but the page itself: the style sheet is inline, the picture and the icon data: URLs', async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdModule(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/?game=sliding&size=4x4&seed=7');
  // Styled (the masthead laid out by the sheet) and the picture decoded.
  const placeholder = page.locator('.board-placeholder');
  await expect(placeholder).toBeVisible();
  expect(await placeholder.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(400);
  expect(await placeholder.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
  expect(await page.locator('link[rel="stylesheet"]').count(), 'no style sheet to fetch').toBe(0);
  expect(await page.locator('style').count(), 'the inline style sheet').toBe(1);
  expect(await page.locator('#game').evaluate((select) => getComputedStyle(select.closest('.masthead')!).display)).not.toBe('inline');
  await expect.poll(() => requested.some((path) => path.endsWith('_bg.wasm'))).toBe(true);
  const before = requested.slice(0, requested.findIndex((path) => path.endsWith('_bg.wasm')));
  for (const path of before) expect(path, 'a request before the module').toMatch(/^\/($|slide-[0-9a-f]{8,16}\.js$|manifest\.webmanifest$)/);
  release();
  await expect(page.locator('#board')).toBeVisible();
  errors.check();
});

test('the server sends text, scripts and WebAssembly compressed, with cache headers by name', async ({ request }) => {
  // The build names the bindings and the module by their content's hash
  // (Trunk's filehash): the page and the service worker's list name them.
  // The style sheet is in the page itself (see the test below).
  const page = await (await request.get('/')).text();
  const bindings = /<link rel="modulepreload" href="\/?(slide-[0-9a-f]{8,16}\.js)"/.exec(page)?.[1];
  const module = /'\/?(slide-[0-9a-f]{8,16}_bg\.wasm)'/.exec(page)?.[1];
  expect([bindings, module], 'hashed names in index.html').toEqual([expect.any(String), expect.any(String)]);
  const sw = await (await request.get('/sw.js')).text();
  const kept = /^const HASHED = \[(.*)\];$/m.exec(sw)?.[1];
  expect(kept, "the service worker's list of hashed files").toBe([bindings, module].map((name) => `'${name}'`).sort().join(', '));
  // Unchanged names are gone: nothing could ask for a stale copy by them.
  for (const stale of ['/slide.js', '/slide_bg.wasm', '/style.css']) expect((await request.get(stale)).status(), stale).toBe(404);

  const hashed = [`/${bindings}`, `/${module}`];
  for (const path of ['/', '/?game=pegs', '/index.html', ...hashed, '/worker.js', '/sw.js', '/manifest.webmanifest', '/icon.svg']) {
    for (const [accepts, sent] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
      const response = await request.get(path, { headers: { 'accept-encoding': accepts } });
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expect(headers['content-encoding'], `${path} for ${accepts}`).toBe(sent);
      expect(headers.vary, path).toBe('Accept-Encoding');
      if (hashed.includes(path)) {
        // A hashed name never changes content: kept a year, never revalidated.
        expect(headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      } else {
        // Fixed names: the browser revalidates each time (a 304 when unchanged).
        expect(headers['cache-control'], path).toBe('no-cache');
      }
      const again = await request.get(path, { headers: { 'accept-encoding': accepts, 'if-none-match': headers.etag } });
      expect(again.status(), `${path} revalidated`).toBe(304);
    }
  }
  const wasm = await request.get(`/${module}`, { headers: { 'accept-encoding': 'br' } });
  expect(wasm.headers()['content-type']).toBe('application/wasm');
  expect([...(await wasm.body()).subarray(0, 4)]).toEqual([0, 0x61, 0x73, 0x6d]);

  // The tables are gzip files the worker unpacks: sent as they are.
  const tables = [...sw.matchAll(/'([\w.-]+\.gz)'/g)].map((m) => m[1]);
  expect(tables.length).toBeGreaterThan(0);
  const table = await request.head(`/tables/${tables[0]}`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(table.status()).toBe(200);
  expect(table.headers()['content-encoding']).toBeUndefined();
  expect(table.headers()['content-type']).toBe('application/gzip');
});

test('a Hint pressed before the WebAssembly has started is answered once it has, not lost', async ({ page }) => {
  const release = await holdModule(page);
  await page.goto('/?game=sliding&size=4x4&seed=7');
  await expect(page.locator('#board')).toBeHidden();
  // The press lands on the HTML's own button, with no handler of the page's yet.
  await page.locator('#hint').click();
  await expect(page.locator('#message')).toHaveText('');
  release();
  await expect(page.locator('#message')).toHaveText(/^Hint: slide \d+/, { timeout: 30000 });
});

test('a key pressed before the WebAssembly has started moves a tile once it has', async ({ page }) => {
  const console = watchConsole(page);
  const release = await holdModule(page);
  await page.goto('/?game=sliding&size=4x4&seed=7');
  await expect(page.locator('#board')).toBeHidden();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('status')).toContainText('Moves: 0');
  release();
  await expect(page.locator('#board')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Moves: 1');
  console.check();
});

test('a map file chosen before the WebAssembly has started is opened once it has', async ({ page }) => {
  const console = watchConsole(page);
  const release = await holdModule(page);
  await page.goto('/?game=route');
  await expect(page.locator('#board')).toBeHidden();
  // A Moving AI map, a corridor with a room at its end, chosen on the
  // HTML's own file field: no handler of the page's hears it yet.
  const map = ['type octile', 'height 4', 'width 6', 'map', '@@@@@@', '@....@', '@@@..@', '@@@@@@', ''].join('\n');
  await page.locator('#route-file').setInputFiles({ name: 'corridor.map', mimeType: 'text/plain', buffer: Buffer.from(map) });
  release();
  await expect(page.locator('#board')).toBeVisible();
  await expect(page.locator('#message')).toContainText('corridor.map: 6 x 4 pixels, a Moving AI map.');
  await expect(page.locator('#route-map')).toHaveValue('drawn');
  console.check();
});

// A browser paints a page it is still reading when its bytes come in parts
// (a slow network) or its parser yields: a paint taken between the board's
// picture and the controls under it drew the picture low, in a box the
// controls had not yet shortened, then moved it. The page is served here in
// two parts, cut just after the picture, with a pause between them.
test('a page read in two parts paints its play area only once all of it is read, so the board never moves', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const html = readFileSync(path.resolve(__dirname, '../../dist/index.html'), 'utf8');
  const cut = html.indexOf('>', html.indexOf('class="board-placeholder"')) + 1;
  expect(cut, 'the page has the board picture').toBeGreaterThan(0);
  let release = () => {};
  const rest = new Promise<void>((done) => (release = done));
  const server = createServer(async (request, response) => {
    if (request.url?.startsWith('/?')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      // Enough bytes after the cut that the browser parses and paints the
      // first part rather than wait for more.
      response.write(html.slice(0, cut) + `<!--${' '.repeat(4096)}-->`);
      await rest;
      response.end(html.slice(cut));
    } else {
      // The module and its bindings are not needed: the first paint is the
      // page's own.
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  try {
    await page.addInitScript(() => {
      const seen = { shifts: [] as number[] };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number }[]) seen.shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`http://127.0.0.1:${port}/?game=sliding&size=4x4&seed=7`, { waitUntil: 'commit' });
    const placeholder = page.locator('.board-placeholder');
    await expect(placeholder).toBeAttached();
    await expect(page.locator('.masthead h1')).toBeVisible();
    // Read, but not painted while the controls under it are not.
    await expect(placeholder).toBeHidden();
    await page.waitForTimeout(300);
    release();
    await expect(placeholder).toBeVisible();
    await expect(page.locator('nav.actions')).toBeVisible();
    await page.waitForTimeout(300);
    const shifted = await page.evaluate(() => (window as unknown as { seen: { shifts: number[] } }).seen.shifts.reduce((a, b) => a + b, 0));
    expect(shifted, 'cumulative layout shift').toBeLessThan(0.01);
  } finally {
    release();
    server.close();
  }
});
