/**
 * The members import (issue 28 §3): a CSV or XLSX list of the association's current members, previewed (what each
 * row would do, nothing written) and confirmed. Confirming checks the whole file again and writes it in one
 * transaction: a file with any refused row writes nothing (400 `memberImport.fileRefused`). A new member is a
 * VALIDATED account with the file's member number (cards and receipts go on), no usable password, in no directory
 * until they accept the invitation e-mailed here; a Bold member keeps their paid period as a running subscription
 * that ends on the file's date (renewal off until they choose card or direct debit after signing in). A member
 * imported before is compared with the row (changed fields are updated; the same file again changes nothing); an
 * address of a member who registered on their own is refused. One audit entry per confirmed file.
 */
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { newHash, nowIso } from '../../lib/ids';
import { DUMMY_PASSWORD_HASH } from '../../lib/password';
import { PreviewCollector, readTabular, type PreviewResult, type TabularRow } from '../../lib/tabular';
import type { Conn } from '../../db/conn';
import type { Locale } from '../../../shared/constants';
import type { MemberColumn } from '../../../shared/memberColumns';
import { foldText } from '../../../shared/text';
import type { ServiceContext } from '../../serviceContext';
import type { Config } from '../../config';
import * as audit from '../audit/service';
import { readMembershipTerms } from '../init/repository';
import { sendInvitation } from './invitations';
import { checkLine, memberColumnSpecs, refused, type MemberLine } from './rows';
import * as repo from './repository';

const CHUNK = 500;
const MAX_ROWS = 100_000;

interface Checked {
  line: number;
  label: string;
  action: 'add' | 'change' | 'unchanged' | 'refused';
  reason?: string;
  params?: Record<string, string>;
  fields?: string[];
  member?: MemberLine;
  existing?: repo.ExistingMember;
}

/** The paid period runs to the end of the file's day (UTC), as a subscription's `current_period_end`. */
const endOfDay = (day: string) => `${day}T23:59:59.999Z`;

function documentOf(data: string): string | null {
  try {
    const value = (JSON.parse(data) as Record<string, unknown>)['document_number'];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The fields a row would change on a member imported before (their own choices once they accepted are theirs). */
function changedFields(existing: repo.ExistingMember, line: MemberLine): string[] {
  const fields: string[] = [];
  if (existing.name !== line.name) fields.push('name');
  if (existing.surname1 !== line.surname1) fields.push('surname1');
  if ((existing.surname2 ?? null) !== line.surname2) fields.push('surname2');
  if (line.document_number && documentOf(existing.data) !== line.document_number) fields.push('document_number');
  if (line.member_number !== null && Number(existing.code_numeric) !== line.member_number) fields.push('member_number');
  const tier = existing.role === 'REGULAR' ? 'REGULAR' : 'BOLD';
  if (tier !== line.tier) fields.push('tier');
  if (line.tier === 'BOLD' && existing.subscription_end?.slice(0, 10) !== line.paid_until) fields.push('paid_until');
  if (existing.language !== line.language) fields.push('language');
  if (existing.accepted_at === null) {
    if (existing.appear_by_user !== line.appear_to_members) fields.push('appear_to_members');
    if (existing.appear_by_company !== line.appear_to_companies) fields.push('appear_to_companies');
    if (existing.is_newsletter !== line.newsletter) fields.push('newsletter');
  }
  return fields;
}

async function* chunks<T>(rows: AsyncIterable<T>): AsyncGenerator<T[]> {
  let chunk: T[] = [];
  for await (const row of rows) {
    chunk.push(row);
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

/** Every row of the file with what it would do, in file order; lookups batched per chunk of rows. */
async function* checkFile(db: Conn, path: string): AsyncGenerator<Checked> {
  const today = nowIso().slice(0, 10);
  const seen = {
    email: new Map<string, number>(),
    number: new Map<number, number>(),
    document: new Map<string, number>(),
  };
  const rows = readTabular<MemberColumn>(path, memberColumnSpecs(), { maxRows: MAX_ROWS });
  for await (const chunk of chunks<TabularRow<MemberColumn>>(rows)) {
    const lines = chunk.map((row) => (row.refusal ? row.refusal : checkLine(row.values, today)));
    const valid = lines.filter((line): line is MemberLine => !refused(line));
    const [existing, owners] = await Promise.all([
      repo.membersByEmail(db, [...new Set(valid.map((line) => line.email))]),
      repo.numberOwners(db, [...new Set(valid.flatMap((line) => (line.member_number ? [line.member_number] : [])))]),
    ]);
    const byEmail = new Map(existing.map((member) => [member.email, member]));
    for (const [index, row] of chunk.entries()) {
      const line = lines[index]!;
      if (refused(line)) {
        yield { line: row.line, label: row.values.email ?? '', action: 'refused', ...line };
        continue;
      }
      const label = `${line.name} ${line.surname1} <${line.email}>`;
      const refuse = (reason: string, params: Record<string, string> = {}): Checked => ({
        line: row.line,
        label,
        action: 'refused',
        reason,
        params,
      });
      const sameEmail = seen.email.get(line.email);
      const sameNumber = line.member_number ? seen.number.get(line.member_number) : undefined;
      const sameDocument = line.document_number ? seen.document.get(line.document_number) : undefined;
      if (sameEmail) yield refuse('memberImport.duplicateEmail', { line: String(sameEmail) });
      else if (sameNumber) yield refuse('memberImport.duplicateNumber', { line: String(sameNumber) });
      else if (sameDocument) yield refuse('memberImport.duplicateDocument', { line: String(sameDocument) });
      if (sameEmail || sameNumber || sameDocument) continue;
      seen.email.set(line.email, row.line);
      if (line.member_number) seen.number.set(line.member_number, row.line);
      if (line.document_number) seen.document.set(line.document_number, row.line);

      const member = byEmail.get(line.email);
      const owner = line.member_number ? owners.get(line.member_number) : undefined;
      if (member && !member.invited) yield refuse('memberImport.emailRegistered');
      else if (owner !== undefined && owner !== line.email)
        yield refuse('memberImport.numberTaken', { number: String(line.member_number) });
      else if (!member) yield { line: row.line, label, action: 'add', member: line };
      else {
        const fields = changedFields(member, line);
        yield {
          line: row.line,
          label,
          action: fields.length ? 'change' : 'unchanged',
          fields,
          member: line,
          existing: member,
        };
      }
    }
  }
}

export interface PreviewAnswer extends PreviewResult {
  rows: Array<PreviewResult['rows'][number] & { message?: string }>;
}

function answer(result: PreviewResult, lng: Locale): PreviewAnswer {
  return {
    ...result,
    rows: result.rows.map((row) =>
      row.reason ? { ...row, message: translate(lng, row.reason, { ...row.params }) } : row,
    ),
  };
}

/** POST /adm/member-imports/preview: what the file would do, nothing written. */
export async function preview(ctx: ServiceContext, path: string): Promise<PreviewAnswer> {
  const collector = new PreviewCollector();
  for await (const row of checkFile(ctx.db, path)) {
    collector.add({
      line: row.line,
      action: row.action,
      label: row.label,
      ...(row.reason ? { reason: row.reason, params: row.params ?? {} } : {}),
      ...(row.action === 'change' ? { fields: row.fields ?? [] } : {}),
    });
  }
  return answer(collector.result(), ctx.lng);
}

interface Writer {
  trx: Conn;
  config: Config;
  importHash: string;
  now: Date;
  priceCents: number;
  nextNumber: () => number;
}

async function setPaidPeriod(w: Writer, userHash: string, line: MemberLine): Promise<void> {
  const running = await repo.runningSubscription(w.trx, userHash);
  const at = nowIso(w.now);
  if (line.tier === 'REGULAR') {
    if (running)
      await repo.updateSubscription(w.trx, running.hash, {
        status: 'ENDED',
        ended_at: at,
        next_charge_at: null,
        renew: 0,
      });
    return;
  }
  const end = endOfDay(line.paid_until!);
  if (running) {
    await repo.updateSubscription(w.trx, running.hash, { current_period_end: end });
    return;
  }
  await repo.insertSubscription(w.trx, {
    hash: newHash(),
    user_hash: userHash,
    card_hash: null,
    status: 'ACTIVE',
    amount_cents: w.priceCents,
    current_period_end: end,
    period_start: null,
    // renewal waits for the member's choice of card or direct debit (subscriptions/service.ts create)
    next_charge_at: null,
    renew: 0,
    method: 'CARD',
    failures: 0,
    last_failure: null,
    cancelled_at: null,
    created_at: at,
  });
}

async function addMember(w: Writer, line: MemberLine): Promise<void> {
  const at = nowIso(w.now);
  const hash = newHash();
  const number = line.member_number ?? w.nextNumber();
  await repo.insertMember(w.trx, {
    hash,
    email: line.email,
    password_hash: DUMMY_PASSWORD_HASH, // never verifies: the password comes with the invitation
    status: 'VALIDATED',
    role: line.tier,
    code_numeric: number,
    name: line.name,
    surname1: line.surname1,
    surname2: line.surname2,
    slug: null,
    language: line.language,
    profile_type: 'student',
    graduation_year: null,
    category_hash: null,
    country_code: null,
    city: null,
    current_job: null,
    current_company: null,
    photo: null,
    cv_file: null,
    iban: null,
    is_newsletter: line.newsletter,
    is_receive_jobs: 0,
    // in no directory until the invitation is accepted; then the file's consent applies
    is_appear_by_user: 0,
    is_appear_by_company: 0,
    is_ambassador: 0,
    is_entrepreneur: 0,
    profile_complete: 0,
    subscription_end: line.tier === 'BOLD' ? endOfDay(line.paid_until!) : null,
    search_text: foldText([line.name, line.surname1, line.surname2 ?? ''].join(' ')),
    data: JSON.stringify({
      ...(line.document_number ? { document_number: line.document_number, document_type: line.document_type } : {}),
      imported: w.importHash,
    }),
    created_at: at,
    updated_at: at,
    email_confirmed_at: null,
  });
  await w.trx
    .insertInto('member_invitations')
    .values({
      user_hash: hash,
      import_hash: w.importHash,
      appear_by_user: line.appear_to_members,
      appear_by_company: line.appear_to_companies,
      sends: 1,
      sent_at: at,
      accepted_at: null,
      created_at: at,
    })
    .execute();
  if (line.tier === 'BOLD') await setPaidPeriod(w, hash, line);
  await sendInvitation(
    w.trx,
    w.config,
    { hash, email: line.email, name: line.name, language: line.language, code_numeric: number },
    w.now,
  );
}

async function changeMember(w: Writer, member: repo.ExistingMember, line: MemberLine, fields: string[]): Promise<void> {
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(member.data) as Record<string, unknown>;
  } catch {
    data = {};
  }
  if (fields.includes('document_number'))
    data = { ...data, document_number: line.document_number, document_type: line.document_type };
  await repo.updateMember(w.trx, member.hash, {
    name: line.name,
    surname1: line.surname1,
    surname2: line.surname2,
    ...(line.member_number !== null ? { code_numeric: line.member_number } : {}),
    role: line.tier === 'BOLD' ? (member.role === 'REGULAR' ? 'BOLD' : member.role) : 'REGULAR',
    subscription_end:
      line.tier === 'BOLD'
        ? endOfDay(line.paid_until!)
        : member.role === 'REGULAR'
          ? member.subscription_end
          : nowIso(w.now),
    language: line.language,
    ...(member.accepted_at === null ? { is_newsletter: line.newsletter } : {}),
    search_text: foldText([line.name, line.surname1, line.surname2 ?? ''].join(' ')),
    data: JSON.stringify(data),
    updated_at: nowIso(w.now),
  });
  if (member.accepted_at === null)
    await repo.setInvitationFlags(w.trx, member.hash, line.appear_to_members, line.appear_to_companies);
  if (fields.includes('tier') || fields.includes('paid_until')) await setPaidPeriod(w, member.hash, line);
}

function fileRefused(lng: Locale, count: number): AppError {
  return new AppError(400, 'memberImport.fileRefused', { count }, [
    { field: 'file', message: translate(lng, 'memberImport.fileRefused', { count }) },
  ]);
}

/** POST /adm/member-imports: the whole file in one transaction, or nothing. */
export async function confirm(ctx: ServiceContext, path: string, filename: string) {
  const checked = await preview(ctx, path);
  if (checked.counts.refused > 0) throw fileRefused(ctx.lng, checked.counts.refused);
  const now = new Date();
  const importHash = newHash();
  const counts = await ctx.db.transaction().execute(async (trx) => {
    const terms = await readMembershipTerms(trx);
    let next = Math.max(await repo.maxMemberNumber(trx), 10000);
    // numbers the file gives are kept; members without one get numbers after every number in use or in the file
    for await (const row of checkFile(trx, path))
      if (row.member?.member_number) next = Math.max(next, row.member.member_number);
    const w: Writer = {
      trx,
      config: ctx.config,
      importHash,
      now,
      priceCents: Math.round(terms.priceEuros * 100),
      nextNumber: () => ++next,
    };
    await repo.insertImport(trx, {
      hash: importHash,
      admin_hash: ctx.actor.hash!,
      filename: filename.slice(0, 255),
      added: 0,
      changed: 0,
      unchanged: 0,
      created_at: nowIso(now),
    });
    const done = { added: 0, changed: 0, unchanged: 0 };
    // the file is checked again inside the transaction: what another request changed meanwhile counts
    for await (const row of checkFile(trx, path)) {
      if (row.action === 'refused') throw fileRefused(ctx.lng, 1);
      if (row.action === 'add') {
        await addMember(w, row.member!);
        done.added += 1;
      } else if (row.action === 'change') {
        await changeMember(w, row.existing!, row.member!, row.fields ?? []);
        done.changed += 1;
      } else done.unchanged += 1;
    }
    await repo.setImportCounts(trx, importHash, done);
    await audit.record(trx, {
      adminHash: ctx.actor.hash!,
      action: 'members.imported',
      targetType: 'import',
      targetHash: importHash,
      data: { label: filename.slice(0, 255), ...done },
      at: nowIso(now),
    });
    return done;
  });
  return { hash: importHash, ...counts };
}
