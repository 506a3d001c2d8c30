/** Studies (a category hash) chosen from the taxonomy tree: options come from data, so the schema stays static. */
import { Select } from 'antd';
import type { Category } from '../../../../shared/schema-types';
import { useList } from '@refinedev/core';
import type { WidgetProps } from '@rjsf/utils';

/** A node of GET /…/categories/tree (schemas/category.json). */
type CategoryNode = Category;

export function CategoryWidget({ id, value, onChange, disabled, readonly, placeholder }: WidgetProps) {
  const { result, query } = useList<CategoryNode>({ resource: 'categories/tree', pagination: { mode: 'off' } });
  const options = result.data.map((root) => ({
    label: root.title,
    title: root.title,
    options: [
      { value: root.hash, label: root.title },
      ...root.children.map((child) => ({ value: child.hash, label: child.title })),
    ],
  }));
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? undefined)}
      options={options}
      loading={query.isLoading}
      disabled={disabled || readonly}
      placeholder={placeholder}
      allowClear
      showSearch
      optionFilterProp="label"
    />
  );
}
