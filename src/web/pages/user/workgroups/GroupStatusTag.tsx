import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupStatus } from './types';

const COLORS: Record<GroupStatus, string> = {
  UNPUBLISHED: 'default',
  PENDING: 'gold',
  PUBLISHED: 'green',
  REJECTED: 'red',
};

/** A group's review status as its administrator reads it (draft, under review, published, needs changes). */
export function GroupStatusTag({ status }: { status: GroupStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="group-status">
      {t(`groups.status.${status}`)}
    </Tag>
  );
}
