/**
 * A post after it is written (issue 12 §4): its author may correct it for WALL_EDIT_MINUTES (long enough to fix a typo,
 * short enough that replies keep answering what was said), and any other member of the group may report it to the
 * group's administrator, once, with a reason; the administrator is e-mailed and sees the reports beside the post.
 */
import { WALL_EDIT_MINUTES } from '../../../../shared/constants';
import { localizePath } from '../../../../shared/routes';
import type { Locale } from '../../../../shared/constants';
import { AppError } from '../../../errors';
import { translate } from '../../../i18n';
import { nowIso } from '../../../lib/ids';
import type { Conn } from '../../../db/conn';
import { findUser } from '../../auth/repository';
import { enqueueMail } from '../../mail/outbox';
import { editableUntil, viewable } from '../service';
import type { ServiceContext } from '../../../serviceContext';

async function findLivePost(conn: Conn, groupHash: string, commentHash: string) {
  return conn
    .selectFrom('comments')
    .select(['hash', 'user_hash', 'content', 'created_at'])
    .where('workgroup_hash', '=', groupHash)
    .where('hash', '=', commentHash)
    .where('deleted', '=', 0)
    .executeTakeFirst();
}

export async function edit(ctx: ServiceContext, id: string, commentHash: string, content: string) {
  const { actor } = ctx;
  const group = await viewable(ctx, id);
  const comment = await findLivePost(ctx.db, group.hash, commentHash);
  if (!comment) throw AppError.notFound();
  if (comment.user_hash !== actor.hash) throw AppError.forbidden('workgroups.notYourPost');
  if (Date.now() > Date.parse(editableUntil(comment.created_at)))
    throw new AppError(409, 'workgroups.editWindowOver', { minutes: WALL_EDIT_MINUTES });
  const text = content.trim();
  const editedAt = nowIso();
  // guarded on the post still being there: a moderator's removal in between wins
  const result = await ctx.db
    .updateTable('comments')
    .set({ content: text, edited_at: editedAt })
    .where('hash', '=', comment.hash)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw AppError.notFound();
  return { hash: comment.hash, content: text, edited_at: editedAt };
}

export async function report(ctx: ServiceContext, id: string, commentHash: string, reason: string) {
  const { actor, lng } = ctx;
  const group = await viewable(ctx, id);
  if (!group.is_admin && group.membership !== 'ACCEPTED') throw AppError.forbidden('workgroups.membersOnlyReport');
  const comment = await findLivePost(ctx.db, group.hash, commentHash);
  if (!comment) throw AppError.notFound();
  // SPEC §8: a 400 names its field, here the post's id in the path
  if (comment.user_hash === actor.hash)
    throw AppError.badRequest('workgroups.ownPostReport', [
      { field: 'hash', message: translate(lng, 'workgroups.ownPostReport') },
    ]);
  const text = reason.trim();
  await ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('comment_reports')
      .values({ comment_hash: comment.hash, user_hash: actor.hash!, reason: text, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['comment_hash', 'user_hash']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new AppError(409, 'workgroups.alreadyReported');
    const admin = group.admin.hash !== actor.hash ? await findUser(trx, group.admin.hash) : undefined;
    if (!admin || admin.status !== 'VALIDATED') return;
    const lng = admin.language as Locale;
    await enqueueMail(trx, {
      to: admin.email,
      language: lng,
      template: 'workgroup.reported',
      data: {
        name: admin.name,
        title: group.name,
        reason: text,
        excerpt: comment.content.slice(0, 300),
        link: `${ctx.config.publicUrl}${localizePath('user.workgroups.show', lng, { hash: group.hash })}`,
      },
    });
  });
  return { ok: true };
}
