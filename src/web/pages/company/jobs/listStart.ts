/**
 * The offers list's first state, from its URL: what OfferListPage's useTable starts with, and what its read ahead at
 * boot asks (routing/firstRead.ts) — one function, so that both ask the API the same thing.
 */
import type { CrudSort } from '@refinedev/core';
import { OFFER_STATUSES } from '../../../../shared/offerMoves';
import { readTableUrl, type TableUrlState } from './components/useTableUrl';

export const OFFER_SORTABLE = ['cdate', 'title', 'status', 'expires_at'] as const;
export const OFFER_PAGE_SIZE = 10;
const NEWEST_FIRST: CrudSort[] = [{ field: 'cdate', order: 'desc' }];

export function offerListStart(params: URLSearchParams): TableUrlState {
  const initial = readTableUrl(params, { status: OFFER_STATUSES, sort: OFFER_SORTABLE });
  return { ...initial, sorters: initial.sorters.length ? initial.sorters : NEWEST_FIRST };
}
