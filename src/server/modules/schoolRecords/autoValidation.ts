/**
 * Eligibility checked on registration (issue 28 §2). When a member confirms their e-mail address, their document
 * number (and surname) is looked up in the school's records: an eligible match is validated on its own, with the
 * usual e-mail and audit row (by the system); anything else waits in the queue with the reason kept in
 * `users.data.registry_check` for the back office. The office can turn it off (setting `registry`).
 */
import type { ServiceContext } from '../../serviceContext';
import type { Conn } from '../../db/conn';
import { readSetting, writeSetting } from '../init/repository';
import * as usersRepo from '../users/admin/repository';
import { moveMember } from '../users/admin/service';
import { isLocale } from '../../../shared/constants';
import { isEligible } from './eligibility';
import * as repo from './repository';
import { documentKey, surnameKey, type RecordKind } from './rows';

/** Who did it, in the audit log, when no administrator did. */
export const SYSTEM_ACTOR = { hash: 'system', email: null };

export type RegistryCheck = 'validated' | 'noMatch' | 'nearMatch' | 'notEligible' | 'off';

/** The office's choice; on unless turned off (docs/decisions.md). */
export async function autoValidationOn(db: Conn): Promise<boolean> {
  const stored = await readSetting(db, 'registry');
  return !(stored && typeof stored === 'object' && (stored as { autoValidation?: unknown }).autoValidation === false);
}

export async function setAutoValidation(db: Conn, on: boolean): Promise<void> {
  await writeSetting(db, 'registry', { autoValidation: on });
}

const surnameKeys = (first: string, second: string | null) =>
  new Set([surnameKey(first), surnameKey(`${first} ${second ?? ''}`)].filter(Boolean));

/** Inside the confirmation's transaction: checks a PENDING member against the records, validating an eligible match. */
export async function checkOnConfirmation(ctx: ServiceContext, userHash: string): Promise<RegistryCheck | null> {
  const { db: trx, config } = ctx;
  const user = await usersRepo.findUser(trx, userHash);
  if (!user || user.status !== 'PENDING') return null;
  const data = JSON.parse(user.data || '{}') as Record<string, unknown>;
  let check: RegistryCheck;
  if (!(await autoValidationOn(trx))) check = 'off';
  else {
    const document = typeof data['document_number'] === 'string' ? data['document_number'] : '';
    const record = document ? await repo.findByKey(trx, documentKey(config.secretKey, document)) : undefined;
    if (!record) check = 'noMatch';
    else {
      const theirs = surnameKeys(user.surname1, user.surname2);
      const ours = surnameKeys(record.surname1, record.surname2);
      if (![...theirs].some((key) => ours.has(key))) check = 'nearMatch';
      else if (!isEligible({ ...record, kind: record.kind as RecordKind })) check = 'notEligible';
      else check = 'validated';
    }
  }
  await trx
    .updateTable('users')
    .set({ data: JSON.stringify({ ...data, registry_check: check }) })
    .where('hash', '=', userHash)
    .execute();
  if (check === 'validated') {
    const lng = isLocale(user.language) ? user.language : 'es';
    const fresh = await usersRepo.findUser(trx, userHash);
    await moveMember({ ...ctx, lng }, fresh!, 'VALIDATED', null, SYSTEM_ACTOR);
  }
  return check;
}

/**
 * After an import of the records: every registration waiting in the queue with its address confirmed is checked again
 * (in the import's transaction), so those the new records make eligible are validated as on confirmation. Addresses
 * not confirmed yet are checked when they are. Answers how many were validated.
 */
export async function recheckQueue(ctx: ServiceContext): Promise<number> {
  const trx = ctx.db;
  if (!(await autoValidationOn(trx))) return 0;
  const waiting = await trx
    .selectFrom('users')
    .select('hash')
    .where('status', '=', 'PENDING')
    .where('email_confirmed_at', 'is not', null)
    .orderBy('created_at')
    .execute();
  let validated = 0;
  for (const { hash } of waiting) if ((await checkOnConfirmation(ctx, hash)) === 'validated') validated += 1;
  return validated;
}
