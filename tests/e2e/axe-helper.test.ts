/**
 * The axe helper reads colours at rest, not mid-fade. CI failed twice on a field's help text read at #7c838c on white
 * (3.83:1): antd fades help lines in, and the old helper gave up waiting after 1 s on a loaded machine (or caught the
 * frame before the fade started). A slow fade that never ends within the wait, next to a trickle that keeps starting
 * new animations (the loading bar), must still be read at its final colour; a colour that is faint at rest must
 * still fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectChromium } from '../helpers/browser';
import { axeViolations, WCAG_22_AA } from '../helpers/axe';

let browser: Browser;
beforeAll(async () => {
  browser = await connectChromium();
});
afterAll(async () => {
  await browser.close();
});

/** A page whose help line fades in over 20 s (the final colour is `restColour`) while a bar restarts every 100 ms. */
async function fadingPage(restColour: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent(`<!doctype html><html lang="en"><head><title>fade</title><style>
    body { background: #fff; font: 14px sans-serif }
    .help { color: ${restColour}; opacity: 0; transition: opacity 20s linear }
    .help.shown { opacity: 1 }
    .bar { height: 2px; width: 10px; background: #1d4ed8 }
    .bar.go { animation: grow 80ms linear }
    @keyframes grow { from { width: 0 } to { width: 10px } }
  </style></head><body><main><h1>Form</h1><p class="help">Your description, in a few words</p>
  <div class="bar"></div></main><script>
    requestAnimationFrame(() => requestAnimationFrame(() => document.querySelector('.help').classList.add('shown')));
    const bar = document.querySelector('.bar');
    setInterval(() => { bar.classList.remove('go'); void bar.offsetWidth; bar.classList.add('go'); }, 100);
  </script></body></html>`);
  return page;
}

describe('the axe helper', () => {
  it('reads a fading help line at its final colour, even while other animations keep starting', async () => {
    const page = await fadingPage('#545d68'); // the theme's colorTextDescription: 6.5:1 on white
    expect(await axeViolations(page, 'fade', { tags: WCAG_22_AA })).toEqual([]);
    await page.context().close();
  });

  it('still fails a colour that is too faint at rest', async () => {
    const page = await fadingPage('#9aa0a6'); // 2.6:1 on white
    const violations = await axeViolations(page, 'faint', { tags: WCAG_22_AA });
    expect(violations.some((v) => v.includes('color-contrast'))).toBe(true);
    await page.context().close();
  });
});
