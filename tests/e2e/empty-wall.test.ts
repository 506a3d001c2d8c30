/**
 * Issue 25 §9: a group's empty wall said "No results found. Try other filters" — there was nothing to filter. An empty
 * wall says nothing has been posted yet (and, to a member who may post, to write the first post); "only posts with a
 * file" with none says that instead.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { localizePath } from '../../src/shared/routes';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

describe('an empty wall', () => {
  it('says nothing has been posted yet, not that filters found nothing', async () => {
    const group = await server.app.db
      .selectFrom('workgroups')
      .select(['hash', 'slug'])
      .where('type', '=', 'PUBLIC')
      .where('status', '=', 'PUBLISHED')
      .orderBy('slug')
      .executeTakeFirstOrThrow();
    const posts = server.app.db.selectFrom('comments').select('hash').where('workgroup_hash', '=', group.hash);
    await server.app.db.deleteFrom('comment_likes').where('comment_hash', 'in', posts).execute();
    await server.app.db.deleteFrom('comment_reports').where('comment_hash', 'in', posts).execute();
    // replies first: they point at the posts they answer
    await server.app.db
      .deleteFrom('comments')
      .where('workgroup_hash', '=', group.hash)
      .where('parent_hash', 'is not', null)
      .execute();
    await server.app.db.deleteFrom('comments').where('workgroup_hash', '=', group.hash).execute();
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAt(page, server.url, 'bold@demo.test');
    await page.goto(`${server.url}${localizePath('workgroups.show', 'en', { slug: group.slug })}`);
    const empty = page.getByTestId('wall-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('Nothing has been posted yet');
    expect(await page.getByText('Try other filters').count()).toBe(0);
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});
