/**
 * The member's profile (DESIGN §4b): PATCH /usr/users merges any subset of user.profile, user.settings
 * and `payment` into the row — columns where lists need them, users.data for the rest — and keeps
 * profile_complete and search_text in step; GET /usr/users/me adds the values, profile_level, the next
 * step and the masked bank account. Weights and required fields come from the schema (src/shared/profile.ts).
 */
import type { Selectable, Updateable } from 'kysely';
import type { UsersTable } from '../../db/types';
import { AppError, type FieldError } from '../../errors';
import { nowIso } from '../../lib/ids';
import { clearCountCache } from '../../lib/countCache';
import type { FileLinks } from '../../lib/signedLinks';
import { translate } from '../../i18n';
import type { Locale } from '../../../shared/constants';
import { BOLD_ROLES } from '../../../shared/permissions';
import { maskIban, profileStatus } from '../../../shared/profile';
import { normaliseIban } from '../../../shared/formats';
import { foldText } from '../../../shared/text';
import * as auth from '../auth/service';
import { presentUser } from '../auth/presenters';
import { ownFileLinks } from './fileLinks';
import { creditorIbanError, isCreditorIban, revokeMandates } from '../payments/debit/revocation';
import * as repo from './profileRepository';
import type { UserIban, UserProfile, UserSettings } from '../../../shared/schema-types';
import { COLUMN_OF, FLAGS, TAG_GROUP_OF, type Model } from './profileFields';
import { messageMailColumns, type MessageMails } from '../messages/messageMails';
import { type ServiceContext } from '../../serviceContext';

type UserRow = Selectable<UsersTable>;
/** The schemas' fields (src/shared/schema-types.ts), and any field a maintainer adds to user.profile.json. */
export type ProfilePatch = UserProfile & UserSettings & { payment?: UserIban } & Record<string, unknown>;

function parseData(row: UserRow): Record<string, unknown> {
  try {
    const data: unknown = JSON.parse(row.data);
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Every user.profile field's value (but those named in `omit`): columns, tag groups, then users.data. */
function profileValues(
  model: Model,
  row: UserRow,
  data: Record<string, unknown>,
  tags: Map<string, string[]>,
  omit?: ReadonlySet<string>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of Object.keys(model.profile.properties)) {
    if (omit?.has(name)) continue;
    if (COLUMN_OF[name]) values[name] = row[COLUMN_OF[name]];
    else if (TAG_GROUP_OF[name]) values[name] = tags.get(TAG_GROUP_OF[name]) ?? [];
    else values[name] = data[name] ?? null;
  }
  return values;
}

export async function me(ctx: ServiceContext, model: Model, links?: FileLinks) {
  const { actor } = ctx;
  if (actor.type !== 'user' || !actor.hash) return auth.me(ctx, links);
  // one statement for the row, the payment flag and the newest files; one for the tags (issue 27 §3)
  // the row as read (its extra columns are ignored below): object rest and spread of this ~50-field row and answer
  // took V8's slow copying path, ~85 of ~170 µs of this function (issue 27 §3); Object.assign copies it in ~3 µs
  const row = await repo.memberWithFiles(ctx.db, actor.hash);
  if (!row) throw AppError.unauthorized();
  const files = links
    ? ownFileLinks(links, { cv_file: row.cv_file, student: row.student_file_hash, portfolio: row.portfolio_file_hash })
    : undefined;
  const data = parseData(row);
  const tags = await repo.userTagsByGroup(ctx.db, row.hash);
  const status = profileStatus(model.profile, profileValues(model, row, data, tags));
  const payment = data['payment'] as { bank?: string; name?: string } | undefined;
  // the files' signed links and the photo come from presentUser, never the stored file ids
  return Object.assign(profileValues(model, row, data, tags, FILE_FIELDS), presentUser(row, files), {
    has_payment_method: Boolean(row.has_card) || Boolean(row.has_mandate),
    profile_level: status.profile_level,
    profile_complete: status.profile_complete,
    next_step: status.next_step,
    missing: status.missing,
    payment: row.iban ? { bank: payment?.bank ?? null, name: payment?.name ?? null, iban: maskIban(row.iban) } : null,
  });
}

/** The profile's file fields, answered as signed links (presentUser) instead of their stored ids. */
const FILE_FIELDS: ReadonlySet<string> = new Set(['photo', 'cv']);

async function checkReferences(
  trx: Parameters<typeof repo.categoryExists>[0],
  lng: Locale,
  body: ProfilePatch,
): Promise<void> {
  const errors: FieldError[] = [];
  const invalid = (field: string) =>
    errors.push({ field, message: translate(lng, 'profile.unknownOption', { field }) });
  if (typeof body['category'] === 'string' && !(await repo.categoryExists(trx, body['category']))) invalid('category');
  for (const [field, group] of Object.entries(TAG_GROUP_OF)) {
    const hashes = body[field] as string[] | undefined;
    if (hashes && (await repo.countUserTags(trx, group, hashes)) !== hashes.length) invalid(field);
  }
  if (errors.length) throw AppError.badRequest('validation.failed', errors);
}

export async function update(ctx: ServiceContext, model: Model, body: ProfilePatch) {
  const { actor, lng } = ctx;
  if (actor.type !== 'user' || !actor.hash) throw AppError.unauthorized();
  const hash = actor.hash;
  // job offers by e-mail are a Bold benefit (SPEC §6): a Regular member is asked to upgrade
  if (body['is_receive_jobs'] === true && !BOLD_ROLES.includes(actor.role)) throw AppError.rule('auth.upgradeRequired');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.lockUser(trx, ctx.dialect, hash);
    if (!row) throw AppError.unauthorized();
    await checkReferences(trx, lng, body);
    const data = parseData(row);
    const set: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(body)) {
      if (field === 'payment') {
        const payment = value as NonNullable<ProfilePatch['payment']>;
        if (isCreditorIban(ctx.config, payment.iban)) throw creditorIbanError(lng);
        set['iban'] = normaliseIban(payment.iban);
        data['payment'] = { bank: payment.bank.trim(), name: payment.name.trim() };
        // a direct-debit mandate names one account: another account needs the member's consent again (and a debit
        // not yet sent under the old one is cancelled; one already sent refuses the change)
        if (set['iban'] !== row.iban) await revokeMandates({ ...ctx, db: trx }, trx, hash, { refuseInUse: false });
      } else if (field === 'message_mails') Object.assign(set, messageMailColumns(value as MessageMails));
      else if ((FLAGS as readonly string[]).includes(field)) set[field] = value ? 1 : 0;
      else if (COLUMN_OF[field]) set[COLUMN_OF[field]] = typeof value === 'string' ? value.trim() : value;
      else if (TAG_GROUP_OF[field]) await repo.replaceUserTags(trx, hash, TAG_GROUP_OF[field], value as string[]);
      else if (value === null) delete data[field];
      else data[field] = typeof value === 'string' ? value.trim() : value;
    }
    const next = { ...row, ...set } as UserRow;
    const values = profileValues(model, next, data, await repo.userTagsByGroup(trx, hash));
    const status = profileStatus(model.profile, values);
    const update: Updateable<UsersTable> = {
      ...(set as Updateable<UsersTable>),
      data: JSON.stringify(data),
      profile_complete: status.profile_complete ? 1 : 0,
      search_text: foldText(
        [next.name, next.surname1, next.surname2, next.current_job, next.current_company, next.city]
          .filter(Boolean)
          .join(' '),
      ),
      updated_at: nowIso(),
    };
    await repo.updateUser(trx, hash, update);
  });
  // a privacy change shows in every list and count on the next request (DESIGN §6)
  if (FLAGS.some((flag) => flag in body)) clearCountCache();
}
