import type { Db } from '../../db/dialect';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { nowIso } from '../../lib/ids';
import { BOLD_ROLES, type Role } from '../../../shared/permissions';
import { localizePath } from '../../../shared/routes';
import type { Locale } from '../../../shared/constants';
import type { UserJobAlerts } from '../../../shared/schema-types';
import type { Actor } from '../../types';
import { findUser } from '../auth/repository';
import { enqueueMail } from '../mail/outbox';
import { unsubscribeFor } from '../mail/unsubscribe';
import { yieldToRequests, type Task } from '../tasks/runner';
import * as repo from './repository';
import { isCurrency } from '../offers/salary';
import { type ServiceContext } from '../../serviceContext';

const WINDOW_MS = 7 * 86_400_000;
export const INSTANT_EVERY_MS = 5 * 60_000;
export const WEEKLY_EVERY_MS = 7 * 86_400_000;

async function boldMember(db: Db, actor: Actor) {
  const user = actor.type === 'user' && actor.hash ? await findUser(db, actor.hash) : undefined;
  if (!user) throw AppError.unauthorized();
  if (!BOLD_ROLES.includes(user.role as Role)) throw AppError.rule('auth.upgradeRequired');
  return user;
}

export async function show(ctx: ServiceContext): Promise<UserJobAlerts> {
  const { db, actor } = ctx;
  const user = await boldMember(db, actor);
  const alert = await repo.findAlert(db, user.hash);
  return {
    frequency: (alert?.frequency as 'instant' | 'weekly' | undefined) ?? 'weekly',
    area: alert?.area ?? null,
    contract: (alert?.contract as UserJobAlerts['contract']) ?? null,
    working: (alert?.working as UserJobAlerts['working']) ?? null,
    location: alert?.location ?? null,
    text: alert?.text ?? null,
    workstation: (alert?.workstation as UserJobAlerts['workstation']) ?? null,
    salary_min: alert?.salary_min ?? null,
    salary_currency: alert?.salary_currency ?? null,
    salary_period: (alert?.salary_period as UserJobAlerts['salary_period']) ?? null,
    active: user.is_receive_jobs === 1,
  };
}

export async function update(ctx: ServiceContext, body: UserJobAlerts): Promise<UserJobAlerts> {
  const { db, actor, lng } = ctx;
  const user = await boldMember(db, actor);
  if (body.area) {
    const tag = await db
      .selectFrom('tags')
      .select('hash')
      .where('hash', '=', body.area)
      .where('type', '=', 'USER')
      .where('group', '=', 'area')
      .executeTakeFirst();
    if (!tag)
      throw AppError.badRequest('validation.failed', [
        { field: 'area', message: translate(lng, 'jobAlerts.noSuchArea') },
      ]);
  }
  if (body.salary_currency && !isCurrency(body.salary_currency))
    throw AppError.badRequest('validation.failed', [
      { field: 'salary_currency', message: translate(lng, 'offers.salaryCurrency') },
    ]);
  const current = await show(ctx);
  const clean = (value: string | null | undefined, fallback: string | null) =>
    value === undefined ? fallback : value?.trim() || null;
  await repo.saveAlert(db, {
    user_hash: user.hash,
    frequency: body.frequency ?? current.frequency ?? 'weekly',
    area: body.area === undefined ? (current.area ?? null) : body.area,
    contract: body.contract === undefined ? (current.contract ?? null) : body.contract,
    working: body.working === undefined ? (current.working ?? null) : body.working,
    location: clean(body.location, current.location ?? null),
    text: clean(body.text, current.text ?? null),
    workstation: body.workstation === undefined ? (current.workstation ?? null) : body.workstation,
    salary_min: body.salary_min === undefined ? (current.salary_min ?? null) : body.salary_min,
    salary_currency: body.salary_currency === undefined ? (current.salary_currency ?? null) : body.salary_currency,
    salary_period: body.salary_period === undefined ? (current.salary_period ?? null) : body.salary_period,
    updated_at: nowIso(),
  });
  return show(ctx);
}

/** Sends what is due to the members of `frequency`; answers how many e-mails were queued. */
export async function sendAlerts(ctx: ServiceContext, frequency: 'instant' | 'weekly', now: Date): Promise<number> {
  const { db, config } = ctx;
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  let sent = 0;
  for (const member of await repo.recipients(db, frequency)) {
    await yieldToRequests();
    const queued = await db.transaction().execute(async (trx) => {
      const offers = await repo.matchingOffers(trx, member, since);
      const mine = [];
      for (const offer of offers)
        if (await repo.claimDelivery(trx, member.hash, offer.hash, nowIso(now))) mine.push(offer);
      if (!mine.length) return false;
      const lng = member.language as Locale;
      const unsubscribe = unsubscribeFor(config, 'jobs', member.hash);
      await enqueueMail(trx, {
        to: member.email,
        language: lng,
        template: 'job.alert',
        data: {
          name: member.name,
          link: `${config.publicUrl}${localizePath('jobs', lng)}`,
          unsubscribe: unsubscribe.url,
          offers: mine.map((offer) => ({
            title: offer.title,
            company: offer.company_name,
            place: offer.location,
            link: `${config.publicUrl}${localizePath('jobs.show', lng, { slug: offer.slug })}`,
          })),
        },
        headers: unsubscribe.headers,
      });
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

export function jobAlertTasks(ctx: ServiceContext): Task[] {
  return [
    { name: 'job-alerts.instant', everyMs: INSTANT_EVERY_MS, run: (now) => sendAlerts(ctx, 'instant', now) },
    { name: 'job-alerts.weekly', everyMs: WEEKLY_EVERY_MS, run: (now) => sendAlerts(ctx, 'weekly', now) },
  ];
}
