import { Card, Col, Row, Skeleton } from 'antd';
import { useCustom } from '@refinedev/core';
import { useDocumentTitle } from '@refinedev/react-router';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/Markdown';
import { useLocale } from '../../../hooks/useLocale';
import { NotFoundPage } from '../../common/StatusPages';

interface ContentPage {
  key: string;
  slug: string;
  title: string;
  body?: string;
  updated_at?: string;
}

/** info/{slug?}: one info page, or the list of them (stored per language, served by the content query). */
export default function InfoPage() {
  const { slug } = useParams();
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const { result, query } = useCustom<{ items: ContentPage[]; total: number }>({
    url: 'content/query',
    method: 'post',
    config: { payload: slug ? { where: { slug } } : { only: ['key', 'slug', 'title'], where: { key: undefined } } },
    queryOptions: { queryKey: ['content', lng, slug ?? '*'] },
  });
  const pages = (result?.data?.items ?? []).filter((page) => slug || page.key !== 'about');
  useDocumentTitle(`${slug ? (pages[0]?.title ?? t('info.title')) : t('info.title')} · Alumni`);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (slug && pages.length === 0) return <NotFoundPage />;
  if (slug) {
    const page = pages[0]!;
    return (
      <article className="job-detail">
        <Link to={to('info')}>← {t('info.title')}</Link>
        <h1>{page.title}</h1>
        <Markdown source={page.body ?? ''} />
        {page.updated_at ? <p className="muted">{t('info.updated', { date: new Date(page.updated_at).toLocaleDateString(lng) })}</p> : null}
      </article>
    );
  }
  return (
    <section>
      <header className="page-heading">
        <h1>{t('info.title')}</h1>
        <p>{t('info.subtitle')}</p>
      </header>
      <Row gutter={[16, 16]}>
        {pages.map((page) => (
          <Col key={page.key} xs={24} md={12}>
            <Card>
              <h2 className="card-title">
                <Link to={to('info', { slug: page.slug })}>{page.title}</Link>
              </h2>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
