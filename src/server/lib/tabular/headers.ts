/** Header names matched to column keys through alias lists (es/en/ca), ignoring case, accents and punctuation. */
import { AppError } from '../../errors';

export interface ColumnSpec<K extends string = string> {
  key: K;
  /** Header names this column may carry, in any language; compared after `normaliseHeader`. */
  aliases: string[];
  required?: boolean;
}

/** "Nº Documento" → "n documento"; "Cognoms" → "cognoms": lower case, no accents, runs of other characters as one space. */
export function normaliseHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The column index of each key, from the file's header row. Unknown headers are ignored; a missing
 * required column refuses the file (400 `tabular.missingColumns`, params.columns = the keys missing).
 */
export function matchHeaders<K extends string>(header: string[], columns: ColumnSpec<K>[]): Map<K, number> {
  const byName = new Map<string, number>();
  header.forEach((name, index) => {
    const normal = normaliseHeader(name);
    if (normal && !byName.has(normal)) byName.set(normal, index);
  });
  const found = new Map<K, number>();
  for (const column of columns) {
    for (const alias of [column.key, ...column.aliases]) {
      const index = byName.get(normaliseHeader(alias));
      if (index !== undefined) {
        found.set(column.key, index);
        break;
      }
    }
  }
  const missing = columns.filter((column) => column.required && !found.has(column.key)).map((column) => column.key);
  if (missing.length) throw new AppError(400, 'tabular.missingColumns', { columns: missing.join(', ') });
  return found;
}
