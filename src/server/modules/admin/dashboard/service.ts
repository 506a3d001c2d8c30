/**
 * The association's dashboard (issue 14 §6): what the back office's first page shows. Every series is complete — each
 * role × status pair, each offer and application status, each of the last 12 months, each score 1 to 5 — with 0 where
 * nothing is counted, so the charts and tables have a stable shape; an unknown value found in the data is kept.
 * There is no payments table yet: "membership" counts validated members per tier (docs/decisions.md, "Back office").
 */
import type { AdminDashboard } from '../../../../shared/schema-types';
import { APPLICANT_STATUSES } from '../../../../shared/constants';
import { MEMBER_STATUSES } from '../../../../shared/memberMoves';
import { OFFER_STATUSES } from '../../../../shared/offerMoves';
import type { MEMBER_ROLES } from '../../../../shared/permissions';
import * as repo from './repository';
import { type ServiceContext } from '../../../serviceContext';

export const MEMBERSHIP_ROLES = [
  'REGULAR',
  'BOLD',
  'GRATIS',
] as const satisfies readonly (typeof MEMBER_ROLES)[number][];
export const APPLICATION_STATUSES = [...APPLICANT_STATUSES, 'WITHDRAWN'] as const;

/** The last `count` calendar months (UTC) as `YYYY-MM`, oldest first, ending with `now`'s month. */
export function lastMonths(now: Date, count = 12): string[] {
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1)).toISOString().slice(0, 7),
  );
}

/** Counts in the order of `known`, 0 for the missing ones, then any other value found (sorted). */
function complete(known: readonly string[], rows: Array<{ status: string; count: number }>) {
  const found = new Map(rows.map((row) => [row.status, row.count]));
  const extra = [...found.keys()].filter((status) => !known.includes(status)).sort();
  return [...known, ...extra].map((status) => ({ status, count: found.get(status) ?? 0 }));
}

const round2 = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

export async function overview(ctx: ServiceContext, now: Date = new Date()): Promise<AdminDashboard> {
  const { db } = ctx;
  const months = lastMonths(now);
  const since = `${months[0]}-01T00:00:00.000Z`;
  const [members, joined, companies, offers, applications, survey, bank, candidates] = await Promise.all([
    repo.membersByRoleAndStatus(db),
    repo.registrationsByMonth(db, 'users', since),
    repo.registrationsByMonth(db, 'companies', since),
    repo.offersByStatus(db),
    repo.applicationsByStatus(db),
    repo.surveySummary(db),
    repo.ratingCounts(db, 'rating_bank'),
    repo.ratingCounts(db, 'rating_candidates'),
  ]);

  const roles = [
    ...MEMBERSHIP_ROLES,
    ...[...new Set(members.map((m) => m.role))]
      .filter((role) => !(MEMBERSHIP_ROLES as readonly string[]).includes(role))
      .sort(),
  ];
  const statuses = [
    ...MEMBER_STATUSES,
    ...[...new Set(members.map((m) => m.status))]
      .filter((status) => !(MEMBER_STATUSES as readonly string[]).includes(status))
      .sort(),
  ];
  const countOf = (role: string, status: string) =>
    members.find((m) => m.role === role && m.status === status)?.count ?? 0;
  const perMonth = (rows: Array<{ month: string; count: number }>, key: string) =>
    rows.find((row) => row.month === key)?.count ?? 0;
  const scored = (rows: Array<{ score: number; count: number }>, score: number) =>
    rows.find((row) => row.score === score)?.count ?? 0;

  return {
    generated_at: now.toISOString(),
    members: roles.flatMap((role) => statuses.map((status) => ({ role, status, count: countOf(role, status) }))),
    membership: roles.map((role) => ({ role, count: countOf(role, 'VALIDATED') })),
    registrations: months.map((month) => ({
      month,
      members: perMonth(joined, month),
      companies: perMonth(companies, month),
    })),
    offers: complete(OFFER_STATUSES, offers),
    applications: complete(APPLICATION_STATUSES, applications),
    survey: {
      responses: survey.responses,
      rating_jobbank: round2(survey.bank),
      rating_candidates: round2(survey.candidates),
      ratings: [1, 2, 3, 4, 5].map((score) => ({
        score,
        jobbank: scored(bank, score),
        candidates: scored(candidates, score),
      })),
      hired: survey.hired,
    },
  };
}
