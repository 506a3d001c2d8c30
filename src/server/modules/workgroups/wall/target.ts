/**
 * What a post on a group's wall needs to know, in one read (issue 27: the fewest statements): the published group by
 * slug or hash, whether the poster administers it or is an accepted member, and the poster's own name and photo for
 * the answer — instead of the group's whole presentation (its member and follower counts) and a re-read of the post.
 * Compiled once (db/shapes.ts).
 */
import type { Conn } from '../../../db/conn';
import { runShaped } from '../../../db/shapes';

export interface WallTarget {
  hash: string;
  slug: string;
  name: string;
  type: string;
  admin_hash: string;
  membership: string | null;
  author: { user_hash: string; user_name: string; surname1: string; photo: string | null };
}

export async function findWallTarget(db: Conn, hashOrSlug: string, userHash: string): Promise<WallTarget | undefined> {
  const rows = await runShaped(
    db,
    'wall.target',
    { member: userHash, author: userHash, slug: hashOrSlug, hash: hashOrSlug },
    (a: { member: string; author: string; slug: string; hash: string }) =>
      db
        .selectFrom('workgroups')
        .innerJoin('users as admin', 'admin.hash', 'workgroups.admin_hash')
        .leftJoin('users as author', (j) => j.on('author.hash', '=', a.author))
        .select((eb) => [
          'workgroups.hash',
          'workgroups.slug',
          'workgroups.name',
          'workgroups.type',
          'workgroups.admin_hash',
          eb
            .selectFrom('workgroup_members as m')
            .select('m.status')
            .whereRef('m.workgroup_hash', '=', 'workgroups.hash')
            .where('m.user_hash', '=', a.member)
            .limit(1)
            .as('membership'),
          'author.name as user_name',
          'author.surname1',
          'author.photo',
        ])
        .where('workgroups.status', '=', 'PUBLISHED')
        .where((eb) => eb.or([eb('workgroups.slug', '=', a.slug), eb('workgroups.hash', '=', a.hash)]))
        .limit(1),
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    hash: row.hash,
    slug: row.slug,
    name: row.name,
    type: row.type,
    admin_hash: row.admin_hash,
    membership: row.membership ?? null,
    author: {
      user_hash: userHash,
      user_name: row.user_name ?? '',
      surname1: row.surname1 ?? '',
      photo: row.photo ?? null,
    },
  };
}
