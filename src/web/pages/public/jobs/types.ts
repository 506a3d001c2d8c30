import type { JobWorking, JobWorkstation } from '../../../../shared/codes';

/** The offer as GET /api/jobs answers it (schemas/job.json). */
export interface JobSummary {
  hash: string;
  slug: string;
  title: string;
  location: string;
  contract: string;
  /** a code (src/shared/codes.ts JOB_WORKING), shown as jobs.working.<CODE> */
  working: JobWorking | null;
  cdate: string;
  /** `extra` (one offer): company.profile's fields marked x-audience that this caller may see (schemas/job.json) */
  company: { name: string; logo: string | null; extra?: Record<string, unknown> };
  tags: Array<{ hash: string; title: string }>;
  /** the optional salary range (issue 25 §17) */
  salary_min?: number | null;
  salary_max?: number | null;
  salary_currency?: string | null;
  salary_period?: 'year' | 'month' | 'hour' | null;
}

export interface JobDetail extends JobSummary {
  description: string;
  locked: boolean;
  workstation: JobWorkstation | null;
  /** USER tags, titled in the request's language */
  area: { hash: string; title: string } | null;
  specialty: { hash: string; title: string } | null;
  date_incorporation: string | null;
  subscribed: boolean;
  /** company.job.write's fields marked x-audience that this caller may see (schemas/job.json, docs/schemas.md) */
  extra?: Record<string, unknown>;
  /** a signed link to the offer's PDF, for a reader who may read the whole offer (issue 25 §10) */
  file?: string | null;
  file_name?: string | null;
}
