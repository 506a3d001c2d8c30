import { Skeleton } from '../../../components/light';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { usePublicOne } from '../../../public/data';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/useLocale';
import { NotFoundPage, UnexpectedErrorPage } from '../../common/StatusPages';
import { ArticleActions } from './components/ArticleActions';
import { ArticleBody } from './components/ArticleBody';
import type { Article } from './types';

export default function NewsShowPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation();
  const { to } = useLocale();
  const { record: article, ...query } = usePublicOne<Article>('articles', slug);
  useDocumentTitle(article ? `${article.title} · Alumni` : `${t('pages.news.show')} · Alumni`);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.error?.statusCode === 404) return <NotFoundPage />;
  if (query.error || !article) return <UnexpectedErrorPage error={query.error} />;
  return (
    <article className="job-detail article-detail">
      <Link to={to('news')}>
        <ArrowLeftOutlined /> {t('news.back')}
      </Link>
      <ArticleBody article={article} actions={<ArticleActions article={article} id={slug} />} />
    </article>
  );
}
