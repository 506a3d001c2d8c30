/**
 * Public pictures in the `files` table (issue 26 §1, §5): a member's photo and its large version, a company's logo, a
 * group's image, an article's cover and a portfolio project's pictures keep their public link in their own column (`/uploads/avatars/….webp`, served
 * with long caching) and, written in the same transaction, a `files` row whose `path` is that same link. So the
 * sweeper tells a live picture from an orphan (an object no row names) and counts rows whose object is missing.
 * Replacing or removing a picture removes its row in the transaction and its object after the commit.
 */
import type { Conn } from '../db/conn';
import { newHash, nowIso } from './ids';
import { publicKey, removeQuietly, type FileStorage } from './storage';

export const PUBLIC_KINDS = [
  'photo',
  'photo_large',
  'logo',
  'group_image',
  'article_cover',
  'portfolio_image',
] as const;
export type PublicKind = (typeof PUBLIC_KINDS)[number];
export type PictureOwner = 'user' | 'company' | 'workgroup' | 'article' | 'portfolio';

/** The public folders whose objects all have a row (uploaded ones and the demo's under `seed/`): only these are swept. */
const PICTURE_FOLDERS = ['avatars', 'logos', 'workgroups', 'articles', 'portfolios'];
const SWEPT = new RegExp(`^uploads/(?:seed/)?(?:${PICTURE_FOLDERS.join('|')})/[^/]+$`);

export function isPublicKind(kind: string): kind is PublicKind {
  return (PUBLIC_KINDS as readonly string[]).includes(kind);
}

/** Whether the sweeper may delete `key` when no row names it. */
export function sweptPictureKey(key: string): boolean {
  return SWEPT.test(key);
}

export interface Picture {
  kind: PublicKind;
  /** The public link, as the column keeps it (`/uploads/…`). */
  link: string;
  size: number;
  mime?: string;
}

export function pictureRow(ownerType: PictureOwner, ownerHash: string, picture: Picture, at = nowIso()) {
  return {
    hash: newHash(),
    owner_type: ownerType,
    owner_hash: ownerHash,
    workgroup_hash: null,
    kind: picture.kind,
    name: picture.link.split('/').pop()!,
    path: picture.link,
    mime: picture.mime ?? (picture.link.endsWith('.svg') ? 'image/svg+xml' : 'image/webp'),
    size: picture.size,
    created_at: at,
    updated_at: at,
  };
}

/**
 * Inside the transaction that changed the owner's column (its row already written, so locked on PostgreSQL): the
 * owner's rows of `kinds` give way to `pictures`. Answers the links of the rows removed.
 */
export async function replacePictureRows(
  trx: Conn,
  ownerType: PictureOwner,
  ownerHash: string,
  kinds: readonly PublicKind[],
  pictures: Picture[],
): Promise<string[]> {
  const old = await trx
    .selectFrom('files')
    .select(['hash', 'path'])
    .where('owner_type', '=', ownerType)
    .where('owner_hash', '=', ownerHash)
    .where('kind', 'in', [...kinds])
    .execute();
  if (old.length)
    await trx
      .deleteFrom('files')
      .where(
        'hash',
        'in',
        old.map((row) => row.hash),
      )
      .execute();
  if (pictures.length) {
    const at = nowIso();
    await trx
      .insertInto('files')
      .values(pictures.map((picture) => pictureRow(ownerType, ownerHash, picture, at)))
      .execute();
  }
  return old.map((row) => row.path);
}

/**
 * After the commit: removes the objects of `links` that no row names any more (a link two rows share, or a picture
 * put back meanwhile, stays). Never fails the request that already committed: an object left over is the sweeper's.
 */
export async function removeUnnamedPictures(
  db: Conn,
  storage: FileStorage,
  links: (string | null | undefined)[],
): Promise<void> {
  const candidates = [...new Set(links.filter((link): link is string => !!link && !!publicKey(link)))];
  if (!candidates.length) return;
  const named = await db.selectFrom('files').select('path').where('path', 'in', candidates).execute();
  const still = new Set(named.map((row) => row.path));
  await removeQuietly(
    storage,
    candidates.filter((link) => !still.has(link)).map((link) => publicKey(link)),
  );
}
