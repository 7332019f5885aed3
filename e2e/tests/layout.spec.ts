import { Browser, expect, Page, test } from '@playwright/test';
import { keepScreenshot, watchConsole } from './helpers';

const devices = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;

const games = [
  ['sliding', '/?game=sliding&size=4x4&seed=3', /^Hint: slide \d+/],
  ['pegs', '/?game=pegs', /^Hint: jump/],
  ['route', '/?game=route&map=office', /^Hint: walk/],
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function box(page: Page, selector: string): Promise<Box> {
  const found = await page.locator(selector).boundingBox();
  if (!found) throw new Error(`${selector} is not shown`);
  return found;
}

/** The board, the message line and the action bar are wholly on screen, the
 * page does not scroll, and every action is a thumb's target. */
async function checkOnScreen(page: Page, viewport: { width: number; height: number }) {
  const board = await box(page, '#board');
  const message = await box(page, '#message');
  const actions = await box(page, 'nav.actions');
  for (const [name, part] of [['board', board], ['message', message], ['action bar', actions]] as const) {
    expect(part.y, `${name} top`).toBeGreaterThanOrEqual(0);
    expect(part.y + part.height, `${name} bottom`).toBeLessThanOrEqual(viewport.height + 0.5);
    expect(part.x, `${name} left`).toBeGreaterThanOrEqual(0);
    expect(part.x + part.width, `${name} right`).toBeLessThanOrEqual(viewport.width + 0.5);
  }
  // The message sits right under the board (the status line between, and
  // on route maps the zoom buttons), the action bar under both, at the
  // bottom of the screen.
  expect(message.y).toBeGreaterThanOrEqual(board.y + board.height - 0.5);
  const zoom = await page.locator('.zoom-bar').isVisible();
  expect(message.y - (board.y + board.height)).toBeLessThan(zoom ? 100 : 60);
  expect(actions.y).toBeGreaterThanOrEqual(message.y + message.height - 0.5);
  expect(viewport.height - (actions.y + actions.height)).toBeLessThan(24);
  const scroll = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  expect(scroll, 'the page scrolls').toBeLessThanOrEqual(1);
  for (const button of await page.locator('nav.actions button:visible').all()) {
    const size = (await button.boundingBox())!;
    expect(size.height, `${await button.textContent()} is 44 px tall`).toBeGreaterThanOrEqual(44);
    expect(size.width).toBeGreaterThanOrEqual(44);
  }
}

async function open(browser: Browser, device: string, viewport: { width: number; height: number }, scheme: 'light' | 'dark') {
  const context = await browser.newContext({ viewport, colorScheme: scheme, hasTouch: device === 'phone' });
  return { context, page: await context.newPage() };
}

for (const scheme of ['light', 'dark'] as const) {
  for (const [device, viewport] of devices) {
    test(`every game's board, message and action bar are on a ${device} screen in ${scheme} colours`, async ({ browser }, testInfo) => {
      const { context, page } = await open(browser, device, viewport, scheme);
      const console = watchConsole(page);
      for (const [game, address, hinted] of games) {
        await page.goto(address);
        await expect(page.locator('#board-description')).not.toBeEmpty();
        await page.locator('#hint').click();
        await expect(page.locator('#message')).toHaveText(hinted, { timeout: 60_000 });
        await checkOnScreen(page, viewport);
        await keepScreenshot(page, testInfo, `layout-${game}-${device}-${scheme}`);
      }
      console.check();
      await context.close();
    });
  }
}

for (const [device, viewport] of devices) {
  test(`nothing moves on a ${device} screen when Cancel and Stop take their places`, async ({ browser }) => {
    const { context, page } = await open(browser, device, viewport, 'light');
    const console = watchConsole(page);
    // A 5x5 hint goes on looking for the shortest solution: Cancel shows.
    await page.goto('/?game=sliding&size=5x5&seed=2');
    await expect(page.locator('#board-description')).toContainText('5 by 5 board');
    const parts = ['#board', '#message', '#undo', '#redo', '#hint', '#solve', '#shuffle'];
    const before = await Promise.all(parts.map((part) => box(page, part)));
    await page.locator('#hint').click();
    await expect(page.locator('#cancel')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('#hint')).toBeHidden();
    expect(await box(page, '#cancel'), 'Cancel takes Hint\'s place').toEqual(before[4]);
    for (const [i, part] of parts.entries()) {
      if (part === '#hint') continue;
      expect(await box(page, part), `${part} stays put while the solver thinks`).toEqual(before[i]);
    }
    await page.locator('#speed').evaluate((speed: HTMLInputElement) => {
      speed.value = '1';
      speed.dispatchEvent(new Event('input'));
    }).catch(() => {});
    await page.locator('#solve').click();
    await expect(page.locator('#stop')).toBeVisible({ timeout: 30_000 });
    // Read at once: a long solution plays in about 20 s, and may be over soon.
    const [stop, skip] = await Promise.all([box(page, '#stop'), box(page, '#skip')]);
    expect(stop, 'Stop takes Solve\'s place').toEqual(before[5]);
    expect(skip, 'Skip to end takes Hint\'s place').toEqual(before[4]);
    for (const part of ['#board', '#message', '#undo', '#shuffle']) {
      expect(await box(page, part), `${part} stays put while the solver plays`).toEqual(before[parts.indexOf(part)]);
    }
    await page.locator('#skip').click({ timeout: 5_000 }).catch(() => {});
    await expect(page.locator('#solve')).toBeVisible();
    console.check();
    await context.close();
  });
}

test('on a phone the settings fold into Options, which opens in one tap and closes with Escape', async ({ browser }) => {
  const { context, page } = await open(browser, 'phone', { width: 390, height: 844 }, 'light');
  await page.goto('/?game=sliding&size=4x4&seed=3');
  await expect(page.locator('#board-description')).toContainText('4 by 4 board');
  const options = page.getByRole('button', { name: 'Options' });
  await expect(options).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Size')).toBeHidden();
  await options.click();
  await expect(options).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Size')).toBeVisible();
  await expect(page.getByLabel('Size')).toBeFocused();
  // The keys are the panel's while it is open: an arrow does not slide.
  const board = await page.locator('#board-description').textContent();
  await page.keyboard.press('Escape');
  await expect(options).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Size')).toBeHidden();
  await expect(options).toBeFocused();
  await expect(page.locator('#board-description')).toHaveText(board!);
  // Done closes it too.
  await options.click();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByLabel('Size')).toBeHidden();
  await context.close();
});

test('on a desktop the settings stand beside the board, with no Options button', async ({ browser }) => {
  const { context, page } = await open(browser, 'desktop', { width: 1280, height: 800 }, 'light');
  await page.goto('/?game=sliding&size=4x4&seed=3');
  await expect(page.getByLabel('Size')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Options' })).toBeHidden();
  const side = await box(page, '#options');
  const board = await box(page, '#board');
  expect(side.x + side.width).toBeLessThanOrEqual(board.x);
  await context.close();
});

for (const [game, address, rule] of [
  ['sliding', '/?game=sliding&size=3x3&seed=4', 'Put the tiles in order'],
  ['pegs', '/?game=pegs', 'Jump pegs over pegs until one is left'],
  ['route', '/?game=route&map=office', 'Walk from S to G by the shortest route you can find'],
] as const) {
  test(`How to play explains the ${game} game in one tap and closes with Escape`, async ({ browser }) => {
    const { context, page } = await open(browser, 'phone', { width: 390, height: 844 }, 'dark');
    await page.goto(address);
    await expect(page.locator('#board-description')).not.toBeEmpty();
    await page.getByRole('button', { name: /How to play|Help/ }).click();
    const dialog = page.getByRole('dialog', { name: 'How to play' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(rule);
    await expect(dialog).toContainText('Hint');
    await expect(dialog).toContainText('Solve');
    for (const other of games.filter(([name]) => name !== game)) {
      await expect(dialog.locator(`section[data-game="${other[0]}"]`)).toBeHidden();
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await context.close();
  });
}

test('the first Tab reaches a skip link that takes the keyboard to the board', async ({ page }) => {
  await page.goto('/?game=sliding&size=3x3&seed=4');
  await expect(page.locator('#board-description')).toContainText('3 by 3 board');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the board' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#board')).toBeFocused();
  const before = await page.locator('#board-description').textContent();
  for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
    await page.keyboard.press(key);
    if ((await page.locator('#board-description').textContent()) !== before) break;
  }
  await expect(page.locator('#board-description')).not.toHaveText(before!);
});

test('settings that do not apply are hidden, not greyed', async ({ page }) => {
  await page.goto('/?game=sliding&size=4x4&seed=3');
  await expect(page.locator('#board-description')).toContainText('4 by 4 board');
  // Numbers on the tiles are a choice only over a picture.
  await expect(page.getByLabel('Numbers on pictures')).toBeHidden();
  await expect(page.getByLabel('Difficulty')).toBeVisible();
  // Difficulty levels exist for 3x3 and 4x4 only.
  await page.getByLabel('Size').selectOption('6x6');
  await expect(page.locator('#board-description')).toContainText('6 by 6 board');
  await expect(page.getByLabel('Difficulty')).toBeHidden();
});
