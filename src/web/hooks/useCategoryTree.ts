/** The studies' category tree (GET /usr|com/categories/tree) as antd TreeSelect data: one source for every tree picker. */
import { useList } from '@refinedev/core';
import type { Category } from '../../shared/schema-types';

/** A node of GET /…/categories/tree (schemas/category.json). */
type CategoryNode = Category;

export interface CategoryTreeNode {
  value: string;
  title: string;
  children?: CategoryTreeNode[];
}

const toTree = (nodes: CategoryNode[]): CategoryTreeNode[] =>
  nodes.map((node) => ({
    value: node.hash,
    title: node.title,
    children: node.children?.length ? toTree(node.children) : undefined,
  }));

export function useCategoryTree(): CategoryTreeNode[] {
  const { result } = useList<CategoryNode>({ resource: 'categories/tree', pagination: { mode: 'off' } });
  return toTree(result.data);
}
