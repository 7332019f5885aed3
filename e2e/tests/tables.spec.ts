import { gzipSync } from 'node:zlib';
import { BrowserContext, expect, Page, test } from '@playwright/test';
import { holdTables, keepScreenshot, openGame, TABLES, watchConsole } from './helpers';

// The 4x4 tables are downloaded once by the page for every worker
// (src/web/tables.rs), with their progress shown near the board; a
// download that fails or is damaged leaves the quick answers working.
// Each test runs in a fresh context (an empty cache); the service worker is
// kept out so that every request counted is the page's or a worker's own.
test.use({ serviceWorkers: 'block' });

/** Counts the requests for the 4x4 tables from the page and its workers alike. */
function countTableRequests(context: BrowserContext) {
  const urls: string[] = [];
  context.on('request', (request) => {
    if (TABLES.test(new URL(request.url()).pathname)) urls.push(request.url());
  });
  return urls;
}

/** The cached table files' addresses. */
async function cachedTables(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await (await caches.open('slide-tables')).keys()).map((request) => request.url));
}

/** Console errors other than the browser's report of a failed response. */
function watchConsoleBut(page: Page, expected: RegExp) {
  const watched = watchConsole(page);
  return { check: () => expect(watched.errors.filter((error) => !expected.test(error)), 'console errors').toEqual([]) };
}

test('the table file is requested once however many workers the page starts', async ({ page, context }) => {
  const console = watchConsole(page);
  // Four workers on this two-core machine: each wants the tables.
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 4 });
  });
  const requests = countTableRequests(context);
  await openGame(page, '4x4', 5);
  await expect(page.locator('#slide-app')).toHaveAttribute('data-tables', 'ready', { timeout: 60_000 });
  expect(page.workers().length).toBe(4);
  // Every worker takes part in a split search of a hard board: each has the
  // tables by then, and none fetched them again.
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByRole('status')).toContainText(/Solved by the solver in \d+ moves/, { timeout: 60_000 });
  await expect(page.locator('#tables-progress')).toBeHidden();
  expect(requests).toHaveLength(1);
  // Kept for the next visit, which downloads nothing.
  expect(await cachedTables(page)).toHaveLength(1);
  await page.reload();
  await expect(page.locator('#slide-app')).toHaveAttribute('data-tables', 'ready', { timeout: 60_000 });
  expect(requests).toHaveLength(1);
  console.check();
});

test('on a slow network the player sees the megabytes come of the file\'s size, then a word that it is done', async ({ page, context }) => {
  const console = watchConsole(page);
  // The page's own downloads at about 3 MB/s (the tables are the page's
  // fetch, so the page's throttling covers them).
  const network = await context.newCDPSession(page);
  await network.send('Network.enable');
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 3_000_000,
    uploadThroughput: 3_000_000,
  });
  const requests = countTableRequests(context);
  await openGame(page, '4x4', 5);
  const progress = page.locator('#tables-progress');
  await expect(progress).toHaveText(/^Getting the 4x4 solver ready: \d+\.\d( of \d+\.\d)? MB$/, { timeout: 30_000 });
  // Of the file's size when the server says it (a host does; a server
  // that sends the file in chunks of unsaid length does not).
  const length = Number((await page.request.head(requests[0])).headers()['content-length'] || 0);
  if (length > 0) {
    await expect(progress).toHaveText(
      new RegExp(`^Getting the 4x4 solver ready: \\d+\\.\\d of ${(length / 1e6).toFixed(1).replace('.', '\\.')} MB$`),
    );
    // The bar says the same, for the eye only (the words are read out once).
    await expect(progress.locator('progress')).toHaveAttribute('max', String(length));
  }
  const first = Number((await progress.textContent())!.match(/: (\d+\.\d)/)![1]);
  await expect
    .poll(async () => Number(((await progress.textContent()) || '').match(/: (\d+\.\d)/)?.[1] ?? 0), { timeout: 30_000 })
    .toBeGreaterThan(first);
  await expect(page.locator('#tables-news')).toHaveText(/^Getting the 4x4 solver ready(: \d+\.\d MB to download)?\.$/);
  await expect(page.locator('#slide-app')).toHaveAttribute('data-tables', 'ready', { timeout: 60_000 });
  await expect(progress).toBeHidden();
  await expect(page.locator('#tables-news')).toHaveText('The 4x4 solver is downloaded.');
  await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  console.check();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('while the tables download the player sees how much has come by the board, and a hint meanwhile is not optimal then replaced', async ({ page, context }, testInfo) => {
    const console = watchConsole(page);
    // The download is held until the quick hint has shown.
    const release = await holdTables(context);
    await openGame(page, '4x4', 7);
    const progress = page.locator('#tables-progress');
    await expect(progress).toBeVisible();
    await expect(progress).toHaveText(/^Getting the 4x4 solver ready(…|: \d+\.\d( of \d+\.\d)? MB)$/);
    // Where the player looks: just above the board (the room an upright
    // phone leaves there), hiding no tile, within the screen.
    const board = (await page.locator('#board').boundingBox())!;
    const line = (await progress.boundingBox())!;
    expect(line.y).toBeGreaterThanOrEqual(0);
    expect(line.y + line.height).toBeLessThanOrEqual(board.y);
    expect(board.y - (line.y + line.height)).toBeLessThan(40);
    await expect(page.locator('#tables-news')).toHaveText('Getting the 4x4 solver ready.');
    await keepScreenshot(page, testInfo, 'tables-progress-phone');

    // A hint before the tables: legal, at once, and not claimed optimal:
    // "about", with the proven bound (linear conflicts) beside it.
    await page.getByRole('button', { name: 'Hint' }).click();
    const message = page.locator('#message');
    await expect(message).toContainText(/^Hint: slide \d+ — about \d+ moves to go; no solution is shorter than \d+/, {
      timeout: 5_000,
    });
    release();
    await expect(page.locator('#slide-app')).toHaveAttribute('data-tables', 'ready', { timeout: 60_000 });
    await expect(progress).toBeHidden();
    // Replaced by the optimal one once the tables are in.
    await expect(message).toHaveText(/^Hint: slide \d+ — \d+ moves to go$/, { timeout: 60_000 });
    console.check();
  });
});

test('a download the server refuses leaves hints working, says so once, and the next visit tries again', async ({ page, context }) => {
  const console = watchConsoleBut(page, /status of 500/);
  let requests = 0;
  await context.route(TABLES, (route) => {
    requests += 1;
    return route.fulfill({ status: 500, contentType: 'text/plain', body: 'broken' });
  });
  await openGame(page, '4x4', 5);
  const message = page.locator('#message');
  await expect(message).toHaveText(
    'The 4x4 tables could not be loaded (the server answered HTTP 500); 4x4 solving is slower without them.',
  );
  await expect(page.locator('#tables-progress')).toBeHidden();
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(message).toHaveText(/^Hint: slide \d+ — (about )?\d+ moves to go/, { timeout: 60_000 });
  // Not asked again in this visit, whatever the workers; nothing kept.
  expect(requests).toBe(1);
  expect(await cachedTables(page)).toEqual([]);
  console.check();
  // The next visit tries again, and this time the server gives them.
  await context.unroute(TABLES);
  await page.reload();
  await expect(page.locator('#slide-app')).toHaveAttribute('data-tables', 'ready', { timeout: 60_000 });
  await expect(message).not.toContainText('could not be loaded');
  expect(await cachedTables(page)).toHaveLength(1);
});

test('a damaged download leaves hints working, says so, and is not kept', async ({ page, context }) => {
  const console = watchConsole(page);
  await context.route(TABLES, (route) =>
    route.fulfill({ status: 200, contentType: 'application/gzip', body: Buffer.from('not gzip at all, '.repeat(1000)) }),
  );
  await openGame(page, '4x4', 5);
  const message = page.locator('#message');
  await expect(message).toContainText('The 4x4 tables could not be loaded (the file is damaged');
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(message).toHaveText(/^Hint: slide \d+ — (about )?\d+ moves to go/, { timeout: 60_000 });
  expect(await cachedTables(page)).toEqual([]);
  console.check();
});

test('a file that decompresses but holds no tables is refused by the workers and deleted from the cache', async ({ page, context }) => {
  const console = watchConsole(page);
  await context.route(TABLES, (route) =>
    route.fulfill({ status: 200, contentType: 'application/gzip', body: gzipSync(Buffer.from('these are not tables')) }),
  );
  await openGame(page, '4x4', 5);
  const message = page.locator('#message');
  await expect(message).toContainText('The 4x4 tables could not be loaded (');
  await expect.poll(() => cachedTables(page)).toEqual([]);
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(message).toHaveText(/^Hint: slide \d+ — (about )?\d+ moves to go/, { timeout: 60_000 });
  console.check();
});

test('a damaged cached copy is deleted and downloaded again', async ({ page, context }) => {
  const console = watchConsole(page);
  const requests = countTableRequests(context);
  await openGame(page, '4x4', 5);
  await expect(page.locator('#slide-app')).toHaveAttribute('data-tables', 'ready', { timeout: 60_000 });
  const [kept] = await cachedTables(page);
  expect(kept).toMatch(TABLES);
  // The copy a visit before kept, cut short.
  await page.evaluate(async (kept) => {
    const cache = await caches.open('slide-tables');
    const whole = new Uint8Array(await (await cache.match(kept))!.arrayBuffer());
    await cache.put(kept, new Response(whole.subarray(0, whole.length >> 1), { headers: { 'content-type': 'application/gzip' } }));
  }, kept);
  await page.reload();
  await expect(page.locator('#slide-app')).toHaveAttribute('data-tables', 'ready', { timeout: 60_000 });
  // The half copy went; a whole one came from the network in its place.
  expect(requests).toHaveLength(2);
  const size = await page.evaluate(async (kept) => (await (await caches.open('slide-tables')).match(kept))!.blob().then((b) => b.size), kept);
  expect(size).toBeGreaterThan(10_000_000);
  console.check();
});
