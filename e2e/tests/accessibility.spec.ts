import { readFileSync } from 'node:fs';
import { expect, FileChooser, Page, test } from '@playwright/test';
import { loadBoard, watchConsole } from './helpers';

// axe-core, run inside the page, finds no violations of any impact (its
// default rules: WCAG 2 A and AA, and best practices such as landmarks) in
// any game, in the light and the dark colour scheme; and every control is
// reached by Tab with a visible focus ring, and works from the keyboard.

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
};

/** axe-core's violations on the page as it is now, one readable line per node. */
async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    // Evaluated through the DevTools protocol, not added as an inline
    // <script>, which the page's Content Security Policy refuses.
    await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  }
  const found: Violation[] = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return found.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.impact} ${violation.id} (${violation.help}) at ${JSON.stringify(node.target)}: ` +
        `${(node.failureSummary || '').replace(/\s+/g, ' ')}`,
    ),
  );
}

/** Opens a game and waits until its board is described. */
async function open(page: Page, game: string) {
  await page.goto(`/?game=${game}&size=4x4&seed=3`);
  await expect(page.locator('#board-description')).not.toBeEmpty();
  await expect(page.locator('#game')).toHaveValue(game);
}

for (const scheme of ['light', 'dark'] as const) {
  for (const game of ['sliding', 'pegs', 'route', 'blocks']) {
    test(`axe finds no violations in the ${game} game in the ${scheme} scheme`, async ({ page }) => {
      const console = watchConsole(page);
      await page.emulateMedia({ colorScheme: scheme });
      await open(page, game);
      expect(await violations(page), 'as loaded').toEqual([]);

      // With every section open, a hint on show and a move made.
      for (const summary of await page.locator(`details[data-game="${game}"] summary`).all()) await summary.click();
      await page.getByRole('button', { name: 'Hint' }).click();
      await expect(page.locator('#message')).not.toBeEmpty();
      await page.locator('#board').focus();
      await page.keyboard.press('Control+z'); // nothing to undo: nothing happens
      expect(await violations(page), 'with the sections open and a hint').toEqual([]);

      if (game === 'sliding') {
        // A refusal in red, then a win in the status line.
        await loadBoard(page, '1 2');
        await expect(page.locator('#board-error')).not.toBeEmpty();
        expect(await violations(page), 'with an error shown').toEqual([]);
        await loadBoard(page, '1 2 3\n4 5 6\n7 0 8');
        await page.locator('#board').focus();
        await page.keyboard.press('ArrowLeft');
        await expect(page.getByRole('status')).toContainText('Solved');
        expect(await violations(page), 'solved').toEqual([]);
      }
      console.check();
    });
  }
}

test('the page has a main landmark, and its content sits in landmarks', async ({ page }) => {
  await open(page, 'sliding');
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Options' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Actions' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Moves: 0');
  await expect(page.locator('#board')).toHaveAttribute('aria-describedby', 'board-description');
});

test('the board is described as it changes, and a short summary is announced once it stands still', async ({ page }) => {
  await page.goto('/?size=3x3&seed=4');
  const description = page.locator('#board-description');
  const news = page.locator('#board-news');
  await expect(description).toContainText('3 by 3 board');
  await expect(news).toHaveAttribute('aria-live', 'polite');
  await expect(news).toBeEmpty();
  const before = await description.textContent();
  await page.locator('#board').focus();
  for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
    await page.keyboard.press(key);
    if ((await description.textContent()) !== before) break;
  }
  await expect(description).not.toHaveText(before!);
  await expect(news).toHaveText(/^\d of 8 tiles in place; the blank is in row \d, column \d\.$/);

  // Peg solitaire: the pegs left.
  await page.locator('#game').selectOption('pegs');
  await expect(description).toContainText('Peg solitaire board with 32 pegs');
  await expect(news).toHaveText('32 pegs left.');
});

/** The focused element's description and whether it shows a focus ring. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    // A hidden file input shows its ring on the label that stands for it.
    const shown = element.matches('input[type="file"]')
      ? (document.querySelector(`label[for="${element.id}"]`) as HTMLElement)
      : element;
    const style = getComputedStyle(shown);
    const ring =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) ||
      (style.boxShadow !== 'none' && style.boxShadow !== '');
    const name = element.id || element.tagName.toLowerCase();
    return { name, ring, visible: shown.getBoundingClientRect().width > 0 };
  });
}

for (const game of ['sliding', 'pegs', 'route', 'blocks']) {
  test(`Tab reaches every control of the ${game} game with a visible focus ring`, async ({ page }) => {
    await open(page, game);
    const expected = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('button, select, input, textarea, summary, canvas[tabindex]')]
        .filter((element) => {
          if (element.closest('[hidden]') || (element as HTMLButtonElement).disabled) return false;
          if (element.closest('details:not([open])') && element.tagName !== 'SUMMARY') return false;
          // The hidden file input is reached; its label shows the ring.
          return element.getClientRects().length > 0 || element.matches('input[type="file"]');
        })
        .map((element) => element.id || element.tagName.toLowerCase()),
    );
    const reached: string[] = [];
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    for (let i = 0; i < expected.length + 5; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (!now) continue;
      expect(now.ring, `${now.name} shows a focus ring`).toBe(true);
      expect(now.visible, `${now.name} is on screen`).toBe(true);
      if (reached.includes(now.name)) break;
      reached.push(now.name);
    }
    for (const name of expected) expect(reached, `Tab reaches ${name}`).toContain(name);
  });
}

test('Shuffle, Hint and Solve work with Enter and Space, and the file picker opens from the keyboard', async ({ page }) => {
  const console = watchConsole(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/?size=3x3&seed=4');
  await expect(page.locator('#board-description')).toContainText('3 by 3 board');
  const status = page.getByRole('status');
  const before = await page.locator('#board-description').textContent();
  await page.locator('#shuffle').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#board-description')).not.toHaveText(before!);
  await page.locator('#hint').focus();
  await page.keyboard.press(' ');
  await expect(page.locator('#message')).toHaveText(/^Hint: slide \d+/);
  await page.locator('#speed').focus();
  await page.keyboard.press('End'); // the fastest speed
  await expect(page.locator('#speed')).toHaveValue('30');
  await page.locator('#solve').focus();
  await page.keyboard.press('Enter');
  await expect(status).toContainText(/Solved by the solver in \d+ moves/, { timeout: 30_000 });

  // The route game's hidden file input opens the system's picker on Enter.
  // Playwright intercepts pickers only once something listens for them, and
  // switches that on without waiting: a listener added just before the key
  // press (as `waitForEvent` does) races the press, and a picker that opens
  // first goes to headless Chromium, which drops it. So the listener is in
  // place before the page is even opened.
  const choosers: FileChooser[] = [];
  page.on('filechooser', (chooser) => choosers.push(chooser));
  await page.goto('/?game=route');
  await expect(page.locator('#board-description')).not.toBeEmpty();
  await page.locator('#route-file').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => choosers.length).toBe(1);
  expect(await choosers[0].element().getAttribute('id')).toBe('route-file');
  console.check();
});

/**
 * Slides a tile with a key press and returns the board's pixels as drawn
 * at once (the page redraws in the key's handler) and once nothing on the
 * board moves (the page marks `data-animating` on `#slide-app`).
 */
async function slideFrames(page: Page) {
  return page.evaluate(async () => {
    const canvas = document.querySelector('#board') as HTMLCanvasElement;
    const description = document.querySelector('#board-description')!;
    canvas.focus();
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
      const before = description.textContent;
      canvas.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      if (description.textContent !== before) break;
    }
    const first = canvas.toDataURL();
    const app = document.querySelector('#slide-app')!;
    while (app.getAttribute('data-animating') !== 'no') {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return { first, last: canvas.toDataURL() };
  });
}

// Retried: on a heavily loaded machine (a fresh clone's whole `make test`
// beside other builds) its first frame was once caught already at the
// slide's end, so that the "tile slides" check saw no motion; it passed on
// the rerun and in every run on a quieter machine. A real regression fails
// every try.
test.describe('reduced motion', () => {
  test.describe.configure({ retries: 2 });
  test('with reduced motion a slide is drawn at once, and the page follows the setting live', async ({ page }) => {
    await page.goto('/?size=3x3&seed=4');
    await expect(page.locator('#board-description')).toContainText('3 by 3 board');
    await expect(page.locator('#slide-app')).toHaveAttribute('data-motion', 'full');
    const moving = await slideFrames(page);
    expect(moving.first, 'without the setting the tile slides').not.toBe(moving.last);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(page.locator('#slide-app')).toHaveAttribute('data-motion', 'reduced');
    const still = await slideFrames(page);
    expect(still.first, 'with reduced motion the first frame drawn is the last').toBe(still.last);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(page.locator('#slide-app')).toHaveAttribute('data-motion', 'full');
  });
});
