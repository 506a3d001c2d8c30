/**
 * Row builders shared by the demo seed and the benchmark generator (bench/generate.ts): the same
 * taxonomy, offers and wall comments, whether there are 84 of them or 50,000.
 */
import type { Insertable } from 'kysely';
import { CONTRACTS } from '../../../shared/constants';
import { foldText } from '../../../shared/text';
import { slugify } from '../../lib/ids';
import type { Database } from '../types';
import type { OfferStatus } from '../../../shared/offerMoves';
import * as data from './data';
import type { Random } from './random';

export type Rows<T extends keyof Database> = Insertable<Database[T]>[];
export type Row<T extends keyof Database> = Insertable<Database[T]>;

const iso = (date: Date) => date.toISOString();

/**
 * The group (area, specialty, career) of every USER tag makeTaxonomies has drawn in this process: the demo seed draws
 * the reference taxonomy again before its offers, so makeJob can tell an area tag from a specialty one.
 */
const TAG_GROUPS = new Map<string, string>();

/** Studies (two levels), USER tags (area/specialty/career) and ARTICLE tags, countries. */
export function makeTaxonomies(rand: Random) {
  const categories: Rows<'categories'> = [];
  data.CATEGORIES.forEach((root, i) => {
    const hash = rand.hash();
    categories.push({
      hash,
      parent_hash: null,
      lvl: 1,
      position: i,
      title_es: root.title[0],
      title_en: root.title[1],
      title_ca: root.title[2],
    });
    root.children.forEach((child, j) =>
      categories.push({
        hash: rand.hash(),
        parent_hash: hash,
        lvl: 2,
        position: j,
        title_es: child[0],
        title_en: child[1],
        title_ca: child[2],
      }),
    );
  });
  const tags: Rows<'tags'> = [
    ...data.USER_TAGS.map((tag) => ({
      hash: rand.hash(),
      type: 'USER',
      group: tag.group,
      title_es: tag.title[0],
      title_en: tag.title[1],
      title_ca: tag.title[2],
    })),
    ...data.ARTICLE_TAGS.map((title) => ({
      hash: rand.hash(),
      type: 'ARTICLE',
      group: 'article',
      title_es: title[0],
      title_en: title[1],
      title_ca: title[2],
    })),
  ];
  for (const tag of tags) if (tag.type === 'USER') TAG_GROUPS.set(tag.hash, tag.group);
  const countries: Rows<'countries'> = data.COUNTRIES.map(([code, es, en, ca, lat, lng]) => ({
    code,
    name_es: es,
    name_en: en,
    name_ca: ca,
    lat,
    lng,
  }));
  return { categories, tags, countries };
}

export interface JobOptions {
  company: { hash: string; company_name: string };
  status?: OfferStatus;
  contract?: string;
  /** How far back cdate may go, in days (two years by default). */
  maxAgeDays?: number;
}

/**
 * One offer in Spanish, English or Catalan (about 2:1:1), with its job_tags rows. Working day and workstation are
 * codes (src/shared/codes.ts); area and specialty the hash of a USER tag of that group among `ctx.tags` (their
 * groups from `ctx.tagGroups`, else from the taxonomy drawn by makeTaxonomies), or null when there is none.
 */
export function makeJob(
  rand: Random,
  index: number,
  ctx: { now: Date; tags: string[]; tagGroups?: ReadonlyMap<string, string> },
  options: JobOptions,
): { job: Row<'jobs'>; tags: Rows<'job_tags'> } {
  const lang = rand.pick([0, 0, 1, 2] as const);
  const groups = ctx.tagGroups ?? TAG_GROUPS;
  const ofGroup = (group: string) => ctx.tags.filter((hash) => groups.get(hash) === group);
  const title = rand.pick(data.JOB_TITLES)[lang];
  const description = [data.JOB_TEXT.intro[lang], data.JOB_TEXT.tasks[lang], data.JOB_TEXT.offer[lang]].join('\n\n');
  const remote = rand.chance(0.15);
  const location = remote ? ['Remoto', 'Remote', 'En remot'][lang]! : rand.pick(data.CITIES_ES);
  const status: OfferStatus =
    options.status ?? (rand.chance(0.75) ? 'PUBLISHED' : rand.pick(['PENDING', 'UNPUBLISHED', 'CLOSED'] as const));
  const hash = rand.hash();
  const cdate = new Date(ctx.now.getTime() - (rand.int(0, options.maxAgeDays ?? 730) + rand.next()) * 86400000);
  const job: Row<'jobs'> = {
    hash,
    slug: `${slugify(title, 60)}-${hash.slice(0, 6)}`,
    company_hash: options.company.hash,
    status,
    title,
    description,
    location,
    contract: options.contract ?? CONTRACTS[index % CONTRACTS.length]!,
    working: rand.pick(data.WORKING),
    date_incorporation: rand.chance(0.6)
      ? iso(new Date(ctx.now.getTime() + rand.int(7, 90) * 86400000)).slice(0, 10)
      : null,
    workstation: remote ? (rand.next(), 'REMOTE') : rand.pick(['ON_SITE', 'ON_SITE', 'HYBRID', 'HYBRID'] as const),
    area: rand.pick(ofGroup('area')) ?? null,
    specialty: rand.pick(ofGroup('specialty')) ?? null,
    file: null,
    search_text: foldText(`${title} ${description} ${location} ${options.company.company_name}`),
    data: '{}',
    cdate: iso(cdate),
    updated_at: iso(cdate),
  };
  const tags = rand.sample(ctx.tags, rand.int(1, 3)).map((tag) => ({ job_hash: hash, tag_hash: tag }));
  return { job, tags };
}

/** One wall comment (or a reply, when parentHash is given). */
export function makeComment(
  rand: Random,
  workgroupHash: string,
  userHash: string,
  at: Date,
  parentHash: string | null = null,
  fileHash: string | null = null,
): Row<'comments'> {
  return {
    hash: rand.hash(),
    workgroup_hash: workgroupHash,
    user_hash: userHash,
    parent_hash: parentHash,
    content: rand.pick(data.COMMENTS),
    file_hash: fileHash,
    deleted: 0,
    created_at: iso(at),
  };
}

/** A working group's row; the picture is drawn by the caller (or not, in the benchmark). */
export function makeWorkgroup(
  rand: Random,
  group: (typeof data.WORKGROUPS)[number],
  adminHash: string,
  created: Date,
  status: string,
  image: string | null,
  slugSuffix = '',
): Row<'workgroups'> {
  return {
    hash: rand.hash(),
    slug: slugify(group.name) + slugSuffix,
    name: group.name,
    typology: group.typology,
    type: group.type,
    status,
    image,
    admin_hash: adminHash,
    description: group.description,
    search_text: foldText(`${group.name} ${group.description}`),
    data: '{}',
    created_at: iso(created),
    updated_at: iso(created),
  };
}
