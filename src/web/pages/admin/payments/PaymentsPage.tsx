/**
 * /{lng}/admin/payments (issue 13 §6): every membership payment — Refine useTable over `adm` resource `payments`,
 * filtered by status, method, member and day — with the back office's actions: refund a paid payment (a schema form,
 * then a confirmation), mark a debit sent in a SEPA file collected or returned, export the list as CSV, and make the
 * SEPA file of the pending debits (or download a past batch again).
 */
import { useInvalidate, useUpdate } from '@refinedev/core';
import { Button, DatePicker, Empty, Grid, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import { CheckOutlined, DownloadOutlined, FileTextOutlined, RollbackOutlined, UndoOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/constants';
import type { AdminPayment } from '../../../../shared/schema-types';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { formatDate } from '../../../lib/dates';
import { downloadCsv } from '../../../lib/downloadCsv';
import { downloadFile } from '../../../lib/downloadFile';
import { useFeedback } from '../../../providers/notifications';
import { RefundModal } from './RefundModal';
import { ReturnModal } from './ReturnModal';
import { SepaModal } from './SepaModal';
import { MembershipFilters, useMembershipTable } from './membershipList';
import { MemberCell, money, StatusTag, useResultLabel } from './shared';

const STATUSES = ['PENDING', 'PAID', 'FAILED', 'REFUNDED', 'RETURNED', 'CANCELLED'] as const;
type Failure = { message?: string };

export default function PaymentsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const feedback = useFeedback();
  const invalidate = useInvalidate();
  const resultLabel = useResultLabel();
  const screens = Grid.useBreakpoint();
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const [returning, setReturning] = useState<AdminPayment | null>(null);
  const [sepaOpen, setSepaOpen] = useState(false);
  const { mutate: update, mutation } = useUpdate<AdminPayment>();
  useDocumentTitle(`${t('admin.payments.title')} · Alumni`);
  const { tableProps, setFilters, value, setFilter } = useMembershipTable<AdminPayment>('adm/payments');
  const query = Object.fromEntries(['status', 'method', 'q', 'from', 'to'].map((field) => [field, value(field)]));
  const from = value('from');
  const to = value('to');
  const total = tableProps.pagination ? (tableProps.pagination.total ?? 0) : 0;

  const refresh = () => {
    void invalidate({ resource: 'adm/payments', invalidates: ['list'] });
    void invalidate({ resource: 'adm/subscriptions', invalidates: ['list'] });
    void invalidate({ resource: 'adm/audit', invalidates: ['list'] });
  };
  const failed = (error: Failure) => feedback.error(error.message ?? t('errors.unexpected.title'));
  const decide = (payment: AdminPayment, status: 'PAID' | 'RETURNED', reason?: string) =>
    update(
      {
        resource: 'adm/payments',
        id: payment.hash,
        values: reason ? { status, reason } : { status },
        successNotification: () => ({
          type: 'success',
          message: t(status === 'PAID' ? 'admin.payments.collect.done' : 'admin.payments.return.done'),
        }),
      },
      {
        onSuccess: () => {
          setReturning(null);
          refresh();
        },
      },
    );
  const exportCsv = () =>
    downloadCsv(
      'adm',
      'payments/export',
      `${t('admin.payments.file')}-${dayjs().format('YYYY-MM-DD')}.csv`,
      query,
    ).catch(failed);
  const downloadBatch = (batch: string) =>
    downloadFile('adm', `payments/sepa/${batch}`, `${batch}.xml`, 'application/xml').catch(failed);

  return (
    <section data-testid="admin-payments">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('admin.payments.title')}
        </Typography.Title>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void exportCsv()}
            disabled={!total}
            data-testid="payments-export"
          >
            {t('admin.payments.export')}
          </Button>
          <Button
            type="primary"
            icon={<FileTextOutlined />}
            onClick={() => setSepaOpen(true)}
            data-testid="payments-sepa"
          >
            {t('admin.payments.sepa.action')}
          </Button>
        </Space>
      </Space>
      <MembershipFilters
        value={value}
        setFilter={setFilter}
        statuses={STATUSES}
        statusKey="admin.payments.status"
        statusTestId="payments-status"
      >
        <DatePicker.RangePicker
          aria-label={t('admin.payments.dates')}
          format="DD/MM/YYYY"
          style={{ maxWidth: '100%' }}
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(range) =>
            setFilters(
              [
                { field: 'from', operator: 'eq', value: range?.[0]?.format('YYYY-MM-DD') },
                { field: 'to', operator: 'eq', value: range?.[1]?.format('YYYY-MM-DD') },
              ],
              'merge',
            )
          }
        />
      </MembershipFilters>
      <Table<AdminPayment>
        {...tableProps}
        rowKey="hash"
        size="middle"
        scroll={{ x: 1090 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.payments.empty')} /> }}
        onRow={(row) =>
          ({
            'data-testid': 'payment-row',
            'data-method': row.method,
            'data-status': row.status,
          }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            title: t('admin.payments.member'),
            key: 'member',
            fixed: 'left',
            width: 175,
            render: (_, row) => <MemberCell member={row.member} />,
          },
          {
            title: t('admin.payments.statusLabel'),
            key: 'status',
            width: 125,
            render: (_, row) => (
              <Space direction="vertical" size={2}>
                <StatusTag status={row.status} kind="payments" />
                {row.refunded_cents > 0 && row.status !== 'REFUNDED' ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('admin.payments.refundedPart', { amount: money(row.refunded_cents, lng) })}
                  </Typography.Text>
                ) : null}
                {row.result ? (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    {resultLabel(row.result)}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            title: t('admin.payments.amount'),
            key: 'amount',
            width: 85,
            align: 'right',
            render: (_, row) => money(row.amount_cents, lng),
          },
          {
            title: t('admin.payments.methodLabel'),
            key: 'method',
            width: 165,
            render: (_, row) => (
              <>
                <div>{t(`admin.payments.method.${row.method}`)}</div>
                <Typography.Text
                  type="secondary"
                  style={{ fontSize: 12 }}
                  copyable={row.mandate_ref ? { text: row.mandate_ref } : false}
                >
                  {row.card_label ?? row.mandate_ref ?? ''}
                </Typography.Text>
              </>
            ),
          },
          {
            title: t('admin.payments.period'),
            key: 'period',
            width: 125,
            render: (_, row) => (
              <>
                <div>{formatDate(row.period_start, lng)} –</div>
                <div>{formatDate(row.period_end, lng)}</div>
                {row.attempt > 1 ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('admin.payments.attemptN', { n: row.attempt })}
                  </Typography.Text>
                ) : null}
              </>
            ),
          },
          {
            title: t('admin.payments.created'),
            key: 'created',
            width: 105,
            render: (_, row) => (
              <>
                <div>{formatDate(row.created_at, lng)}</div>
                {row.settled_at && row.settled_at.slice(0, 10) !== row.created_at.slice(0, 10) ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('admin.payments.settledOn', { date: formatDate(row.settled_at, lng) })}
                  </Typography.Text>
                ) : null}
              </>
            ),
          },
          {
            title: t('admin.payments.receiptBatch'),
            key: 'receipt',
            width: 140,
            render: (_, row) => (
              <>
                <div>{row.receipt_number ?? <Typography.Text type="secondary">—</Typography.Text>}</div>
                {row.sepa_batch ? (
                  <Tooltip title={t('admin.payments.sepa.again')}>
                    <Button
                      type="link"
                      size="small"
                      icon={<DownloadOutlined />}
                      style={{ paddingInline: 0, height: 'auto' }}
                      onClick={() => void downloadBatch(row.sepa_batch!)}
                      data-testid="payment-batch"
                    >
                      {t('admin.payments.batchShort', { id: row.sepa_batch.slice(-6) })}
                    </Button>
                  </Tooltip>
                ) : null}
              </>
            ),
          },
          {
            title: t('admin.payments.actions'),
            key: 'actions',
            width: 170,
            fixed: screens.md ? 'right' : undefined,
            render: (_, row) => {
              const canRefund = row.status === 'PAID' && row.refunded_cents < row.amount_cents;
              const inBatch = row.method === 'DEBIT' && row.sepa_batch !== null;
              return (
                <Space wrap size={4}>
                  {inBatch && row.status === 'PENDING' ? (
                    <Popconfirm
                      title={t('admin.payments.collect.confirm')}
                      okText={t('admin.payments.collect.action')}
                      cancelText={t('admin.cancel')}
                      onConfirm={() => decide(row, 'PAID')}
                    >
                      <Button
                        size="small"
                        icon={<CheckOutlined />}
                        loading={mutation.isPending}
                        data-testid="payment-collect"
                      >
                        {t('admin.payments.collect.action')}
                      </Button>
                    </Popconfirm>
                  ) : null}
                  {inBatch && (row.status === 'PENDING' || row.status === 'PAID') ? (
                    <Button
                      size="small"
                      danger
                      icon={<RollbackOutlined />}
                      onClick={() => setReturning(row)}
                      data-testid="payment-return"
                    >
                      {t('admin.payments.return.action')}
                    </Button>
                  ) : null}
                  {canRefund ? (
                    <Button
                      size="small"
                      icon={<UndoOutlined />}
                      onClick={() => setRefunding(row)}
                      data-testid="payment-refund"
                    >
                      {t('admin.payments.refund.action')}
                    </Button>
                  ) : null}
                </Space>
              );
            },
          },
        ]}
      />
      <RefundModal payment={refunding} onClose={() => setRefunding(null)} onDone={refresh} />
      <ReturnModal
        payment={returning}
        pending={mutation.isPending}
        onCancel={() => setReturning(null)}
        onConfirm={(reason) => returning && decide(returning, 'RETURNED', reason)}
      />
      <SepaModal
        open={sepaOpen}
        onClose={() => setSepaOpen(false)}
        onDone={refresh}
        onDownloadAgain={(batch) => void downloadBatch(batch)}
      />
    </section>
  );
}
