/** What the subscriptions and payments pages share: money in the reader's language, status tags, the member cell. */
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/constants';
import type { AdminPaymentMember } from '../../../../shared/schema-types';

export const money = (cents: number, lng: Locale) =>
  new Intl.NumberFormat(lng === 'en' ? 'en-GB' : lng, { style: 'currency', currency: 'EUR' }).format(cents / 100);

const COLORS: Record<string, string> = {
  ACTIVE: 'green',
  PAID: 'green',
  PAST_DUE: 'orange',
  PENDING: 'blue',
  FAILED: 'red',
  RETURNED: 'red',
  REFUNDED: 'purple',
  CANCELLED: 'default',
  ENDED: 'default',
};

export function StatusTag({ status, kind }: { status: string; kind: 'subscriptions' | 'payments' }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} data-status={status} style={{ marginInlineEnd: 0 }}>
      {t(`admin.${kind}.status.${status}`)}
    </Tag>
  );
}

export function MemberCell({ member }: { member: AdminPaymentMember }) {
  const { t } = useTranslation();
  return (
    <div style={{ minWidth: 0 }}>
      <Typography.Text strong ellipsis style={{ display: 'block' }}>
        {member.name}
      </Typography.Text>
      <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
        {member.email}
      </Typography.Text>
      {member.partner_number !== null ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('admin.payments.partner', { number: member.partner_number })}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** A charge's failure reason (`declined`, `noCard`, `returned` …) in words. */
export function useResultLabel() {
  const { t } = useTranslation();
  return (result: string | null) => (result ? t(`admin.payments.result.${result}`, { defaultValue: result }) : null);
}
