import { AppError } from '../../../errors';
import { translate } from '../../../i18n';
import { listResult, pageWindow } from '../../../lib/lists';
import { newHash, nowIso } from '../../../lib/ids';
import type { Locale } from '../../../../shared/constants';
import type { AdminCategoryWrite, AdminTagWrite, TaxonomyTexts } from '../../../../shared/schema-types';
import type { Conn } from '../../../db/conn';
import { record } from '../../audit/service';
import type { TAXONOMY_AUDIT_ACTIONS } from '../../../../shared/audit';
import * as repo from './repository';
import { type ServiceContext } from '../../../serviceContext';

type CategoryRow = Awaited<ReturnType<typeof repo.allCategories>>[number];

export interface AdminCategoryNode {
  hash: string;
  parent: string | null;
  position: number;
  lvl: number;
  texts: TaxonomyTexts;
  members: number;
  children: AdminCategoryNode[];
}

const textsOf = (row: repo.Titles): TaxonomyTexts => ({
  es: { title: row.title_es },
  en: { title: row.title_en },
  ca: { title: row.title_ca },
});
const titlesOf = (texts: TaxonomyTexts): repo.Titles => ({
  title_es: texts.es.title.trim(),
  title_en: texts.en.title.trim(),
  title_ca: texts.ca.title.trim(),
});
const fieldError = (lng: Locale, field: string, key: string, params: Record<string, unknown> = {}) =>
  AppError.badRequest('validation.failed', [{ field, message: translate(lng, key, { field, ...params }) }]);

function audit(
  ctx: ServiceContext,
  action: (typeof TAXONOMY_AUDIT_ACTIONS)[number],
  targetType: string,
  targetHash: string,
  label: string,
  data: Record<string, unknown>,
) {
  return record(ctx, {
    adminHash: ctx.actor.hash!,
    action,
    targetType,
    targetHash,
    data: { label, ...data },
    at: nowIso(),
  });
}

const findNode = (tree: AdminCategoryNode[], hash: string): AdminCategoryNode | undefined =>
  tree
    .flatMap(function flat(node): AdminCategoryNode[] {
      return [node, ...node.children.flatMap(flat)];
    })
    .find((node) => node.hash === hash);

function buildTree(rows: CategoryRow[], members: Map<string, number>): AdminCategoryNode[] {
  const nodes = new Map(
    rows.map((row) => [
      row.hash,
      {
        hash: row.hash,
        parent: row.parent_hash,
        position: row.position,
        lvl: row.lvl,
        texts: textsOf(row),
        members: members.get(row.hash) ?? 0,
        children: [] as AdminCategoryNode[],
      },
    ]),
  );
  const roots: AdminCategoryNode[] = [];
  for (const row of rows)
    (row.parent_hash && nodes.get(row.parent_hash) ? nodes.get(row.parent_hash)!.children : roots).push(
      nodes.get(row.hash)!,
    );
  return roots;
}

export async function categories(ctx: ServiceContext): Promise<AdminCategoryNode[]> {
  const { db } = ctx;
  const [rows, members] = await Promise.all([repo.allCategories(db), repo.membersPerCategory(db)]);
  return buildTree(rows, members);
}

/** The hashes of `hash` and everything under it. */
function subtree(rows: CategoryRow[], hash: string): Set<string> {
  const out = new Set([hash]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (row.parent_hash && out.has(row.parent_hash) && !out.has(row.hash)) {
        out.add(row.hash);
        grew = true;
      }
    }
  }
  return out;
}

/** Puts `hash` at `position` among the children of `parent` and renumbers them 0…n. */
async function place(db: Conn, rows: CategoryRow[], hash: string, parent: string | null, position: number) {
  const siblings = rows
    .filter((row) => row.parent_hash === parent && row.hash !== hash)
    .sort((a, b) => a.position - b.position || a.hash.localeCompare(b.hash));
  const order = [...siblings.map((row) => row.hash)];
  order.splice(Math.min(position, order.length), 0, hash);
  for (const [index, sibling] of order.entries()) await repo.updateCategory(db, sibling, { position: index });
}

export async function createCategory(ctx: ServiceContext, body: AdminCategoryWrite) {
  const { db, lng } = ctx;
  if (!body.texts) throw fieldError(lng, 'texts', 'validation.required');
  const texts = body.texts;
  return db.transaction().execute(async (trx) => {
    const rows = await repo.allCategories(trx);
    const parent = body.parent ? rows.find((row) => row.hash === body.parent) : null;
    if (body.parent && !parent) throw fieldError(lng, 'parent', 'taxonomies.noSuchParent');
    const hash = newHash();
    const siblings = rows.filter((row) => row.parent_hash === (parent?.hash ?? null)).length;
    await repo.insertCategory(trx, {
      hash,
      parent_hash: parent?.hash ?? null,
      lvl: parent ? parent.lvl + 1 : 0,
      position: siblings,
      ...titlesOf(texts),
    });
    if (body.position !== undefined)
      await place(trx, await repo.allCategories(trx), hash, parent?.hash ?? null, body.position);
    await audit({ ...ctx, db: trx }, 'category.created', 'category', hash, texts.es.title, {
      changes: { texts: { before: null, after: texts }, parent: { before: null, after: parent?.hash ?? null } },
    });
    return findNode(await categories({ ...ctx, db: trx }), hash)!;
  });
}

export async function updateCategory(ctx: ServiceContext, hash: string, body: AdminCategoryWrite) {
  const { db, lng } = ctx;
  return db.transaction().execute(async (trx) => {
    const rows = await repo.allCategories(trx);
    const row = rows.find((r) => r.hash === hash);
    if (!row) throw AppError.notFound();
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    if (body.texts) {
      const titles = titlesOf(body.texts);
      await repo.updateCategory(trx, hash, titles);
      if (JSON.stringify(textsOf(row)) !== JSON.stringify(textsOf(titles)))
        changes['texts'] = { before: textsOf(row), after: textsOf(titles) };
    }
    const moving = body.parent !== undefined || body.position !== undefined;
    if (moving) {
      const parentHash = body.parent === undefined ? row.parent_hash : body.parent;
      const parent = parentHash ? rows.find((r) => r.hash === parentHash) : null;
      if (parentHash && !parent) throw fieldError(lng, 'parent', 'taxonomies.noSuchParent');
      const own = subtree(rows, hash);
      if (parentHash && own.has(parentHash)) throw fieldError(lng, 'parent', 'taxonomies.underItself');
      const lvlShift = (parent ? parent.lvl + 1 : 0) - row.lvl;
      if (lvlShift)
        for (const member of rows.filter((r) => own.has(r.hash)))
          await repo.updateCategory(trx, member.hash, { lvl: member.lvl + lvlShift });
      await repo.updateCategory(trx, hash, { parent_hash: parentHash });
      const position = body.position ?? Number.MAX_SAFE_INTEGER;
      await place(trx, rows, hash, parentHash, position);
      // the siblings it left close the gap
      if (parentHash !== row.parent_hash) {
        const left = rows
          .filter((r) => r.parent_hash === row.parent_hash && r.hash !== hash)
          .sort((a, b) => a.position - b.position);
        for (const [index, sibling] of left.entries())
          await repo.updateCategory(trx, sibling.hash, { position: index });
        changes['parent'] = { before: row.parent_hash, after: parentHash };
      }
      if (body.position !== undefined && body.position !== row.position)
        changes['position'] = { before: row.position, after: body.position };
    }
    if (Object.keys(changes).length)
      await audit({ ...ctx, db: trx }, 'category.updated', 'category', hash, row.title_es, { changes });
    return findNode(await categories({ ...ctx, db: trx }), hash)!;
  });
}

export async function deleteCategory(ctx: ServiceContext, hash: string) {
  const { db } = ctx;
  await db.transaction().execute(async (trx) => {
    const rows = await repo.allCategories(trx);
    const row = rows.find((r) => r.hash === hash);
    if (!row) throw AppError.notFound();
    const children = rows.filter((r) => r.parent_hash === hash).length;
    if (children) throw AppError.rule('taxonomies.categoryHasChildren', { count: children });
    const members = (await repo.membersPerCategory(trx)).get(hash) ?? 0;
    if (members) throw AppError.rule('taxonomies.categoryInUse', { count: members });
    await repo.deleteCategory(trx, hash);
    const left = rows
      .filter((r) => r.parent_hash === row.parent_hash && r.hash !== hash)
      .sort((a, b) => a.position - b.position);
    for (const [index, sibling] of left.entries()) await repo.updateCategory(trx, sibling.hash, { position: index });
    await audit({ ...ctx, db: trx }, 'category.deleted', 'category', hash, row.title_es, {
      changes: { texts: { before: textsOf(row), after: null } },
    });
  });
  return { ok: true };
}

/** Tags. */
export interface TagsQuery {
  type?: string;
  group?: string;
  text?: string;
  page?: number;
  size?: number;
}

async function presentTags(db: Conn, rows: Awaited<ReturnType<typeof repo.tags>>) {
  const uses = await repo.tagUses(
    db,
    rows.map((row) => row.hash),
  );
  return rows.map((row) => ({
    hash: row.hash,
    type: row.type,
    group: row.group,
    texts: textsOf(row),
    uses: uses.get(row.hash)!,
  }));
}

export async function tags(ctx: ServiceContext, query: TagsQuery) {
  const { db } = ctx;
  const { size, offset } = pageWindow(query, 20);
  const rows = await repo.tags(db, query);
  return listResult(await presentTags(db, rows.slice(offset, offset + size)), rows.length, size);
}

export async function createTag(ctx: ServiceContext, body: AdminTagWrite) {
  const { db, lng } = ctx;
  for (const field of ['type', 'group', 'texts'] as const)
    if (body[field] === undefined) throw fieldError(lng, field, 'validation.required');
  const type = body.type!;
  const group = body.group!;
  // article tags label articles; the others are the members' and offers' (DESIGN §3)
  if ((type === 'ARTICLE') !== (group === 'article')) throw fieldError(lng, 'group', 'taxonomies.groupOfType');
  const hash = newHash();
  await db.transaction().execute(async (trx) => {
    await repo.insertTag(trx, { hash, type, group, ...titlesOf(body.texts!) });
    await audit({ ...ctx, db: trx }, 'tag.created', 'tag', hash, body.texts!.es.title, {
      changes: { texts: { before: null, after: body.texts } },
    });
  });
  return (await presentTags(db, [(await repo.findTag(db, hash))!]))[0]!;
}

export async function updateTag(ctx: ServiceContext, hash: string, body: AdminTagWrite) {
  const { db, lng } = ctx;
  if (body.type !== undefined || body.group !== undefined)
    throw fieldError(lng, body.type !== undefined ? 'type' : 'group', 'taxonomies.tagKeepsGroup');
  await db.transaction().execute(async (trx) => {
    const row = await repo.findTag(trx, hash);
    if (!row) throw AppError.notFound();
    if (!body.texts) return;
    const titles = titlesOf(body.texts);
    await repo.updateTag(trx, hash, titles);
    if (JSON.stringify(textsOf(row)) !== JSON.stringify(textsOf(titles)))
      await audit({ ...ctx, db: trx }, 'tag.updated', 'tag', hash, row.title_es, {
        changes: { texts: { before: textsOf(row), after: textsOf(titles) } },
      });
  });
  const row = await repo.findTag(db, hash);
  return (await presentTags(db, [row!]))[0]!;
}

export async function deleteTag(ctx: ServiceContext, hash: string) {
  const { db } = ctx;
  await db.transaction().execute(async (trx) => {
    const row = await repo.findTag(trx, hash);
    if (!row) throw AppError.notFound();
    const uses = (await repo.tagUses(trx, [hash])).get(hash)!;
    const total = uses.members + uses.offers + uses.articles;
    if (total) throw AppError.rule('taxonomies.tagInUse', { ...uses, count: total });
    await repo.deleteTag(trx, hash);
    await audit({ ...ctx, db: trx }, 'tag.deleted', 'tag', hash, row.title_es, {
      changes: { texts: { before: textsOf(row), after: null } },
    });
  });
  return { ok: true };
}

export async function mergeTag(ctx: ServiceContext, hash: string, into: string) {
  const { db, lng } = ctx;
  if (into === hash) throw fieldError(lng, 'into', 'taxonomies.mergeItself');
  await db.transaction().execute(async (trx) => {
    const [from, target] = await Promise.all([repo.findTag(trx, hash), repo.findTag(trx, into)]);
    if (!from) throw AppError.notFound();
    if (!target) throw fieldError(lng, 'into', 'taxonomies.noSuchTag');
    if (from.group !== target.group || from.type !== target.type)
      throw fieldError(lng, 'into', 'taxonomies.mergeOtherGroup');
    await repo.mergeTag(trx, hash, into);
    await audit({ ...ctx, db: trx }, 'tag.merged', 'tag', into, target.title_es, {
      changes: { merged: { before: from.title_es, after: target.title_es } },
    });
  });
  return (await presentTags(db, [(await repo.findTag(db, into))!]))[0]!;
}
