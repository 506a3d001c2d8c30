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
