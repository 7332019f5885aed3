import { expect, Page, test } from '@playwright/test';
import { boardStill, boardTiles, keepScreenshot, openGame, watchConsole } from './helpers';

/** The colour (r, g, b) of the board canvas at a point given as fractions of its size. */
async function pixelAt(page: Page, fx: number, fy: number): Promise<number[]> {
  return page.evaluate(
    ([fx, fy]) => {
      const canvas = document.querySelector('#board') as HTMLCanvasElement;
      const ctx = canvas.getContext('2d')!;
      const x = Math.floor(fx * canvas.width);
      const y = Math.floor(fy * canvas.height);
      return Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
    },
    [fx, fy],
  );
}

/** The colour at the centre of the cell holding `tile` (0: the blank). */
async function tileColour(page: Page, tile: number): Promise<number[]> {
  const board = await boardTiles(page);
  const cell = board.tiles.indexOf(tile);
  const [row, col] = [Math.floor(cell / board.width), cell % board.width];
  // A little below the centre: clear of a small number in the corner.
  return pixelAt(page, (col + 0.55) / board.width, (row + 0.6) / board.height);
}

/** The share of a 24x24 sample of the canvas that has the plain tile colour. */
async function plainTileShare(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector('#board') as HTMLCanvasElement;
    const tile = getComputedStyle(canvas).getPropertyValue('--tile').trim();
    const probe = document.createElement('canvas').getContext('2d')!;
    probe.fillStyle = tile;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let plain = 0;
    const n = 24;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const x = Math.floor(((i + 0.5) / n) * canvas.width);
        const y = Math.floor(((j + 0.5) / n) * canvas.height);
        const k = (y * canvas.width + x) * 4;
        if (Math.abs(data[k] - r) + Math.abs(data[k + 1] - g) + Math.abs(data[k + 2] - b) < 6) plain++;
      }
    }
    return plain / (n * n);
  });
}

const boardImage = (page: Page) => page.evaluate(() => (document.querySelector('#board') as HTMLCanvasElement).toDataURL());

/** A PNG of two halves, left `left` and right `right`, made in the page. */
async function twoColourPng(page: Page, left: string, right: string): Promise<Buffer> {
  const bytes = await page.evaluate(
    async ([left, right]) => {
      const canvas = new OffscreenCanvas(300, 200);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = left;
      ctx.fillRect(0, 0, 150, 200);
      ctx.fillStyle = right;
      ctx.fillRect(150, 0, 150, 200);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    },
    [left, right],
  );
  return Buffer.from(bytes);
}

const app = (page: Page) => page.locator('#slide-app');

test('a built-in picture replaces the numbers, leaves the blank empty and survives a reload', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await page.setViewportSize({ width: 1000, height: 1000 });
  await openGame(page, '4x4', 3);
  await expect(app(page)).toHaveAttribute('data-picture', 'numbers');
  await expect(page.locator('#picture-numbers')).toBeDisabled();
  const numbers = await boardImage(page);
  expect(await plainTileShare(page)).toBeGreaterThan(0.4);

  await page.locator('#picture').selectOption('hills');
  await expect(app(page)).toHaveAttribute('data-picture', 'hills');
  expect(await boardImage(page)).not.toEqual(numbers);
  // The faces show the picture, not the plain tile colour.
  expect(await plainTileShare(page)).toBeLessThan(0.05);
  // The blank's cell shows the board behind it.
  const board = await page.evaluate(() => getComputedStyle(document.querySelector('#board')!).getPropertyValue('--board').trim());
  const blank = await tileColour(page, 0);
  expect(`#${blank.map((c) => c.toString(16).padStart(2, '0')).join('')}`).toBe(board);
  await keepScreenshot(page, testInfo, 'pictures-hills-4x4');

  // Tiles keep their pieces while they slide: a move changes the picture's
  // arrangement, and the tile moved shows the same colour in its new cell.
  const before = await boardTiles(page);
  const b = before.tiles.indexOf(0);
  const neighbour = b % 4 > 0 ? b - 1 : b + 1;
  const moved = before.tiles[neighbour];
  const colourBefore = await tileColour(page, moved);
  await page.locator('#board').focus();
  await page.keyboard.press(b % 4 > 0 ? 'ArrowRight' : 'ArrowLeft');
  await expect(page.getByRole('status')).toContainText('Moves: 1');
  await boardStill(page);
  expect(await tileColour(page, moved)).toEqual(colourBefore);

  // Every built-in picture draws, and differs from the others.
  const drawn = new Set<string>();
  for (const id of ['mosaic', 'harbour', 'balloons', 'hills']) {
    await page.locator('#picture').selectOption(id);
    await expect(app(page)).toHaveAttribute('data-picture', id);
    drawn.add(await boardImage(page));
  }
  expect(drawn.size).toBe(4);

  await page.reload();
  await expect(page.locator('#board-description')).toContainText('board');
  await expect(page.locator('#picture')).toHaveValue('hills');
  await expect(app(page)).toHaveAttribute('data-picture', 'hills');
  expect(await plainTileShare(page)).toBeLessThan(0.05);

  // Back to numbers, kept too.
  await page.locator('#picture').selectOption('numbers');
  await expect(app(page)).toHaveAttribute('data-picture', 'numbers');
  await page.reload();
  await expect(page.locator('#board-description')).toContainText('board');
  await expect(page.locator('#picture')).toHaveValue('numbers');
  expect(await plainTileShare(page)).toBeGreaterThan(0.4);
  console.check();
});

test('a picture is cut to every size of board', async ({ page }) => {
  const console = watchConsole(page);
  await openGame(page, '3x3', 5);
  await page.locator('#picture').selectOption('mosaic');
  await expect(app(page)).toHaveAttribute('data-picture', 'mosaic');
  for (const size of ['3x3', '4x4', '5x5', '6x6', '7x7', '8x8', '9x9', '10x10', '4x3', '5x4']) {
    await page.locator('#size').selectOption(size);
    const [w, h] = size.split('x').map(Number);
    await expect(page.locator('#board-description')).toContainText(`${w} by ${h} board`);
    expect(await plainTileShare(page), size).toBeLessThan(0.05);
  }
  console.check();
});

test("a player's image is read from a file or a drop, kept, and a non-image is refused", async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openGame(page, '4x4', 8);
  // Red on the left, blue on the right: tile 1 (top left in the goal) is
  // red, tile 4 (top right) blue, wherever they are now.
  await page.locator('#picture-file').setInputFiles({
    name: 'mine.png',
    mimeType: 'image/png',
    buffer: await twoColourPng(page, '#ff0000', '#0000ff'),
  });
  await expect(app(page)).toHaveAttribute('data-picture', 'own');
  await expect(page.locator('#picture')).toHaveValue('own');
  const red = await tileColour(page, 1);
  const blue = await tileColour(page, 4);
  expect(red[0]).toBeGreaterThan(200);
  expect(red[2]).toBeLessThan(60);
  expect(blue[2]).toBeGreaterThan(200);
  expect(blue[0]).toBeLessThan(60);
  await keepScreenshot(page, testInfo, 'pictures-own-4x4');

  // Kept for the next visit (never sent anywhere: it is stored as a data URL).
  const stored = await page.evaluate(() => localStorage.getItem('slide.picture.v1'));
  expect(stored).toContain('choice own');
  expect(stored).toContain('image data:image/jpeg;base64,');
  await page.reload();
  await expect(app(page)).toHaveAttribute('data-picture', 'own');
  expect((await tileColour(page, 1))[0]).toBeGreaterThan(200);

  // A file that is not an image is refused; the picture stays.
  await page.locator('#picture-file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('these are not pixels'),
  });
  await expect(page.locator('#message')).toHaveText('That file could not be read as an image.');
  await expect(app(page)).toHaveAttribute('data-picture', 'own');
  expect((await tileColour(page, 1))[0]).toBeGreaterThan(200);

  // An image dropped on the board replaces it.
  const green = await twoColourPng(page, '#00c000', '#ffff00');
  await page.evaluate(async (bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'dropped.png', { type: 'image/png' }));
    const wrap = document.querySelector('#board-wrap')!;
    wrap.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    wrap.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, Array.from(green));
  await expect.poll(async () => (await tileColour(page, 1))[1]).toBeGreaterThan(150);
  expect((await tileColour(page, 1))[0]).toBeLessThan(60);
  await expect(page.locator('#message')).not.toHaveText('That file could not be read as an image.');

  // Choosing a built-in picture and then "Your image" again brings it back.
  await page.locator('#picture').selectOption('harbour');
  await expect(app(page)).toHaveAttribute('data-picture', 'harbour');
  await page.locator('#picture').selectOption('own');
  await expect(app(page)).toHaveAttribute('data-picture', 'own');
  expect((await tileColour(page, 1))[1]).toBeGreaterThan(150);
  console.check();
});

test('small numbers over a picture toggle on and off and are kept', async ({ page }, testInfo) => {
  const console = watchConsole(page);
  await openGame(page, '4x4', 11);
  await page.locator('#picture').selectOption('mosaic');
  await expect(app(page)).toHaveAttribute('data-picture', 'mosaic');
  const plain = await boardImage(page);
  const toggle = page.locator('#picture-numbers');
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();

  await toggle.check();
  const numbered = await boardImage(page);
  expect(numbered).not.toEqual(plain);
  // The number's backing has the tile colour: a little of it shows.
  const share = await plainTileShare(page);
  expect(share).toBeLessThan(0.2);
  await keepScreenshot(page, testInfo, 'pictures-numbers-4x4');

  await page.reload();
  await expect(app(page)).toHaveAttribute('data-picture', 'mosaic');
  await expect(toggle).toBeChecked();
  // The picture is drawn once it is decoded, a moment after the page opens.
  await expect.poll(() => boardImage(page)).toEqual(numbered);

  await toggle.uncheck();
  expect(await boardImage(page)).toEqual(plain);
  console.check();
});

test('damaged picture settings are ignored: numbers, a sentence, no crash', async ({ page }) => {
  const console = watchConsole(page);
  await openGame(page, '4x4', 2);
  await page.evaluate(() => localStorage.setItem('slide.picture.v1', 'slide picture v1\nchoice own\nimage data:image/png;base64,@@@'));
  await page.reload();
  await expect(page.locator('#board-description')).toContainText('board');
  await expect(page.locator('#picture')).toHaveValue('numbers');
  await expect(app(page)).toHaveAttribute('data-picture', 'numbers');
  await expect(page.locator('#message')).toContainText('could not be used');
  await expect(page.locator('#crash')).toBeHidden();
  expect(await plainTileShare(page)).toBeGreaterThan(0.4);
  console.check();
});
