import type { Db } from '../../db/dialect';
import { LOCALES, type Locale } from '../../../shared/constants';
import { localizePath } from '../../../shared/routes';
import { enqueueMail } from '../mail/outbox';
import { unsubscribeFor } from '../mail/unsubscribe';
import { yieldToRequests, type Task } from '../tasks/runner';
import { type ServiceContext } from '../../serviceContext';

/** The newsletter goes out in the first days of the month (a run after that waits for the next month). */
export const SEND_DAYS = 7;
export const NEWSLETTER_EVERY_MS = 6 * 3_600_000;

/** The month a run at `now` reports on: the previous one, as yyyy-mm. */
export function reportedMonth(now: Date): { month: string; year: number; number: number } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const number = first.getUTCMonth() + 1;
  return {
    month: `${first.getUTCFullYear()}-${String(number).padStart(2, '0')}`,
    year: first.getUTCFullYear(),
    number,
  };
}

async function articlesOf(db: Db, year: number, month: number) {
  const rows = await db
    .selectFrom('articles')
    .innerJoin('article_i18n as t', 't.article_hash', 'articles.hash')
    .select(['articles.hash', 'articles.type', 'articles.date', 't.language', 't.slug', 't.title', 't.summary'])
    .where('articles.status', '=', 'PUBLISHED')
    .where('articles.year', '=', year)
    .where('articles.month', '=', month)
    .orderBy('articles.date')
    .orderBy('articles.hash')
    .execute();
  const byLanguage = new Map<Locale, typeof rows>();
  for (const lng of LOCALES)
    byLanguage.set(
      lng,
      rows.filter((row) => row.language === lng),
    );
  return byLanguage;
}

function recipients(db: Db, month: string) {
  return db
    .selectFrom('users')
    .select(['hash', 'email', 'name', 'language'])
    .where('status', '=', 'VALIDATED')
    .where('is_newsletter', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('newsletter_deliveries')
            .select('newsletter_deliveries.user_hash')
            .whereRef('newsletter_deliveries.user_hash', '=', 'users.hash')
            .where('newsletter_deliveries.month', '=', month),
        ),
      ),
    )
    .orderBy('hash')
    .execute();
}

/** Sends the digest of the month before `now` to whoever has not had it; answers how many e-mails were queued. */
export async function sendNewsletter(ctx: ServiceContext, now: Date): Promise<number> {
  const { db, config } = ctx;
  if (now.getUTCDate() > SEND_DAYS) return 0;
  const { month, year, number } = reportedMonth(now);
  const articles = await articlesOf(db, year, number);
  if ((articles.get('es') ?? []).length === 0) return 0;
  let sent = 0;
  for (const member of await recipients(db, month)) {
    await yieldToRequests();
    const queued = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('newsletter_deliveries')
        .values({ user_hash: member.hash, month, created_at: now.toISOString() })
        .onConflict((oc) => oc.columns(['user_hash', 'month']).doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      const lng = (LOCALES as readonly string[]).includes(member.language) ? (member.language as Locale) : 'es';
      const unsubscribe = unsubscribeFor(config, 'news', member.hash);
      await enqueueMail(trx, {
        to: member.email,
        language: lng,
        template: 'newsletter.monthly',
        data: {
          name: member.name,
          month: new Intl.DateTimeFormat(lng, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
            new Date(Date.UTC(year, number - 1, 15)),
          ),
          link: `${config.publicUrl}${localizePath('news', lng)}`,
          unsubscribe: unsubscribe.url,
          articles: articles.get(lng)!.map((article) => ({
            title: article.title,
            summary: article.summary,
            link: `${config.publicUrl}${localizePath('news.show', lng, { slug: article.slug })}`,
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

export function newsletterTask(ctx: ServiceContext): Task {
  return { name: 'newsletter.monthly', everyMs: NEWSLETTER_EVERY_MS, run: (now) => sendNewsletter(ctx, now) };
}
