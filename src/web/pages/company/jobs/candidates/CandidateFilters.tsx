/** The candidates table's filters: text, status, studies (the category tree) and member tags. */
import { Input, Select, Space, TreeSelect } from 'antd';
import { useList, type CrudFilter } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useCategoryTree } from '../../../../hooks/useCategoryTree';

export function CandidateFilters({
  filters,
  onChange,
}: {
  filters: CrudFilter[];
  onChange: (field: string, value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const categories = useCategoryTree();
  const tags = useList<{ hash: string; title: string; group: string }>({
    resource: 'tags',
    filters: [{ field: 'type', operator: 'eq', value: 'USER' }],
    pagination: { mode: 'off' },
  }).result.data;
  const value = (field: string) =>
    (filters.find((f) => 'field' in f && f.field === field)?.value as string | undefined) ?? undefined;
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder={t('candidates.search')}
        aria-label={t('candidates.search')}
        style={{ width: 240 }}
        defaultValue={value('text')}
        onSearch={(text) => onChange('text', text.trim())}
      />
      <Select
        aria-label={t('offers.statusFilter')}
        style={{ width: 170 }}
        value={value('status') ?? ''}
        onChange={(next) => onChange('status', next)}
        options={[
          { value: '', label: t('candidates.allStatuses') },
          ...['PENDING', 'ACCEPTED', 'CANCELLED', 'WITHDRAWN'].map((s) => ({
            value: s,
            label: t(`lists.applications.status.${s}`),
          })),
        ]}
      />
      <TreeSelect
        aria-label={t('candidates.studies')}
        style={{ width: 240 }}
        placeholder={t('candidates.studies')}
        allowClear
        treeData={categories}
        value={value('category')}
        onChange={(next) => onChange('category', next ?? undefined)}
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="title"
      />
      <Select
        aria-label={t('fields.tags')}
        mode="multiple"
        style={{ minWidth: 220 }}
        placeholder={t('fields.tags')}
        maxTagCount="responsive"
        optionFilterProp="label"
        value={value('tags')?.split(',').filter(Boolean) ?? []}
        onChange={(next: string[]) => onChange('tags', next.join(',') || undefined)}
        options={tags.map((tag) => ({ value: tag.hash, label: tag.title }))}
      />
    </Space>
  );
}
