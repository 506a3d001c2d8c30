/**
 * The first read of a client-rendered page, started at boot beside its code (routing/preload.ts), not once that code
 * has come and rendered (issue 27 §3: the company's offers asked for their list ~600 ms after their code had arrived).
 * The page's own read through the data provider then takes the answer instead of asking again (providers/data.ts
 * `readAhead`). A read here must ask exactly what the page asks — the same URL — or the page simply reads again and
 * the answer kept here expires unused.
 */
import { adminRouteOf } from '../../shared/pageParts';
import { matchPath } from '../../shared/routes';
import { listQuery, readAhead } from '../providers/data';
import type { Prefix } from '../providers/http';
import { readSession } from '../providers/session';
import { OFFER_PAGE_SIZE, offerListStart } from '../pages/company/jobs/listStart';

export interface FirstRead {
  prefix: Prefix;
  path: string;
  query?: Record<string, unknown>;
}

/** The read the page at this URL starts with, when it is one this table knows. */
export function firstReadOf(pathname: string, search: string): FirstRead | undefined {
  // the member's profile: Refine's useForm over usr/users id me (pages/user/profile/useProfileForm); the identity's
  // GET of the same answer is already on its way, but it is not the data provider's, and the page needs both
  if (matchPath(pathname)?.route.name === 'user.profile') return { prefix: 'usr', path: 'users/me' };
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
  if (read) readAhead(read.prefix, read.path, read.query);
}
