/** The news tags of an article (tags of type ARTICLE, by hash; GET /api/tags?type=ARTICLE). */
import { Select } from 'antd';
import { useList } from '@refinedev/core';
import type { WidgetProps } from '@rjsf/utils';
import type { Tag } from '../../../../../shared/schema-types';

/** A tag as GET /api/tags answers it (schemas/tag.json). */
export type ArticleTag = Tag;

export function useArticleTags(): ArticleTag[] {
  const { result } = useList<ArticleTag>({
    resource: 'tags',
    filters: [{ field: 'type', operator: 'eq', value: 'ARTICLE' }],
    pagination: { mode: 'off' },
  });
  return result.data;
}

export function ArticleTagsWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const tags = useArticleTags();
  return (
    <Select
      id={id}
      mode="multiple"
      value={(value as string[] | undefined) ?? []}
      options={tags.map((tag) => ({ value: tag.hash, label: tag.title }))}
      onChange={(next: string[]) => onChange(next)}
      disabled={disabled || readonly}
      maxCount={10}
      optionFilterProp="label"
    />
  );
}
