/**
 * /{lng}/admin/admins (issue 14 §7): the association's administrators (Refine useTable over `adm` resource `admins`),
 * an invitation by e-mail from schemas/admin.invite.json, and removal with a confirmation (never oneself, never the last:
 * the server refuses and says why).
 */
import { useState } from 'react';
import { useTable } from '@refinedev/antd';
import { useCreate, useDelete, useGetIdentity, type HttpError } from '@refinedev/core';
import { Button, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/constants';
import { SchemaForm } from '../../../forms/SchemaForm';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { formatDate } from '../../../lib/dates';
import type { Identity } from '../../../providers/auth';
import type { AdminAdministrator } from '../../../../shared/schema-types';

type AdminRow = AdminAdministrator;
type Errors = HttpError & { errors?: Record<string, string[]> };

export default function AdminsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  useDocumentTitle(`${t('admin.admins.title')} · Alumni`);
  const { data: me } = useGetIdentity<Identity>();
  const { tableProps } = useTable<AdminRow>({
    resource: 'adm/admins',
    syncWithLocation: false,
    pagination: { mode: 'off' },
    sorters: { mode: 'off' },
    filters: { mode: 'off' },
  });
  const { mutate: create, mutation: creation } = useCreate<AdminRow, Errors>();
  const { mutate: remove } = useDelete();
  const [inviting, setInviting] = useState(false);
  const serverErrors = (creation.error as Errors | null)?.errors;
  return (
    <section data-testid="admin-admins">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('admin.admins.title')}
        </Typography.Title>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)} data-testid="admin-invite">
          {t('admin.admins.invite')}
        </Button>
      </Space>
      <Table<AdminRow>
        {...tableProps}
        rowKey="hash"
        pagination={false}
        columns={[
          {
            title: t('admin.admins.name'),
            render: (_, row) => (
              <>
                {row.name} {row.invited ? <Tag color="gold">{t('admin.admins.invited')}</Tag> : null}
              </>
            ),
          },
          { title: t('fields.email'), dataIndex: 'email' },
          {
            title: t('admin.admins.secondFactor'),
            width: 180,
            render: (_, row) =>
              row.totp ? <Tag color="success">{t('admin.admins.totpOn')}</Tag> : <Tag>{t('admin.admins.totpOff')}</Tag>,
          },
          { title: t('admin.admins.since'), width: 140, render: (_, row) => formatDate(row.created_at, lng) },
          {
            title: '',
            width: 120,
            render: (_, row) =>
              row.email === me?.email ? null : (
                <Popconfirm
                  title={t('admin.admins.removeConfirm', { name: row.name })}
                  okText={t('admin.admins.remove')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('admin.cancel')}
                  onConfirm={() =>
                    remove({
                      resource: 'adm/admins',
                      id: row.hash,
                      successNotification: () => ({ type: 'success', message: t('admin.admins.removed') }),
                    })
                  }
                >
                  <Button type="link" danger icon={<DeleteOutlined />}>
                    {t('admin.admins.remove')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      <Modal
        open={inviting}
        title={t('admin.admins.invite')}
        footer={null}
        onCancel={() => setInviting(false)}
        maskClosable={false}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('admin.admins.inviteHelp')}</Typography.Paragraph>
        <SchemaForm<{ email: string; name: string; language: Locale }>
          form="adminInvite"
          id="admin-invite-form"
          formData={{ language: lng }}
          uiSchema={{
            name: { 'ui:title': t('admin.admins.name') },
            language: { 'ui:enumNames': ['Español', 'English', 'Català'], 'ui:title': t('admin.admins.language') },
          }}
          submitText={t('admin.admins.send')}
          submitting={creation.isPending}
          serverErrors={serverErrors}
          onSubmit={(values) =>
            create(
              {
                resource: 'adm/admins',
                values,
                successNotification: () => ({
                  type: 'success',
                  message: t('admin.admins.sent', { email: values.email }),
                }),
                errorNotification: (error) => ({
                  type: 'error',
                  message: error?.errors ? t('member.form.fix') : (error?.message ?? t('errors.unexpected.title')),
                }),
              },
              { onSuccess: () => setInviting(false) },
            )
          }
        />
      </Modal>
    </section>
  );
}
