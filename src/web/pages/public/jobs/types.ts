import type { Job } from '../../../../shared/schema-types';

/** The offer as GET /api/jobs answers it (schemas/job.json): the list's fields. */
export type JobSummary = Pick<
  Job,
  | 'hash'
  | 'slug'
  | 'title'
  | 'location'
  | 'contract'
  | 'working'
  | 'cdate'
  | 'company'
  | 'tags'
  | 'salary_min'
  | 'salary_max'
  | 'salary_currency'
  | 'salary_period'
>;

/** One offer (GET /api/jobs/{id}): the detail's fields are always there. */
export type JobDetail = JobSummary &
  Required<
    Pick<Job, 'description' | 'locked' | 'workstation' | 'area' | 'specialty' | 'date_incorporation' | 'subscribed'>
  > &
  Pick<Job, 'extra' | 'file' | 'file_name'>;
