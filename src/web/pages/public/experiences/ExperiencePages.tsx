import { Descriptions, Skeleton } from '../../../components/light';
import type { WorkExperience } from '../../../../shared/schema-types';
import { Card } from '../../../components/Card';
import { usePublicOne } from '../../../public/data';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { ListPage } from '../../../components/lists/ListPage';
import { useListPage } from '../../../components/lists/useListPage';
import { useLocale } from '../../../hooks/useLocale';
import type { Locale } from '../../../../shared/constants';
import { NotFoundPage, UnexpectedErrorPage } from '../../common/StatusPages';
import { formatDate } from '../../../lib/dates';

/** A work experience as GET /api/workExperiences answers it (schemas/workExperience.json), with its author. */
type Experience = WorkExperience & Required<Pick<WorkExperience, 'user'>>;

function period(e: Experience, lng: Locale, t: (key: string) => string) {
  const fmt = (d: string) => formatDate(d, lng, 'monthYear');
  return `${fmt(e.start)} – ${e.end ? fmt(e.end) : t('experiences.current')}`;
}

export function ExperienceListPage() {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const list = useListPage<Experience>('workExperiences', PAGE_SIZES.experiences, ['users']);
  return (
    <ListPage
      title={t('pages.experiences')}
      section="user"
      items={list.items}
      loading={list.loading}
      total={list.total}
      page={list.page}
      render={(e) => (
        <Card className="directory-card">
          <h2 className="card-title">
            <Link to={to('experiences.show', { hash: e.hash })}>{e.name}</Link>
          </h2>
          <p>{e.company_name}</p>
          <p className="muted">
            {period(e, lng, t)} · {e.user.name} {e.user.surname1}
          </p>
        </Card>
      )}
    />
  );
}

export function ExperienceShowPage() {
  const { hash = '' } = useParams();
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const { record: e, ...query } = usePublicOne<Experience>('workExperiences', hash);
  useDocumentTitle(`${e ? `${e.name} — ${e.company_name}` : t('pages.experiences.show')} · Alumni`);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.error?.statusCode === 404) return <NotFoundPage />;
  if (query.error || !e) return <UnexpectedErrorPage error={query.error} />;
  return (
    <article className="job-detail">
      <Link to={to('experiences')}>← {t('pages.experiences')}</Link>
      <h1>{e.name}</h1>
      <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" style={{ marginBottom: 24 }}>
        <Descriptions.Item label={t('jobs.company')}>{e.company_name}</Descriptions.Item>
        <Descriptions.Item label={t('experiences.period')}>{period(e, lng, t)}</Descriptions.Item>
        <Descriptions.Item label={t('jobs.location')}>{e.location ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('jobs.contractLabel')}>
          {e.contract ? t(`jobs.contract.${e.contract}`) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('experiences.person')}>
          <Link to={to('community.directory.show', { hash: e.user.hash })}>
            {e.user.name} {e.user.surname1}
          </Link>
        </Descriptions.Item>
      </Descriptions>
      <p className="markdown">{e.content}</p>
    </article>
  );
}
