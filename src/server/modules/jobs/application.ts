/**
 * The apply/withdraw toggle's statements (issue 27: the fewest): one read — the published offer by slug or hash, the
 * member's application to it, its applicant count and whether the member has a CV — and one guarded write (an
 * UPDATE from the status read, or an INSERT … on conflict do nothing), which is its own transaction. The answer
 * comes from the two; only when the write finds the row moved by a concurrent request (a double click) is the
 * application read again. Each query is compiled once per shape (db/shapes.ts).
 */
import type { Conn } from '../../db/conn';
import { runShaped } from '../../db/shapes';

export interface ApplyTarget {
  job: string;
  application: { hash: string; status: string } | null;
  /** Applicants who have not withdrawn. */
  count: number;
  hasCv: boolean;
}

export async function findApplyTarget(
  db: Conn,
  hashOrSlug: string,
  userHash: string,
): Promise<ApplyTarget | undefined> {
  const rows = await runShaped(
    db,
    'jobs.applyTarget',
    { cvUser: userHash, user: userHash, slug: hashOrSlug, hash: hashOrSlug },
    (a: { cvUser: string; user: string; slug: string; hash: string }) =>
      db
        .selectFrom('jobs')
        .leftJoin('applicants as mine', (j) =>
          j.onRef('mine.job_hash', '=', 'jobs.hash').on('mine.user_hash', '=', a.user),
        )
        .select((eb) => [
          'jobs.hash',
          'mine.hash as application',
          'mine.status',
          eb
            .selectFrom('applicants as c')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('c.job_hash', '=', 'jobs.hash')
            .where('c.status', '!=', 'WITHDRAWN')
            .as('count'),
          eb.selectFrom('users').select('users.cv_file').where('users.hash', '=', a.cvUser).as('cv'),
        ])
        .where('jobs.status', '=', 'PUBLISHED')
        .where((eb) => eb.or([eb('jobs.slug', '=', a.slug), eb('jobs.hash', '=', a.hash)]))
        .limit(1),
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    job: row.hash,
    application: row.application ? { hash: row.application, status: row.status! } : null,
    count: Number(row.count ?? 0),
    hasCv: !!row.cv,
  };
}

/** A first application (PENDING); false when a concurrent one was first (the unique (job, user) index). */
export async function insertPending(
  db: Conn,
  row: { hash: string; job: string; user: string; now: string; note: string | null },
): Promise<boolean> {
  const inserted = await runShaped(
    db,
    'jobs.applyInsert',
    { ...row },
    (a: { hash: string; job: string; user: string; now: string; note?: string }) =>
      db
        .insertInto('applicants')
        .values({
          hash: a.hash,
          job_hash: a.job,
          user_hash: a.user,
          status: 'PENDING',
          created_at: a.now,
          updated_at: a.now,
          note: a.note ?? null,
        })
        .onConflict((oc) => oc.columns(['job_hash', 'user_hash']).doNothing())
        .returning('hash'),
  );
  return inserted.length > 0;
}

/**
 * Moves an application from `from` to `to` with one guarded UPDATE; false when it was no longer `from`. Applying
 * again (→ PENDING) dates it anew and keeps the new note (DESIGN: `created_at` is when the current application was made).
 */
export async function moveFrom(
  db: Conn,
  hash: string,
  from: string,
  to: 'PENDING' | 'WITHDRAWN',
  now: string,
  note: string | null,
): Promise<boolean> {
  const moved =
    to === 'PENDING'
      ? await runShaped(
          db,
          'jobs.applyAgain',
          { now, updated: now, note, hash, from },
          (a: { now: string; updated: string; note?: string; hash: string; from: string }) =>
            db
              .updateTable('applicants')
              .set({ status: 'PENDING', created_at: a.now, updated_at: a.updated, note: a.note ?? null })
              .where('hash', '=', a.hash)
              .where('status', '=', a.from)
              .returning('hash'),
        )
      : await runShaped(db, 'jobs.withdraw', { now, hash, from }, (a: { now: string; hash: string; from: string }) =>
          db
            .updateTable('applicants')
            .set({ status: 'WITHDRAWN', updated_at: a.now })
            .where('hash', '=', a.hash)
            .where('status', '=', a.from)
            .returning('hash'),
        );
  return moved.length > 0;
}
