/**
 * The confirm step's writes, inside the file's one transaction (issue 28 §3). New members of a chunk go in
 * multi-row INSERTs — their accounts, invitation rows and a Bold member's subscription, three statements for up to
 * 500 members — while a changed member (rare: a file imported before and edited) is updated row by row, since each
 * row sets different values. The invitation link and e-mail are not written here: they are queued after the commit
 * (invitations.ts queueInvitations), so a failed file sends nothing.
 */
import type { Insertable } from 'kysely';
import type { Conn } from '../../db/conn';
import type { SubscriptionsTable, UsersTable } from '../../db/types';
import { newHash, nowIso } from '../../lib/ids';
import { DUMMY_PASSWORD_HASH } from '../../lib/password';
import { foldText } from '../../../shared/text';
import { endOfDay } from './check';
import type { MemberLine } from './rows';
import * as repo from './repository';

export interface Writer {
  trx: Conn;
  importHash: string;
  now: Date;
  priceCents: number;
  nextNumber: () => number;
}

/** A Bold member's paid period as a running subscription; renewal waits for their choice of card or direct debit. */
function newSubscription(w: Writer, userHash: string, paidUntil: string): Insertable<SubscriptionsTable> {
  return {
    hash: newHash(),
    user_hash: userHash,
    card_hash: null,
    status: 'ACTIVE',
    amount_cents: w.priceCents,
    current_period_end: endOfDay(paidUntil),
    period_start: null,
    next_charge_at: null,
    renew: 0,
    method: 'CARD',
    failures: 0,
    last_failure: null,
    cancelled_at: null,
    created_at: nowIso(w.now),
  };
}

function newMember(w: Writer, hash: string, line: MemberLine): Insertable<UsersTable> {
  const at = nowIso(w.now);
  return {
    hash,
    email: line.email,
    password_hash: DUMMY_PASSWORD_HASH, // never verifies: the password comes with the invitation
    status: 'VALIDATED',
    role: line.tier,
    code_numeric: line.member_number ?? w.nextNumber(),
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
  };
}

/** New members of one chunk (at most CHUNK): three multi-row INSERTs. */
export async function addMembers(w: Writer, lines: MemberLine[]): Promise<void> {
  if (!lines.length) return;
  const at = nowIso(w.now);
  const members = lines.map((line) => newMember(w, newHash(), line));
  await repo.insertMembers(w.trx, members);
  await repo.insertInvitations(
    w.trx,
    lines.map((line, i) => ({
      user_hash: members[i]!.hash,
      import_hash: w.importHash,
      appear_by_user: line.appear_to_members,
      appear_by_company: line.appear_to_companies,
      sends: 1,
      sent_at: at,
      accepted_at: null,
      created_at: at,
    })),
  );
  // a new account has no subscription yet: a Bold member's paid period is a new one
  await repo.insertSubscriptions(
    w.trx,
    lines.flatMap((line, i) => (line.tier === 'BOLD' ? [newSubscription(w, members[i]!.hash, line.paid_until!)] : [])),
  );
}

async function setPaidPeriod(w: Writer, userHash: string, line: MemberLine): Promise<void> {
  const running = await repo.runningSubscription(w.trx, userHash);
  if (line.tier === 'REGULAR') {
    if (running)
      await repo.updateSubscription(w.trx, running.hash, {
        status: 'ENDED',
        ended_at: nowIso(w.now),
        next_charge_at: null,
        renew: 0,
      });
    return;
  }
  if (running) await repo.updateSubscription(w.trx, running.hash, { current_period_end: endOfDay(line.paid_until!) });
  else await repo.insertSubscriptions(w.trx, [newSubscription(w, userHash, line.paid_until!)]);
}

export async function changeMember(
  w: Writer,
  member: repo.ExistingMember,
  line: MemberLine,
  fields: string[],
): Promise<void> {
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
