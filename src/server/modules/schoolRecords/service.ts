/** The back office's list, edit and removal of the school's records, and the study mapping (issue 28 §1). */
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { listResult, pageWindow } from '../../lib/lists';
import { newHash, nowIso } from '../../lib/ids';
import { normaliseHeader } from '../../lib/tabular';
import type { ServiceContext } from '../../serviceContext';
import { changedFields as auditChanges } from '../audit/changes';
import * as audit from '../audit/service';
import { SCHOOL_RECORD_AUDIT_ACTIONS } from '../../../shared/audit';
import { isEligible } from './eligibility';
import * as repo from './repository';
import { changedFields, documentKey, searchText, type RecordFields, type RecordKind } from './rows';

export interface RecordsQuery {
  text?: string;
  kind?: RecordKind;
  page?: number;
  size?: number;
}

export type RecordWrite = Partial<RecordFields>;

async function present(ctx: ServiceContext, rows: repo.RecordRow[]) {
  const keys = [...new Set(rows.map((row) => (row.study ? normaliseHeader(row.study) : '')).filter(Boolean))];
  const mapped = await repo.studyCategories(ctx.db, keys);
  const titles = new Map((await repo.categoryTitles(ctx.db)).map((c) => [c.hash, c[`title_${ctx.lng}`]]));
  return rows.map((row) => {
    const category = row.study ? mapped.get(normaliseHeader(row.study)) : null;
    return {
      hash: row.hash,
      name: row.name,
      surname1: row.surname1,
      surname2: row.surname2,
      email: row.email,
      study: row.study,
      category: category ? { hash: category, title: titles.get(category) ?? '' } : null,
      first_year: row.first_year,
      last_year: row.last_year,
      graduated_on: row.graduated_on,
      kind: row.kind as RecordKind,
      eligible: isEligible({ ...row, kind: row.kind as RecordKind }),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

/** The list's filters (the export uses the same). */
export function recordsFilter(ctx: ServiceContext, query: Pick<RecordsQuery, 'text' | 'kind'>): repo.RecordsFilter {
  const raw = query.text?.trim() ?? '';
  return {
    text: query.text,
    kind: query.kind,
    // a typed document number is found by its keyed hash, never by a stored number
    ...(/^[A-Za-z0-9 .\-/]{5,24}$/.test(raw) ? { documentKey: documentKey(ctx.config.secretKey, raw) } : {}),
  };
}

export async function list(ctx: ServiceContext, query: RecordsQuery) {
  const { size, offset } = pageWindow(query, 20);
  const filter = recordsFilter(ctx, query);
  const [total, rows] = await Promise.all([repo.count(ctx.db, filter), repo.page(ctx.db, filter, size, offset)]);
  return listResult(await present(ctx, rows), total, size);
}

export async function show(ctx: ServiceContext, hash: string) {
  const row = await repo.find(ctx.db, hash);
  if (!row) throw AppError.notFound();
  return (await present(ctx, [row]))[0]!;
}

const fieldsOf = (row: repo.RecordRow): RecordFields => ({
  name: row.name,
  surname1: row.surname1,
  surname2: row.surname2,
  email: row.email,
  study: row.study,
  first_year: row.first_year,
  last_year: row.last_year,
  graduated_on: row.graduated_on,
  kind: row.kind as RecordKind,
});

export async function edit(ctx: ServiceContext, hash: string, body: RecordWrite) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.find(trx, hash);
    if (!row) throw AppError.notFound();
    const before = fieldsOf(row);
    const trimmed = Object.fromEntries(
      Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value.trim() || null : value]),
    ) as RecordWrite;
    const next: RecordFields = {
      ...before,
      ...trimmed,
      name: trimmed.name ?? before.name,
      surname1: trimmed.surname1 ?? before.surname1,
    };
    if (next.first_year !== null && next.last_year !== null && next.last_year < next.first_year)
      throw AppError.badRequest('validation.failed', [
        { field: 'last_year', message: translate(ctx.lng, 'schoolRecords.yearInvalid', { column: 'last_year' }) },
      ]);
    if (!changedFields(before, next).length) return;
    await repo.update(trx, hash, { ...next, search_text: searchText(next), updated_at: nowIso() });
    await audit.record(
      { ...ctx, db: trx },
      {
        adminHash: ctx.actor.hash!,
        action: SCHOOL_RECORD_AUDIT_ACTIONS[1],
        targetType: 'schoolRecord',
        targetHash: hash,
        data: {
          label: `${next.name} ${next.surname1}`,
          changes: auditChanges(
            before as unknown as Record<string, unknown>,
            next as unknown as Record<string, unknown>,
          ),
        },
      },
    );
  });
  return show(ctx, hash);
}

export async function remove(ctx: ServiceContext, hash: string): Promise<{ ok: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.find(trx, hash);
    if (!row || !(await repo.remove(trx, hash))) throw AppError.notFound();
    await audit.record(
      { ...ctx, db: trx },
      {
        adminHash: ctx.actor.hash!,
        action: SCHOOL_RECORD_AUDIT_ACTIONS[2],
        targetType: 'schoolRecord',
        targetHash: hash,
        data: { label: `${row.name} ${row.surname1}` },
      },
    );
  });
  return { ok: true };
}

/** The mapping step: a study name of the school's files stands for a category of the tree (or none, on purpose: not asked again). */
export async function mapStudy(ctx: ServiceContext, body: { study: string; category: string | null }) {
  if (body.category && !(await repo.categoryExists(ctx.db, body.category)))
    throw AppError.badRequest('validation.failed', [
      { field: 'category', message: translate(ctx.lng, 'schoolRecords.unknownCategory') },
    ]);
  const key = normaliseHeader(body.study) || body.study.trim();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.decideStudy(trx, key, body.study.trim(), body.category, nowIso());
    await audit.record(
      { ...ctx, db: trx },
      {
        adminHash: ctx.actor.hash!,
        action: SCHOOL_RECORD_AUDIT_ACTIONS[1],
        targetType: 'schoolStudy',
        targetHash: newHash(),
        data: { label: body.study.trim(), changes: { category: { before: null, after: body.category } } },
      },
    );
  });
  return { study: body.study.trim(), category: body.category };
}
