import { Browser, expect, Page, test } from '@playwright/test';
import { clickCell, keepScreenshot, watchConsole } from './helpers';

const description = (page: Page) => page.locator('#board-description');
const status = (page: Page) => page.getByRole('status');
const message = (page: Page) => page.locator('#message');

/** The number of moves the status line shows. */
async function moves(page: Page): Promise<number> {
  const text = (await page.locator('#moves').textContent()) || '';
  return Number(text.replace(/\D/g, ''));
}

/** Presses arrow keys on the board until `count` moves are made. */
async function makeMoves(page: Page, count: number) {
  await page.locator('#board').focus();
  const keys = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];
  for (let i = 0; (await moves(page)) < count && i < 40; i++) {
    await page.keyboard.press(keys[i % keys.length]);
  }
  expect(await moves(page)).toBeGreaterThanOrEqual(count);
}

/** Clicks Share and reads the link it made. */
async function share(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(message(page)).toHaveText(/^(Link copied\.|Copy the link from the field below the buttons\.)$/);
  const link = await page.locator('#share-link').inputValue();
  expect(link).toMatch(/\?game=\w+&/);
  return link;
}

/** Opens `link` in a fresh browser (nothing saved) and returns its page. */
async function openFresh(browser: Browser, link: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(message(page)).toContainText('Playing the shared position.');
  // The link is cleaned from the address bar: a reload resumes the saved game.
  expect(new URL(page.url()).search).toBe('');
  return page;
}

test('a reload keeps a game in progress in each game, and Undo still works', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await page.goto('/?size=3x3&seed=1');
  await expect(status(page)).toContainText('Moves: 0');
  // The status line is painted by HTML before the module runs: the canvas
  // shows once the page has started.
  await expect(page.locator('#board')).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await makeMoves(page, 3);
  const sliding = await description(page).textContent();
  const slidingMoves = await moves(page);

  await page.locator('#game').selectOption('pegs');
  await page.locator('#layout').selectOption('t');
  await clickCell(page, 3, 3, 7, 7);
  await clickCell(page, 3, 5, 7, 7);
  await expect(page.locator('#pegs-left')).toHaveText('Pegs left: 4');
  const pegs = await description(page).textContent();

  await page.locator('#game').selectOption('route');
  await page.locator('#route-map').selectOption('maze-10');
  await makeMoves(page, 2);
  const route = await description(page).textContent();
  const routeMoves = await moves(page);

  await page.reload();
  // The game last shown comes back, where it was.
  await expect(page.locator('#game')).toHaveValue('route');
  await expect(page.locator('#route-map')).toHaveValue('maze-10');
  await expect(description(page)).toHaveText(route!);
  expect(await moves(page)).toBe(routeMoves);
  await page.getByRole('button', { name: 'Undo' }).click();
  expect(await moves(page)).toBe(routeMoves - 1);

  await page.locator('#game').selectOption('pegs');
  await expect(page.locator('#layout')).toHaveValue('t');
  await expect(description(page)).toHaveText(pegs!);
  await expect(status(page)).toContainText('Moves: 1');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('#pegs-left')).toHaveText('Pegs left: 5');

  await page.locator('#game').selectOption('sliding');
  await expect(description(page)).toHaveText(sliding!);
  expect(await moves(page)).toBe(slidingMoves);
  await page.getByRole('button', { name: 'Undo' }).click();
  expect(await moves(page)).toBeLessThan(slidingMoves);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(description(page)).toHaveText(sliding!);
  await keepScreenshot(page, testInfo, 'keep-reloaded');
  console.check();
});

test('saved data damaged by hand is set aside with a notice and a fresh game', async ({ page, context }) => {
  await page.goto('/?size=3x3&seed=1');
  await makeMoves(page, 2);
  // Leaving the page keeps the game; the saves are then damaged by hand
  // before the page opens again (once: a reload must not damage them anew).
  await page.close();
  const again = await context.newPage();
  const console = watchConsole(again);
  await again.addInitScript(() => {
    if (sessionStorage.getItem('damaged')) return;
    sessionStorage.setItem('damaged', 'yes');
    if (!localStorage.getItem('slide.sliding.v1')?.startsWith('slide-save 1 sliding')) throw new Error('not saved');
    localStorage.setItem('slide.sliding.v1', 'garbage {"tiles": [1, 2');
    localStorage.setItem('slide.pegs.v1', 'slide-save 0 pegs\nrules classic:16\n');
  });
  await again.goto('/');
  // Each damaged save is set aside (kept, out of the way) with a notice.
  const notice = again.locator('#notice');
  await expect(notice).toContainText('Sliding puzzle: Your saved game could not be read');
  await expect(notice).toContainText('so a new one has started');
  await expect(notice).toContainText("Peg solitaire: Your saved game could not be read (the save is of version '0'");
  expect(await again.evaluate(() => localStorage.getItem('slide.pegs.v1.aside'))).toBe('slide-save 0 pegs\nrules classic:16\n');
  await expect(status(again)).toContainText('Moves: 0');
  await expect(description(again)).toContainText('4 by 4 board');
  await again.locator('#game').selectOption('pegs');
  await expect(again.locator('#pegs-left')).toHaveText('Pegs left: 32');
  // The damaged saves were moved aside: the next reload reads none of them,
  // and only recalls that they are kept until dismissed.
  await again.reload();
  await expect(status(again)).toContainText('Moves: 0');
  await expect(message(again)).not.toContainText('could not be read');
  await expect(again.locator('#notice')).toContainText('are kept aside (sliding puzzle, peg solitaire)');
  console.check();
});

test('a shared link opens the same position in a fresh browser, in each game', async ({ page, context, browser }, testInfo) => {
  const console = watchConsole(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?size=4x4&seed=3');
  await makeMoves(page, 3);
  const link = await share(page);
  expect(link).toMatch(/\?game=sliding&board=4x4:[\d.]+$/);
  const fresh = await openFresh(browser, link);
  await expect(description(fresh)).toHaveText((await description(page).textContent())!);
  await expect(status(fresh)).toContainText('Moves: 0');
  await keepScreenshot(fresh, testInfo, 'keep-shared-sliding');
  // Not yet saved over: a reload without a move shows the fresh browser's
  // own game; a move keeps the shared one.
  await makeMoves(fresh, 1);
  const moved = await description(fresh).textContent();
  await fresh.reload();
  await expect(description(fresh)).toHaveText(moved!);

  await page.locator('#game').selectOption('pegs');
  await page.locator('#layout').selectOption('plus');
  await page.locator('#goal').selectOption('any');
  await clickCell(page, 2, 3, 7, 7);
  await clickCell(page, 0, 3, 7, 7);
  await expect(status(page)).toContainText('Moves: 1');
  const pegs = await openFresh(browser, await share(page));
  await expect(description(pegs)).toHaveText((await description(page).textContent())!);
  await expect(pegs.locator('#goal')).toHaveValue('any');

  await page.locator('#game').selectOption('route');
  await page.locator('#route-map').selectOption('maze-20');
  await makeMoves(page, 2);
  const route = await openFresh(browser, await share(page));
  await expect(description(route)).toHaveText((await description(page).textContent())!);
  await expect(route.locator('#route-map')).toHaveValue('maze-20');
  // The walk so far came with the link: its legs can be undone.
  await route.getByRole('button', { name: 'Undo' }).click();
  await expect(status(route)).toContainText('Moves: 1');
  console.check();
});

test('a damaged link is refused with the reason and a normal game shows', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const console = watchConsole(page);
  await page.goto('/?game=sliding&board=4x4:1.2.3.4');
  await expect(message(page)).toHaveText('The shared link could not be read: a 4x4 board needs 16 tiles (0 for the blank), found 4.');
  await expect(description(page)).toContainText('4 by 4 board');
  await expect(status(page)).toContainText('Moves: 0');
  await page.goto('/?game=pegs&rules=classic:16&board=ooo');
  await expect(message(page)).toContainText('The shared link could not be read: \'ooo\' is not a peg-solitaire position');
  await expect(page.locator('#pegs-left')).toHaveText('Pegs left: 32');
  console.check();
});
