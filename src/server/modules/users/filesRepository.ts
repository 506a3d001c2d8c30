/**
 * The member's own files in the database. Each change is one transaction that also answers what it
 * replaced, so the service removes old files from disk only after the database no longer names them.
 * An object (not loose functions) so a test can make one write fail and check nothing is left behind.
 * Each transaction first locks the member's row (PostgreSQL; SQLite runs one writer at a time), so two
 * uploads at once are applied one after the other and each removes what the other replaced.
 */
import type { Transaction } from 'kysely';
import type { Db, DialectName } from '../../db/dialect';
import type { Database } from '../../db/types';
import { newHash, nowIso } from '../../lib/ids';
import { replacePictureRows, type Picture } from '../../lib/publicPictures';

export type MemberFileKind = 'cv' | 'student';

export interface NewPrivateFile {
  kind: MemberFileKind;
  name: string;
  path: string;
  mime: string;
  size: number;
}

function lockUser(trx: Transaction<Database>, dialect: DialectName, userHash: string) {
  const query = trx.selectFrom('users').select(['photo', 'cv_file']).where('hash', '=', userHash);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirstOrThrow();
}

export const filesRepository = {
  /**
   * Sets users.photo and, in the same transaction, the photo's `files` rows (its two versions); answers the links
   * it replaced: the previous column value and those of the rows removed.
   */
  async replacePhoto(
    db: Db,
    dialect: DialectName,
    userHash: string,
    photo: string | null,
    versions: Picture[] = [],
  ): Promise<string[]> {
    return db.transaction().execute(async (trx) => {
      const row = await lockUser(trx, dialect, userHash);
      await trx.updateTable('users').set({ photo, updated_at: nowIso() }).where('hash', '=', userHash).execute();
      const removed = await replacePictureRows(trx, 'user', userHash, ['photo', 'photo_large'], versions);
      return [row.photo, ...removed].filter((link): link is string => !!link);
    });
  },

  /**
   * Makes `file` (or nothing, when null) the member's only file of `kind`, and for a CV points
   * users.cv_file at it. Answers the new row's hash and the stored paths of the rows it removed.
   */
  async replacePrivate(
    db: Db,
    dialect: DialectName,
    userHash: string,
    kind: MemberFileKind,
    file: NewPrivateFile | null,
  ): Promise<{ hash: string | null; removed: string[] }> {
    return db.transaction().execute(async (trx) => {
      await lockUser(trx, dialect, userHash);
      const old = await trx
        .selectFrom('files')
        .select(['hash', 'path'])
        .where('owner_type', '=', 'user')
        .where('owner_hash', '=', userHash)
        .where('kind', '=', kind)
        .execute();
      let hash: string | null = null;
      if (file) {
        hash = newHash();
        const now = nowIso();
        await trx
          .insertInto('files')
          .values({
            hash,
            owner_type: 'user',
            owner_hash: userHash,
            workgroup_hash: null,
            kind,
            name: file.name,
            path: file.path,
            mime: file.mime,
            size: file.size,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      if (kind === 'cv')
        await trx
          .updateTable('users')
          .set({ cv_file: hash, updated_at: nowIso() })
          .where('hash', '=', userHash)
          .execute();
      if (old.length > 0)
        await trx
          .deleteFrom('files')
          .where(
            'hash',
            'in',
            old.map((row) => row.hash),
          )
          .execute();
      return { hash, removed: old.map((row) => row.path) };
    });
  },
};
