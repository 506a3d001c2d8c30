/** Every public route of SPEC §2 in all three locales: answers, shows a title, logs no console error, passes axe. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Locale } from '../../../src/shared/constants';
import { localizePath, ROUTES } from '../../../src/shared/routes';
import { axeViolations } from '../../helpers/axe';
import { newPage, onBrowserSuite, type LiveServer, gotoSettled } from '../../helpers/browser';

let server: LiveServer;
let browser: Browser;
const params: Record<string, Record<string, string>> = {};

/**
 * The file's own server and sample data, then the pages in `lng`: one language per file
 * (public-pages-es/en/ca.test.ts), so two browser workers share the minutes.
 */
export function publicPages(lng: Locale): void {
  onBrowserSuite((live) => ({ server, browser } = live));
  beforeAll(findSamples);
  describe(`public pages in ${lng}`, () => {
    it('answer 200 with a visible title, no console error and no serious axe violation', () => checkPages(lng));
  });
}

async function findSamples() {
  const db = server.app.db;
  const job = await db.selectFrom('jobs').select('slug').where('status', '=', 'PUBLISHED').executeTakeFirstOrThrow();
  const group = await db
    .selectFrom('workgroups')
    .select('slug')
    .where('status', '=', 'PUBLISHED')
    .where('type', '=', 'PUBLIC')
    .executeTakeFirstOrThrow();
  const member = await db
    .selectFrom('users')
    .select('hash')
    .where('status', '=', 'VALIDATED')
    .where('is_appear_by_user', '=', 1)
    .executeTakeFirstOrThrow();
  const portfolio = await db
    .selectFrom('portfolios')
    .select('hash')
    .where('status', '=', 'PUBLISHED')
    .executeTakeFirstOrThrow();
  const experience = await db.selectFrom('work_experiences').select('hash').executeTakeFirstOrThrow();
  const ambassador = await db
    .selectFrom('users')
    .select('slug')
    .where('is_ambassador', '=', 1)
    .where('status', '=', 'VALIDATED')
    .where('is_appear_by_user', '=', 1)
    .executeTakeFirstOrThrow();
  const entrepreneur = await db
    .selectFrom('users')
    .select('slug')
    .where('is_entrepreneur', '=', 1)
    .where('status', '=', 'VALIDATED')
    .where('is_appear_by_user', '=', 1)
    .executeTakeFirstOrThrow();
  Object.assign(params, {
    'jobs.show': { slug: job.slug },
    'workgroups.show': { slug: group.slug },
    'community.directory.show': { hash: member.hash },
    'portfolios.show': { hash: portfolio.hash },
    'experiences.show': { hash: experience.hash },
    'community.ambassadors.show': { slug: ambassador.slug! },
    'community.entrepreneurs.show': { slug: entrepreneur.slug! },
    verify: { token: 'no-such-card-token-0000' }, // any token: the page says whether the card is valid
  });
}

const publicRoutes = ROUTES.filter((route) => route.area === 'public' && !route.guard);

async function checkPages(lng: Locale) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const { page, errors } = await newPage(context);
  const failures: string[] = [];
  let visited = 0;
  expect(publicRoutes.length).toBeGreaterThan(20);
  for (const route of publicRoutes) {
    const routeParams = route.name === 'news.show' ? await newsSlug(lng) : (params[route.name] ?? {});
    // a page with a required parameter and no sample is a failure, not a page left out
    if (route.path.includes(':') && !route.path.endsWith('?') && Object.keys(routeParams).length === 0) {
      failures.push(`${route.name}: no sample parameters, page not tried`);
      continue;
    }
    visited++;
    const url = localizePath(route.name, lng, routeParams);
    const response = await gotoSettled(page, `${server.url}${url}`);
    if (response?.status() !== 200) failures.push(`${url}: status ${response?.status()}`);
    const heading = page.locator('h1').first();
    await heading.waitFor({ timeout: 30_000 }).catch(() => failures.push(`${url}: no h1`));
    if (!((await heading.textContent().catch(() => '')) ?? '').trim()) failures.push(`${url}: empty h1`);
    failures.push(...(await axeViolations(page, url)));
    if (errors.length) failures.push(`${url}: console ${errors.splice(0).join(' | ')}`);
  }
  await context.close();
  expect(failures).toEqual([]);
  expect(visited).toBe(publicRoutes.length);
}

async function newsSlug(lng: string) {
  const row = await server.app.db
    .selectFrom('article_i18n')
    .innerJoin('articles', 'articles.hash', 'article_i18n.article_hash')
    .select('article_i18n.slug')
    .where('articles.status', '=', 'PUBLISHED')
    .where('article_i18n.language', '=', lng)
    .executeTakeFirstOrThrow();
  return { slug: row.slug };
}
