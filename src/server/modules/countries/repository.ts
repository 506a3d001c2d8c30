import { sql } from 'kysely';
import type { Locale } from '../../../shared/constants';
import type { Conn } from '../../db/conn';
import { cachedByVersion } from '../../lib/countCache';
import { sharedPage } from '../../lib/sharedPages';

/**
 * Countries with the number of validated members visible to an audience (its privacy flag). Grouping the whole
 * users table on every request was the cost; the answer is cached per language, audience and directory version,
 * which every change of status, privacy or country bumps (migration 008), so it is never stale.
 */
export function countriesWithCounts(db: Conn, lng: Locale, audience: 'members' | 'companies', onlyWithUsers: boolean) {
  return cachedByVersion(db, 'directory', `countries:${lng}:${audience}:${onlyWithUsers}`, () =>
    computeCountries(db, lng, audience, onlyWithUsers),
  );
}

/** The reference table's names of some countries in one language (Spanish when that one is empty), by code. */
export async function tableNames(db: Conn, codes: string[], lng: Locale): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  // a reference table every directory page names: read whole once per `public` data version and language
  // (lib/sharedPages.ts) instead of once per page
  const all = await sharedPage(db, `countries:names:${lng}`, async () => {
    const rows = await db
      .selectFrom('countries')
      .select(['code', 'name_es', `name_${lng} as name`])
      .execute();
    return new Map(rows.map((row) => [row.code.toUpperCase(), String(row.name || row.name_es || '')]));
  });
  const wanted = new Set(codes.map((code) => code.toUpperCase()));
  return new Map([...wanted].filter((code) => all.has(code)).map((code) => [code, all.get(code)!]));
}

function computeCountries(db: Conn, lng: Locale, audience: 'members' | 'companies', onlyWithUsers: boolean) {
  const flag = audience === 'companies' ? 'users.is_appear_by_company' : 'users.is_appear_by_user';
  const counts = db
    .selectFrom('users')
    .select(['users.country_code', (eb) => eb.fn.countAll<number>().as('n')])
    .where('users.status', '=', 'VALIDATED')
    .where(flag, '=', 1)
    .groupBy('users.country_code')
    .as('c');
  let query = db
    .selectFrom('countries')
    .leftJoin(counts, 'c.country_code', 'countries.code')
    .select([
      'countries.code',
      `countries.name_${lng} as name`,
      'countries.lat',
      'countries.lng',
      sql<number>`coalesce(c.n, 0)`.as('num_users'),
    ])
    .orderBy(`countries.name_${lng}`);
  if (onlyWithUsers) query = query.where('c.n', '>', 0);
  return query.execute();
}
