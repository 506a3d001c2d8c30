/**
 * The daily digest of new posts in my groups (issue 12 §6, optional in the settings): once a day, each member with the
 * digest on hears of the posts others wrote since their last digest (at most a day back) in the published groups they
 * belong to or run. The member's `group_digest_at` moves in the transaction that queues the e-mail, guarded on its old
 * value, so each post reaches each member once whatever the number of instances or runs.
 */
import type { Config } from '../../../config';
import type { Db } from '../../../db/dialect';
import { nowIso } from '../../../lib/ids';
import { localizePath } from '../../../../shared/routes';
import type { Locale } from '../../../../shared/constants';
import { BOLD_ROLES } from '../../../../shared/permissions';
import { enqueueMail } from '../../mail/outbox';
import { yieldToRequests, type Task } from '../../tasks/runner';

const DAY_MS = 86_400_000;
const MAX_POSTS = 10;

export async function sendGroupDigests(db: Db, config: Config, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const until = nowIso(now);
  const readers = await db
    .selectFrom('users')
    .select(['hash', 'email', 'name', 'language', 'group_digest_at'])
    .where('status', '=', 'VALIDATED')
    .where('role', 'in', [...BOLD_ROLES])
    .where('notify_group_digest', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('workgroup_members')
          .select('workgroup_members.hash')
          .whereRef('workgroup_members.user_hash', '=', 'users.hash')
          .where('workgroup_members.status', '=', 'ACCEPTED'),
      ),
    )
    .orderBy('hash')
    .execute();
  let sent = 0;
  for (const reader of readers) {
    await yieldToRequests();
    const since = reader.group_digest_at && reader.group_digest_at > dayAgo ? reader.group_digest_at : dayAgo;
    const posts = await db
      .selectFrom('comments')
      .innerJoin('workgroups', 'workgroups.hash', 'comments.workgroup_hash')
      .innerJoin('workgroup_members', (join) =>
        join
          .onRef('workgroup_members.workgroup_hash', '=', 'comments.workgroup_hash')
          .on('workgroup_members.user_hash', '=', reader.hash)
          .on('workgroup_members.status', '=', 'ACCEPTED'),
      )
      .select(['comments.content', 'comments.created_at', 'workgroups.name', 'workgroups.slug'])
      .where('workgroups.status', '=', 'PUBLISHED')
      .where('comments.deleted', '=', 0)
      .where('comments.parent_hash', 'is', null)
      .where('comments.user_hash', '!=', reader.hash)
      .where('comments.created_at', '>', since)
      .where('comments.created_at', '<=', until)
      .orderBy('comments.created_at')
      .limit(MAX_POSTS)
      .execute();
    if (!posts.length) continue;
    const lng = reader.language as Locale;
    const queued = await db.transaction().execute(async (trx) => {
      // guarded on the value read: a digest another run sent meanwhile wins, and this one is not sent twice
      let move = trx.updateTable('users').set({ group_digest_at: until }).where('hash', '=', reader.hash);
      move =
        reader.group_digest_at === null
          ? move.where('group_digest_at', 'is', null)
          : move.where('group_digest_at', '=', reader.group_digest_at);
      if (Number((await move.executeTakeFirst()).numUpdatedRows) !== 1) return false;
      await enqueueMail(trx, {
        to: reader.email,
        language: lng,
        template: 'workgroup.digest',
        data: {
          name: reader.name,
          link: `${config.publicUrl}${localizePath('user.workgroups.subscribed', lng)}`,
          posts: posts.map((post) => ({
            group: post.name,
            excerpt: post.content.length > 160 ? `${post.content.slice(0, 157)}…` : post.content,
            link: `${config.publicUrl}${localizePath('workgroups.show', lng, { slug: post.slug })}`,
          })),
        },
      });
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

export function groupDigestTask(db: Db, config: Config): Task {
  return { name: 'workgroups.digest', everyMs: DAY_MS, run: (now) => sendGroupDigests(db, config, now) };
}
