import { Card, Tag } from 'antd';
import { CalendarOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SafeImage } from '../../../../components/SafeImage';
import { TAG_COLORS } from '../../../../theme';
import { useLocale } from '../../../../hooks/useLocale';
import type { Article } from '../types';

export function ArticleCard({ article }: { article: Article }) {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  return (
    <Card className="article-card" data-testid="article-card" cover={<SafeImage src={article.image ?? undefined} alt="" className="card-cover" />}>
      <Tag color={TAG_COLORS[article.type]}>{t(`news.type.${article.type}`)}</Tag>
      <h2>
        <Link to={to('news.show', { slug: article.slug })}>{article.title}</Link>
      </h2>
      <div className="job-meta">
        <span>
          <CalendarOutlined /> {new Date(`${article.date}T12:00:00`).toLocaleDateString(lng, { dateStyle: 'long' })}
          {article.hour ? ` · ${article.hour}` : ''}
        </span>
        {article.location ? (
          <span>
            <EnvironmentOutlined /> {article.location}
          </span>
        ) : null}
      </div>
      <p className="card-summary">{article.summary}</p>
    </Card>
  );
}
