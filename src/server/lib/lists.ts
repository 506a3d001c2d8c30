/** SPEC §3 lists: `page`/`size` in, `{ items, total, maxPages }` out. */
export interface PageQuery {
  page?: number;
  size?: number;
}

export interface ListResult<T> {
  items: T[];
  total: number;
  maxPages: number;
}

export function pageWindow(query: PageQuery, defaultSize: number) {
  const size = query.size ?? defaultSize;
  const page = query.page ?? 1;
  return { size, page, offset: (page - 1) * size };
}

export function listResult<T>(items: T[], total: number, size: number): ListResult<T> {
  return { items, total, maxPages: Math.ceil(total / size) };
}

/** The JSON Schema of a list answer whose items follow `itemRef`. */
export function listSchema(itemRef: string) {
  return {
    type: 'object',
    properties: {
      items: { type: 'array', items: { $ref: `${itemRef}#` } },
      total: { type: 'integer' },
      maxPages: { type: 'integer' },
    },
  } as const;
}

/**
 * The total a page already tells: a page that holds rows but fewer than `size` is the last one, so the total is
 * `offset` plus its rows; an empty first page means none at all. Undefined when only a count can tell (a full
 * page, or an empty page past the first, which may lie beyond the end).
 */
export function totalFromPage(rowCount: number, size: number, offset: number): number | undefined {
  if (rowCount > 0 && rowCount < size) return offset + rowCount;
  if (rowCount === 0 && offset === 0) return 0;
  return undefined;
}

/** A page, and its total counted only when the page does not tell it (totalFromPage). */
export async function pageWithTotal<T>(
  size: number,
  offset: number,
  page: () => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  const rows = await page();
  return { rows, total: totalFromPage(rows.length, size, offset) ?? (await count()) };
}
