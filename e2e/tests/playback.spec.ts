import { expect, test } from '@playwright/test';
import { keepScreenshot, openGame, watchConsole } from './helpers';

test('a 10x10 Solve plays faster to finish in 20 s, says so, skips to the end and reports the time apart', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openGame(page, '10x10', 5);
  const status = page.getByRole('status');
  const message = page.locator('#message');

  // The player plays a little first: their own time.
  await page.locator('#board').focus();
  for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowLeft']) await page.keyboard.press(key);
  await expect(status).toContainText('Moves: 3');
  // Two seconds of the player's own on the clock.
  await expect(page.locator('#clock')).toHaveText(/0:0[2-9]/, { timeout: 5_000 });

  await page.getByRole('button', { name: 'Solve' }).click();
  // The default speed (6 moves/s) would take minutes: the solve plays faster
  // and says at what speed.
  await expect(message).toContainText(/^Auto-solving: [\d,]+ moves to go \(no solution is shorter than \d+\), at \d+ moves\/s to finish in 20 s$/, {
    timeout: 90_000,
  });
  const speed = Number((await message.textContent())!.match(/at (\d+) moves\/s/)![1]);
  expect(speed).toBeGreaterThanOrEqual(50);
  await expect(page.locator('#speed-value')).toHaveText(`6 moves/s · playing at ${speed}`);
  await keepScreenshot(page, testInfo, 'playback-fast');

  // The status clock is the player's time: it stands while the solver plays.
  // Measured in moves played: a second and a half of the solve's play.
  const clock = page.locator('#clock');
  const before = await clock.textContent();
  const movesNow = () => page.locator('#moves').textContent().then((text) => Number(text!.replace(/[^\d]/g, '')));
  const target = (await movesNow()) + Math.ceil(speed * 1.5);
  await expect.poll(movesNow, { timeout: 10_000 }).toBeGreaterThanOrEqual(target);
  await expect(clock).toHaveText(before!);
  const playerTime = before!.trim();

  // Skip to end finishes at once.
  const skip = page.getByRole('button', { name: 'Skip to end' });
  await expect(skip).toBeVisible();
  await skip.click();
  await expect(status).toContainText(
    new RegExp(`Solved by the solver in [\\d,]+ moves\\. Solver's time: \\d:\\d\\d; yours before Solve: ${playerTime}\\.`),
    { timeout: 2_000 },
  );
  expect(playerTime).not.toBe('0:00');
  await expect(skip).toBeHidden();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(page.locator('#board-description')).toContainText('10 by 10 board');
  await expect(clock).toHaveText(playerTime);
  await keepScreenshot(page, testInfo, 'playback-skipped');
  console.check();
});

test('the End key skips a maze walk to the goal', async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/?game=route&map=maze-40&seed=5');
  await expect(page.locator('#board-description')).toBeAttached();
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByRole('button', { name: 'Skip to end' })).toBeVisible({ timeout: 30_000 });
  await page.locator('#board').focus();
  await page.keyboard.press('End');
  await expect(page.getByRole('status')).toContainText(/Goal! \d+ legs\. The route: .* The solver walked it\. Solver's time: \d:\d\d\./, {
    timeout: 2_000,
  });
  console.check();
});
