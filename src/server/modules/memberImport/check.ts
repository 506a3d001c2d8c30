/**
 * What each row of a members file would do (issue 28 §3): read streamed, 500 rows at a time, each chunk's lookups
 * (members by address, owners of member numbers) batched. Shared by the preview and the confirm step, which checks
 * the file again inside its transaction.
 */
import { nowIso } from '../../lib/ids';
import { readTabular, type TabularRow } from '../../lib/tabular';
import type { Conn } from '../../db/conn';
import type { MemberColumn } from '../../../shared/memberColumns';
import { checkLine, memberColumnSpecs, refused, type MemberLine } from './rows';
import * as repo from './repository';

export const CHUNK = 500;
const MAX_ROWS = 100_000;

export interface Checked {
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
export const endOfDay = (day: string) => `${day}T23:59:59.999Z`;

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

/** Every row of the file with what it would do, in file order, a chunk of rows at a time. */
export async function* checkFile(db: Conn, path: string): AsyncGenerator<Checked[]> {
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
    const checked: Checked[] = [];
    for (const [index, row] of chunk.entries()) {
      const line = lines[index]!;
      if (refused(line)) {
        checked.push({ line: row.line, label: row.values.email ?? '', action: 'refused', ...line });
        continue;
      }
      const label = `${line.name} ${line.surname1} <${line.email}>`;
      const refuse = (reason: string, params: Record<string, string> = {}) =>
        checked.push({ line: row.line, label, action: 'refused', reason, params });
      const sameEmail = seen.email.get(line.email);
      const sameNumber = line.member_number ? seen.number.get(line.member_number) : undefined;
      const sameDocument = line.document_number ? seen.document.get(line.document_number) : undefined;
      if (sameEmail) refuse('memberImport.duplicateEmail', { line: String(sameEmail) });
      else if (sameNumber) refuse('memberImport.duplicateNumber', { line: String(sameNumber) });
      else if (sameDocument) refuse('memberImport.duplicateDocument', { line: String(sameDocument) });
      if (sameEmail || sameNumber || sameDocument) continue;
      seen.email.set(line.email, row.line);
      if (line.member_number) seen.number.set(line.member_number, row.line);
      if (line.document_number) seen.document.set(line.document_number, row.line);

      const member = byEmail.get(line.email);
      const owner = line.member_number ? owners.get(line.member_number) : undefined;
      if (member && !member.invited) refuse('memberImport.emailRegistered');
      else if (owner !== undefined && owner !== line.email)
        refuse('memberImport.numberTaken', { number: String(line.member_number) });
      else if (!member) checked.push({ line: row.line, label, action: 'add', member: line });
      else {
        const fields = changedFields(member, line);
        checked.push({
          line: row.line,
          label,
          action: fields.length ? 'change' : 'unchanged',
          fields,
          member: line,
          existing: member,
        });
      }
    }
    yield checked;
  }
}
