/**
 * The first read of a client-rendered page, started at boot beside its code (routing/preload.ts), not once that code
 * has come and rendered (issue 27 §3: the company's offers asked for their list ~600 ms after their code had arrived).
 * The page's own read then takes the answer instead of asking again (providers/http.ts `keep` and `reuse`). A read here
 * must ask exactly what the page asks — the same URL — or the page simply reads again and the answer kept here expires
 * unused. The member's profile needs nothing here: its record is the identity main.tsx already asks for.
 */
import { adminRouteOf } from '../../shared/pageParts';
import { matchPath } from '../../shared/routes';
import { listQuery } from '../providers/data';
import { request, type Prefix } from '../providers/http';
import { readSession } from '../providers/session';
import { OFFER_PAGE_SIZE, offerListStart } from '../pages/company/jobs/listStart';

export interface FirstRead {
  prefix: Prefix;
  path: string;
  query?: Record<string, unknown>;
}

/** The read the page at this URL starts with, when it is one this table knows. */
export function firstReadOf(pathname: string, search: string): FirstRead | undefined {
  // the back office's dashboard: Refine's useCustom GET /adm/dashboard (pages/admin/dashboard)
  if (adminRouteOf(pathname)?.name === 'admin.dashboard') return { prefix: 'adm', path: 'dashboard' };
  // the company's offers: useTable over com/jobs, from the state in the URL (pages/company/jobs/OfferListPage)
  if (matchPath(pathname)?.route.name === 'company.jobs') {
    const start = offerListStart(new URLSearchParams(search));
    const pagination = { currentPage: start.currentPage, pageSize: OFFER_PAGE_SIZE, mode: 'server' as const };
    return {
      prefix: 'com',
      path: 'jobs',
      query: listQuery({ pagination, filters: start.filters, sorters: start.sorters }),
    };
  }
  return undefined;
}

/** Asks for the page's first read, when someone is signed in (else the page sends them to sign in). */
export function startFirstRead(pathname: string, search: string): void {
  const read = readSession() ? firstReadOf(pathname, search) : undefined;
  if (read) request(read.prefix, read.path, { query: read.query, keep: true }).catch(() => undefined);
}
