/** The member's own portfolio projects, drafts included (Kysely only; the caller owns the transaction). */
import type { Conn } from '../../db/conn';
import { runShaped } from '../../db/shapes';
import { newHash, nowIso } from '../../lib/ids';
import { pictureRow } from '../../lib/publicPictures';

/** A project's pictures have a `files` row each (lib/publicPictures.ts), owned by the project. */
const PICTURE = 'portfolio_image';

function pictureRowsOf(db: Conn, projects: string[]) {
  return db
    .deleteFrom('files')
    .where('owner_type', '=', 'portfolio')
    .where('kind', '=', PICTURE)
    .where('owner_hash', 'in', projects);
}

const COLUMNS = ['hash', 'name', 'date', 'content', 'status'] as const;

export interface PortfolioColumns {
  name?: string;
  date?: string | null;
  content?: string;
  status?: string;
}

function own(db: Conn, user: string) {
  return db.selectFrom('portfolios').where('user_hash', '=', user);
}

export async function count(db: Conn, user: string) {
  const [row] = await runShaped(db, 'portfolios.mine.count', { user }, (a: { user: string }) =>
    own(db, a.user).select((eb) => eb.fn.countAll<number>().as('n')),
  );
  return Number(row?.n ?? 0);
}

/** The member's list page (GET /usr/portfolios), compiled once. */
export function page(db: Conn, user: string, limit: number, offset: number) {
  return runShaped(
    db,
    'portfolios.mine.page',
    { user, limit, offset },
    (a: { user: string; limit: number; offset: number }) =>
      own(db, a.user).select(COLUMNS).orderBy('created_at', 'desc').orderBy('hash').limit(a.limit).offset(a.offset),
  );
}

/**
 * The pictures (in order), links (in order) and attached file (not the pictures' own `portfolio_image` files) of
 * `projects`, each statement compiled once per number of projects (issue 27 §3). One UNION ALL of the three cost
 * SQLite twice their sum (its merge of three sorted parts), so they stay three.
 */
export async function extrasOf(db: Conn, projects: string[]) {
  if (projects.length === 0) return { images: [], links: [], files: new Map<string, { hash: string; name: string }>() };
  const [images, links, files] = await Promise.all([
    runShaped(db, 'portfolios.images', { projects }, (a: { projects: string[] }) =>
      db
        .selectFrom('portfolio_images')
        .select(['hash', 'portfolio_hash', 'path'])
        .where('portfolio_hash', 'in', a.projects)
        .orderBy('position'),
    ),
    runShaped(db, 'portfolios.links', { projects }, (a: { projects: string[] }) =>
      db
        .selectFrom('portfolio_links')
        .select(['hash', 'portfolio_hash', 'url'])
        .where('portfolio_hash', 'in', a.projects)
        .orderBy('position'),
    ),
    runShaped(db, 'portfolios.files', { projects }, (a: { projects: string[] }) =>
      db
        .selectFrom('files')
        .select(['hash', 'name', 'owner_hash'])
        .where('owner_type', '=', 'portfolio')
        .where('kind', '=', 'portfolio') // not the project's pictures (`portfolio_image`)
        .where('owner_hash', 'in', a.projects),
    ),
  ]);
  return { images, links, files: new Map(files.map((row) => [row.owner_hash, { hash: row.hash, name: row.name }])) };
}

/** Undefined when the project does not exist or belongs to someone else (the caller answers 404 to both). */
export function find(db: Conn, user: string, hash: string) {
  return own(db, user).select(COLUMNS).where('hash', '=', hash).executeTakeFirst();
}

export async function insert(db: Conn, user: string, columns: Required<PortfolioColumns>) {
  const hash = newHash();
  const now = new Date().toISOString();
  await db
    .insertInto('portfolios')
    .values({ hash, user_hash: user, ...columns, data: '{}', created_at: now, updated_at: now })
    .execute();
  return hash;
}

export async function update(db: Conn, user: string, hash: string, columns: PortfolioColumns) {
  await db
    .updateTable('portfolios')
    .set({ ...columns, updated_at: new Date().toISOString() })
    .where('hash', '=', hash)
    .where('user_hash', '=', user)
    .execute();
}

export async function replaceLinks(db: Conn, hash: string, urls: string[]) {
  await db.deleteFrom('portfolio_links').where('portfolio_hash', '=', hash).execute();
  if (urls.length === 0) return;
  await db
    .insertInto('portfolio_links')
    .values(urls.map((url, position) => ({ hash: newHash(), portfolio_hash: hash, url, position })))
    .execute();
}

/** Deletes the project with its links and image rows; answers the image paths so the caller removes the files. */
export async function remove(db: Conn, user: string, hash: string) {
  const images = await db.selectFrom('portfolio_images').select('path').where('portfolio_hash', '=', hash).execute();
  await pictureRowsOf(db, [hash]).execute();
  await db.deleteFrom('portfolio_links').where('portfolio_hash', '=', hash).execute();
  await db.deleteFrom('portfolio_images').where('portfolio_hash', '=', hash).execute();
  await db.deleteFrom('portfolios').where('hash', '=', hash).where('user_hash', '=', user).execute();
  return images.map((image) => image.path);
}

/**
 * The project row, locked for the rest of the transaction on PostgreSQL (SQLite runs one writer at a
 * time), so two image uploads or reorders of one project apply one after the other.
 */
export function lockOwn(db: Conn, postgres: boolean, user: string, hash: string) {
  const query = own(db, user).select('hash').where('hash', '=', hash);
  return (postgres ? query.forUpdate() : query).executeTakeFirst();
}

/** The project's images in display order (the first is the cover). */
export function imagesOf(db: Conn, hash: string) {
  return db
    .selectFrom('portfolio_images')
    .select(['hash', 'path', 'position'])
    .where('portfolio_hash', '=', hash)
    .orderBy('position')
    .orderBy('hash')
    .execute();
}

/** Appends images (their public link and size) after the last one, in the order given; answers their hashes. */
export async function appendImages(db: Conn, hash: string, images: Array<{ path: string; size: number }>) {
  const last = await db
    .selectFrom('portfolio_images')
    .select((eb) => eb.fn.max<number>('position').as('p'))
    .where('portfolio_hash', '=', hash)
    .executeTakeFirst();
  const start = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
  const rows = images.map(({ path }, i) => ({ hash: newHash(), portfolio_hash: hash, path, position: start + i }));
  if (rows.length) {
    await db.insertInto('portfolio_images').values(rows).execute();
    const at = nowIso();
    await db
      .insertInto('files')
      .values(images.map(({ path, size }) => pictureRow('portfolio', hash, { kind: PICTURE, link: path, size }, at)))
      .execute();
  }
  return rows.map((row) => row.hash);
}

/** Deletes one image of the project; answers its path (undefined when the project has no such image). */
export async function removeImage(db: Conn, hash: string, image: string) {
  const row = await db
    .selectFrom('portfolio_images')
    .select('path')
    .where('portfolio_hash', '=', hash)
    .where('hash', '=', image)
    .executeTakeFirst();
  if (!row) return undefined;
  await db.deleteFrom('portfolio_images').where('portfolio_hash', '=', hash).where('hash', '=', image).execute();
  await pictureRowsOf(db, [hash]).where('path', '=', row.path).execute();
  return row.path;
}

/** Gives the project's images positions 0..n-1 in the order of `order` (the caller checked it is a permutation). */
export async function reorderImages(db: Conn, hash: string, order: string[]) {
  for (const [position, image] of order.entries()) {
    await db
      .updateTable('portfolio_images')
      .set({ position })
      .where('portfolio_hash', '=', hash)
      .where('hash', '=', image)
      .execute();
  }
}
