import { PAGE_SIZES } from '../../../shared/constants';
import type { Db } from '../../db/dialect';
import { AppError } from '../../errors';
import { listResult, pageWindow, type PageQuery } from '../../lib/lists';
import { presentAuthor } from '../users/presenters';
import * as repo from './repository';
import type { FileLinks } from '../../lib/signedLinks';
import { fileOf, portfolioFiles } from './memberFile';
import { type ServiceContext } from '../../serviceContext';

export interface OwnedQuery extends PageQuery {
  users?: string;
}

type Row = Awaited<ReturnType<typeof repo.page>>[number];

async function present(db: Db, rows: Row[], fileLinks?: FileLinks) {
  const hashes = rows.map((row) => row.hash);
  const [images, links, files] = await Promise.all([
    repo.imagesOf(db, hashes),
    repo.linksOf(db, hashes),
    portfolioFiles(db, hashes),
  ]);
  return rows.map((row) => ({
    ...fileOf(files, row.hash, fileLinks),
    hash: row.hash,
    name: row.name,
    date: row.date,
    content: row.content,
    status: row.status,
    images: images
      .filter((image) => image.portfolio_hash === row.hash)
      .map((image) => ({ hash: image.hash, url: image.path })),
    links: links.filter((link) => link.portfolio_hash === row.hash).map((link) => ({ hash: link.hash, url: link.url })),
    user: presentAuthor(row),
  }));
}

export async function list(ctx: ServiceContext, query: OwnedQuery, fileLinks?: FileLinks) {
  const { db } = ctx;
  const { size, offset } = pageWindow(query, PAGE_SIZES.portfolios);
  const users = query.users ? query.users.split(',') : undefined;
  const [total, rows] = await Promise.all([repo.count(db, users), repo.page(db, users, size, offset)]);
  return listResult(await present(db, rows, fileLinks), total, size);
}

export async function show(ctx: ServiceContext, hash: string, fileLinks?: FileLinks) {
  const { db } = ctx;
  const row = await repo.find(db, hash);
  if (!row) throw AppError.notFound();
  return (await present(db, [row], fileLinks))[0]!;
}
