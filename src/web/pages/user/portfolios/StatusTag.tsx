import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Published (green) or draft (default) — the two states of a member's project (SPEC §4). */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'PUBLISHED' ? 'green' : 'default'} data-testid="status">
      {t(`member.status.${status === 'PUBLISHED' ? 'PUBLISHED' : 'UNPUBLISHED'}`)}
    </Tag>
  );
}
