import { Col, Row, Skeleton } from '../../../components/light';
import { Card } from '../../../components/Card';
import { useQuery } from '@tanstack/react-query';
import { contentQuery } from '../../../public/content';
import { INFO_PAGE_KEYS } from '../../../../shared/constants';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/Markdown';
import { useLocale } from '../../../hooks/useLocale';
import { NotFoundPage, UnexpectedErrorPage } from '../../common/StatusPages';
import { formatDate } from '../../../lib/dates';

/**
 * info/{slug?}: one info page, or the list of them (stored per language). A slug of any language opens the page in
 * the URL's language (`/es/info/faqs` is the Spanish FAQ): the list (every page's slugs in every language) tells
 * which page it is, then that page is read in full.
 */
export default function InfoPage() {
  const { slug } = useParams();
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const list = useQuery({ ...contentQuery(lng, 'list', { only: ['key', 'slug', 'title'], limit: 100 }), retry: false });
  const key = slug
    ? list.data?.items.find((page) => page.slug === slug || Object.values(page.slugs ?? {}).includes(slug))?.key
    : undefined;
  const detail = useQuery({
    ...contentQuery(lng, `page:${key ?? ''}`, { where: { key } }),
    enabled: key !== undefined,
    retry: false,
  });
  const pages = slug
    ? (detail.data?.items ?? [])
    : (list.data?.items ?? []).filter((page) => (INFO_PAGE_KEYS as readonly string[]).includes(page.key));
  useDocumentTitle(`${slug ? (pages[0]?.title ?? t('info.title')) : t('info.title')} · Alumni`);
  if (list.isLoading || detail.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (list.error || detail.error) return <UnexpectedErrorPage />;
  if (slug && pages.length === 0) return <NotFoundPage />;
  if (slug) {
    const page = pages[0]!;
    return (
      <article className="job-detail">
        <Link to={to('info')}>← {t('info.title')}</Link>
        <h1>{page.title}</h1>
        <Markdown source={page.body ?? ''} />
        {page.updated_at ? (
          <p className="muted">{t('info.updated', { date: formatDate(page.updated_at, lng) })}</p>
        ) : null}
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
