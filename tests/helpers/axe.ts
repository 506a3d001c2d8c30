/**
 * axe-core on a page as the browser tests read it: serious and critical findings only. With `tags`, only those rules
 * (WCAG_22_AA: WCAG 2.2 A and AA, colour contrast included).
 *
 * axe cannot judge text on a gradient (it leaves such text "incomplete", not failed), which is how the directory's
 * cards once passed with dark grey names on navy (issue 25). So text axe left undecided over a gradient is checked
 * here against every colour stop of that gradient, with WCAG's thresholds (4.5:1, 3:1 for large text).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { gotoSettled } from './browser';

export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Each serious or critical violation on `page` as "label: axe rule target — summary"; an empty list when there is none. */
export async function axeViolations(
  page: Page,
  label = page.url(),
  { tags }: { tags?: string[] } = {},
): Promise<string[]> {
  await settleAnimations(page);
  // legacy mode: axe.run in the page itself. The default mode opens a blank page for every check to merge the results of
  // cross-origin frames (the portal has none) and took ~1.7 times as long (2.0 against 1.2 s a page, measured on the
  // member area)
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (tags) builder.withTags(tags);
  const result = await builder.analyze();
  const violations = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${label}: axe ${v.id} ${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.split('\n').slice(1).join(' ').trim()}` : ''}`,
      ),
    );
  const undecided = result.incomplete
    .filter((v) => v.id === 'color-contrast')
    .flatMap((v) => v.nodes.map((node) => node.target.join(' ')));
  return [...violations, ...(await gradientContrast(page, undecided)).map((failure) => `${label}: ${failure}`)];
}

/**
 * Brings the page's finite animations and transitions to their end, so axe reads colours as they are at rest: it reads
 * them as they are at that moment, and a help line still fading in (antd's help and buttons fade over 0.2–0.3 s) reads
 * as faint as it was mid-way. Waiting for them was not enough: a loaded machine outlasted any wait, and a page that
 * keeps starting new ones (the loading bar's trickle) never goes quiet. Finishing them does not depend on the
 * machine's speed. Two frames between rounds let a fade whose class was set this frame start before it is finished;
 * endless animations (a spinner) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 10; round += 1) {
      const finite = document
        .getAnimations()
        .filter((a) => a.playState !== 'finished' && a.effect?.getComputedTiming().iterations !== Infinity);
      if (round > 0 && finite.length === 0) return;
      for (const animation of finite) {
        try {
          animation.finish();
        } catch {
          // an animation with no end (playback rate 0) cannot be finished; it is read as it is
        }
      }
      await frame();
      await frame();
    }
  });
}

/** Text over a gradient below WCAG AA contrast against any of the gradient's colour stops. */
async function gradientContrast(page: Page, selectors: string[]): Promise<string[]> {
  if (selectors.length === 0) return [];
  return page.evaluate((targets) => {
    const rgba = (text: string) =>
      (text.match(/rgba?\([^)]+\)/g) ?? []).map((c) =>
        c
          .replace(/rgba?\(|\)/g, '')
          .split(/[,\s/]+/)
          .filter(Boolean)
          .map(Number),
      );
    const channel = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    const luminance = ([r, g, b]: number[]) => 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
    const out: string[] = [];
    for (const target of targets) {
      const element = document.querySelector(target);
      if (!element || !element.textContent?.trim()) continue;
      const style = getComputedStyle(element);
      let node: Element | null = element;
      let gradient = '';
      while (node) {
        const own = getComputedStyle(node);
        if (own.backgroundImage.includes('gradient')) gradient = own.backgroundImage;
        if (gradient || rgba(own.backgroundColor)[0]?.[3] !== 0) break; // the first painted background decides
        node = node.parentElement;
      }
      if (!gradient) continue;
      const [fg] = rgba(style.color);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      for (const stop of rgba(gradient)) {
        const alpha = fg![3] ?? 1;
        const text = [0, 1, 2].map((i) => fg![i]! * alpha + stop[i]! * (1 - alpha));
        const [a, b] = [luminance(text), luminance(stop)];
        const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        if (ratio < (large ? 3 : 4.5)) {
          out.push(
            `contrast on a gradient ${target}: ${ratio.toFixed(2)}:1 (${style.color} on rgb(${stop.slice(0, 3).join(', ')}))`,
          );
          break;
        }
      }
    }
    return out;
  }, selectors);
}

/**
 * Visits each path on `page` (already signed in as the right role) and runs axe (WCAG 2.2 AA) on it once its heading
 * (`heading`, a selector: the back office titles its pages with h2) is shown and its spinners are gone. A page that lands elsewhere (a guard sent it away) or shows no heading is a failure
 * too, so a page cannot pass by not being there. Returns the failures, "label path: …".
 */
export async function axeOnPages(
  page: Page,
  baseUrl: string,
  paths: string[],
  label: string,
  { heading = 'h1' }: { heading?: string } = {},
): Promise<string[]> {
  const failures: string[] = [];
  for (const path of paths) {
    await gotoSettled(page, `${baseUrl}${path}`);
    const at = `${label} ${path}`;
    if (new URL(page.url()).pathname !== path.split('?')[0]) {
      failures.push(`${at}: landed on ${new URL(page.url()).pathname}`);
      continue;
    }
    const found = await page
      .locator(heading)
      .first()
      .waitFor({ timeout: 15_000 })
      .then(
        () => true,
        () => false,
      );
    if (!found) failures.push(`${at}: no ${heading}`);
    await page
      .locator('.ant-spin-spinning')
      .first()
      .waitFor({ state: 'detached', timeout: 15_000 })
      .catch(() => failures.push(`${at}: still loading`));
    failures.push(...(await axeViolations(page, at, { tags: WCAG_22_AA })));
  }
  return failures;
}

/**
 * The language and width of each run of the area checks (member, company, back office): every language once, both
 * widths, the phone twice (its menus and drawers differ most). Every pairing, six runs per area, would take about
 * half an hour of the browser suite on a 2-core machine.
 */
export const AREA_RUNS: Array<{ lng: 'es' | 'en' | 'ca'; width: number }> = [
  { lng: 'es', width: 390 },
  { lng: 'en', width: 1400 },
  { lng: 'ca', width: 390 },
];
export type AreaRun = (typeof AREA_RUNS)[number];

/**
 * The runs of AREA_RUNS in `lng`: each area's checks are one file per language (tests/e2e/<area>-axe-<lng>.test.ts,
 * the checks themselves in tests/e2e/suites/), so that two browser workers share them. None would leave the file
 * without a test, which fails the run.
 */
export function areaRunsIn(lng: AreaRun['lng']): AreaRun[] {
  return AREA_RUNS.filter((run) => run.lng === lng);
}
