import { listResult, pageWindow, type ListResult } from '../../lib/lists';
import { newHash, nowIso } from '../../lib/ids';
import type { AuditItem } from '../../../shared/audit';
import * as repo from './repository';
import { type ServiceContext } from '../../serviceContext';

export interface AuditQuery {
  page?: number;
  size?: number;
  action?: string;
  target?: string;
}

export type { AuditItem };

/** Writes one audit row: inside the caller's transaction, given as `{ ...ctx, db: trx }`. */
export async function record(
  ctx: ServiceContext,
  entry: {
    adminHash: string;
    action: string;
    targetType: string;
    targetHash: string;
    data: Record<string, unknown>;
    at?: string;
  },
): Promise<void> {
  await repo.insertAudit(ctx.db, {
    hash: newHash(),
    admin_hash: entry.adminHash,
    action: entry.action,
    target_type: entry.targetType,
    target_hash: entry.targetHash,
    data: entry.data,
    created_at: entry.at ?? nowIso(),
  });
}

function parse(data: string): Record<string, unknown> {
  try {
    const value = JSON.parse(data) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export async function list(ctx: ServiceContext, query: AuditQuery): Promise<ListResult<AuditItem>> {
  const { db } = ctx;
  const { size, offset } = pageWindow(query, 20);
  const filter = { action: query.action, target: query.target };
  const [total, rows] = await Promise.all([repo.countAudit(db, filter), repo.pageAudit(db, filter, size, offset)]);
  const items = rows.map((row): AuditItem => {
    const data = parse(row.data);
    // the member's current name when the row still exists, else the label kept at the time
    const live = row.user_name ? [row.user_name, row.user_surname1, row.user_surname2].filter(Boolean).join(' ') : null;
    return {
      hash: row.hash,
      created_at: row.created_at,
      action: row.action,
      admin: { hash: row.admin_hash, email: row.admin_email ?? str(data['admin_email']), name: row.admin_name ?? null },
      target: {
        type: row.target_type,
        hash: row.target_hash,
        label: live ?? str(data['label']) ?? row.target_hash,
        email: row.user_email ?? null,
      },
      from: str(data['from']),
      to: str(data['to']),
      reason: str(data['reason']),
      changes:
        data['changes'] && typeof data['changes'] === 'object' ? (data['changes'] as AuditItem['changes']) : null,
    };
  });
  return listResult(items, total, size);
}
