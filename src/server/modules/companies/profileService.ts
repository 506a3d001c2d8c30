/**
 * The signed-in company's own account (issue 11 §1 "Profile", SPEC §7 PATCH /com/companies, POST /com/companies/logo):
 * details, contact person, language, password and logo. The CIF and the sign-in e-mail stay as the association
 * validated them (docs/decisions.md). A password change needs the old one, ends every other session of the company
 * and e-mails the contact; a logo is re-encoded (WebP, no metadata) and written to disk before the row points at
 * it, and the old one is removed only after the row changed, so nothing points at a missing file.
 */
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { ImageError, MAX_INPUT_PIXELS, reencodeImage } from '../../lib/images';
import { newHash, nowIso } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Locale } from '../../../shared/constants';
import type { CompanyProfile, UserPassword } from '../../../shared/schema-types';
import type { UploadedFile } from '../../plugins/uploads';
import type { Actor } from '../../types';
import { removeUnnamedPictures, replacePictureRows, type Picture } from '../../lib/publicPictures';
import { publicKey, removeQuietly } from '../../lib/storage';
import type { Conn } from '../../db/conn';
import { findCompany } from '../auth/repository';
import { presentCompany } from '../auth/presenters';
import { mergedCompanyData } from './data';
import { enqueueMail } from '../mail/outbox';
import * as repo from './repository';
import type { ServiceContext } from '../../serviceContext';

const LOGOS = 'logos';
const LOGO_SIDE = 512;

const fieldError = (lng: Locale, field: string, key: string, params: Record<string, unknown> = {}) =>
  AppError.badRequest('validation.failed', [{ field, message: translate(lng, key, { field, ...params }) }]);

async function signedInCompany(db: Conn, actor: Actor) {
  const company = actor.type === 'company' && actor.hash ? await findCompany(db, actor.hash) : undefined;
  if (!company) throw AppError.unauthorized();
  return company;
}

const trimmedOrNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);

export async function update(ctx: ServiceContext, body: CompanyProfile) {
  const { actor } = ctx;
  const company = await signedInCompany(ctx.db, actor);
  const changes = {
    company_name: body.company_name?.trim(),
    contact_name: body.contact_name?.trim(),
    url: trimmedOrNull(body.url),
    specialty_company: trimmedOrNull(body.specialty_company),
    contact_phone: trimmedOrNull(body.contact_phone),
    language: body.language,
  };
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  // a field a maintainer added to company.profile has no column: it lives in companies.data (issue 24 §3)
  const data = mergedCompanyData(company, body);
  await repo.updateCompany(ctx.db, company.hash, { ...set, ...(data ? { data } : {}), updated_at: nowIso() });
  return presentCompany((await findCompany(ctx.db, company.hash))!);
}

export async function changePassword(ctx: ServiceContext, body: UserPassword) {
  const { actor, lng } = ctx;
  const company = await signedInCompany(ctx.db, actor);
  if (!(await verifyPassword(body.old_password, company.password_hash)))
    throw fieldError(lng, 'old_password', 'profile.wrongPassword');
  if (body.password !== body.password_repeat) throw fieldError(lng, 'password_repeat', 'profile.passwordsDiffer');
  const passwordHash = await hashPassword(body.password);
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateCompany(trx, company.hash, { password_hash: passwordHash, updated_at: now });
    await repo.revokeOtherSessions(trx, company.hash, actor.sessionHash, now);
    await enqueueMail(trx, {
      to: company.email,
      language: company.language as Locale,
      template: 'account.passwordChanged',
      data: { name: company.contact_name },
    });
  });
  return { ok: true };
}

/**
 * The logo is put first, then companies.logo and its `files` row change in one transaction (issue 26); the old
 * logo's object goes after the commit, the new one if the transaction failed.
 */
export async function setLogo(ctx: ServiceContext, file: UploadedFile) {
  const company = await signedInCompany(ctx.db, ctx.actor);
  let bytes: Buffer;
  try {
    bytes = await reencodeImage(file.path, LOGO_SIDE);
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    throw fieldError(ctx.lng, 'image', error.reason === 'tooManyPixels' ? 'upload.tooManyPixels' : 'upload.badImage', {
      megapixels: MAX_INPUT_PIXELS / 1_000_000,
    });
  }
  const logo = `/uploads/${LOGOS}/${newHash(24)}.webp`;
  await ctx.storage.put(publicKey(logo)!, bytes, { contentType: 'image/webp' });
  let old: string[];
  try {
    old = await replaceLogo(ctx, company.hash, { kind: 'logo', link: logo, size: bytes.length });
  } catch (error) {
    await removeQuietly(ctx.storage, [publicKey(logo)]);
    throw error;
  }
  await removeUnnamedPictures(ctx.db, ctx.storage, [company.logo, ...old]);
  return { logo };
}

export async function deleteLogo(ctx: ServiceContext) {
  const company = await signedInCompany(ctx.db, ctx.actor);
  const old = await replaceLogo(ctx, company.hash, null);
  await removeUnnamedPictures(ctx.db, ctx.storage, [company.logo, ...old]);
  return { logo: null };
}

/** companies.logo and the logo's `files` row, in one transaction; answers the links of the rows removed. */
function replaceLogo(ctx: ServiceContext, companyHash: string, logo: Picture | null): Promise<string[]> {
  return ctx.db.transaction().execute(async (trx) => {
    // the row's update comes first: it locks the company, so two uploads at once apply one after the other
    await repo.updateCompany(trx, companyHash, { logo: logo?.link ?? null, updated_at: nowIso() });
    return replacePictureRows(trx, 'company', companyHash, ['logo'], logo ? [logo] : []);
  });
}
