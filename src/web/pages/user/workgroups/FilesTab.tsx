/**
 * A group's files for its administrator (issue 12 §5, SPEC's files-only view): the files posted on its wall, 6 a page
 * (Refine useTable over the public `workgroups/{hash}/files`), each downloadable (a signed link) and deletable with a
 * confirmation — the post it came with stays.
 */
import { Button, Popconfirm, Table } from 'antd';
import type { File } from '../../../../shared/schema-types';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useDelete, useInvalidate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type Locale } from '../../../../shared/constants';
import { formatDate } from '../../../lib/dates';
import type { OwnGroup } from './types';

type GroupFile = File;

export function FilesTab({ group }: { group: OwnGroup }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const { tableProps } = useTable<GroupFile>({
    resource: 'files',
    meta: { group: group.hash },
    syncWithLocation: false,
    pagination: { pageSize: PAGE_SIZES.workgroupFiles },
    sorters: { mode: 'off' },
    filters: { mode: 'off' },
  });
  const { mutate: remove } = useDelete<GroupFile, HttpError>();
  const invalidate = useInvalidate();
  return (
    <Table<GroupFile>
      {...tableProps}
      rowKey="hash"
      scroll={{ x: 600 }}
      locale={{ emptyText: t('groups.files.none') }}
      columns={[
        {
          title: t('groups.files.name'),
          render: (_, file) => (
            <a href={file.url} target="_blank" rel="noreferrer" data-testid="group-file">
              <PaperClipOutlined /> {file.name}
            </a>
          ),
        },
        {
          title: t('groups.files.size'),
          width: 110,
          render: (_, file) => `${Math.max(1, Math.round(file.size / 1024))} KB`,
        },
        { title: t('groups.updated'), width: 130, render: (_, file) => formatDate(file.updated_at, lng) },
        {
          title: t('admin.users.actions'),
          width: 130,
          render: (_, file) => (
            <Popconfirm
              title={t('groups.files.deleteConfirm', { name: file.name })}
              okText={t('groups.files.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('admin.cancel')}
              onConfirm={() =>
                remove(
                  {
                    resource: 'usr/files',
                    meta: { group: group.hash },
                    id: file.hash,
                    successNotification: () => ({ type: 'success', message: t('groups.files.deleted') }),
                  },
                  { onSuccess: () => void invalidate({ resource: 'files', invalidates: ['list'] }) },
                )
              }
            >
              <Button size="small" danger icon={<DeleteOutlined />} data-testid="group-file-delete">
                {t('groups.files.delete')}
              </Button>
            </Popconfirm>
          ),
        },
      ]}
    />
  );
}
