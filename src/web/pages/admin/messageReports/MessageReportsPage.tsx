/**
 * /{lng}/admin/message-reports (issue 29 §4): the moderation queue — GET /adm/message-reports with useTable, open
 * reports oldest first (or the resolved ones), each row opening to the conversation around the reported message;
 * dismiss, warn the sender (an e-mail in their language) or disable the sender's account (PATCH, audited).
 */
import { useState } from 'react';
import { useTable } from '@refinedev/antd';
import { useCan, useInvalidate, useUpdate } from '@refinedev/core';
import { Button, List, Popconfirm, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminMessageReport, AdminMessageReportDecision } from '../../../../shared/schema-types';
import type { Locale } from '../../../../shared/constants';
import { formatDate } from '../../../lib/dates';

type Action = AdminMessageReportDecision['action'];
const ACTIONS: Action[] = ['dismiss', 'warn', 'disable'];
const RESOURCE = 'adm/message-reports';

function Context({ report, lng }: { report: AdminMessageReport; lng: Locale }) {
  const { t } = useTranslation();
  return (
    <List
      size="small"
      data-testid="report-context"
      dataSource={report.context}
      renderItem={(line) => (
        <List.Item className={line.reported ? 'reported-message' : undefined}>
          <List.Item.Meta
            title={
              <Space wrap>
                <strong>{line.from.name ?? t('messages.formerMember')}</strong>
                <Typography.Text type="secondary">{formatDate(line.created_at, lng, 'dateTime')}</Typography.Text>
                {line.reported && <Tag color="red">{t('admin.messageReports.reported')}</Tag>}
              </Space>
            }
            description={<span style={{ whiteSpace: 'pre-wrap' }}>{line.text || '—'}</span>}
          />
        </List.Item>
      )}
    />
  );
}

export default function MessageReportsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const { data: access } = useCan({ resource: RESOURCE, action: 'admin.validate' });
  const invalidate = useInvalidate();
  const { mutate, mutation } = useUpdate<AdminMessageReport>();
  const { tableProps } = useTable<AdminMessageReport>({
    resource: RESOURCE,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { mode: 'off' },
    filters: { mode: 'server', permanent: [{ field: 'status', operator: 'eq', value: status }] },
  });
  const act = (hash: string, action: Action) =>
    mutate(
      {
        resource: RESOURCE,
        id: hash,
        values: { action },
        successNotification: () => ({ type: 'success', message: t(`admin.messageReports.${action}.done`) }),
      },
      {
        onSuccess: () => {
          void invalidate({ resource: RESOURCE, invalidates: ['list'] });
          void invalidate({ resource: 'adm/audit', invalidates: ['list'] });
        },
      },
    );
  const name = (party: { name: string | null }) => party.name ?? t('messages.formerMember');
  return (
    <section data-testid="admin-message-reports">
      <Typography.Title level={2}>{t('admin.messageReports.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.messageReports.intro')}</Typography.Paragraph>
      <Segmented
        style={{ marginBottom: 16 }}
        value={status}
        onChange={(value) => setStatus(value as 'open' | 'resolved')}
        options={[
          { value: 'open', label: t('admin.messageReports.open') },
          { value: 'resolved', label: t('admin.messageReports.resolved') },
        ]}
      />
      <Table<AdminMessageReport>
        {...tableProps}
        rowKey="hash"
        size="middle"
        scroll={{ x: 900 }}
        locale={{ emptyText: t('admin.messageReports.empty') }}
        expandable={{ expandedRowRender: (row) => <Context report={row} lng={lng} /> }}
        columns={[
          { title: t('admin.audit.when'), width: 150, render: (_, row) => formatDate(row.created_at, lng, 'dateTime') },
          {
            title: t('admin.messageReports.sender'),
            render: (_, row) => (
              <Space direction="vertical" size={0}>
                <span>{name(row.sender)}</span>
                {row.sender.email && <Typography.Text type="secondary">{row.sender.email}</Typography.Text>}
                {row.sender.status && row.sender.type === 'user' && <Tag>{t(`admin.status.${row.sender.status}`)}</Tag>}
              </Space>
            ),
          },
          {
            title: t('admin.messageReports.message'),
            render: (_, row) => (
              <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ maxWidth: 360, marginBottom: 0 }}>
                {row.message.text || '—'}
              </Typography.Paragraph>
            ),
          },
          {
            title: t('admin.messageReports.reason'),
            render: (_, row) => (
              <>
                <div>{row.reason}</div>
                <Typography.Text type="secondary">
                  {name(row.reporter)}
                  {row.reports > 1 ? ` · ${t('admin.messageReports.count', { count: row.reports })}` : ''}
                </Typography.Text>
              </>
            ),
          },
          {
            title: t('admin.messageReports.actions'),
            render: (_, row) =>
              row.resolution ? (
                <Tag>{t(`admin.messageReports.resolution.${row.resolution}`)}</Tag>
              ) : (
                <Space wrap>
                  {ACTIONS.filter((action) => action === 'dismiss' || row.sender.type !== 'admin').map((action) => (
                    <Popconfirm
                      key={action}
                      title={t(`admin.messageReports.${action}.confirm`)}
                      okText={t(`admin.messageReports.${action}.label`)}
                      cancelText={t('admin.cancel')}
                      onConfirm={() => act(row.hash, action)}
                    >
                      <Button
                        size="small"
                        danger={action === 'disable'}
                        disabled={access?.can === false || mutation.isPending}
                        data-testid={`report-${action}`}
                      >
                        {t(`admin.messageReports.${action}.label`)}
                      </Button>
                    </Popconfirm>
                  ))}
                </Space>
              ),
          },
        ]}
      />
    </section>
  );
}
