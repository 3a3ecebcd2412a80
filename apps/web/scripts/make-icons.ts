import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

/**
 * Draws the app's icons from `public/favicon.svg` (the header's Orchard mark) with Chromium:
 * `favicon.ico` (32 px, for clients that ask for it without reading the page), the touch icon and
 * the manifest's icons (opaque, the mark on the canvas colour with room for a maskable crop).
 * Run by hand after changing the mark: `npx tsx apps/web/scripts/make-icons.ts`.
 */
const publicDir = path.resolve(import.meta.dirname, '../public');
const mark = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const canvas = '#fbf7f3';

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  const draw = async (size: number, opaque: boolean) => {
    // An opaque icon keeps the mark inside the central 80 % a maskable icon's crop may keep.
    const inset = opaque ? Math.round(size * 0.14) : 0;
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:${opaque ? canvas : 'transparent'}"><div style="padding:${inset}px;width:${size}px;height:${size}px;box-sizing:border-box">${mark.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body></html>`,
    );
    return page.screenshot({ omitBackground: !opaque, type: 'png' });
  };
  fs.writeFileSync(path.join(publicDir, 'apple-touch-icon.png'), await draw(180, true));
  fs.writeFileSync(path.join(publicDir, 'icon-192.png'), await draw(192, true));
  fs.writeFileSync(path.join(publicDir, 'icon-512.png'), await draw(512, true));
  fs.writeFileSync(path.join(publicDir, 'favicon.ico'), icoOf(await draw(32, false), 32));
} finally {
  await browser.close();
}

/** An ICO file holding one PNG image (supported by every browser since Windows Vista's format). */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18);
  return Buffer.concat([header, png]);
}
