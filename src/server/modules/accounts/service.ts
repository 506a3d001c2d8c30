/**
 * Member registration (issue 8 §5, DESIGN §4b): one request creates a PENDING member (role REGULAR; a
 * Bold request is remembered in `data.requested_role` for the back office, which starts the free
 * period on validation) and, in the same transaction, the "confirm your address" and "we received
 * your registration" e-mails. Nothing is written when any check fails.
 */
import type { Db } from '../../db/dialect';
import { AppError, type FieldError } from '../../errors';
import { translate } from '../../i18n';
import { newHash, nowIso, sha256 } from '../../lib/ids';
import { hashPassword } from '../../lib/password';
import { normaliseIban } from '../../../shared/formats';
import { localizePath } from '../../../shared/routes';
import { foldText } from '../../../shared/text';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/constants';
import { enqueueMail } from '../mail/outbox';
import { isCreditorIban } from '../payments/debit/revocation';
import type { UserRegister } from '../../../shared/schema-types';
import * as repo from './repository';
import { CONFIRM_EMAIL_TTL_MS, consumeOrFail, issueToken } from './tokens';
import { cardPaymentsOffered } from '../payments/provider';
import { checkOnConfirmation } from '../schoolRecords/autoValidation';
import { type ServiceContext } from '../../serviceContext';

/** The body of POST /usr/register: generated from schemas/user.register.json (npm run types). */
export type Registration = UserRegister;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** dd/mm/yyyy (already a real day, by the schema's format) strictly before today (UTC). */
function isPast(dmy: string, now: Date): boolean {
  const [d, m, y] = dmy.split('/').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) < Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

/** The rules a JSON Schema cannot say: repeated fields, a date in the past, payment only for Bold, a real category. */
async function fieldProblems(db: Db, input: Registration, lng: Locale, now: Date): Promise<FieldError[]> {
  const problems: FieldError[] = [];
  const add = (field: string, code: string) => problems.push({ field, message: translate(lng, code) });
  if (normaliseEmail(input.email_repeat) !== normaliseEmail(input.email)) add('email_repeat', 'accounts.emailMismatch');
  if (input.password_repeat !== input.password) add('password_repeat', 'accounts.passwordMismatch');
  if (!isPast(input.birthdate, now)) add('birthdate', 'accounts.birthdatePast');
  if (input.payment && input.role !== 'bold') add('payment', 'accounts.paymentBoldOnly');
  if (input.category && !(await repo.categoryExists(db, input.category))) add('category', 'accounts.unknownCategory');
  return problems;
}

function emailTaken(lng: Locale): AppError {
  return new AppError(409, 'accounts.emailTaken', {}, [
    { field: 'email', message: translate(lng, 'accounts.emailTaken') },
  ]);
}

/** How long a Bold registration may give its card on the provider's page (POST /usr/card/addNotLogged). */
export const ADD_CARD_TTL_MS = 2 * 60 * 60_000;

export async function register(ctx: ServiceContext, input: Registration): Promise<{ ok: true; card_token?: string }> {
  const { db, config, lng } = ctx;
  const now = new Date();
  const problems = await fieldProblems(db, input, lng, now);
  // the association's own account is never a member's (it would debit itself)
  if (input.payment && isCreditorIban(config, input.payment.iban))
    problems.push({ field: 'payment.iban', message: translate(lng, 'payments.creditorIban') });
  if (problems.length) throw AppError.badRequest('validation.failed', problems);

  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const language = input.language;
  const data = {
    ...(input.eligibility_basis ? { eligibility_basis: input.eligibility_basis } : {}),
    birthdate: input.birthdate,
    gender: input.gender,
    document_type: input.document_type,
    document_number: input.document_number.trim().toUpperCase(),
    // the profile has `phone` (needed for a complete profile) and `mobile`: registration asks for one number
    phone: input.mobile.trim(),
    mobile: input.mobile.trim(),
    requested_role: input.role === 'bold' ? 'BOLD' : 'REGULAR',
    ...(input.payment ? { payment: { bank: input.payment.bank.trim(), name: input.payment.name.trim() } } : {}),
    consents: { conditions: nowIso(now), privacy: nowIso(now) },
  };

  for (let attempt = 0; ; attempt++) {
    try {
      const cardToken = await db.transaction().execute(async (trx) => {
        const existing = await repo.findUserByEmail(trx, email);
        if (existing && existing.status !== 'REJECTED') throw emailTaken(lng);
        if (existing) await repo.archiveRejectedEmail(trx, existing, email, nowIso(now));
        const hash = newHash();
        await repo.insertUser(trx, {
          hash,
          email,
          password_hash: passwordHash,
          status: 'PENDING',
          role: 'REGULAR',
          code_numeric: await repo.nextCodeNumeric(trx),
          name: input.name.trim(),
          surname1: input.surname1.trim(),
          surname2: input.surname2?.trim() || null,
          slug: null,
          language,
          profile_type: input.profile_type,
          graduation_year: input.graduation_year ?? null,
          category_hash: input.category ?? null,
          iban: input.payment ? normaliseIban(input.payment.iban) : null,
          is_newsletter: input.is_newsletter ? 1 : 0,
          is_receive_jobs: 0,
          is_appear_by_user: 1,
          is_appear_by_company: 1,
          is_ambassador: 0,
          is_entrepreneur: 0,
          profile_complete: 0, // city, country and current job come with the profile
          search_text: foldText([input.name, input.surname1, input.surname2 ?? ''].join(' ')),
          data: JSON.stringify(data),
          created_at: nowIso(now),
          updated_at: nowIso(now),
          email_confirmed_at: null,
        });
        const token = await issueToken(trx, 'confirm_email', 'user', hash, CONFIRM_EMAIL_TTL_MS, now);
        const link = `${config.publicUrl}${localizePath('user.register', language)}?confirm=${token}`;
        const name = input.name.trim();
        await enqueueMail(trx, { to: email, language, template: 'account.confirmEmail', data: { name, link } });
        await enqueueMail(trx, { to: email, language, template: 'account.received', data: { name } });
        // a Bold registration may give its card now, on the provider's page (charged when the free period ends),
        // unless the association takes no card payments (PAYMENT_PROVIDER=none)
        return input.role === 'bold' && cardPaymentsOffered(config)
          ? issueToken(trx, 'add_card', 'user', hash, ADD_CARD_TTL_MS, now)
          : null;
      });
      return cardToken ? { ok: true, card_token: cardToken } : { ok: true };
    } catch (error) {
      const unique = repo.uniqueViolation(error);
      if (unique?.column === 'email') throw emailTaken(lng); // a concurrent registration won
      if (!unique || attempt >= 4) throw error; // else the partner number was taken meanwhile: try again
    }
  }
}

/**
 * The link e-mailed at registration: marks the address confirmed, once. Opened again (or after it expired) once
 * the address is confirmed, it answers `already: true` rather than a failure, so the page offers to sign in.
 */
export async function confirmEmail(
  ctx: ServiceContext,
  token: string,
): Promise<{ ok: true; already?: true; validated?: boolean }> {
  const { db, lng } = ctx;
  const now = nowIso();
  let validated = false;
  try {
    await db.transaction().execute(async (trx) => {
      const row = await consumeOrFail(trx, 'confirm_email', token, lng, now);
      await repo.markEmailConfirmed(trx, row.actor_hash, now);
      // the school's records may validate the member now (issue 28 §2); else they wait in the queue
      validated = (await checkOnConfirmation({ ...ctx, db: trx }, row.actor_hash)) === 'validated';
    });
  } catch (error) {
    if (
      error instanceof AppError &&
      error.code === 'accounts.tokenInvalid' &&
      (await repo.tokenOwnerConfirmed(db, sha256(token)))
    )
      return { ok: true, already: true };
    throw error;
  }
  return validated ? { ok: true, validated: true } : { ok: true };
}

/**
 * "I did not get the e-mail": a new confirmation link for an address not yet confirmed (the older links
 * stop working). The same answer whether or not the address has such an account, so it reveals nothing;
 * rate-limited with registration (the path starts /usr/register).
 */
export async function resendConfirmation(ctx: ServiceContext, input: { email: string }): Promise<{ ok: true }> {
  const { db, config } = ctx;
  const email = normaliseEmail(input.email);
  const account = await repo.findUnconfirmed(db, email);
  if (!account) return { ok: true };
  const language: Locale = isLocale(account.language) ? account.language : DEFAULT_LOCALE;
  await db.transaction().execute(async (trx) => {
    await repo.useUpTokens(trx, 'confirm_email', 'user', account.hash, nowIso());
    const token = await issueToken(trx, 'confirm_email', 'user', account.hash, CONFIRM_EMAIL_TTL_MS);
    const link = `${config.publicUrl}${localizePath('user.register', language)}?confirm=${token}`;
    await enqueueMail(trx, {
      to: account.email,
      language,
      template: 'account.confirmEmail',
      data: { name: account.name, link },
    });
  });
  return { ok: true };
}
