import { createHash } from 'node:crypto';
import { expect, Page, test } from '@playwright/test';
import { watchConsole } from './helpers';

// The built page carries a Content Security Policy (a meta tag that the
// build's post_build hook, www/csp-stamp.sh, completes with the hash of the
// loader script Trunk writes inline): only the site itself, its workers and
// WebAssembly. Every game plays, hints and solves under it without a single
// violation, and a script the policy does not name is refused.

/** The policy's directives, by name. */
async function policy(page: Page): Promise<Map<string, string[]>> {
  const content = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(content, 'the page carries a policy').toBeTruthy();
  return new Map(
    content!
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((words) => words[0] !== '')
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** Records every CSP violation the page reports, from before its first script. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    (window as any).__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as any).__violations.push(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'}`);
    });
  });
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) consoleReports.push(message.text());
  });
  return {
    check: async () => {
      expect(await page.evaluate(() => (window as any).__violations)).toEqual([]);
      expect(consoleReports).toEqual([]);
    },
  };
}

test('the built page carries a policy that allows only the site itself, its workers and WebAssembly', async ({ page, request }) => {
  await page.goto('/');
  const directives = await policy(page);
  expect(directives.get('default-src')).toEqual(["'none'"]);
  const scripts = directives.get('script-src')!;
  expect(scripts.slice(0, 2)).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  for (const [name, value] of [
    ['worker-src', ["'self'"]],
    ['connect-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ] as const) {
    expect(directives.get(name), name).toEqual(value);
  }
  expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
  // The page's own style sheet, inline (index.html): its hash, nothing else inline.
  const styles = directives.get('style-src')!;
  expect(styles[0]).toBe("'self'");
  for (const sources of directives.values()) {
    for (const banned of ["'unsafe-inline'", "'unsafe-eval'", '*', 'http:', 'https:', 'blob:']) {
      expect(sources).not.toContain(banned);
    }
  }

  // The hashes are exactly those of the inline scripts of the page as
  // served, so Trunk's loader runs and nothing else inline would.
  const html = await (await request.get('/')).text();
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`,
  );
  expect(inline.length).toBeGreaterThan(0);
  expect(scripts.slice(2).sort()).toEqual([...new Set(inline)].sort());
  const sheets = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`,
  );
  expect(sheets).toHaveLength(1);
  expect(styles.slice(1)).toEqual(sheets);

  // It is enforced: an inline script of anyone else's does not run.
  await watchViolations(page);
  await page.reload();
  await expect(page.locator('#board-description')).not.toBeEmpty();
  const ran = await page.evaluate(async () => {
    // An inline script runs as it is added, if it may; the refusal is
    // reported as an event, which is waited for.
    const refused = new Promise((resolve) => document.addEventListener('securitypolicyviolation', resolve, { once: true }));
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
    await refused;
    return (window as any).__injected === true;
  });
  expect(ran).toBe(false);
  const refused: string[] = await page.evaluate(() => (window as any).__violations);
  expect(refused).toHaveLength(1);
  expect(refused[0]).toMatch(/^script-src(-elem)? refused inline$/);
});

for (const game of ['sliding', 'pegs', 'route', 'blocks']) {
  test(`the ${game} game starts, hints and solves with no policy violation`, async ({ page }) => {
    test.setTimeout(120_000);
    const console = watchConsole(page);
    const violations = await watchViolations(page);
    await page.goto(`/?game=${game}&size=4x4&seed=3`);
    await expect(page.locator('#game')).toHaveValue(game);
    await expect(page.locator('#board-description')).not.toBeEmpty();
    // The service worker installs (worker-src) and the page's own workers
    // start (they fetch the 4x4 tables: connect-src).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    if (game === 'sliding') {
      await expect(page.locator('#slide-app')).toHaveAttribute('data-tables', 'ready', { timeout: 60_000 });
      // A built-in picture (img-src 'self').
      await page.locator('#picture').selectOption('hills');
      await expect(page.locator('#slide-app')).toHaveAttribute('data-picture', 'hills');
    }
    await page.getByRole('button', { name: 'Hint' }).click();
    await expect(page.locator('#message')).toContainText('Hint');
    await page.getByLabel('Speed').fill('30');
    await page.getByRole('button', { name: 'Solve' }).click();
    await expect(page.getByRole('status')).toContainText(/Solved|Goal!/, { timeout: 60_000 });
    await violations.check();
    console.check();
  });
}
