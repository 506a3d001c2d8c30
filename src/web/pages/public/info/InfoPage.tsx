import { Col, Row, Skeleton } from '../../../components/light';
import { Card } from '../../../components/Card';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../providers/http';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/Markdown';
import { useLocale } from '../../../hooks/useLocale';
import { NotFoundPage } from '../../common/StatusPages';
import { formatDate } from '../../../lib/dates';

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
  const query = useQuery({
    queryKey: ['content', lng, slug ?? '*'],
    queryFn: () => request<{ items: ContentPage[]; total: number }>('api', 'content/query', { method: 'POST', body: slug ? { where: { slug } } : { only: ['key', 'slug', 'title'], where: { key: undefined } } }),
  });
  const pages = (query.data?.items ?? []).filter((page) => slug || page.key !== 'about');
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
        {page.updated_at ? <p className="muted">{t('info.updated', { date: formatDate(page.updated_at, lng) })}</p> : null}
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
