/**
 * The virtual member card (issue 13): what the member's card shows, its QR code (the public verify page's address,
 * in the member's language), a new QR code on request (the old one stops verifying), the card as a PDF, and the
 * public verify answer. A card is valid when the member is VALIDATED, Bold or in the Bold free period (GRATIS), and
 * the subscription ends in the future. The verify answer never tells an unknown token from a revoked or expired
 * one, nor a Regular member's: all answer `{ valid: false }`; a valid one carries only the first name, photo and date.
 */
import { randomBytes } from 'node:crypto';
import { isLocale, DEFAULT_LOCALE } from '../../../shared/constants';
import { isoToDmy } from '../../../shared/dates';
import { BOLD_ROLES, type Role } from '../../../shared/permissions';
import { localizePath } from '../../../shared/routes';
import { AppError } from '../../errors';
import { nowIso } from '../../lib/ids';
import { qrCode } from '../../lib/qrCode';
import type { Actor } from '../../types';
import * as repo from './repository';
import { type ServiceContext } from '../../serviceContext';

/** 24 random bytes, base64url: 32 characters, 192 bits — not guessable, and short enough for a small QR code. */
export const newCardToken = () => randomBytes(24).toString('base64url');
/** A token as it may appear in a URL (anything else is unknown without asking the database). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export type Membership = 'BOLD' | 'GRATIS' | 'REGULAR';

/** The moment a subscription ends: a date alone counts to the end of that day (UTC). */
function endsAt(end: string | null): number | null {
  if (!end) return null;
  const at = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(end) ? `${end}T23:59:59.999Z` : end);
  return Number.isNaN(at) ? null : at;
}

export function isValidCard(
  member: { role: string; status: string; subscription_end: string | null },
  now = Date.now(),
): boolean {
  const end = endsAt(member.subscription_end);
  return member.status === 'VALIDATED' && BOLD_ROLES.includes(member.role as Role) && end !== null && end > now;
}

const memberOf = (actor: Actor) => {
  if (actor.type !== 'user' || !actor.hash) throw AppError.unauthorized();
  return actor.hash;
};

/** The member's live token, made on first use (a race between two first visits ends with the one row). */
async function tokenOf(ctx: ServiceContext, userHash: string): Promise<string> {
  const live = await repo.liveToken(ctx.db, userHash);
  if (live) return live.token;
  const token = newCardToken();
  try {
    await repo.insertToken(ctx.db, { token, user_hash: userHash, created_at: nowIso() });
    return token;
  } catch (error) {
    const winner = await repo.liveToken(ctx.db, userHash);
    if (winner) return winner.token;
    throw error;
  }
}

export function verifyUrl(ctx: ServiceContext, language: string, token: string): string {
  return `${ctx.config.publicUrl}${localizePath('verify', isLocale(language) ? language : DEFAULT_LOCALE, { token })}`;
}

export interface MemberCard {
  name: string;
  surname: string;
  photo: string | null;
  partner_number: number;
  membership: Membership;
  valid_until: string | null;
  valid: boolean;
  verify_url: string;
  qr: string;
}

const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 1 } as const;

async function present(ctx: ServiceContext, userHash: string, token: string): Promise<MemberCard> {
  const member = await repo.findMember(ctx.db, userHash);
  if (!member) throw AppError.unauthorized();
  const verify_url = verifyUrl(ctx, member.language, token);
  const membership: Membership = member.role === 'BOLD' || member.role === 'GRATIS' ? member.role : 'REGULAR';
  return {
    name: member.name,
    surname: [member.surname1, member.surname2].filter(Boolean).join(' '),
    photo: member.photo,
    partner_number: Number(member.code_numeric),
    membership,
    valid_until: membership === 'REGULAR' ? null : isoToDmy(member.subscription_end),
    valid: isValidCard(member),
    verify_url,
    qr: await (await qrCode()).toString(verify_url, { ...QR_OPTIONS, type: 'svg' }),
  };
}

export async function card(ctx: ServiceContext): Promise<MemberCard> {
  const { actor } = ctx;
  const user = memberOf(actor);
  return present(ctx, user, await tokenOf(ctx, user));
}

/** A new QR code: the live token is revoked (its verify page says "not valid" from now on) and a new one made. */
export async function renew(ctx: ServiceContext): Promise<MemberCard> {
  const { actor } = ctx;
  const user = memberOf(actor);
  const token = newCardToken();
  await ctx.db.transaction().execute(async (trx) => {
    const at = nowIso();
    await repo.revokeLive(trx, user, at);
    await repo.insertToken(trx, { token, user_hash: user, created_at: at });
  });
  return present(ctx, user, token);
}

export interface VerifyAnswer {
  valid: boolean;
  first_name?: string;
  photo?: string | null;
  valid_until?: string | null;
}

/** The public check: the same `{ valid: false }` for an unknown, revoked, expired or Regular member's token. */
export async function verify(ctx: ServiceContext, token: string): Promise<VerifyAnswer> {
  if (!TOKEN_PATTERN.test(token)) return { valid: false };
  const row = await repo.findByToken(ctx.db, token);
  if (!row || row.revoked_at !== null || !isValidCard(row)) return { valid: false };
  return { valid: true, first_name: row.name, photo: row.photo, valid_until: isoToDmy(row.subscription_end) };
}

/** The QR code as a PNG (the PDF's). */
export async function qrPng(url: string): Promise<Buffer> {
  return (await qrCode()).toBuffer(url, { ...QR_OPTIONS, type: 'png', width: 600 });
}

/** What the PDF and the wallet pass need. */
export async function cardForDocument(ctx: ServiceContext) {
  const { actor } = ctx;
  const user = memberOf(actor);
  const token = await tokenOf(ctx, user);
  const card = await present(ctx, user, token);
  const member = (await repo.findMember(ctx.db, user))!;
  return { card, token, language: isLocale(member.language) ? member.language : DEFAULT_LOCALE };
}
