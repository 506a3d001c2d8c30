/** The alumni directory as the public, members and companies see it. */
import type { Locale } from '../../../shared/constants';
import { likePattern } from '../../../shared/text';
import { countByFacets, isPostgres, manyMatches, matchText, wordsMatch } from '../../db/search';
import { runShaped } from '../../db/shapes';
import type { Conn } from '../../db/conn';
import { sharedPage } from '../../lib/sharedPages';

export interface DirectoryFilter {
  text?: string;
  category?: string;
  tags?: string[];
  location?: string;
  countryCode?: string;
  graduationYear?: number;
  ambassador?: boolean;
  entrepreneur?: boolean;
  /** Which privacy flag hides a member from this audience (SPEC §3). */
  audience: 'members' | 'companies';
}

/** A filter as the queries bind it: search patterns already folded (db/shapes.ts: values pass through unchanged). */
type UserArgs = Omit<DirectoryFilter, 'text' | 'location'> & {
  text: string | null;
  location: string | null;
  wide: boolean;
};

function userArgs(db: Conn, filter: DirectoryFilter, matches?: number): UserArgs {
  return {
    ...filter,
    text: matchText(db, filter.text),
    location: filter.location ? likePattern(filter.location) : null,
    wide: manyMatches(matches),
  };
}

function visibleUsers(db: Conn, a: UserArgs) {
  let query = db.selectFrom('users').where('users.status', '=', 'VALIDATED');
  query = query.where(a.audience === 'companies' ? 'users.is_appear_by_company' : 'users.is_appear_by_user', '=', 1);
  if (a.text) query = query.where(wordsMatch(db, 'users', a.text, a.wide ? Infinity : undefined));
  const location = a.location;
  if (location) query = query.where((eb) => eb(eb.fn('lower', ['users.city']), 'like', location));
  if (a.ambassador) query = query.where('users.is_ambassador', '=', 1);
  if (a.entrepreneur) query = query.where('users.is_entrepreneur', '=', 1);
  if (a.countryCode) query = query.where('users.country_code', '=', a.countryCode);
  if (a.graduationYear) query = query.where('users.graduation_year', '=', a.graduationYear);
  if (a.category) {
    const category = a.category;
    // a root category matches its children too
    query = query.where((eb) =>
      eb.or([
        eb('users.category_hash', '=', category),
        eb(
          'users.category_hash',
          'in',
          eb.selectFrom('categories').select('categories.hash').where('categories.parent_hash', '=', category),
        ),
      ]),
    );
  }
  if (a.tags?.length) {
    const tags = a.tags;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_tags')
          .select('user_tags.user_hash')
          .whereRef('user_tags.user_hash', '=', 'users.hash')
          .where('user_tags.tag_hash', 'in', tags),
      ),
    );
  }
  return query;
}

/** Whether the filter holds nothing but the search (and the audience). */
function searchAlone(f: DirectoryFilter): boolean {
  return (
    !f.category &&
    !f.tags?.length &&
    !f.location &&
    !f.countryCode &&
    !f.graduationYear &&
    !f.ambassador &&
    !f.entrepreneur
  );
}

/** `matches`: how many members the text alone matches (db/search.ts textMatches), which picks the search path. */
export async function countVisible(db: Conn, filter: DirectoryFilter, matches?: number): Promise<number> {
  const text = matchText(db, filter.text);
  // a search alone is counted inside the word index, whose facets say who is listed to whom (migration 046)
  if (text && !isPostgres(db) && searchAlone(filter)) return countByFacets(db, 'users', text, [filter.audience]);
  const row = await visibleUsers(db, userArgs(db, filter, matches))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const COLUMNS = [
  'users.hash',
  'users.name',
  'users.surname1',
  'users.surname2',
  'users.photo',
  'users.profile_type',
  'users.graduation_year',
  'users.country_code',
  'users.category_hash',
  'users.is_ambassador',
  'users.is_entrepreneur',
  'users.slug',
  'users.city',
  'users.current_job',
  'users.current_company',
  // the fields a maintainer shares on the public profile with x-audience (lib/audience.ts) live here unless they have a column
  'users.data',
] as const;

/**
 * A page of members: keys from the index first, then the rows (a "deferred join"). With the total known, a page in
 * the second half is read from the other end of the index (a shorter OFFSET); the final ORDER BY restores the order.
 */
export function pageVisible(
  db: Conn,
  filter: DirectoryFilter,
  limit: number,
  offset: number,
  total?: number,
  matches?: number,
) {
  const fromEnd = total !== undefined && offset > total / 2;
  // the audience picks a column: part of the shape's name, not a value
  const { audience, ...filterArgs } = userArgs(db, filter, matches);
  const args = {
    ...filterArgs,
    fromEnd,
    limit: fromEnd ? Math.min(limit, total - offset) : limit,
    offset: fromEnd ? Math.max(0, total - offset - limit) : offset,
  };
  return runShaped(db, `users.page.${audience}`, args, (a: typeof args) => {
    const direction = a.fromEnd ? 'desc' : 'asc';
    const page = visibleUsers(db, { ...a, audience })
      .select('users.hash')
      .orderBy('users.surname1', direction)
      .orderBy('users.name', direction)
      .orderBy('users.hash', direction)
      .limit(a.limit)
      .offset(a.offset);
    return db
      .selectFrom('users')
      .select(COLUMNS)
      .where('users.hash', 'in', page)
      .orderBy('users.surname1')
      .orderBy('users.name')
      .orderBy('users.hash');
  });
}

/** By hash, else by slug (ambassadors and entrepreneurs have one). */
export async function findVisible(db: Conn, filter: DirectoryFilter, id: string) {
  const { audience, ...filterArgs } = userArgs(db, filter);
  const query = (column: 'users.hash' | 'users.slug') =>
    runShaped(
      db,
      `users.find.${audience}.${column}`,
      { ...filterArgs, id },
      (a: Omit<UserArgs, 'audience'> & { id: string }) =>
        visibleUsers(db, { ...a, audience })
          .select(COLUMNS)
          .where(column, '=', a.id),
    );
  return (await query('users.hash'))[0] ?? (await query('users.slug'))[0];
}

/**
 * The titles of some categories in one language. The table is a few dozen rows that every directory page names: it is
 * read whole once per `public` data version and language (lib/sharedPages.ts) instead of once per page.
 */
export async function categoryTitles(db: Conn, hashes: string[], lng: Locale) {
  if (hashes.length === 0) return new Map<string, string>();
  const all = await sharedPage(db, `categories:titles:${lng}`, async () => {
    const rows = await db
      .selectFrom('categories')
      .select(['hash', `title_${lng} as title`])
      .execute();
    return new Map(rows.map((row) => [row.hash, row.title as string]));
  });
  return new Map(hashes.filter((hash) => all.has(hash)).map((hash) => [hash, all.get(hash)!]));
}

export function tagsOfUsers(db: Conn, userHashes: string[], lng: Locale) {
  if (userHashes.length === 0) return Promise.resolve([]);
  return runShaped(db, `users.tags.${lng}`, { users: userHashes }, (a: { users: string[] }) =>
    db
      .selectFrom('user_tags')
      .innerJoin('tags', 'tags.hash', 'user_tags.tag_hash')
      .select(['user_tags.user_hash', 'tags.hash', 'tags.type', 'tags.group', `tags.title_${lng} as title`])
      .where('user_tags.user_hash', 'in', a.users),
  );
}
