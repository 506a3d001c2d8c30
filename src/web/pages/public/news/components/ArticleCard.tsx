import { Tag } from '../../../../components/light';
import { Card } from '../../../../components/Card';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SafeImage } from '../../../../components/SafeImage';
import { TAG_COLORS } from '../../../../theme';
import { useLocale } from '../../../../hooks/useLocale';
import type { Article } from '../types';
import { ArticleMeta } from './ArticleMeta';

export function ArticleCard({ article, priority = false }: { article: Article; priority?: boolean }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <Card
      className="article-card"
      data-testid="article-card"
      cover={
        <SafeImage
          src={article.image ?? undefined}
          alt=""
          className="card-cover"
          width={640}
          height={360}
          priority={priority}
        />
      }
    >
      <Tag color={TAG_COLORS[article.type]}>{t(`news.type.${article.type}`)}</Tag>
      <h2>
        <Link to={to('news.show', { slug: article.slug })}>{article.title}</Link>
      </h2>
      <ArticleMeta article={article} />
      <p className="card-summary">{article.summary}</p>
    </Card>
  );
}
