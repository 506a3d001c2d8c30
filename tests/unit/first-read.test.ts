/**
 * Issue 27 §3: a client-rendered page's first read starts at boot beside its code (src/web/routing/firstRead.ts), and
 * the page's own read through the data provider takes that answer instead of asking again (src/web/providers/data.ts
 * `readAhead`). The read ahead must ask the very URL the page's data provider asks, or it is wasted; a kept answer is
 * taken once, and a write drops it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildQuery, setServerFetch } from '../../src/web/providers/http';
import { createDataProvider, readAhead } from '../../src/web/providers/data';
import { firstReadOf } from '../../src/web/routing/firstRead';
import { OFFER_PAGE_SIZE, offerListStart } from '../../src/web/pages/company/jobs/listStart';

/** The URL the company's offers page asks through its data provider, as Refine's useTable calls it. */
async function pageListUrl(search: string): Promise<string> {
  const start = offerListStart(new URLSearchParams(search));
  let asked = '';
  setServerFetch((async (url: string) => {
    asked = url;
    return new Response(JSON.stringify({ items: [], total: 0, maxPages: 0 }), { status: 200 });
  }) as typeof fetch);
  try {
    await createDataProvider('com').getList({
      resource: 'jobs',
      pagination: { currentPage: start.currentPage, pageSize: OFFER_PAGE_SIZE, mode: 'server' },
      filters: start.filters,
      sorters: start.sorters,
    });
  } finally {
    setServerFetch(null);
  }
  return asked;
}

const urlOf = (read: ReturnType<typeof firstReadOf>) => read && `/${read.prefix}/${read.path}${buildQuery(read.query)}`;

describe('the first read of a page', () => {
  it.each(['', '?status=PUBLISHED&sort=title&page=2', '?text=lamp&sort=-expires_at', '?sort=nonsense&page=0'])(
    "the company's offers (%s) ask what the page's useTable asks",
    async (search) => {
      const read = firstReadOf('/en/company/jobs', search);
      expect(urlOf(read)).toBe(await pageListUrl(search));
    },
  );

  it('the plain list is the newest ten', () => {
    expect(urlOf(firstReadOf('/es/empresa/empleo', ''))).toBe('/com/jobs?sort=-cdate&page=1&size=10');
  });

  it("the member's profile reads the member, the back office's dashboard its figures; other pages ask nothing", () => {
    expect(urlOf(firstReadOf('/en/user/profile', ''))).toBe('/usr/users/me');
    expect(urlOf(firstReadOf('/en/admin', ''))).toBe('/adm/dashboard');
    expect(urlOf(firstReadOf('/en/admin/dashboard', ''))).toBe('/adm/dashboard');
    expect(firstReadOf('/en/user/profile/settings', '')).toBeUndefined();
    expect(firstReadOf('/en/jobs', '')).toBeUndefined();
  });
});

describe('an answer read ahead', () => {
  let served = 0;
  const stub = () => {
    served = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ served: ++served }), { status: 200 })),
    );
  };
  afterEach(() => vi.unstubAllGlobals());
  const usr = createDataProvider('usr');
  const me = () => usr.getOne({ resource: 'users', id: 'me' }).then((answer) => answer.data);

  it('is taken once by the next read of it through the data provider, without asking again', async () => {
    stub();
    readAhead('usr', 'users/me');
    expect(await me()).toEqual({ served: 1 });
    expect(served).toBe(1);
    expect(await me()).toEqual({ served: 2 });
  });

  it('is not taken by a read of another URL', async () => {
    stub();
    readAhead('usr', 'users/me', { x: 1 });
    expect(await me()).toEqual({ served: 2 });
  });

  it('is dropped by any write', async () => {
    stub();
    readAhead('usr', 'users/me');
    await usr.update({ resource: 'users', id: 'me', variables: { name: 'Ana' } });
    expect(await me()).toEqual({ served: 3 });
  });
});
