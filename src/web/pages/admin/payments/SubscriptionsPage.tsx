/**
 * /{lng}/admin/subscriptions (issue 13 §6): every membership subscription — Refine useTable over `adm` resource
 * `subscriptions`, filtered by status, method and member; the next charge and failed attempts at a glance.
 */
import { Empty, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/constants';
import type { AdminSubscription } from '../../../../shared/schema-types';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { formatDate } from '../../../lib/dates';
import { MembershipFilters, useMembershipTable } from './membershipList';
import { MemberCell, money, StatusTag, useResultLabel } from './shared';

const STATUSES = ['ACTIVE', 'PAST_DUE', 'ENDED'] as const;

export default function SubscriptionsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const resultLabel = useResultLabel();
  useDocumentTitle(`${t('admin.subscriptions.title')} · Alumni`);
  const { tableProps, value, setFilter } = useMembershipTable<AdminSubscription>('adm/subscriptions');
  return (
    <section data-testid="admin-subscriptions">
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('admin.subscriptions.title')}
      </Typography.Title>
      <MembershipFilters
        value={value}
        setFilter={setFilter}
        statuses={STATUSES}
        statusKey="admin.subscriptions.status"
      />
      <Table<AdminSubscription>
        {...tableProps}
        rowKey="hash"
        size="middle"
        scroll={{ x: 900 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.subscriptions.empty')} />,
        }}
        columns={[
          {
            title: t('admin.payments.member'),
            key: 'member',
            fixed: 'left',
            width: 180,
            render: (_, row) => <MemberCell member={row.member} />,
          },
          {
            title: t('admin.payments.statusLabel'),
            key: 'status',
            width: 130,
            render: (_, row) => (
              <Space direction="vertical" size={2}>
                <StatusTag status={row.status} kind="subscriptions" />
                {!row.renew && row.status !== 'ENDED' ? (
                  <Tag style={{ marginInlineEnd: 0 }}>{t('admin.subscriptions.renewOff')}</Tag>
                ) : null}
              </Space>
            ),
          },
          {
            title: t('admin.payments.methodLabel'),
            key: 'method',
            width: 130,
            render: (_, row) => t(`admin.payments.method.${row.method}`),
          },
          {
            title: t('admin.payments.amount'),
            key: 'amount',
            width: 100,
            align: 'right',
            render: (_, row) => money(row.amount_cents, lng),
          },
          {
            title: t('admin.subscriptions.paidUntil'),
            key: 'until',
            width: 120,
            render: (_, row) => formatDate(row.current_period_end, lng),
          },
          {
            title: t('admin.subscriptions.nextCharge'),
            key: 'next',
            width: 130,
            render: (_, row) =>
              row.next_charge_at ? (
                formatDate(row.next_charge_at, lng)
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              ),
          },
          {
            title: t('admin.subscriptions.failures'),
            key: 'failures',
            width: 190,
            render: (_, row) =>
              row.failures > 0 ? (
                <Tooltip title={resultLabel(row.last_failure)}>
                  <Tag color="red" data-testid="subscription-failures">
                    {t('admin.subscriptions.failureCount', { count: row.failures })}
                  </Tag>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {resultLabel(row.last_failure)}
                  </Typography.Text>
                </Tooltip>
              ) : (
                <Typography.Text type="secondary">0</Typography.Text>
              ),
          },
        ]}
      />
    </section>
  );
}
