/**
 * Public pictures in `files` (issue 26 §1, §5): from now on a member's photo (and its large version), a company's
 * logo, a group's image and an article's cover each have a `files` row whose `path` is the public link its column
 * keeps, so the sweeper can tell a live picture from an orphan. No schema change; this back-fills a row for every
 * picture a column names today and has none (the demo's included). Their size is not known here (the file store is
 * not reachable from a migration): 0. Safe to run again: a link that already has its row is skipped.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

const SOURCES = [
  { table: 'users', column: 'photo', ownerType: 'user', kind: 'photo' },
  { table: 'companies', column: 'logo', ownerType: 'company', kind: 'logo' },
  { table: 'workgroups', column: 'image', ownerType: 'workgroup', kind: 'group_image' },
  { table: 'articles', column: 'image', ownerType: 'article', kind: 'article_cover' },
] as const;
/** An uploaded photo also has its large version beside it (`…-large.webp`); the demo's have one picture. */
const UPLOADED_AVATAR = /^\/uploads\/avatars\/[a-z0-9]{24}\.webp$/;
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
  const now = new Date().toISOString();
  const rows: Record<string, unknown>[] = [];
  const add = (ownerType: string, ownerHash: string, kind: string, link: string) => {
    if (recorded.has(link)) return;
    recorded.add(link);
    rows.push({
      hash: newHash(),
      owner_type: ownerType,
      owner_hash: ownerHash,
      workgroup_hash: null,
      kind,
      name: link.split('/').pop(),
      path: link,
      mime: link.endsWith('.svg') ? 'image/svg+xml' : 'image/webp',
      size: 0,
      created_at: now,
      updated_at: now,
    });
  };
  for (const source of SOURCES) {
    const named = await db
      .selectFrom(source.table)
      .select(['hash', `${source.column} as link`])
      .where(source.column, 'like', '/uploads/%')
      .execute();
    for (const { hash, link } of named as { hash: string; link: string }[]) {
      add(source.ownerType, hash, source.kind, link);
      if (source.kind === 'photo' && UPLOADED_AVATAR.test(link))
        add(source.ownerType, hash, 'photo_large', link.replace(/\.webp$/, '-large.webp'));
    }
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('files')
      .values(rows.slice(i, i + 500))
      .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('files')
    .where('kind', 'in', [...SOURCES.map((source): string => source.kind), 'photo_large'])
    .execute();
}
