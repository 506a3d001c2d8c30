/** The school's records and the study mapping. Plain functions over `db | trx`. */
import type { Conn } from '../../db/conn';
import type { SchoolRecordsTable } from '../../db/types';
import { likePattern } from '../../../shared/text';

export interface RecordsFilter {
  text?: string;
  kind?: string;
  documentKey?: string;
}

const RECORD_COLUMNS = [
  'school_records.hash',
  'school_records.document_key',
  'school_records.name',
  'school_records.surname1',
  'school_records.surname2',
  'school_records.email',
  'school_records.study',
  'school_records.first_year',
  'school_records.last_year',
  'school_records.graduated_on',
  'school_records.kind',
  'school_records.created_at',
  'school_records.updated_at',
] as const;

export type RecordRow = Omit<SchoolRecordsTable, 'search_text'>;

export function findByKeys(db: Conn, keys: string[]): Promise<RecordRow[]> {
  if (!keys.length) return Promise.resolve([]);
  return db.selectFrom('school_records').select(RECORD_COLUMNS).where('document_key', 'in', keys).execute();
}

export function findByKey(db: Conn, key: string): Promise<RecordRow | undefined> {
  return db.selectFrom('school_records').select(RECORD_COLUMNS).where('document_key', '=', key).executeTakeFirst();
}

export function find(db: Conn, hash: string): Promise<RecordRow | undefined> {
  return db.selectFrom('school_records').select(RECORD_COLUMNS).where('hash', '=', hash).executeTakeFirst();
}

export async function insertMany(db: Conn, rows: SchoolRecordsTable[]): Promise<void> {
  if (rows.length) await db.insertInto('school_records').values(rows).execute();
}

export async function update(db: Conn, hash: string, changes: Partial<SchoolRecordsTable>): Promise<void> {
  await db.updateTable('school_records').set(changes).where('hash', '=', hash).execute();
}

export async function remove(db: Conn, hash: string): Promise<boolean> {
  const result = await db.deleteFrom('school_records').where('hash', '=', hash).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function filtered(db: Conn, filter: RecordsFilter) {
  let query = db.selectFrom('school_records');
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  const text = filter.text ? likePattern(filter.text) : null;
  if (text)
    query = query.where((eb) =>
      eb.or([
        eb('search_text', 'like', text),
        ...(filter.documentKey ? [eb('document_key', '=', filter.documentKey)] : []),
      ]),
    );
  return query;
}

export async function count(db: Conn, filter: RecordsFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface RecordsCursor {
  surname1: string;
  hash: string;
}

/** The export's keyset batches, by first surname then hash (stable while rows are added). */
export function exportBatch(db: Conn, filter: RecordsFilter, after: RecordsCursor | null, limit: number) {
  let query = filtered(db, filter);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('surname1', '>', after.surname1),
        eb.and([eb('surname1', '=', after.surname1), eb('hash', '>', after.hash)]),
      ]),
    );
  return query.select(RECORD_COLUMNS).orderBy('surname1').orderBy('hash').limit(limit).execute();
}

export function page(db: Conn, filter: RecordsFilter, size: number, offset: number): Promise<RecordRow[]> {
  return filtered(db, filter)
    .select(RECORD_COLUMNS)
    .orderBy('surname1')
    .orderBy('name')
    .orderBy('hash')
    .limit(size)
    .offset(offset)
    .execute();
}

export interface StudyDecision {
  category: string | null;
  decided: boolean;
}

/** What is known of each study key given (missing: never seen; category null and not decided: seen, not mapped). */
export async function studyCategories(db: Conn, keys: string[]): Promise<Map<string, string | null>> {
  return new Map([...(await studyDecisions(db, keys))].map(([key, row]) => [key, row.category]));
}

export async function studyDecisions(db: Conn, keys: string[]): Promise<Map<string, StudyDecision>> {
  if (!keys.length) return new Map();
  const rows = await db
    .selectFrom('school_studies')
    .select(['study_key', 'category_hash', 'decided_at'])
    .where('study_key', 'in', keys)
    .execute();
  return new Map(rows.map((row) => [row.study_key, { category: row.category_hash, decided: row.decided_at !== null }]));
}

/** Every study mapping (a few hundred names at most). */
export async function allStudyCategories(db: Conn): Promise<Map<string, string | null>> {
  const rows = await db.selectFrom('school_studies').select(['study_key', 'category_hash']).execute();
  return new Map(rows.map((row) => [row.study_key, row.category_hash]));
}

/** A name seen in a file (category from a title match, or none), kept without touching a decision taken before. */
export async function saveSeenStudy(db: Conn, key: string, study: string, category: string | null): Promise<void> {
  await db
    .insertInto('school_studies')
    .values({ study_key: key, study, category_hash: category })
    .onConflict((oc) => oc.column('study_key').doNothing())
    .execute();
}

/** The office's decision on a name: a category, or none on purpose. */
export async function decideStudy(db: Conn, key: string, study: string, category: string | null, at: string) {
  await db
    .insertInto('school_studies')
    .values({ study_key: key, study, category_hash: category, decided_at: at })
    .onConflict((oc) => oc.column('study_key').doUpdateSet({ category_hash: category, decided_at: at }))
    .execute();
}

export async function categoryTitles(db: Conn) {
  return db.selectFrom('categories').select(['hash', 'title_es', 'title_en', 'title_ca']).execute();
}

export async function categoryExists(db: Conn, hash: string): Promise<boolean> {
  return !!(await db.selectFrom('categories').select('hash').where('hash', '=', hash).executeTakeFirst());
}
