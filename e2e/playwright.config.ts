import { defineConfig } from '@playwright/test';

// End-to-end tests of the built site (dist/, from `trunk build --release`)
// in Debian's Chromium. Playwright's own browser downloads are never used.
const port = Number(process.env.E2E_PORT || 8091);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 900, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node serve.mjs ${port} ../dist`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
