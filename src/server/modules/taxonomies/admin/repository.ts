/** The category tree and the tags as the back office edits them (issue 14 §3). Plain Kysely over `db | trx`. */
import { sql } from 'kysely';
import type { Conn } from '../../../db/conn';

export type Titles = { title_es: string; title_en: string; title_ca: string };

export function allCategories(db: Conn) {
  return db
    .selectFrom('categories')
    .select(['hash', 'parent_hash', 'lvl', 'position', 'title_es', 'title_en', 'title_ca'])
    .orderBy('lvl')
    .orderBy('position')
    .orderBy('hash')
    .execute();
}

/** Members per category (their studies). */
export async function membersPerCategory(db: Conn): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['category_hash', (eb) => eb.fn.countAll<number>().as('n')])
    .where('category_hash', 'is not', null)
    .groupBy('category_hash')
    .execute();
  return new Map(rows.map((row) => [row.category_hash!, Number(row.n)]));
}

export async function insertCategory(
  db: Conn,
  row: Titles & { hash: string; parent_hash: string | null; lvl: number; position: number },
) {
  await db.insertInto('categories').values(row).execute();
}

export async function updateCategory(
  db: Conn,
  hash: string,
  changes: Partial<Titles & { parent_hash: string | null; lvl: number; position: number }>,
) {
  await db.updateTable('categories').set(changes).where('hash', '=', hash).execute();
}

export async function deleteCategory(db: Conn, hash: string) {
  await db.deleteFrom('categories').where('hash', '=', hash).execute();
}

export interface TagFilter {
  type?: string;
  group?: string;
  text?: string;
}

export function tags(db: Conn, filter: TagFilter) {
  let query = db
    .selectFrom('tags')
    .select(['hash', 'type', 'group', 'title_es', 'title_en', 'title_ca'])
    .orderBy('group')
    .orderBy('title_es')
    .orderBy('hash');
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.group) query = query.where('group', '=', filter.group);
  if (filter.text) {
    const like = `%${filter.text.toLowerCase()}%`;
    query = query.where((eb) =>
      eb.or(
        ['title_es', 'title_en', 'title_ca'].map((column) =>
          eb(eb.fn('lower', [eb.ref(column as 'title_es')]), 'like', like),
        ),
      ),
    );
  }
  return query.execute();
}

export function findTag(db: Conn, hash: string) {
  return db.selectFrom('tags').selectAll().where('hash', '=', hash).executeTakeFirst();
}

/** Where each tag is used: members, offers (tags, area, specialty) and articles. */
export async function tagUses(
  db: Conn,
  hashes: readonly string[],
): Promise<Map<string, { members: number; offers: number; articles: number }>> {
  const out = new Map(hashes.map((hash) => [hash, { members: 0, offers: 0, articles: 0 }]));
  if (!hashes.length) return out;
  const count = async (table: 'user_tags' | 'job_tags' | 'article_tags') =>
    db
      .selectFrom(table)
      .select(['tag_hash', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tag_hash', 'in', hashes)
      .groupBy('tag_hash')
      .execute();
  const [members, offerTags, articles, areas, specialties] = await Promise.all([
    count('user_tags'),
    count('job_tags'),
    count('article_tags'),
    db
      .selectFrom('jobs')
      .select(['area as tag_hash', (eb) => eb.fn.countAll<number>().as('n')])
      .where('area', 'in', hashes)
      .groupBy('area')
      .execute(),
    db
      .selectFrom('jobs')
      .select(['specialty as tag_hash', (eb) => eb.fn.countAll<number>().as('n')])
      .where('specialty', 'in', hashes)
      .groupBy('specialty')
      .execute(),
  ]);
  for (const row of members) out.get(row.tag_hash)!.members += Number(row.n);
  for (const row of [...offerTags, ...areas, ...specialties])
    if (row.tag_hash) out.get(row.tag_hash)!.offers += Number(row.n);
  for (const row of articles) out.get(row.tag_hash)!.articles += Number(row.n);
  return out;
}

export async function insertTag(db: Conn, row: Titles & { hash: string; type: string; group: string }) {
  await db.insertInto('tags').values(row).execute();
}

export async function updateTag(db: Conn, hash: string, changes: Partial<Titles>) {
  await db.updateTable('tags').set(changes).where('hash', '=', hash).execute();
}

export async function deleteTag(db: Conn, hash: string) {
  await db.deleteFrom('tags').where('hash', '=', hash).execute();
}

/** Moves every use of tag `from` to tag `into` (a pair already tagged with both keeps one row), then drops `from`. */
export async function mergeTag(db: Conn, from: string, into: string) {
  const links = [
    ['user_tags', 'user_hash'],
    ['job_tags', 'job_hash'],
    ['article_tags', 'article_hash'],
  ] as const;
  for (const [table, owner] of links) {
    await sql`insert into ${sql.table(table)} (${sql.ref(owner)}, tag_hash) select ${sql.ref(owner)}, ${into} from ${sql.table(table)} where tag_hash = ${from} and ${sql.ref(owner)} not in (select ${sql.ref(owner)} from ${sql.table(table)} where tag_hash = ${into})`.execute(
      db,
    );
    await db.deleteFrom(table).where('tag_hash', '=', from).execute();
  }
  await db.updateTable('jobs').set({ area: into }).where('area', '=', from).execute();
  await db.updateTable('jobs').set({ specialty: into }).where('specialty', '=', from).execute();
  await deleteTag(db, from);
}
