/**
 * Coded values (issue 10 §2): what the database and the API hold is a code, never a label in one language;
 * the web shows `t(\`<prefix>.<CODE>\`)` and tests/unit/codes.test.ts checks every code of every family has
 * its text in es, en and ca. Schemas carry the same lists as `enum` (a unit test keeps them in step).
 *
 * `LEGACY_LABELS` are the labels older databases stored (in any of the three languages, and the demo seed's):
 * migration 010 turns them into codes; anything else becomes NULL.
 */
import { APPLICANT_STATUSES, ARTICLE_TYPES, CONTRACTS, PROFILE_TYPES, WORKGROUP_TYPES } from './constants';

/** A job's working day (jobs.working). */
export const JOB_WORKING = ['FULL_TIME', 'PART_TIME', 'INTENSIVE', 'FLEXIBLE'] as const;
export type JobWorking = (typeof JOB_WORKING)[number];

/** Where a job is done (jobs.workstation). */
export const JOB_WORKSTATION = ['ON_SITE', 'HYBRID', 'REMOTE'] as const;
export type JobWorkstation = (typeof JOB_WORKSTATION)[number];

/** What an offer's salary is paid per (jobs.salaryPer, issue 25 §17): lower-case, as the schemas' enum. */
export const SALARY_PERIODS = ['year', 'month', 'hour'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

/** What kind of working group (workgroups.typology). */
export const WORKGROUP_TYPOLOGIES = [
  'THEMATIC',
  'PROFESSIONAL',
  'ENTREPRENEURSHIP',
  'TECHNICAL',
  'TERRITORIAL',
  'COMMUNITY',
  'CLASS_YEAR',
] as const;
export type WorkgroupTypology = (typeof WORKGROUP_TYPOLOGIES)[number];

/**
 * Every code family the web translates as `t(\`<prefix>.<CODE>\`)`: each pair (prefix, codes) must have a real
 * text in every language (tests/unit/codes.test.ts).
 */
export const CODE_FAMILIES: ReadonlyArray<{ prefix: string; codes: readonly string[] }> = [
  { prefix: 'jobs.working', codes: JOB_WORKING },
  { prefix: 'jobs.workstation', codes: JOB_WORKSTATION },
  { prefix: 'jobs.contract', codes: CONTRACTS },
  { prefix: 'jobs.salaryPer', codes: SALARY_PERIODS },
  { prefix: 'workgroups.typology', codes: WORKGROUP_TYPOLOGIES },
  { prefix: 'workgroups.type', codes: WORKGROUP_TYPES },
  { prefix: 'news.type', codes: ARTICLE_TYPES },
  { prefix: 'profileType', codes: PROFILE_TYPES },
  { prefix: 'role', codes: ['REGULAR', 'BOLD', 'GRATIS', 'COMPANY', 'ADMIN'] },
  { prefix: 'lists.applications.status', codes: [...APPLICANT_STATUSES, 'WITHDRAWN'] },
  { prefix: 'lists.applications.outcome', codes: ['HIRED', 'NOT_SELECTED'] },
];

/** Lower-case, accents and punctuation away: 'Jornada  completa' and 'jornada completa' read the same. */
export function normalizeLabel(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Labels stored before codes (es, en, ca and the old demo seed), by code. */
export const LEGACY_LABELS = {
  working: {
    FULL_TIME: ['Jornada completa', 'Full time', 'Full-time', 'Tiempo completo', 'Jornada sencera', 'Temps complet'],
    PART_TIME: [
      'Media jornada',
      'Part time',
      'Part-time',
      'Tiempo parcial',
      'Jornada parcial',
      'Mitja jornada',
      'Temps parcial',
    ],
    INTENSIVE: ['Jornada intensiva', 'Intensive', 'Intensive hours', 'Intensiva'],
    FLEXIBLE: [
      'Flexible',
      'Flexible hours',
      'Horario flexible',
      'Horari flexible',
      'Jornada flexible',
      'Flexible working hours',
    ],
  },
  workstation: {
    ON_SITE: [
      'Presencial',
      'On site',
      'On-site',
      'Onsite',
      'In the office',
      'Oficina',
      'Office',
      'Estudio',
      'Studio',
      'Estudi',
      'Oficina técnica',
      'Oficina tècnica',
      'Technical office',
      'Taller',
      'Workshop',
    ],
    HYBRID: ['Híbrido', 'Hybrid', 'Híbrid', 'Mixto', 'Mixt'],
    REMOTE: ['Remoto', 'Remote', 'Remot', 'En remoto', 'En remot', 'Teletrabajo', 'Teletreball', 'Remote work'],
  },
  typology: {
    THEMATIC: ['Temático', 'Thematic', 'Temàtic'],
    PROFESSIONAL: ['Profesional', 'Professional'],
    ENTREPRENEURSHIP: ['Emprendimiento', 'Entrepreneurship', 'Emprenedoria', 'Emprendedores'],
    TECHNICAL: ['Técnico', 'Technical', 'Tècnic'],
    TERRITORIAL: ['Territorial', 'Regional'],
    COMMUNITY: ['Comunidad', 'Community', 'Comunitat'],
    CLASS_YEAR: ['Promoción', 'Class year', 'Class', 'Promoció', 'Graduating class'],
  },
} as const satisfies Record<string, Record<string, readonly string[]>>;

/** The code an old label stands for, or null (an unknown label is dropped, not guessed). A code passes through. */
export function codeOfLabel(family: keyof typeof LEGACY_LABELS, label: string | null | undefined): string | null {
  if (!label) return null;
  const labels = LEGACY_LABELS[family] as Record<string, readonly string[]>;
  if (Object.hasOwn(labels, label)) return label;
  const wanted = normalizeLabel(label);
  for (const [code, list] of Object.entries(labels)) {
    if (normalizeLabel(code) === wanted || list.some((l) => normalizeLabel(l) === wanted)) return code;
  }
  return null;
}

/** The value if it is one of the codes, else null (an odd stored value is shown as nothing, never raw). */
export function asCode<T extends string>(codes: readonly T[], value: string | null | undefined): T | null {
  return value && (codes as readonly string[]).includes(value) ? (value as T) : null;
}
