import { PAGE_SIZES, type Locale } from '../../../shared/constants';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { dmyToIso, isoToDmy } from '../../../shared/dates';
import { listResult, pageWindow, type PageQuery } from '../../lib/lists';
import { pageTotal } from '../../lib/pageTotal';
import type { Actor } from '../../types';
import type { Conn } from '../../db/conn';
import * as repo from './memberRepository';
import { type ServiceContext } from '../../serviceContext';

export interface ExperienceWrite {
  name?: string;
  contract?: string;
  company_name?: string;
  start?: string;
  end?: string | null;
  location?: string;
  content?: string;
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.find>>>;

function owner(actor: Actor): string {
  if (!actor.hash) throw AppError.unauthorized();
  return actor.hash;
}

function present(row: Row) {
  return { ...row, start: isoToDmy(row.start), end: isoToDmy(row.end) };
}

function columns(input: ExperienceWrite): repo.ExperienceColumns {
  const out: repo.ExperienceColumns = {};
  for (const key of ['name', 'contract', 'company_name', 'location', 'content'] as const)
    if (input[key] !== undefined) out[key] = input[key];
  if (input.start !== undefined) out.start = dmyToIso(input.start);
  if (input.end !== undefined) out.end = dmyToIso(input.end);
  return out;
}

/** ISO dates compare as strings; an empty end is a current job. */
function checkPeriod(lng: Locale, start: string, end: string | null) {
  if (end && end < start)
    throw AppError.badRequest('validation.failed', [
      { field: 'end', message: translate(lng, 'experiences.endBeforeStart', { field: 'end' }) },
    ]);
}

/** SPEC §5: adding (and, like the web's completed-profile guard, editing) a job experience needs a complete profile. */
async function requireCompleteProfile(db: Conn, user: string) {
  if (!(await repo.profileComplete(db, user))) throw AppError.rule('experiences.profileIncomplete');
}

async function findOwn(db: Conn, user: string, hash: string): Promise<Row> {
  const row = await repo.find(db, user, hash);
  if (!row) throw AppError.notFound();
  return row;
}

export async function list(ctx: ServiceContext, query: PageQuery) {
  const { actor } = ctx;
  const user = owner(actor);
  const { size, offset } = pageWindow(query, PAGE_SIZES.experiences);
  const rows = await repo.page(ctx.db, user, size, offset);
  const total = await pageTotal({ size, offset }, rows.length, () => repo.count(ctx.db, user));
  return listResult(rows.map(present), total, size);
}

export async function show(ctx: ServiceContext, hash: string) {
  const { actor } = ctx;
  return present(await findOwn(ctx.db, owner(actor), hash));
}

export async function create(ctx: ServiceContext, input: ExperienceWrite) {
  const { actor, lng } = ctx;
  const user = owner(actor);
  const {
    name = '',
    contract = null,
    company_name = '',
    start = '',
    end = null,
    location = null,
    content = '',
  } = columns(input);
  checkPeriod(lng, start, end);
  await requireCompleteProfile(ctx.db, user);
  const hash = await repo.insert(ctx.db, user, { name, contract, company_name, start, end, location, content });
  return show(ctx, hash);
}

export async function update(ctx: ServiceContext, hash: string, input: ExperienceWrite) {
  const { actor, lng } = ctx;
  const user = owner(actor);
  await ctx.db.transaction().execute(async (trx) => {
    const current = await findOwn(trx, user, hash);
    await requireCompleteProfile(trx, user);
    const changes = columns(input);
    checkPeriod(lng, changes.start ?? current.start, changes.end === undefined ? current.end : changes.end);
    if (Object.keys(changes).length) await repo.update(trx, user, hash, changes);
  });
  return show(ctx, hash);
}

export async function remove(ctx: ServiceContext, hash: string) {
  const { actor } = ctx;
  const user = owner(actor);
  await ctx.db.transaction().execute(async (trx) => {
    await findOwn(trx, user, hash);
    await repo.remove(trx, user, hash);
  });
  return { ok: true };
}
