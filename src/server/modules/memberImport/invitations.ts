/**
 * Invitations of imported members (issue 28 §3). An imported member exists as a VALIDATED account whose password never
 * verifies and who is in no directory; the invitation e-mail (in their language) carries a single-use link valid a
 * week to the invitation page, where they choose a password under the recovery flow's rules (schema recovery.reset).
 * Accepting sets the password, confirms the address (they proved they read it) and only then applies the file's
 * consent flags, so the directory shows them as they asked. The back office can send a new link (the older stop).
 * Links are `account_tokens` rows (purpose `invitation`, SHA-256 stored); unknown, used, expired and forged links
 * all answer the same 400 naming `token`, which the page shows as "ask the association for a new link".
 */
import type { Config } from '../../config';
import type { Conn } from '../../db/conn';
import type { Db } from '../../db/dialect';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { newHash, newSecret, nowIso, sha256 } from '../../lib/ids';
import { listResult, pageWindow } from '../../lib/lists';
import { hashPassword } from '../../lib/password';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/constants';
import { localizePath } from '../../../shared/routes';
import { revokeAllSessions } from '../auth/service';
import { enqueueMail, enqueueMails } from '../mail/outbox';
import * as accounts from '../accounts/repository';
import { issueToken } from '../accounts/tokens';
import * as audit from '../audit/service';
import type { ServiceContext } from '../../serviceContext';
import * as repo from './invitationsRepository';
import { addedByImport } from './repository';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

export function invitationInvalid(lng: Locale): AppError {
  return AppError.badRequest('invitation.linkInvalid', [
    { field: 'token', message: translate(lng, 'invitation.linkInvalid') },
  ]);
}

interface Invitee {
  hash: string;
  email: string;
  name: string;
  language: string;
  code_numeric: number;
}

function invitationMail(config: Config, member: Invitee, token: string) {
  const language: Locale = isLocale(member.language) ? member.language : DEFAULT_LOCALE;
  const link = `${config.publicUrl}${localizePath('user.invitation', language)}?token=${token}`;
  return {
    to: member.email,
    language,
    template: 'account.invitation' as const,
    data: { name: member.name, link, number: String(member.code_numeric) },
  };
}

/**
 * The invitations of the members a confirmed import added: run only after the import's transaction committed, so a
 * failed file sends nothing. 500 members at a time, each page's links and e-mails in one small transaction of
 * multi-row INSERTs (a link never exists without its e-mail). Returns how many were queued; a failure part-way
 * leaves the rest of the members pending in the back office's invitations list, from where a new link is sent.
 */
export async function queueInvitations(ctx: ServiceContext, importHash: string, now = new Date()): Promise<number> {
  const expiresAt = nowIso(new Date(now.getTime() + INVITATION_TTL_MS));
  let after = '';
  let queued = 0;
  for (;;) {
    const members = await addedByImport(ctx.db, importHash, after, 500);
    if (!members.length) return queued;
    const tokens = members.map(() => newSecret());
    await ctx.db.transaction().execute(async (trx) => {
      await accounts.insertTokens(
        trx,
        members.map((member, i) => ({
          hash: newHash(),
          purpose: 'invitation',
          token_hash: sha256(tokens[i]!),
          actor_type: 'user',
          actor_hash: member.hash,
          expires_at: expiresAt,
          used_at: null,
          created_at: nowIso(now),
        })),
      );
      await enqueueMails(
        trx,
        members.map((member, i) => invitationMail(ctx.config, member, tokens[i]!)),
      );
    });
    queued += members.length;
    after = members[members.length - 1]!.hash;
  }
}

/** Issues a new link (ending the older ones) and queues the e-mail, in the caller's transaction. */
export async function sendInvitation(
  trx: Conn,
  config: Config,
  member: { hash: string; email: string; name: string; language: string; code_numeric: number },
  now = new Date(),
): Promise<void> {
  await accounts.useUpTokens(trx, 'invitation', 'user', member.hash, nowIso(now));
  const token = await issueToken(trx, 'invitation', 'user', member.hash, INVITATION_TTL_MS, now);
  await enqueueMail(trx, invitationMail(config, member, token));
}

/** A new link for a pending invitation, counted as a send (the back office's resend, or a member's recovery request). */
export async function resendInvitation(
  trx: Conn,
  config: Config,
  member: NonNullable<Awaited<ReturnType<typeof repo.findPending>>>,
  now = new Date(),
): Promise<void> {
  await sendInvitation(trx, config, member, now);
  await repo.markSent(trx, member.hash, member.sends + 1, nowIso(now));
}

/** POST /adm/member-imports/invitations/:hash/resend: a new link for a member who has not accepted yet. */
export async function resend(ctx: ServiceContext, userHash: string) {
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    const member = await repo.findPending(trx, userHash);
    if (!member) throw AppError.notFound();
    await resendInvitation(trx, ctx.config, member, now);
    await audit.record(
      { ...ctx, db: trx },
      {
        adminHash: ctx.actor.hash!,
        action: 'user.invitationResent',
        targetType: 'user',
        targetHash: userHash,
        data: { label: member.email },
        at: nowIso(now),
      },
    );
  });
  return { ok: true as const };
}

/** Who a live link is for (the page greets them and shows the address), without using it. */
export async function check(db: Db, token: string, lng: Locale) {
  const row = await accounts.liveTokenActor(db, 'invitation', sha256(token), nowIso());
  const member = row ? await repo.findPending(db, row.actor_hash) : undefined;
  if (!member) throw invitationInvalid(lng);
  return { ok: true as const, name: member.name, email: member.email };
}

export interface Acceptance {
  token: string;
  password: string;
  password_repeat: string;
}

export async function accept(ctx: ServiceContext, input: Acceptance): Promise<{ ok: true; email: string }> {
  const { db, lng } = ctx;
  if (input.password_repeat !== input.password) {
    throw AppError.badRequest('validation.failed', [
      { field: 'password_repeat', message: translate(lng, 'accounts.passwordMismatch') },
    ]);
  }
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const row = await accounts.consumeToken(trx, 'invitation', sha256(input.token), now);
    const member = row?.actor_type === 'user' ? await repo.findPending(trx, row.actor_hash) : undefined;
    if (!member || !(await repo.markAccepted(trx, member.hash, now))) throw invitationInvalid(lng);
    await repo.activateMember(trx, member.hash, {
      password_hash: passwordHash,
      is_appear_by_user: member.appear_by_user,
      is_appear_by_company: member.appear_by_company,
      at: now,
    });
    await accounts.useUpTokens(trx, 'invitation', 'user', member.hash, now);
    await revokeAllSessions({ ...ctx, db: trx }, 'user', member.hash);
    return { ok: true as const, email: member.email };
  });
}

export interface PendingQuery {
  page?: number;
  size?: number;
  text?: string;
}

export async function listPending(db: Db, query: PendingQuery) {
  const { size, offset } = pageWindow(query, 20);
  const [total, rows] = await Promise.all([
    repo.countPending(db, query.text),
    repo.pagePending(db, query.text, size, offset),
  ]);
  const expiresBefore = nowIso(new Date(Date.now() - INVITATION_TTL_MS));
  const items = rows.map((row) => ({
    hash: row.hash,
    email: row.email,
    name: [row.name, row.surname1, row.surname2].filter(Boolean).join(' '),
    member_number: row.code_numeric,
    role: row.role,
    language: row.language,
    sends: row.sends,
    sent_at: row.sent_at,
    expired: row.sent_at <= expiresBefore,
  }));
  return listResult(items, total, size);
}
