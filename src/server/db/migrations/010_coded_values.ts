/**
 * Coded values (issue 10 §2): offers and groups stored labels in one language ('Jornada completa', 'Temático',
 * 'Diseño'…); they now store codes and tag hashes the web translates.
 *   jobs.working      → a JOB_WORKING code        (src/shared/codes.ts)
 *   jobs.workstation  → a JOB_WORKSTATION code
 *   jobs.area         → the hash of a USER tag of group 'area'      (its titles are per language)
 *   jobs.specialty    → the hash of a USER tag of group 'specialty'
 *   workgroups.typology → a WORKGROUP_TYPOLOGIES code
 * A known label in any language (accents, case and punctuation aside) becomes its code; a value that already is
 * a code (or the tag's hash) stays; anything else becomes NULL — an odd old value is dropped, never guessed, and
 * never makes a page fail. One UPDATE per distinct stored value, so it is quick on large tables; on both
 * SQLite and PostgreSQL. Not reversible (the labels are gone): down() does nothing.
 */
import type { Kysely } from 'kysely';
import { codeOfLabel, normalizeLabel } from '../../../shared/codes';

type Table = 'jobs' | 'workgroups';

// the migration sees the schema as it is at this point, untyped
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function recode(
  db: AnyDb,
  table: Table,
  column: string,
  codeOf: (value: string) => string | null,
): Promise<void> {
  const rows: Array<Record<string, string | null>> = await db
    .selectFrom(table)
    .select(column)
    .distinct()
    .where(column, 'is not', null)
    .execute();
  for (const row of rows) {
    const value = row[column]!;
    const code = codeOf(value);
    if (code === value) continue;
    await db
      .updateTable(table)
      .set({ [column]: code })
      .where(column, '=', value)
      .execute();
  }
}

async function tagCodes(db: AnyDb, group: string): Promise<(value: string) => string | null> {
  const tags: Array<{ hash: string; title_es: string | null; title_en: string | null; title_ca: string | null }> =
    await db
      .selectFrom('tags')
      .select(['hash', 'title_es', 'title_en', 'title_ca'])
      .where('type', '=', 'USER')
      .where('group', '=', group)
      .execute();
  const byTitle = new Map<string, string>();
  for (const tag of tags)
    for (const title of [tag.title_es, tag.title_en, tag.title_ca])
      if (title && !byTitle.has(normalizeLabel(title))) byTitle.set(normalizeLabel(title), tag.hash);
  const hashes = new Set(tags.map((tag) => tag.hash));
  return (value) => (hashes.has(value) ? value : (byTitle.get(normalizeLabel(value)) ?? null));
}

export async function up(db: AnyDb): Promise<void> {
  await recode(db, 'jobs', 'working', (value) => codeOfLabel('working', value));
  await recode(db, 'jobs', 'workstation', (value) => codeOfLabel('workstation', value));
  await recode(db, 'jobs', 'area', await tagCodes(db, 'area'));
  await recode(db, 'jobs', 'specialty', await tagCodes(db, 'specialty'));
  await recode(db, 'workgroups', 'typology', (value) => codeOfLabel('typology', value));
}

export async function down(): Promise<void> {
  // the old labels are not kept: nothing to undo
}
