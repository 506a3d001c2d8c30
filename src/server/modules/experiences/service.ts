import { PAGE_SIZES } from '../../../shared/constants';
import { AppError } from '../../errors';
import { listResult, pageWindow } from '../../lib/lists';
import { presentAuthor } from '../users/presenters';
import type { OwnedQuery } from '../portfolios/service';
import * as repo from './repository';
import { type ServiceContext } from '../../serviceContext';

type Row = Awaited<ReturnType<typeof repo.page>>[number];

function present(row: Row) {
  const { user_hash, user_name, surname1, photo, ...experience } = row;
  return { ...experience, user: presentAuthor({ user_hash, user_name, surname1, photo }) };
}

export async function list(ctx: ServiceContext, query: OwnedQuery) {
  const { db } = ctx;
  const { size, offset } = pageWindow(query, PAGE_SIZES.experiences);
  const users = query.users ? query.users.split(',') : undefined;
  const [total, rows] = await Promise.all([repo.count(db, users), repo.page(db, users, size, offset)]);
  return listResult(rows.map(present), total, size);
}

export async function show(ctx: ServiceContext, hash: string) {
  const { db } = ctx;
  const row = await repo.find(db, hash);
  if (!row) throw AppError.notFound();
  return present(row);
}
