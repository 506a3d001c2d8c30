/**
 * /{lng}/admin/tags (issue 14 §3): tags by group with their three names and where each is used (members, offers,
 * articles). Add one, rename one, merge one into another of its group (its uses move there), or delete an unused one —
 * the server refuses to delete a tag in use and says where. Refine useTable over `adm`.
 */
import { useState } from 'react';
import type { AdminTag as GeneratedAdminTag } from '../../../../shared/schema-types';
import { useTable } from '@refinedev/antd';
import { Button, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, MergeCellsOutlined, PlusOutlined } from '@ant-design/icons';
import {
  useCreate,
  useDelete,
  useList,
  useUpdate,
  useCustomMutation,
  useInvalidate,
  type HttpError,
} from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/constants';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { TextsForm, type Texts } from './TextsForm';

type AdminTag = Omit<GeneratedAdminTag, 'type' | 'texts'> & { type: 'USER' | 'ARTICLE'; texts: Texts };
type Errors = HttpError & { errors?: Record<string, string[]> };
const GROUPS = ['area', 'specialty', 'career', 'article'] as const;

export default function TagsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  useDocumentTitle(`${t('admin.tags.title')} · Alumni`);
  const { tableProps, setFilters, filters } = useTable<AdminTag>({
    resource: 'adm/tags',
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { mode: 'off' },
  });
  const [editing, setEditing] = useState<AdminTag | null>(null);
  const [adding, setAdding] = useState(false);
  const [merging, setMerging] = useState<AdminTag | null>(null);
  const [into, setInto] = useState<string | null>(null);
  const { mutate: update, mutation: updating } = useUpdate<AdminTag, Errors>();
  const { mutate: create, mutation: creating } = useCreate<AdminTag, Errors>();
  const { mutate: remove } = useDelete<AdminTag, Errors>();
  const { mutate: merge, mutation: mergingMutation } = useCustomMutation<AdminTag, Errors>();
  const invalidate = useInvalidate();
  const sameGroup = useList<AdminTag>({
    resource: 'adm/tags',
    filters: [{ field: 'group', operator: 'eq', value: merging?.group }],
    pagination: { pageSize: 100 },
    queryOptions: { enabled: merging !== null },
  }).result.data;
  const title = (tag: AdminTag) => tag.texts[lng]?.title || tag.texts.es.title;
  const group = filters.find((f) => 'field' in f && f.field === 'group')?.value as string | undefined;
  const setFilter = (field: string, value: string | undefined) =>
    setFilters([{ field, operator: 'eq', value: value || undefined }], 'merge');
  const failed = (error?: Errors) => ({
    type: 'error' as const,
    message: error?.errors ? t('member.form.fix') : (error?.message ?? t('errors.unexpected.title')),
  });

  return (
    <section data-testid="admin-tags">
      <Typography.Title level={2}>{t('admin.tags.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.tags.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('admin.tags.group')}
          style={{ width: 200 }}
          value={group ?? ''}
          onChange={(value) => setFilter('group', value)}
          options={[
            { value: '', label: t('admin.tags.allGroups') },
            ...GROUPS.map((g) => ({ value: g, label: t(`admin.tags.groups.${g}`) })),
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('admin.tags.search')}
          aria-label={t('admin.tags.search')}
          style={{ width: 260 }}
          onSearch={(text) => setFilter('text', text.trim())}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="tag-add">
          {t('admin.tags.add')}
        </Button>
      </Space>
      <Table<AdminTag>
        {...tableProps}
        rowKey="hash"
        size="middle"
        scroll={{ x: 900 }}
        columns={[
          { title: t('lang.es'), render: (_, tag) => <span data-testid="tag-title">{tag.texts.es.title}</span> },
          { title: t('lang.en'), render: (_, tag) => tag.texts.en.title },
          { title: t('lang.ca'), render: (_, tag) => tag.texts.ca.title },
          {
            title: t('admin.tags.group'),
            width: 140,
            render: (_, tag) => <Tag>{t(`admin.tags.groups.${tag.group}`)}</Tag>,
          },
          { title: t('admin.tags.uses'), width: 220, render: (_, tag) => t('admin.tags.usesDetail', tag.uses) },
          {
            title: t('admin.users.actions'),
            width: 280,
            render: (_, tag) => (
              <Space wrap>
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(tag)}>
                  {t('admin.tags.rename')}
                </Button>
                <Button
                  size="small"
                  icon={<MergeCellsOutlined />}
                  onClick={() => (setMerging(tag), setInto(null))}
                  data-testid="tag-merge"
                >
                  {t('admin.tags.merge')}
                </Button>
                <Popconfirm
                  title={t('admin.tags.deleteConfirm', { name: title(tag) })}
                  okText={t('admin.tags.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('admin.cancel')}
                  onConfirm={() =>
                    remove({
                      resource: 'adm/tags',
                      id: tag.hash,
                      successNotification: () => ({ type: 'success', message: t('admin.tags.deleted') }),
                      errorNotification: failed,
                    })
                  }
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('admin.tags.delete')}
                    data-testid="tag-delete"
                  />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing ? t('admin.tags.renameTitle', { name: title(editing) }) : ''}
        footer={null}
        maskClosable={false}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing && (
          <TextsForm<Texts>
            form="taxonomyTexts"
            id="form-tag"
            formData={editing.texts}
            submitText={t('admin.tags.save')}
            submitting={updating.isPending}
            serverErrors={(updating.error as Errors | null)?.errors}
            onSubmit={(texts) =>
              update(
                {
                  resource: 'adm/tags',
                  id: editing.hash,
                  values: { texts },
                  successNotification: () => ({ type: 'success', message: t('admin.tags.saved') }),
                  errorNotification: failed,
                },
                { onSuccess: () => setEditing(null) },
              )
            }
          />
        )}
      </Modal>
      <Modal
        open={adding}
        title={t('admin.tags.add')}
        footer={null}
        maskClosable={false}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <TextsForm<{ group: string; texts: Texts }>
          form="adminTagNew"
          id="form-tag-new"
          formData={{ group: group ?? 'area' }}
          uiSchema={{
            group: {
              'ui:title': t('admin.tags.group'),
              'ui:enumNames': GROUPS.map((g) => t(`admin.tags.groups.${g}`)),
            },
            texts: { 'ui:title': t('admin.taxonomies.names') },
          }}
          submitText={t('admin.tags.add')}
          submitting={creating.isPending}
          serverErrors={(creating.error as Errors | null)?.errors}
          onSubmit={(values) =>
            create(
              {
                resource: 'adm/tags',
                values: { ...values, type: values.group === 'article' ? 'ARTICLE' : 'USER' },
                successNotification: () => ({ type: 'success', message: t('admin.tags.saved') }),
                errorNotification: failed,
              },
              { onSuccess: () => setAdding(false) },
            )
          }
        />
      </Modal>
      <Modal
        open={merging !== null}
        title={merging ? t('admin.tags.mergeTitle', { name: title(merging) }) : ''}
        okText={t('admin.tags.merge')}
        okButtonProps={{ disabled: !into, loading: mergingMutation.isPending, danger: true }}
        cancelText={t('admin.cancel')}
        maskClosable={false}
        onCancel={() => setMerging(null)}
        onOk={() =>
          merging &&
          into &&
          merge(
            {
              url: `/adm/tags/${merging.hash}/merge`,
              method: 'post',
              values: { into },
              successNotification: () => ({ type: 'success', message: t('admin.tags.merged') }),
              errorNotification: failed,
            },
            { onSuccess: () => (setMerging(null), void invalidate({ resource: 'adm/tags', invalidates: ['list'] })) },
          )
        }
      >
        {merging && (
          <>
            <Typography.Paragraph>
              {t('admin.tags.mergeHelp', { name: title(merging), ...merging.uses })}
            </Typography.Paragraph>
            <Select
              showSearch
              optionFilterProp="label"
              style={{ width: '100%' }}
              aria-label={t('admin.tags.mergeInto')}
              placeholder={t('admin.tags.mergeInto')}
              value={into ?? undefined}
              onChange={setInto}
              options={sameGroup
                .filter((tag) => tag.hash !== merging.hash)
                .map((tag) => ({ value: tag.hash, label: title(tag) }))}
              data-testid="tag-merge-into"
            />
          </>
        )}
      </Modal>
    </section>
  );
}
