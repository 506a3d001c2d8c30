/**
 * The reference seed (DESIGN §7): what a real, empty site needs before anyone signs in — countries, the
 * category tree, tags, the information pages and the site settings. No account, no demo content.
 *
 * It runs on every start (under the start-up lock, see ../prepare.ts) and is idempotent: it inserts only
 * rows that are missing, never updates a row, and once applied it records its version in the `settings`
 * row `seed.reference`, so what administrators later delete or rename stays deleted or renamed.
 * The category tree and the tags are written only into a database that has none (their identity is a
 * hash); countries, pages and settings by their natural keys (code; key + language; key).
 */
import { LOCALES } from '../../../shared/constants';
import type { Db } from '../dialect';
import * as data from './data';
import { insertMany, insertMissing } from './insert';
import { createRandom } from './random';
import { makeTaxonomies, type Rows } from './rows';

/** The PRNG seed of the reference rows; the demo seed starts from the same one so its rows point at the same hashes. */
export const SEED_NUMBER = 20261122;
/** Raise when the reference data gains rows an existing site should receive. */
export const REFERENCE_VERSION = 3; // 2: the association's board and benefits texts (issue 14 §2); 3: the conditions of use (issue 25 §7)
export const REFERENCE_MARKER = 'seed.reference';

export function referenceRows(now: Date = new Date()) {
  const rand = createRandom(SEED_NUMBER);
  const { categories, tags, countries } = makeTaxonomies(rand);
  const content_pages: Rows<'content_pages'> = data.CONTENT_PAGES.flatMap((page, position) =>
    LOCALES.map((language, l) => ({
      hash: rand.hash(),
      key: page.key,
      language,
      slug: page.slugs[l]!,
      title: page.titles[l]!,
      body: page.bodies[l]!,
      position,
      updated_at: now.toISOString(),
    })),
  );
  const settings: Rows<'settings'> = [
    { key: 'site', value: JSON.stringify({ ...data.SITE_SETTINGS, taxonomiesVersion: '1' }) },
  ];
  return { categories, tags, countries, content_pages, settings };
}

export interface ReferenceResult {
  /** False when this version was applied before (nothing was looked at). */
  applied: boolean;
  /** Rows written by this call. */
  inserted: number;
}

export async function seedReference(db: Db, options: { now?: Date } = {}): Promise<ReferenceResult> {
  return db.transaction().execute(async (trx) => {
    const marker = await trx
      .selectFrom('settings')
      .select('value')
      .where('key', '=', REFERENCE_MARKER)
      .executeTakeFirst();
    if (marker && Number(marker.value) >= REFERENCE_VERSION) return { applied: false, inserted: 0 };
    const rows = referenceRows(options.now);
    let inserted = 0;
    if (!(await trx.selectFrom('categories').select('hash').limit(1).executeTakeFirst())) {
      await insertMany(trx, 'categories', rows.categories);
      inserted += rows.categories.length;
    }
    if (!(await trx.selectFrom('tags').select('hash').limit(1).executeTakeFirst())) {
      await insertMany(trx, 'tags', rows.tags);
      inserted += rows.tags.length;
    }
    inserted += await insertMissing(trx, 'countries', rows.countries);
    inserted += await insertMissing(trx, 'content_pages', rows.content_pages);
    inserted += await insertMissing(trx, 'settings', rows.settings);
    await trx
      .insertInto('settings')
      .values({ key: REFERENCE_MARKER, value: String(REFERENCE_VERSION) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(REFERENCE_VERSION) }))
      .execute();
    return { applied: true, inserted };
  });
}
