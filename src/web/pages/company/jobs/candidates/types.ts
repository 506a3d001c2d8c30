import type { CompanyCandidate } from '../../../../../shared/schema-types';

/** One application as GET /com/jobs/{hash}/users answers it (schemas/company.candidate.json). */
export type Candidate = CompanyCandidate & { hash: string; status: 'PENDING' | 'ACCEPTED' | 'CANCELLED' | 'WITHDRAWN' };
export const DECISIONS = ['PENDING', 'ACCEPTED', 'CANCELLED'] as const;
export type Decision = (typeof DECISIONS)[number];
