/**
 * A member's private files (CV, student file, portfolio file) as signed links (DESIGN §4b), handed only
 * to those allowed: the member, an administrator, and a company the member applied to (its applicant
 * lists). Everyone else gets no link at all.
 */
import type { Db } from '../../db/dialect';
import type { FileLinks } from '../../lib/signedLinks';
import type { Actor } from '../../types';

export interface MemberFileLinks {
  cv: string | null;
  student_file: string | null;
  portfolio_file: string | null;
}

export const NO_FILE_LINKS: MemberFileLinks = Object.freeze({ cv: null, student_file: null, portfolio_file: null });

/** Whether `actor` may download the private files of member `ownerHash`. */
export async function mayReadMemberFiles(db: Db, actor: Actor, ownerHash: string): Promise<boolean> {
  if (actor.type === 'admin') return true;
  if (actor.type === 'user') return actor.hash === ownerHash;
  if (actor.type !== 'company' || !actor.hash) return false;
  const applied = await db
    .selectFrom('applicants')
    .innerJoin('jobs', 'jobs.hash', 'applicants.job_hash')
    .select('applicants.hash')
    .where('applicants.user_hash', '=', ownerHash)
    .where('jobs.company_hash', '=', actor.hash)
    .where('applicants.status', '!=', 'WITHDRAWN')
    .limit(1)
    .executeTakeFirst();
  return !!applied;
}

/** The member's file links for `actor` (all null unless `mayReadMemberFiles`). */
export async function memberFileLinks(
  db: Db,
  actor: Actor,
  links: FileLinks,
  member: { hash: string; cv_file: string | null },
): Promise<MemberFileLinks> {
  if (!(await mayReadMemberFiles(db, actor, member.hash))) return NO_FILE_LINKS;
  const rows = await db
    .selectFrom('files')
    .select(['hash', 'kind'])
    .where('owner_type', '=', 'user')
    .where('owner_hash', '=', member.hash)
    .where('kind', 'in', ['student', 'portfolio'])
    .orderBy('updated_at', 'desc')
    .orderBy('hash')
    .execute();
  const latest = (kind: string) => rows.find((row) => row.kind === kind)?.hash ?? null;
  return ownFileLinks(links, { cv_file: member.cv_file, student: latest('student'), portfolio: latest('portfolio') });
}

/** Links to files already known to be the member's own, read by the caller (GET /usr/users/me: one statement). */
export function ownFileLinks(
  links: FileLinks,
  files: { cv_file: string | null; student: string | null; portfolio: string | null },
): MemberFileLinks {
  const link = (hash: string | null) => (hash ? links.link(hash) : null);
  return { cv: link(files.cv_file), student_file: link(files.student), portfolio_file: link(files.portfolio) };
}
