/** The member's own portfolio projects, drafts included (Kysely only; the caller owns the transaction). */
import type { Conn } from '../auth/repository';
import { newHash } from '../../lib/ids';

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
  const row = await own(db, user).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function page(db: Conn, user: string, limit: number, offset: number) {
  return own(db, user).select(COLUMNS).orderBy('created_at', 'desc').orderBy('hash').limit(limit).offset(offset).execute();
}

/** Undefined when the project does not exist or belongs to someone else (the caller answers 404 to both). */
export function find(db: Conn, user: string, hash: string) {
  return own(db, user).select(COLUMNS).where('hash', '=', hash).executeTakeFirst();
}

export async function insert(db: Conn, user: string, columns: Required<PortfolioColumns>) {
  const hash = newHash();
  const now = new Date().toISOString();
  await db.insertInto('portfolios').values({ hash, user_hash: user, ...columns, data: '{}', created_at: now, updated_at: now }).execute();
  return hash;
}

export async function update(db: Conn, user: string, hash: string, columns: PortfolioColumns) {
  await db.updateTable('portfolios').set({ ...columns, updated_at: new Date().toISOString() }).where('hash', '=', hash).where('user_hash', '=', user).execute();
}

export async function replaceLinks(db: Conn, hash: string, urls: string[]) {
  await db.deleteFrom('portfolio_links').where('portfolio_hash', '=', hash).execute();
  if (urls.length === 0) return;
  await db.insertInto('portfolio_links').values(urls.map((url, position) => ({ hash: newHash(), portfolio_hash: hash, url, position }))).execute();
}

/** Deletes the project with its links and image rows; answers the image paths so the caller removes the files. */
export async function remove(db: Conn, user: string, hash: string) {
  const images = await db.selectFrom('portfolio_images').select('path').where('portfolio_hash', '=', hash).execute();
  await db.deleteFrom('portfolio_links').where('portfolio_hash', '=', hash).execute();
  await db.deleteFrom('portfolio_images').where('portfolio_hash', '=', hash).execute();
  await db.deleteFrom('portfolios').where('hash', '=', hash).where('user_hash', '=', user).execute();
  return images.map((image) => image.path);
}
