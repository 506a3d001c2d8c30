import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { PENDING: 'gold', ACCEPTED: 'green', CANCELLED: 'red', WITHDRAWN: 'default' };

export function CandidateStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid="candidate-status">
      {t(`lists.applications.status.${status}`)}
    </Tag>
  );
}
