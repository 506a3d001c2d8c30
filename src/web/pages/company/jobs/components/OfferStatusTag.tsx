import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  PENDING: 'gold',
  PUBLISHED: 'green',
  UNPUBLISHED: 'default',
  REJECTED: 'red',
  CLOSED: 'blue',
};

export function OfferStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid="offer-status">
      {t(`offers.status.${status}`)}
    </Tag>
  );
}
