/**
 * The direct-debit mandate (issue 13 §4; SEPA core, recurrent): the member reads the mandate text in their language for
 * the bank account in their settings and accepts it; we keep its reference, the account, the holder, the date and the
 * exact text accepted. A new account revokes it (profileService). Revoking cancels a debit not yet sent to the bank and
 * takes back the year it opened; one already in a SEPA file, or a membership renewed by this mandate, refuses it
 * (debit/revocation.ts). The association's own account is never accepted as a member's.
 */
import type { FastifyInstance } from 'fastify';
import { isLocale, type Locale } from '../../../../shared/constants';
import { maskIban } from '../../../../shared/profile';
import { AppError } from '../../../errors';
import { translate } from '../../../i18n';
import { newHash, nowIso } from '../../../lib/ids';
import type { Actor } from '../../../types';
import * as repo from '../subscriptions/repository';
import { isCreditorIban, revokeMandates } from './revocation';

const memberHash = (actor: Actor) => {
  if (actor.type !== 'user' || !actor.hash) throw AppError.unauthorized();
  return actor.hash;
};

function holderOf(data: string, fallback: string): string {
  try {
    const payment = (JSON.parse(data) as { payment?: { name?: string } }).payment;
    return payment?.name?.trim() || fallback;
  } catch {
    return fallback;
  }
}

function mandateText(app: FastifyInstance, lng: Locale, iban: string, holder: string) {
  const creditor = app.config.sepaCreditor;
  return translate(lng, 'payments.mandate.text', {
    creditor: creditor.name,
    creditorId: creditor.id,
    holder,
    iban: maskIban(iban),
  });
}

/** The live mandate, or the text the member would accept for the account in their settings. */
export async function show(app: FastifyInstance, actor: Actor, lng: Locale) {
  const user = memberHash(actor);
  const [member, mandate] = await Promise.all([repo.memberOf(app.db, user), repo.liveMandate(app.db, user)]);
  if (!member) throw AppError.unauthorized();
  if (mandate)
    return {
      accepted: true,
      reference: mandate.reference,
      accepted_at: mandate.accepted_at,
      iban: maskIban(mandate.iban),
      holder: mandate.holder,
      text: mandate.text,
    };
  if (!member.iban)
    return { accepted: false, reference: null, accepted_at: null, iban: null, holder: null, text: null };
  const holder = holderOf(member.data, `${member.name} ${member.surname1}`);
  return {
    accepted: false,
    reference: null,
    accepted_at: null,
    iban: maskIban(member.iban),
    holder,
    text: mandateText(app, lng, member.iban, holder),
  };
}

export async function accept(app: FastifyInstance, actor: Actor, lng: Locale) {
  const user = memberHash(actor);
  await app.db.transaction().execute(async (trx) => {
    const member = await repo.lockMember(trx, app.dialect, user);
    if (!member) throw AppError.unauthorized();
    if (!member.iban) throw new AppError(409, 'payments.noIban');
    // an account saved before this rule: the association cannot debit itself
    if (isCreditorIban(app.config, member.iban)) throw new AppError(409, 'payments.creditorAccount');
    const live = await repo.liveMandate(trx, user);
    if (live && live.iban === member.iban) return;
    const at = nowIso();
    if (live) await revokeMandates(app, trx, user, { refuseInUse: false });
    const language = isLocale(member.language) ? member.language : lng;
    const holder = holderOf(member.data, `${member.name} ${member.surname1}`);
    // the reference is unique for the creditor and at most 35 characters (SEPA)
    const reference = `ALU-${member.code_numeric}-${at.slice(0, 10).replace(/-/g, '')}-${newHash(6).toUpperCase()}`;
    await trx
      .insertInto('debit_mandates')
      .values({
        reference,
        user_hash: user,
        iban: member.iban,
        holder,
        language: lng,
        text: mandateText(app, lng ?? language, member.iban, holder),
        accepted_at: at,
        revoked_at: null,
      })
      .execute();
  });
  return show(app, actor, lng);
}

export async function revoke(app: FastifyInstance, actor: Actor, lng: Locale) {
  const user = memberHash(actor);
  await app.db.transaction().execute((trx) => revokeMandates(app, trx, user, { refuseInUse: true }));
  return show(app, actor, lng);
}
