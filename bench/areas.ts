/**
 * The first visit of each signed-in area (issue 27 §1): how long `/user/profile` (a Bold member), `/company/jobs`
 * (a company) and `/admin` (the back office) take in Chromium until a person can use them, and how much JS they
 * download, beside the public home measured the same way in the same run (the ratio is the comparable figure on a
 * shared, noisy machine).
 *
 * "First visit" means an empty HTTP cache: each run is a new browser context carrying only the signed-in session
 * (the cookies and storage a sign-in left, taken from a separate context), so every script is downloaded again.
 * "Usable" is the moment, on the page's own clock from navigation start, when the page shows what the person came
 * for with its data: the profile form filled in, the company's first offer row, the dashboard's figures, the home's
 * heading. Desktop viewport, no throttling: the figure is this machine's, the ratio is what travels.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface AreaVisit {
  area: string;
  path: string;
  runs: number;
  /** median ms from navigation start to usable */
  usableMs: number;
  /** usableMs ÷ the public home's usableMs in the same run */
  ratio: number;
  /** every script Chromium loaded until usable, gzipped at level 9 */
  gzipJsKiB: number;
  scripts: number;
}

interface Area {
  area: string;
  path: string;
  /** a CSS selector that is visible once the page can be used */
  usable: string;
  /** the selector is a form field that must also hold the record's value (the form is filled in) */
  filled?: boolean;
  signIn?: { page: string; email: string; secondFactor?: boolean };
}

const PASSWORD = 'demo-password';

export const AREAS: Area[] = [
  { area: 'public home (baseline)', path: '/en', usable: 'h1' },
  {
    area: 'member profile',
    path: '/en/user/profile',
    usable: '#root_name',
    filled: true,
    signIn: { page: '/en/login', email: 'bold@demo.test' },
  },
  {
    area: 'company offers',
    path: '/en/company/jobs',
    usable: '[data-testid="company-jobs"] .ant-table-row',
    signIn: { page: '/en/company/login', email: 'company@demo.test' },
  },
  {
    area: 'back office',
    path: '/en/admin',
    usable: '[data-testid="dashboard-stats"]',
    signIn: { page: '/en/admin/login', email: 'admin@demo.test', secondFactor: true },
  },
];

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Signs in through the page, as a person would, and keeps what the sign-in left (cookies, local storage). */
async function sessionOf(browser: Browser, base: string, signIn: NonNullable<Area['signIn']>) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: base }]);
  try {
    const page = await context.newPage();
    await page.goto(base + signIn.page);
    await page.locator('#root_email').fill(signIn.email);
    await page.locator('#root_password').fill(PASSWORD);
    await page.locator('form button[type=submit]').first().click();
    await page.waitForURL((url) => url.pathname !== signIn.page, { timeout: 60_000 });
    if (signIn.secondFactor) await turnOnSecondFactor(page);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * In production an administrator has a visitor's power until two-step verification is on (issue 23 §2): the bench's
 * copy of the data gets it turned on, through the Security page, as an administrator would.
 */
async function turnOnSecondFactor(page: Page) {
  const { authenticator } = await import('otplib');
  // the sign-in already sends an administrator without it to the Security page; going there says where we mean
  await page.goto(new URL('/en/admin/security', page.url()).href);
  await page
    .getByTestId('totp-start')
    .click()
    .catch(async (error: Error) => {
      await page.screenshot({ path: 'bench/.scratch/area-failure-security.png' });
      throw error;
    });
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByTestId('totp-code').fill(authenticator.generate(secret));
  await page.getByTestId('totp-enable').click();
  await page.getByTestId('totp-on').waitFor({ timeout: 60_000 });
}

async function visitOnce(context: BrowserContext, base: string, area: Area) {
  const page = await context.newPage();
  let js = 0;
  let scripts = 0;
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => {
          js += gzipSync(body, { level: 9 }).length;
          scripts++;
        },
        () => undefined, // a response the page dropped (navigation) has no body to count
      ),
    );
  });
  const response = await page.goto(base + area.path);
  if (!response || response.status() !== 200) throw new Error(`${area.path} answered ${response?.status()}`);
  try {
    await page.locator(area.usable).first().waitFor({ state: 'visible', timeout: 60_000 });
  } catch (error) {
    // what the page showed instead, for whoever reads the failure
    await page.screenshot({ path: `bench/.scratch/area-failure-${area.path.replace(/\W+/g, '-')}.png` });
    throw new Error(`${(error as Error).message.split('\n')[0]} on ${page.url()}`);
  }
  if (area.filled)
    await page.waitForFunction(
      (selector) => !!(document.querySelector(selector) as HTMLInputElement | null)?.value,
      area.usable,
      { timeout: 60_000 },
    );
  const usableMs = await page.evaluate(() => performance.now());
  // still in the area asked for (/en/admin opens its dashboard), not sent to a sign-in page
  const landed = new URL(page.url()).pathname;
  if (!landed.startsWith(area.path) || /\/login$/.test(landed)) throw new Error(`${area.path} led to ${page.url()}`);
  await Promise.all(pending);
  await page.close();
  return { usableMs, js, scripts };
}

export async function measureAreaVisits(
  base: string,
  chromiumPath: string,
  runs: number,
  log: (line: string) => void,
): Promise<AreaVisit[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const sessions = new Map<string, Awaited<ReturnType<typeof sessionOf>>>();
    for (const area of AREAS) if (area.signIn) sessions.set(area.area, await sessionOf(browser, base, area.signIn));
    const measured: Array<{ area: Area; times: number[]; js: number[]; scripts: number }> = AREAS.map((area) => ({
      area,
      times: [],
      js: [],
      scripts: 0,
    }));
    // the areas take turns run by run, so a busy spell of the machine falls on all of them alike
    for (let run = 0; run < runs; run++) {
      for (const row of measured) {
        const context = await browser.newContext({
          viewport: { width: 1400, height: 900 },
          storageState: sessions.get(row.area.area),
        });
        await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: base }]);
        try {
          const visit = await visitOnce(context, base, row.area);
          row.times.push(visit.usableMs);
          row.js.push(visit.js);
          row.scripts = visit.scripts;
        } finally {
          await context.close();
        }
      }
    }
    const baseline = median(measured[0]!.times);
    const out = measured.map(({ area, times, js, scripts }) => ({
      area: area.area,
      path: area.path,
      runs: times.length,
      usableMs: Math.round(median(times)),
      ratio: Math.round((median(times) / baseline) * 100) / 100,
      gzipJsKiB: kib(median(js)),
      scripts,
    }));
    for (const row of out)
      log(
        `  ${row.area.padEnd(24)} usable in ${row.usableMs} ms (×${row.ratio} the public home)  JS ${row.gzipJsKiB} KiB gz in ${row.scripts} files`,
      );
    return out;
  } finally {
    await browser.close();
  }
}

/** The report's table. */
export function areaVisitLines(rows: AreaVisit[]): string[] {
  if (!rows.length) return [];
  return [
    '',
    `First visit of each area (Chromium, 1400 px, empty HTTP cache, signed in; median of ${rows[0]!.runs} runs, the areas taking turns): time from navigation start until usable, and the JS downloaded until then.`,
    '',
    '| area | path | usable ms | × public home | JS gz KiB | scripts |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (row) => `| ${row.area} | \`${row.path}\` | ${row.usableMs} | ${row.ratio} | ${row.gzipJsKiB} | ${row.scripts} |`,
    ),
  ];
}
