/**
 * A member's payment cards (issue 13 §2, SPEC §2 "virtual card"): the list (24 a page, the default first), adding one on
 * the provider's page (a session; the provider's signed notification stores the card — the first one becomes the
 * default), making one the default, deleting one (not the last card of a running card subscription; deleting the
 * default makes the newest other card the default). Another member's card answers 404.
 */
import { PAGE_SIZES, type Locale } from '../../../../shared/constants';
import type { ServiceContext } from '../../../serviceContext';
import { AppError } from '../../../errors';
import { newHash, nowIso, sha256 } from '../../../lib/ids';
import { liveTokenActor } from '../../accounts/repository';
import { invalidToken } from '../../accounts/tokens';
import { listResult, pageWindow, type PageQuery } from '../../../lib/lists';
import type { Actor } from '../../../types';
import { paymentProvider, requireCardPayments, type ProviderNotification } from '../provider';
import * as repo from './repository';

const SESSION_MINUTES = 30;

const memberOf = (actor: Actor) => {
  if (actor.type !== 'user' || !actor.hash) throw AppError.unauthorized();
  return actor.hash;
};

const present = (card: Awaited<ReturnType<typeof repo.pageCards>>[number]) => ({
  ...card,
  is_default: card.is_default === 1,
});

export async function list(ctx: ServiceContext, query: PageQuery) {
  const { actor } = ctx;
  const user = memberOf(actor);
  const { size, offset } = pageWindow(query, PAGE_SIZES.cards);
  const [total, rows] = await Promise.all([repo.countCards(ctx.db, user), repo.pageCards(ctx.db, user, size, offset)]);
  return listResult(rows.map(present), total, size);
}

async function openSession(ctx: ServiceContext, user: string, purpose: 'card' | 'register', lng: Locale) {
  requireCardPayments(ctx.config);
  const provider = paymentProvider(ctx.config);
  const now = new Date();
  const session = newHash();
  await repo.insertSession(ctx.db, {
    hash: session,
    user_hash: user,
    provider: provider.name,
    purpose,
    status: 'PENDING',
    language: lng,
    result: null,
    card_hash: null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_MINUTES * 60_000).toISOString(),
    closed_at: null,
  });
  return { url: provider.hostedCardPageUrl(ctx.config, { session, language: lng }) };
}

/** Opens a visit to the provider's card page for this member; answers where to send the browser. */
export async function startAdding(ctx: ServiceContext) {
  const { actor, lng } = ctx;
  return openSession(ctx, memberOf(actor), 'card', lng);
}

/**
 * The same at registration (`POST /usr/card/addNotLogged?isWeb=true`): the visitor has no session yet, so the
 * registration's `card_token` (2 hours, usable until it expires: a cancelled page can be tried again) names the member.
 */
export async function startAddingAtRegistration(ctx: ServiceContext, token: string) {
  const { lng } = ctx;
  requireCardPayments(ctx.config);
  const actor = await liveTokenActor(ctx.db, 'add_card', sha256(token), nowIso());
  if (!actor || actor.actor_type !== 'user') throw invalidToken(lng);
  return openSession(ctx, actor.actor_hash, 'register', lng);
}

/**
 * The provider's notification, already verified: closes its session once and, for a card, stores what we keep of it.
 * A replayed or duplicated notification, or one for an unknown session, changes nothing (and says so).
 */
export async function settle(ctx: ServiceContext, notification: ProviderNotification): Promise<{ applied: boolean }> {
  return ctx.db.transaction().execute(async (trx) => {
    const session = await repo.findSession(trx, notification.session);
    if (!session || session.status !== 'PENDING') return { applied: false };
    const at = nowIso();
    const card = notification.status === 'DONE' ? notification.card : undefined;
    const cardHash = card ? newHash() : null;
    if (
      !(await repo.closeSession(
        trx,
        session.hash,
        card ? 'DONE' : notification.status === 'DONE' ? 'FAILED' : notification.status,
        notification.result ?? null,
        cardHash,
        at,
      ))
    )
      return { applied: false };
    if (card && cardHash) {
      const first = (await repo.countCards(trx, session.user_hash)) === 0;
      await repo.insertCard(trx, {
        hash: cardHash,
        user_hash: session.user_hash,
        provider_token: card.token,
        brand: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        is_default: first ? 1 : 0,
        created_at: at,
      });
    }
    return { applied: true };
  });
}

export async function makeDefault(ctx: ServiceContext, hash: string) {
  const { actor } = ctx;
  const user = memberOf(actor);
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.findCard(trx, user, hash))) throw AppError.notFound();
    await repo.makeDefault(trx, user, hash);
    return present((await repo.findCard(trx, user, hash))!);
  });
}

export async function remove(ctx: ServiceContext, hash: string) {
  const { actor } = ctx;
  const user = memberOf(actor);
  return ctx.db.transaction().execute(async (trx) => {
    const card = await repo.findCard(trx, user, hash);
    if (!card) throw AppError.notFound();
    if ((await repo.countCards(trx, user)) === 1 && (await repo.hasCardSubscription(trx, user)))
      throw new AppError(409, 'payments.lastCard');
    await repo.deleteCard(trx, user, hash);
    if (card.is_default === 1) {
      const [next] = await repo.pageCards(trx, user, 1, 0);
      if (next) await repo.makeDefault(trx, user, next.hash);
    }
    return { ok: true };
  });
}
