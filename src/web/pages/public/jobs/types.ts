/** The offer as GET /api/jobs answers it (schemas/job.json). */
export interface JobSummary {
  hash: string;
  slug: string;
  title: string;
  location: string;
  contract: string;
  working: string | null;
  cdate: string;
  company: { name: string; logo: string | null };
  tags: Array<{ hash: string; title: string }>;
}

export interface JobDetail extends JobSummary {
  description: string;
  locked: boolean;
  workstation: string | null;
  area: string | null;
  specialty: string | null;
  date_incorporation: string | null;
  subscribed: boolean;
}
