/**
 * A member's bookmark (`article_saves`) or registration (`article_subscriptions`) toggled in two statements (issue 27):
 * one read — the published article (by hash or by its slug in any language, visible in the request's language), its
 * type, its registered count and whether the member's mark is there — and one write, which is its own transaction.
 * The answer comes from what they know: the registered count moves by one when the registration itself is toggled.
 * Both writes are idempotent (delete, insert … on conflict do nothing), so a double click racing itself ends in the
 * state the second click asked for and never in an error; each query is compiled once per shape (db/shapes.ts).
 */
import type { Locale } from '../../../shared/constants';
import type { Conn } from '../../db/conn';
import { runShaped } from '../../db/shapes';
import { namedBy, type MarkTable } from './repository';

export type { MarkTable };

export interface MarkTarget {
  hash: string;
  type: string;
  registered: number;
  marked: boolean;
}

export async function findMarkTarget(
  db: Conn,
  table: MarkTable,
  lng: Locale,
  id: string,
  userHash: string,
): Promise<MarkTarget | undefined> {
  const rows = await runShaped(
    db,
    `articles.markTarget.${table}`,
    { lng, id, slug: id, user: userHash },
    (a: { lng: string; id: string; slug: string; user: string }) =>
      db
        .selectFrom('articles')
        .innerJoin('article_i18n as t', (j) =>
          j.onRef('t.article_hash', '=', 'articles.hash').on('t.language', '=', a.lng as Locale),
        )
        .select((eb) => [
          'articles.hash',
          'articles.type',
          eb
            .selectFrom('article_subscriptions as s')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('s.article_hash', '=', 'articles.hash')
            .as('registered'),
          eb
            .exists(
              eb
                .selectFrom(`${table} as m` as 'article_saves as m') // the two tables have the same columns
                .select('m.article_hash')
                .whereRef('m.article_hash', '=', 'articles.hash')
                .where('m.user_hash', '=', a.user),
            )
            .as('marked'),
        ])
        .where('articles.status', '=', 'PUBLISHED')
        .where(namedBy(db, a.id, a.slug))
        .limit(1),
  );
  const row = rows[0];
  if (!row) return undefined;
  return { hash: row.hash, type: row.type, registered: Number(row.registered ?? 0), marked: Boolean(row.marked) };
}

/** Sets (`on`) or removes the member's mark: one statement, a no-op when it already is so. */
export async function setMark(
  db: Conn,
  table: MarkTable,
  articleHash: string,
  userHash: string,
  on: boolean,
  now: string,
): Promise<void> {
  if (on)
    await runShaped(
      db,
      `articles.mark.${table}`,
      { article: articleHash, user: userHash, now },
      (a: { article: string; user: string; now: string }) =>
        db
          .insertInto(table)
          .values({ article_hash: a.article, user_hash: a.user, created_at: a.now })
          .onConflict((oc) => oc.columns(['article_hash', 'user_hash']).doNothing()),
    );
  else
    await runShaped(
      db,
      `articles.unmark.${table}`,
      { article: articleHash, user: userHash },
      (a: { article: string; user: string }) =>
        db.deleteFrom(table).where('article_hash', '=', a.article).where('user_hash', '=', a.user),
    );
}
