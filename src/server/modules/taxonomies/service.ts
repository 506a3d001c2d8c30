import * as repo from './repository';
import { type ServiceContext } from '../../serviceContext';

export async function tags(ctx: ServiceContext, filter: { type?: string; group?: string }) {
  const { db, lng } = ctx;
  const rows = await repo.listTags(db, lng, filter);
  return rows.map((row) => ({
    hash: row.hash,
    type: row.type,
    group: row.group,
    title: (row as Record<string, unknown>)[`title_${lng}`] as string,
  }));
}

export interface CategoryNode {
  hash: string;
  title: string;
  lvl: number;
  children: CategoryNode[];
}

export async function categoryTree(ctx: ServiceContext): Promise<CategoryNode[]> {
  const { db, lng } = ctx;
  const rows = await repo.listCategories(db, lng);
  const nodes = new Map<string, CategoryNode>();
  for (const row of rows) {
    nodes.set(row.hash, {
      hash: row.hash,
      title: (row as Record<string, unknown>)[`title_${lng}`] as string,
      lvl: row.lvl,
      children: [],
    });
  }
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.hash)!;
    const parent = row.parent_hash ? nodes.get(row.parent_hash) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
