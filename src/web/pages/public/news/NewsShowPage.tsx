import { Skeleton, Space, Tag } from '../../../components/light';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { usePublicOne } from '../../../public/data';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/Markdown';
import { SafeImage } from '../../../components/SafeImage';
import { TAG_COLORS } from '../../../theme';
import { useLocale } from '../../../hooks/useLocale';
import { NotFoundPage, UnexpectedErrorPage } from '../../common/StatusPages';
import { ArticleActions } from './components/ArticleActions';
import { ArticleMeta } from './components/ArticleMeta';
import type { Article } from './types';

export default function NewsShowPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation();
  const { to } = useLocale();
  const { record: article, ...query } = usePublicOne<Article>('articles', slug);
  useDocumentTitle(article ? `${article.title} · Alumni` : `${t('pages.news.show')} · Alumni`);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.error?.statusCode === 404) return <NotFoundPage />;
  if (query.error || !article) return <UnexpectedErrorPage />;
  return (
    <article className="job-detail article-detail">
      <Link to={to('news')}>
        <ArrowLeftOutlined /> {t('news.back')}
      </Link>
      <SafeImage src={article.image ?? undefined} alt="" className="article-hero" />
      <Tag color={TAG_COLORS[article.type]}>{t(`news.type.${article.type}`)}</Tag>
      <h1>{article.title}</h1>
      <ArticleMeta article={article} dateStyle="full" />
      <ArticleActions article={article} id={slug} />
      <Markdown source={article.body ?? article.summary} className="markdown article-body" />
      <Space wrap>
        {article.tags.map((tag) => (
          <Tag key={tag.hash}>{tag.title}</Tag>
        ))}
      </Space>
    </article>
  );
}
