/** One member tag of a group (area, specialty…) stored by hash, for schema fields that hold one: an offer's area, an alert's. */
import { Select } from 'antd';
import type { Tag } from '../../../shared/schema-types';
import { useList } from '@refinedev/core';
import type { WidgetProps } from '@rjsf/utils';

/** A tag as GET /…/tags answers it (schemas/tag.json). */
export type UserTag = Tag;

export function useUserTags(): UserTag[] {
  const { result } = useList<UserTag>({
    resource: 'tags',
    filters: [{ field: 'type', operator: 'eq', value: 'USER' }],
    pagination: { mode: 'off' },
  });
  return result.data;
}

export function singleTagWidget(group: string) {
  return function TagWidget({ id, value, onChange, disabled, readonly, placeholder }: WidgetProps) {
    const tags = useUserTags();
    return (
      <Select
        id={id}
        value={(value as string | null | undefined) ?? undefined}
        options={tags.filter((tag) => tag.group === group).map((tag) => ({ value: tag.hash, label: tag.title }))}
        onChange={(next: string | undefined) => onChange(next ?? null)}
        disabled={disabled || readonly}
        placeholder={placeholder}
        allowClear
        showSearch
        optionFilterProp="label"
      />
    );
  };
}
