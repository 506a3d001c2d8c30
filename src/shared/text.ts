/** Lower-case, accent-folded text: what `search_text` columns hold and what searches compare with. */
export function foldText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A LIKE pattern for a user's search text, with LIKE's wildcards removed from the input. */
export function likePattern(value: string): string | null {
  const folded = foldText(value)
    .replace(/[%_\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return folded ? `%${folded}%` : null;
}
