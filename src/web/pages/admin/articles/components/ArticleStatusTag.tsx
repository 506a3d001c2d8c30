import { Tag, Tooltip } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../../shared/constants';
import { formatDate } from '../../../../lib/dates';
import type { ArticleStatus } from '../types';

const COLORS: Record<ArticleStatus, string> = { DRAFT: 'default', SCHEDULED: 'processing', PUBLISHED: 'success' };

/** Draft, scheduled (with when, in the administrator's language) or published. */
export function ArticleStatusTag({ status, publishAt }: { status: ArticleStatus; publishAt: string | null }) {
  const { t, i18n } = useTranslation();
  const tag = (
    <Tag color={COLORS[status]} icon={status === 'SCHEDULED' ? <ClockCircleOutlined /> : undefined}>
      {t(`admin.articles.status.${status}`)}
    </Tag>
  );
  return status === 'SCHEDULED' && publishAt ? (
    <Tooltip
      title={t('admin.articles.scheduledFor', { when: formatDate(publishAt, i18n.language as Locale, 'dateTime') })}
    >
      {tag}
    </Tooltip>
  ) : (
    tag
  );
}
