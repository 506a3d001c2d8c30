/**
 * Company registration (issue 11 §1, DESIGN §4b): one request creates a PENDING company with its contact's
 * account and, in the same transaction, the "we received your registration" e-mail in the chosen language.
 * The association validates it in the back office (admin/companies). A taken e-mail answers 409 naming `email`
 * (unless that company was rejected, which frees it); nothing is written when any check fails.
 */
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { newHash, nowIso } from '../../lib/ids';
import { hashPassword } from '../../lib/password';
import type { Locale } from '../../../shared/constants';
import type { CompanyRegister } from '../../../shared/schema-types';
import { enqueueMail } from '../mail/outbox';
import { uniqueViolation } from '../accounts/repository';
import * as repo from './repository';
import { type ServiceContext } from '../../serviceContext';

const normaliseEmail = (email: string) => email.trim().toLowerCase();

function emailTaken(lng: Locale): AppError {
  return new AppError(409, 'accounts.emailTaken', {}, [
    { field: 'email', message: translate(lng, 'accounts.emailTaken') },
  ]);
}

export async function register(ctx: ServiceContext, _config: Config, input: CompanyRegister): Promise<{ ok: true }> {
  const { db, lng } = ctx;
  if (input.password_repeat !== input.password)
    throw AppError.badRequest('validation.failed', [
      { field: 'password_repeat', message: translate(lng, 'accounts.passwordMismatch') },
    ]);
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  try {
    await db.transaction().execute(async (trx) => {
      const existing = await repo.findByEmail(trx, email);
      if (existing && existing.status !== 'REJECTED') throw emailTaken(lng);
      if (existing) await repo.archiveRejectedEmail(trx, existing.hash, email);
      await repo.insertCompany(trx, {
        hash: newHash(),
        email,
        password_hash: passwordHash,
        status: 'PENDING',
        company_name: input.company_name.trim(),
        document_number_company: input.document_number_company.trim().toUpperCase(),
        contact_name: input.contact_name.trim(),
        contact_phone: input.contact_phone?.trim() || null,
        url: input.url?.trim() || null,
        specialty_company: input.specialty_company?.trim() || null,
        logo: null,
        language: input.language,
        data: JSON.stringify({ consents: { conditions: nowIso(now) } }),
        created_at: nowIso(now),
        updated_at: nowIso(now),
      });
      await enqueueMail(trx, {
        to: email,
        language: input.language,
        template: 'account.received',
        data: { name: input.contact_name.trim() },
      });
    });
  } catch (error) {
    if (uniqueViolation(error)?.column === 'email') throw emailTaken(lng); // a concurrent registration won
    throw error;
  }
  return { ok: true };
}
