/**
 * Choices that come from data (DESIGN §2: schemas stay static, options arrive through widgets):
 * studies from the category tree, countries, and member tags of one group (area, specialty, career).
 */
import { lazy, Suspense } from 'react';
import { Select } from 'antd';
import { useList } from '@refinedev/core';
import type { WidgetProps } from '@rjsf/utils';

// the tree picker (rc-tree) is the academic tab's alone: loaded with that tab, not with the profile's first screen
const CategoryTree = lazy(() => import('./CategoryWidget'));

export function CategoryWidget(props: WidgetProps) {
  return (
    <Suspense fallback={null}>
      <CategoryTree {...props} />
    </Suspense>
  );
}

export function CountryWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const { result } = useList<{ hash: string; name: string }>({ resource: 'countries', pagination: { mode: 'off' } });
  return (
    <Select
      id={id}
      value={value ?? undefined}
      options={result.data.map((country) => ({ value: country.hash, label: country.name }))}
      onChange={(next) => onChange(next ?? null)}
      disabled={disabled || readonly}
      allowClear
      showSearch
      optionFilterProp="label"
    />
  );
}

/** A multiple choice among the member tags of one group (the schema holds an array of tag hashes). */
export function tagsWidget(group: string) {
  return function TagsWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
    const { result } = useList<{ hash: string; title: string; group: string }>({
      resource: 'tags',
      filters: [{ field: 'type', operator: 'eq', value: 'USER' }],
      pagination: { mode: 'off' },
    });
    return (
      <Select
        id={id}
        mode="multiple"
        value={(value as string[] | undefined) ?? []}
        options={result.data.filter((tag) => tag.group === group).map((tag) => ({ value: tag.hash, label: tag.title }))}
        onChange={(next: string[]) => onChange(next)}
        disabled={disabled || readonly}
        maxCount={10}
        optionFilterProp="label"
      />
    );
  };
}
export const AreaWidget = tagsWidget('area');
export const SpecialtyWidget = tagsWidget('specialty');
export const CareerWidget = tagsWidget('career');
