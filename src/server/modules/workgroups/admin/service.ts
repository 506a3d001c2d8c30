import { AppError } from '../../../errors';
import { translate } from '../../../i18n';
import { listResult, pageWindow } from '../../../lib/lists';
import { nowIso } from '../../../lib/ids';
import { likePattern } from '../../../../shared/text';
import { isLocale } from '../../../../shared/constants';
import { localizePath } from '../../../../shared/routes';
import { WORKGROUP_AUDIT_ACTIONS } from '../../../../shared/audit';
import { enqueueMail } from '../../mail/outbox';
import { findUser } from '../../auth/repository';
import type { Conn } from '../../../db/conn';
import * as audit from '../../audit/service';
import { decideEach } from '../../admin/decideEach';
import { updateGroup } from '../manage/repository';
import type { ServiceContext } from '../../../serviceContext';

export interface WorkgroupsQueueQuery {
  status?: string;
  text?: string;
  page?: number;
  size?: number;
}

export interface WorkgroupDecision {
  status: 'PUBLISHED' | 'REJECTED';
  reason?: string;
}

/** The moves the association may make, by the group's status. */
const MOVES: Record<string, Array<WorkgroupDecision['status']>> = {
  PENDING: ['PUBLISHED', 'REJECTED'],
  PUBLISHED: ['REJECTED'],
  REJECTED: [],
  UNPUBLISHED: [],
};

function queue(db: Conn, query: WorkgroupsQueueQuery) {
  let q = db.selectFrom('workgroups').innerJoin('users', 'users.hash', 'workgroups.admin_hash');
  if (query.status) q = q.where('workgroups.status', '=', query.status);
  const text = query.text ? likePattern(query.text) : null;
  if (text) q = q.where('workgroups.search_text', 'like', text);
  return q;
}

const COLUMNS = [
  'workgroups.hash',
  'workgroups.slug',
  'workgroups.name',
  'workgroups.typology',
  'workgroups.type',
  'workgroups.status',
  'workgroups.reason',
  'workgroups.description',
  'workgroups.image',
  'workgroups.created_at',
  'workgroups.updated_at',
  'users.hash as admin_hash',
  'users.name as admin_name',
  'users.surname1 as admin_surname1',
  'users.email as admin_email',
] as const;

function present(row: Awaited<ReturnType<typeof detailRow>> & object) {
  const { admin_hash, admin_name, admin_surname1, admin_email, ...group } = row;
  return {
    ...group,
    admin: { hash: admin_hash, name: `${admin_name} ${admin_surname1}`.trim(), email: admin_email },
    moves: MOVES[row.status] ?? [],
  };
}

function detailRow(db: Conn, hash: string) {
  return queue(db, {}).select(COLUMNS).where('workgroups.hash', '=', hash).executeTakeFirst();
}

export async function list(ctx: ServiceContext, query: WorkgroupsQueueQuery) {
  const { db } = ctx;
  const { size, offset } = pageWindow(query, 20);
  const [count, rows] = await Promise.all([
    queue(db, query)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    queue(db, query)
      .select(COLUMNS)
      .orderBy('workgroups.updated_at', 'asc')
      .orderBy('workgroups.hash')
      .limit(size)
      .offset(offset)
      .execute(),
  ]);
  return listResult(rows.map(present), Number(count?.n ?? 0), size);
}

export async function decide(ctx: ServiceContext, hash: string, decision: WorkgroupDecision) {
  const { db, config, actor: admin, lng } = ctx;
  const reason = decision.reason?.trim() || null;
  if (decision.status === 'REJECTED' && !reason)
    throw AppError.badRequest('validation.failed', [
      { field: 'reason', message: translate(lng, 'admin.reasonRequired') },
    ]);
  await db.transaction().execute(async (trx) => {
    const group = await detailRow(trx, hash);
    if (!group) throw AppError.notFound();
    if (!(MOVES[group.status] ?? []).includes(decision.status))
      throw new AppError(409, 'admin.illegalMove', { from: group.status, to: decision.status });
    if (
      !(await updateGroup(
        trx,
        hash,
        { status: decision.status, reason: decision.status === 'REJECTED' ? reason : null, updated_at: nowIso() },
        group.status,
      ))
    )
      throw new AppError(409, 'admin.alreadyDecided');
    const action =
      decision.status === 'PUBLISHED'
        ? WORKGROUP_AUDIT_ACTIONS[0]
        : group.status === 'PUBLISHED'
          ? WORKGROUP_AUDIT_ACTIONS[2]
          : WORKGROUP_AUDIT_ACTIONS[1];
    await audit.record(
      { ...ctx, db: trx },
      {
        adminHash: admin.hash!,
        action,
        targetType: 'workgroup',
        targetHash: hash,
        data: { from: group.status, to: decision.status, reason, label: group.name, admin_email: admin.email },
      },
    );
    const creator = await findUser(trx, group.admin_hash);
    if (!creator || creator.status !== 'VALIDATED') return;
    const language = isLocale(creator.language) ? creator.language : 'es';
    const link =
      decision.status === 'PUBLISHED'
        ? `${config.publicUrl}${localizePath('workgroups.show', language, { slug: group.slug })}`
        : `${config.publicUrl}${localizePath('user.workgroups.edit', language, { hash })}`;
    await enqueueMail(trx, {
      to: creator.email,
      language,
      template: decision.status === 'PUBLISHED' ? 'workgroup.published' : 'workgroup.rejected',
      data:
        decision.status === 'PUBLISHED'
          ? { name: creator.name, title: group.name, link }
          : { name: creator.name, title: group.name, reason, link },
    });
  });
  return present((await detailRow(db, hash))!);
}

export function decideMany(ctx: ServiceContext, hashes: string[], decision: WorkgroupDecision) {
  if (decision.status === 'REJECTED' && !decision.reason?.trim())
    throw AppError.badRequest('validation.failed', [
      { field: 'reason', message: translate(ctx.lng, 'admin.reasonRequired') },
    ]);
  return decideEach(hashes, ctx.lng, (hash) => decide(ctx, hash, decision));
}
