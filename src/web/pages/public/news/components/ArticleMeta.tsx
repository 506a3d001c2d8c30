import { Space } from '../../../../components/light';
import { CalendarOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useLocale } from '../../../../hooks/useLocale';
import type { Article } from '../types';
import { formatDate } from '../../../../lib/dates';

/** When and where, in the page's language. */
export function ArticleMeta({
  article,
  dateStyle = 'long',
}: {
  article: Pick<Article, 'date' | 'hour' | 'location'>;
  dateStyle?: 'long' | 'full';
}) {
  const { lng } = useLocale();
  return (
    <Space wrap size="middle" className="job-meta">
      <span>
        <CalendarOutlined /> {formatDate(article.date, lng, dateStyle)}
        {article.hour ? ` · ${article.hour}` : ''}
      </span>
      {article.location ? (
        <span>
          <EnvironmentOutlined /> {article.location}
        </span>
      ) : null}
    </Space>
  );
}
