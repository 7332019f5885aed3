// Renders the app icons the web app manifest names (www/icon-192.png,
// www/icon-512.png, www/icon-maskable-512.png) from www/icon.svg in
// Debian's headless Chromium. Run once when the icon changes, and commit
// the PNGs: the build only copies them. Usage: node render-icons.mjs
import { readFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const www = new URL('../www/', import.meta.url).pathname;
const svg = await readFile(`${www}icon.svg`, 'utf8');
// The maskable icon: the same drawing on a full-bleed background, shrunk
// into the central safe zone (a circle of 80 % of the side) that every
// launcher's mask keeps.
const maskable = svg
  .replace('viewBox="0 0 64 64"', 'viewBox="-14 -14 92 92"')
  .replace('<rect width="64" height="64" rx="12" fill="#2d3142"/>',
    '<rect x="-14" y="-14" width="92" height="92" fill="#2d3142"/>');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const [name, size, source] of [
  ['icon-192.png', 192, svg],
  ['icon-512.png', 512, svg],
  ['icon-maskable-512.png', 512, maskable],
]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const sized = source.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
  await page.screenshot({ path: `${www}${name}`, omitBackground: true });
  await page.close();
}
await browser.close();
