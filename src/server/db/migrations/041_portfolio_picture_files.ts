/**
 * Portfolio pictures in `files` (issue 26 §1, §5): the last public pictures without a row. From now on each picture
 * of a project (`portfolio_images.path`, `/uploads/portfolios/….webp` or the demo's `/uploads/seed/portfolios/…`) has
 * a `files` row (kind `portfolio_image`, owner the project) whose `path` is that link, so the sweeper can tell a live
 * picture from an orphan. No schema change; this back-fills a row for every picture that has none. Their size is not
 * known here (the file store is not reachable from a migration): 0. Safe to run again: a link with its row is skipped.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

const KIND = 'portfolio_image';
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function newHash(): string {
  return [...randomBytes(16)].map((byte) => ALPHABET[byte % 36]).join('');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const recorded = new Set(
    (await db.selectFrom('files').select('path').where('path', 'like', '/uploads/%').execute()).map(
      (row: { path: string }) => row.path,
    ),
  );
  const images = (await db
    .selectFrom('portfolio_images')
    .select(['portfolio_hash', 'path'])
    .where('path', 'like', '/uploads/%')
    .execute()) as { portfolio_hash: string; path: string }[];
  const now = new Date().toISOString();
  const rows: Record<string, unknown>[] = [];
  for (const { portfolio_hash, path } of images) {
    if (recorded.has(path)) continue;
    recorded.add(path);
    rows.push({
      hash: newHash(),
      owner_type: 'portfolio',
      owner_hash: portfolio_hash,
      workgroup_hash: null,
      kind: KIND,
      name: path.split('/').pop(),
      path,
      mime: path.endsWith('.svg') ? 'image/svg+xml' : 'image/webp',
      size: 0,
      created_at: now,
      updated_at: now,
    });
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('files')
      .values(rows.slice(i, i + 500))
      .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('files').where('kind', '=', KIND).execute();
}
