/**
 * The study mapping step of the School records import (issue 28 §1): the preview's study names that the category tree
 * does not know, grouped with how many rows carry each; the administrator picks a category for each or leaves it
 * without one. The choices are saved (PUT /adm/schoolRecords/studies) when the import is confirmed, and remembered:
 * the next import does not ask about them again.
 */
import { Table, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCategoryTree } from '../../../hooks/useCategoryTree';
import { request } from '../../../providers/http';
import type { ImportAnswer } from './types';

export type StudyChoices = Record<string, string | null>;
type StudyGroup = ImportAnswer['studies'][number];

/** Saves each name's choice (a category, or none on purpose) before the import is sent. */
export async function saveStudyChoices(groups: StudyGroup[], choices: StudyChoices): Promise<void> {
  for (const group of groups)
    await request('adm', 'schoolRecords/studies', {
      method: 'PUT',
      body: { study: group.study, category: choices[group.study] ?? null },
    });
}

export function StudyMappingStep({
  groups,
  choices,
  onChange,
}: {
  groups: StudyGroup[];
  choices: StudyChoices;
  onChange: (next: StudyChoices) => void;
}) {
  const { t } = useTranslation();
  const tree = useCategoryTree();
  return (
    <section style={{ marginTop: 16 }} data-testid="records-mapping">
      <Typography.Title level={3}>{t('admin.schoolRecords.mapTitle')}</Typography.Title>
      <Typography.Paragraph>{t('admin.schoolRecords.mapHelp')}</Typography.Paragraph>
      <Table<StudyGroup>
        size="small"
        rowKey="study"
        dataSource={groups}
        pagination={false}
        columns={[
          { title: t('admin.schoolRecords.study'), dataIndex: 'study' },
          {
            title: t('admin.schoolRecords.mapRows'),
            width: 220,
            render: (_, group) =>
              t('admin.schoolRecords.mapLines', {
                count: group.rows,
                lines: group.lines.join(', ') + (group.rows > group.lines.length ? '…' : ''),
              }),
          },
          {
            title: t('admin.schoolRecords.mapCategory'),
            width: 320,
            render: (_, group) => (
              <TreeSelect
                aria-label={`${t('admin.schoolRecords.mapCategory')}: ${group.study}`}
                style={{ width: '100%' }}
                value={choices[group.study] ?? undefined}
                placeholder={t('admin.schoolRecords.mapNone')}
                treeData={tree}
                onChange={(next) => onChange({ ...choices, [group.study]: next ?? null })}
                allowClear
                showSearch
                treeNodeFilterProp="title"
              />
            ),
          },
        ]}
      />
    </section>
  );
}
