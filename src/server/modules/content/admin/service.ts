/**
 * The info pages and the association's own texts in the back office (issue 14 §2): each key has its title, Markdown text
 * and address in es, en and ca (content_pages, one row per language). An edit replaces the three in one transaction
 * with its audit row (what changed, before and after); an address another page uses in that language is refused naming
 * the field, an empty one is made from the title. The public pages read these rows, whose writes bump the public version.
 */
import { ASSOCIATION_PAGE_KEYS, LOCALES, PAGE_KEYS, type Locale } from '../../../../shared/constants';
import type { AdminPageWrite } from '../../../../shared/schema-types';
import { AppError } from '../../../errors';
import { translate } from '../../../i18n';
import { newHash, nowIso, slugify } from '../../../lib/ids';
import type { Conn } from '../../../db/conn';
import { changedFields } from '../../audit/changes';
import { record } from '../../audit/service';
import { type ServiceContext } from '../../../serviceContext';

const groupOf = (key: string) => ((ASSOCIATION_PAGE_KEYS as readonly string[]).includes(key) ? 'association' : 'info');

export async function list(ctx: ServiceContext) {
  const { db } = ctx;
  const rows = await db
    .selectFrom('content_pages')
    .select(['key', 'language', 'slug', 'title', 'updated_at'])
    .where('key', 'in', [...PAGE_KEYS])
    .execute();
  return PAGE_KEYS.filter((key) => rows.some((row) => row.key === key)).map((key) => {
    const mine = rows.filter((row) => row.key === key);
    return {
      key,
      group: groupOf(key),
      titles: Object.fromEntries(mine.map((row) => [row.language, row.title])),
      slugs: Object.fromEntries(mine.map((row) => [row.language, row.slug])),
      updated_at:
        mine
          .map((row) => row.updated_at)
          .sort()
          .at(-1) ?? null,
    };
  });
}

export async function show(ctx: ServiceContext, key: string) {
  const { db } = ctx;
  if (!(PAGE_KEYS as readonly string[]).includes(key)) throw AppError.notFound();
  const rows = await db
    .selectFrom('content_pages')
    .select(['language', 'slug', 'title', 'body', 'updated_at'])
    .where('key', '=', key)
    .execute();
  if (rows.length === 0) throw AppError.notFound();
  return {
    key,
    group: groupOf(key),
    texts: Object.fromEntries(
      rows.map((row) => [row.language, { title: row.title, body: row.body, slug: row.slug }]),
    ) as Partial<Record<Locale, { title: string; body: string; slug: string }>>,
    updated_at:
      rows
        .map((row) => row.updated_at)
        .sort()
        .at(-1) ?? null,
  };
}

async function slugFor(
  conn: Conn,
  lng: Locale,
  key: string,
  language: Locale,
  text: { title: string; slug?: string },
): Promise<string> {
  const taken = (slug: string) =>
    conn
      .selectFrom('content_pages')
      .select('key')
      .where('language', '=', language)
      .where('slug', '=', slug)
      .where('key', '<>', key)
      .executeTakeFirst();
  const chosen = text.slug?.trim();
  if (chosen) {
    if (await taken(chosen))
      throw AppError.badRequest('validation.failed', [
        { field: `texts.${language}.slug`, message: translate(lng, 'admin.pages.slugTaken', { slug: chosen }) },
      ]);
    return chosen;
  }
  const made = slugify(text.title, 70) || key;
  return (await taken(made)) ? `${made}-${key}` : made;
}

export async function update(ctx: ServiceContext, key: string, body: AdminPageWrite) {
  const { db, actor, lng } = ctx;
  return db.transaction().execute(async (trx) => {
    const before = await show({ ...ctx, db: trx }, key);
    const now = nowIso();
    for (const [position, language] of LOCALES.entries()) {
      const text = body.texts[language];
      const values = {
        title: text.title.trim(),
        body: text.body.trim(),
        slug: await slugFor(trx, lng, key, language, text),
        updated_at: now,
      };
      const updated = await trx
        .updateTable('content_pages')
        .set(values)
        .where('key', '=', key)
        .where('language', '=', language)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0)
        await trx
          .insertInto('content_pages')
          .values({ hash: newHash(), key, language, position, ...values })
          .execute();
    }
    const after = await show({ ...ctx, db: trx }, key);
    const changes = changedFields(
      before.texts as Record<string, unknown>,
      after.texts as Record<string, unknown>,
      'texts.',
    );
    if (Object.keys(changes).length)
      await record(
        { ...ctx, db: trx },
        {
          adminHash: actor.hash!,
          action: 'page.updated',
          targetType: 'page',
          targetHash: key,
          data: { label: after.texts.es?.title ?? key, changes },
          at: now,
        },
      );
    return after;
  });
}
