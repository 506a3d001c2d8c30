/**
 * An article's three languages as stored (issue 14 §1): each written language keeps its slug — the editor's, checked
 * against the other articles of that language (a collision names the field), or one made from the title (made unique
 * with the article's hash); a language not written is stored as a copy of the Spanish text marked `is_fallback`, so
 * the public pages of that language show the Spanish one and the editor sees the translation as missing.
 */
import type { Insertable } from 'kysely';
import { LOCALES, type Locale } from '../../../../shared/constants';
import type { ArticleI18nTable } from '../../../db/types';
import { AppError } from '../../../errors';
import { translate } from '../../../i18n';
import { slugify } from '../../../lib/ids';
import type { Conn } from '../../../db/conn';
import { slugOwner } from './repository';

export interface ArticleText {
  title: string;
  summary?: string;
  body: string;
  slug?: string;
}
export type ArticleTexts = Partial<Record<Locale, ArticleText>>;

async function freeSlug(conn: Conn, language: string, wanted: string, hash: string): Promise<string> {
  for (let n = 0; ; n++) {
    const slug = n === 0 ? wanted : `${wanted.slice(0, 70)}-${n === 1 ? hash.slice(0, 4) : `${hash.slice(0, 4)}${n}`}`;
    if (!(await slugOwner(conn, language, slug, hash))) return slug;
  }
}

/** The rows of article_i18n for `texts` (Spanish required), refusing an editor's slug another article uses. */
export async function textRows(
  conn: Conn,
  hash: string,
  texts: ArticleTexts,
  lng: Locale,
): Promise<Array<Insertable<ArticleI18nTable>>> {
  const spanish = texts.es;
  if (!spanish)
    throw AppError.badRequest('validation.failed', [
      { field: 'texts.es', message: translate(lng, 'validation.required', { field: 'texts.es' }) },
    ]);
  const rows: Array<Insertable<ArticleI18nTable>> = [];
  for (const language of LOCALES) {
    const text = texts[language];
    if (!text) continue;
    const chosen = text.slug?.trim();
    if (chosen && (await slugOwner(conn, language, chosen, hash))) {
      throw AppError.badRequest('validation.failed', [
        { field: `texts.${language}.slug`, message: translate(lng, 'admin.articles.slugTaken', { slug: chosen }) },
      ]);
    }
    const slug = chosen || (await freeSlug(conn, language, slugify(text.title, 70) || 'article', hash));
    rows.push({
      article_hash: hash,
      language,
      slug,
      title: text.title.trim(),
      summary: (text.summary ?? '').trim(),
      body: text.body.trim(),
      is_fallback: 0,
    });
  }
  const es = rows.find((row) => row.language === 'es')!;
  for (const language of LOCALES) {
    if (texts[language]) continue;
    rows.push({ ...es, language, slug: await freeSlug(conn, language, es.slug, hash), is_fallback: 1 });
  }
  return rows;
}

/** The languages the association wrote, as the editor reads them (copies standing in for a translation left out). */
export function writtenTexts(
  rows: Array<{ language: string; slug: string; title: string; summary: string; body: string; is_fallback: number }>,
): ArticleTexts {
  const out: ArticleTexts = {};
  for (const row of rows)
    if (!row.is_fallback)
      out[row.language as Locale] = { title: row.title, summary: row.summary, body: row.body, slug: row.slug };
  return out;
}
