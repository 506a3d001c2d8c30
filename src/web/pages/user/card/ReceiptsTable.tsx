/**
 * The member's payments and receipts on /user/card (issue 13 §3): Refine useTable over `usr` resource `payments`,
 * newest first, each paid one with its receipt as PDF (fetched with the session). Hidden while there is none.
 */
import { useTable } from '@refinedev/antd';
import type { Payment } from '../../../../shared/schema-types';
import { Button, Card, Table, Tag } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { useLocale } from '../../../hooks/useLocale';
import { downloadFile } from '../../../lib/downloadCsv';
import { formatDate } from '../../../lib/dates';
import { useFeedback } from '../../../providers/notifications';
import { formatEuros } from './SubscriptionPanel';
import { STATE_TAG_COLORS } from '../../../theme';

const STATUS_COLOR = {
  PENDING: STATE_TAG_COLORS.processing,
  PAID: STATE_TAG_COLORS.success,
  FAILED: STATE_TAG_COLORS.error,
  REFUNDED: 'default',
  RETURNED: STATE_TAG_COLORS.warning,
  CANCELLED: 'default',
} as const;

export function ReceiptsTable() {
  const { t } = useTranslation();
  const { lng } = useLocale();
  const feedback = useFeedback();
  const { tableProps } = useTable<Payment>({
    resource: 'usr/payments',
    syncWithLocation: false,
    pagination: { pageSize: PAGE_SIZES.cards },
    sorters: { mode: 'off' },
    filters: { mode: 'off' },
  });
  if (!tableProps.loading && !tableProps.dataSource?.length) return null;
  const receipt = (payment: Payment) =>
    downloadFile('usr', `payments/${payment.hash}/receipt`, `${payment.receipt_number}.pdf`).catch(
      (error: { message?: string }) => feedback.error(error.message ?? t('errors.unexpected.title')),
    );
  return (
    <Card className="receipts" title={t('receipts.title')} data-testid="receipts" style={{ marginTop: 24 }}>
      <Table<Payment>
        {...tableProps}
        rowKey="hash"
        size="small"
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'date', title: t('receipts.date'), render: (_, p) => formatDate(p.created_at, lng, 'short') },
          {
            key: 'period',
            title: t('receipts.period'),
            responsive: ['md'],
            render: (_, p) => `${formatDate(p.period_start, lng, 'short')} – ${formatDate(p.period_end, lng, 'short')}`,
          },
          { key: 'amount', title: t('receipts.amount'), render: (_, p) => formatEuros(p.amount_cents, lng) },
          {
            key: 'how',
            title: t('receipts.how'),
            responsive: ['lg'],
            render: (_, p) =>
              p.method === 'DEBIT'
                ? t('receipts.debit')
                : p.card_label
                  ? p.card_label.replace(/^\w+/, (brand) => t(`cards.brand.${brand}`, { defaultValue: brand }))
                  : t('receipts.card'),
          },
          {
            key: 'status',
            title: t('receipts.status'),
            responsive: ['sm'],
            render: (_, p) => <Tag color={STATUS_COLOR[p.status]}>{t(`receipts.statuses.${p.status}`)}</Tag>,
          },
          {
            key: 'receipt',
            title: t('receipts.receipt'),
            render: (_, p) =>
              p.receipt_number ? (
                <Button
                  size="small"
                  icon={<FilePdfOutlined />}
                  onClick={() => void receipt(p)}
                  data-testid="receipt-download"
                >
                  {p.receipt_number}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
