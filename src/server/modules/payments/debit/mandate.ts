/**
 * The direct-debit mandate (issue 13 §4; SEPA core, recurrent): the member reads the mandate text in their language for
 * the bank account in their settings and accepts it; we keep its reference, the account, the holder, the date and the
 * exact text accepted. A new account revokes it (profileService). Revoking cancels a debit not yet sent to the bank and
 * takes back the year it opened; one already in a SEPA file, or a membership renewed by this mandate, refuses it
 * (debit/revocation.ts). The association's own account is never accepted as a member's.
 */
import { isLocale, type Locale } from '../../../../shared/constants';
import type { ServiceContext } from '../../../serviceContext';
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

function mandateText(ctx: ServiceContext, lng: Locale, iban: string, holder: string) {
  const creditor = ctx.config.sepaCreditor;
  return translate(lng, 'payments.mandate.text', {
    creditor: creditor.name,
    creditorId: creditor.id,
    holder,
    iban: maskIban(iban),
  });
}

/** The live mandate, or the text the member would accept for the account in their settings. */
export async function show(ctx: ServiceContext) {
  const { actor, lng } = ctx;
  const user = memberHash(actor);
  const [member, mandate] = await Promise.all([repo.memberOf(ctx.db, user), repo.liveMandate(ctx.db, user)]);
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
    text: mandateText(ctx, lng, member.iban, holder),
  };
}

export async function accept(ctx: ServiceContext) {
  const { actor, lng } = ctx;
  const user = memberHash(actor);
  await ctx.db.transaction().execute(async (trx) => {
    const member = await repo.lockMember(trx, ctx.dialect, user);
    if (!member) throw AppError.unauthorized();
    if (!member.iban) throw new AppError(409, 'payments.noIban');
    // an account saved before this rule: the association cannot debit itself
    if (isCreditorIban(ctx.config, member.iban)) throw new AppError(409, 'payments.creditorAccount');
    const live = await repo.liveMandate(trx, user);
    if (live && live.iban === member.iban) return;
    const at = nowIso();
    if (live) await revokeMandates(ctx, trx, user, { refuseInUse: false });
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
        text: mandateText(ctx, lng ?? language, member.iban, holder),
        accepted_at: at,
        revoked_at: null,
      })
      .execute();
  });
  return show(ctx);
}

export async function revoke(ctx: ServiceContext) {
  const { actor } = ctx;
  const user = memberHash(actor);
  await ctx.db.transaction().execute((trx) => revokeMandates(ctx, trx, user, { refuseInUse: true }));
  return show(ctx);
}
