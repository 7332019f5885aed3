// Screenshots of every game at a phone's and a desktop's size, in light and
// dark colours, after a hint: for looking at the page as a player sees it.
// Usage: node e2e/screenshots.mjs LABEL [port]   (the built site in dist/)
// Writes e2e/artifacts/LABEL/<game>-<device>-<scheme>.png and prints where
// the board, the message line and the actions sit against the screen.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';

const label = process.argv[2] || 'now';
const port = Number(process.argv[3] || 8097);
const here = new URL('.', import.meta.url).pathname;
const out = `${here}artifacts/${label}`;
mkdirSync(out, { recursive: true });

const server = spawn('node', [`${here}serve.mjs`, String(port), `${here}../dist`], { stdio: 'ignore' });
// Started once it answers.
for (let tries = 0; ; tries++) {
  try {
    await fetch(`http://127.0.0.1:${port}/`);
    break;
  } catch (error) {
    if (tries > 200) throw error;
    await new Promise((r) => setTimeout(r, 25));
  }
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const devices = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
];
const games = [
  ['sliding', '?game=sliding&size=4x4&seed=3', /^Hint/],
  ['pegs', '?game=pegs', /^Hint/],
  ['route', '?game=route&map=office', /^Hint/],
  ['blocks', '?game=blocks', /^Hint/],
];
/** Waits until the board stands still and every CSS transition has ended. */
async function settled(page) {
  await page.waitForSelector('#slide-app[data-animating="no"]');
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

try {
  for (const [device, viewport] of devices) {
    for (const scheme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport, colorScheme: scheme, hasTouch: device === 'phone', isMobile: device === 'phone' });
      const page = await context.newPage();
      // Errors the page logs or throws, said with the shot they came before.
      const errors = [];
      page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
      page.on('pageerror', (error) => errors.push(String(error)));
      for (const [game, query, hinted] of games) {
        await page.goto(`http://127.0.0.1:${port}/${query}`);
        await page.waitForSelector('#slide-app[data-animating="no"]');
        await page.locator('#hint').click();
        try {
          await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#message').textContent), hinted.source, { timeout: 30000 });
        } catch { /* the screenshot shows what happened */ }
        await settled(page);
        const name = `${game}-${device}-${scheme}`;
        await page.screenshot({ path: `${out}/${name}.png` });
        const where = await page.evaluate(() => {
          const box = (s) => { const e = document.querySelector(s); if (!e || !e.offsetParent) return null; const r = e.getBoundingClientRect(); return `${Math.round(r.top)}-${Math.round(r.bottom)}`; };
          return { board: box('#board'), message: box('#message'), hint: box('#hint'), solve: box('#solve'), height: innerHeight, scroll: document.documentElement.scrollHeight };
        });
        console.log(name, JSON.stringify(where), JSON.stringify(await page.locator('#message').textContent()), `console errors: ${errors.length}`, ...errors.splice(0));
      }
      if (device === 'phone' && await page.locator('#options-toggle').count()) {
        // The panels, on the last game shown.
        await page.locator('#options-toggle').click();
        await page.waitForSelector('#slide-app[data-options="open"]');
        await settled(page);
        await page.screenshot({ path: `${out}/options-${device}-${scheme}.png` });
        await page.keyboard.press('Escape');
        await page.locator('#help-open').click();
        await page.waitForSelector('dialog[open]');
        await settled(page);
        await page.screenshot({ path: `${out}/help-${device}-${scheme}.png` });
        await page.keyboard.press('Escape');
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.kill();
}
