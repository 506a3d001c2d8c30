/**
 * The alumni directory (SPEC §3 filters). Privacy is decided here, not in the page: a member with
 * is_appear_by_user = 0 is in no list or detail for the public and members, one with
 * is_appear_by_company = 0 in none for companies. Only callers with `directory.details`
 * (Bold, GRATIS, companies) read where a member works and lives.
 */
import { PAGE_SIZES, type Locale } from '../../../shared/constants';
import { can } from '../../../shared/permissions';
import type { Db } from '../../db/dialect';
import { AppError } from '../../errors';
import { listResult, pageWindow, type PageQuery } from '../../lib/lists';
import { cachedCount } from '../../lib/countCache';
import { matchText, textMatches } from '../../db/search';
import type { Actor } from '../../types';
import { countryName } from '../countries/names';
import { tableNames } from '../countries/repository';
import * as repo from './repository';
import { audienceValues, viewerOf, type sharedFields } from '../../lib/audience';
import { COLUMN_OF } from './profileFields';
import { type ServiceContext } from '../../serviceContext';

export interface UsersQuery extends PageQuery {
  text?: string;
  category?: string;
  tags?: string;
  location?: string;
  country_code?: string;
  graduation_year?: number;
  ambassador?: boolean;
  entrepreneur?: boolean;
}

type Row = Awaited<ReturnType<typeof repo.pageVisible>>[number];

function audienceOf(actor: Actor): repo.DirectoryFilter['audience'] {
  return actor.type === 'company' ? 'companies' : 'members';
}

/** user.profile's fields marked x-audience public or members (lib/audience.ts sharedFields), read once when the routes start. */
export type SharedFields = ReturnType<typeof sharedFields>;

/** A shared field's value: its column when it has one the directory reads, else users.data (where a new field is stored). */
function valueOf(row: Row): (name: string) => unknown {
  let data: Record<string, unknown> | undefined;
  return (name) => {
    const column = COLUMN_OF[name];
    if (column && column in row) return (row as Record<string, unknown>)[column];
    data ??= parseData(row.data);
    return data[name];
  };
}

function parseData(text: string): Record<string, unknown> {
  try {
    const data: unknown = JSON.parse(text);
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function present(db: Db, actor: Actor, lng: Locale, rows: Row[], shared: SharedFields) {
  const details = can(actor.role, 'directory.details');
  const categories = await repo.categoryTitles(
    db,
    [...new Set(rows.map((row) => row.category_hash).filter((h): h is string => !!h))],
    lng,
  );
  const tags = details
    ? await repo.tagsOfUsers(
        db,
        rows.map((row) => row.hash),
        lng,
      )
    : [];
  const countries = await tableNames(
    db,
    [...new Set(rows.map((row) => row.country_code?.toUpperCase()).filter((c): c is string => !!c))],
    lng,
  );
  return rows.map((row) => ({
    hash: row.hash,
    name: row.name,
    surname1: row.surname1,
    surname2: row.surname2,
    photo: row.photo,
    profile_type: row.profile_type,
    graduation_year: row.graduation_year,
    country_code: row.country_code,
    country_name: countryName(row.country_code, lng, countries),
    category: row.category_hash ? { hash: row.category_hash, title: categories.get(row.category_hash) ?? '' } : null,
    is_ambassador: row.is_ambassador === 1,
    is_entrepreneur: row.is_entrepreneur === 1,
    slug: row.slug,
    locked: !details,
    extra: audienceValues(shared, valueOf(row), viewerOf(actor)),
    ...(details
      ? {
          city: row.city,
          current_job: row.current_job,
          current_company: row.current_company,
          tags: tags
            .filter((tag) => tag.user_hash === row.hash)
            .map(({ hash, title, type, group }) => ({ hash, title, type, group })),
        }
      : {}),
  }));
}

export async function list(ctx: ServiceContext, query: UsersQuery, shared: SharedFields = []) {
  const { db, actor, lng } = ctx;
  const { size, offset } = pageWindow(query, PAGE_SIZES.users);
  const filter: repo.DirectoryFilter = {
    audience: audienceOf(actor),
    text: query.text,
    category: query.category,
    tags: query.tags ? query.tags.split(',') : undefined,
    location: query.location,
    countryCode: query.country_code,
    graduationYear: query.graduation_year,
    ambassador: query.ambassador,
    entrepreneur: query.entrepreneur,
  };
  // the total first (cached per filter and directory version, so a privacy change counts at once): a page past the end costs no query
  const matches = await textMatches(db, 'users', matchText(db, filter.text), 'directory');
  const total = await cachedCount(db, 'directory', `users:${JSON.stringify(filter)}`, () =>
    repo.countVisible(db, filter, matches),
  );
  if (offset >= total) return listResult([], total, size);
  const rows = await repo.pageVisible(db, filter, size, offset, total, matches);
  return listResult(await present(db, actor, lng, rows, shared), total, size);
}

export async function show(ctx: ServiceContext, hash: string, shared: SharedFields = []) {
  const { db, actor, lng } = ctx;
  const row = await repo.findVisible(db, { audience: audienceOf(actor) }, hash);
  if (!row) throw AppError.notFound();
  const [user] = await present(db, actor, lng, [row], shared);
  return user!;
}
