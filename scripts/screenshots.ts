/**
 * Screenshots of pages in Chromium for a visual check: `node --import tsx scripts/screenshots.ts [baseUrl] [path...]`.
 * Writes /tmp/shots/<name>-<width>.png at 1400 px and 320 px wide.
 */
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../tests/helpers/browser';

const base = process.argv[2] ?? 'http://localhost:3000';
const paths = process.argv.slice(3).length ? process.argv.slice(3) : ['/en', '/en/jobs', '/es/acceso', '/ca/treball'];
mkdirSync('/tmp/shots', { recursive: true });
const browser = await launchChromium();
for (const width of [1400, 320]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`console error on ${page.url()}: ${m.text()}`));
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(400);
    const name = path.replace(/\//g, '_').replace(/^_/, '') || 'root';
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
    console.log(`/tmp/shots/${name}-${width}.png`);
  }
  await context.close();
}
await browser.close();
