import { Alert, Button, Descriptions, Skeleton, Space, Tag } from '../../../components/light';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useIdentity } from '../../../hooks/useIdentity';
import { usePublicOne } from '../../../public/data';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SafeImage } from '../../../components/SafeImage';
import { useLocale } from '../../../hooks/useLocale';
import { profileTab } from '../../../routing/profileTab';
import { NotFoundPage, UnexpectedErrorPage } from '../../common/StatusPages';
import type { JobDetail } from './types';
import { ApplyButton } from './components/ApplyButton';
import { ExtraFields } from '../../../components/ExtraFields';
import { formatDate } from '../../../lib/dates';
import { useOfferView } from './useOfferView';
import { formatSalary } from '../../../lib/salary';
import { FilePdfOutlined } from '@ant-design/icons';

/** An offer. Who may read all of it is the server's decision (`locked`); the page only explains it (SPEC §6). */
export default function JobShowPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const me = useIdentity();
  const { record: job, ...query } = usePublicOne<JobDetail>('jobs', slug);
  // a company or the back office reading offers is not a view (the server agrees)
  useOfferView(job?.hash, me?.iss !== 'company' && me?.iss !== 'admin');
  useDocumentTitle(job ? `${job.title} — ${job.company.name} · Alumni` : `${t('pages.jobs.show')} · Alumni`);

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.error?.statusCode === 404) return <NotFoundPage />;
  if (query.error || !job) return <UnexpectedErrorPage error={query.error} />;

  const date = (value: string | null) => formatDate(value, lng);
  const salary = formatSalary(job, lng, t);
  return (
    <article className="job-detail">
      <Link to={to('jobs')}>
        <ArrowLeftOutlined /> {t('jobs.backToList')}
      </Link>
      <div className="job-company" style={{ marginTop: 24 }}>
        <SafeImage
          src={job.company.logo ?? undefined}
          alt={t('jobs.logoAlt', { name: job.company.name })}
          width={48}
          height={48}
        />
        <span>{job.company.name}</span>
      </div>
      <h1>{job.title}</h1>
      <Space wrap style={{ marginBottom: 16 }}>
        {job.tags.map((tag) => (
          <Tag key={tag.hash}>{tag.title}</Tag>
        ))}
      </Space>
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} bordered size="small" style={{ marginBottom: 24 }}>
        <Descriptions.Item label={t('jobs.location')}>{job.location}</Descriptions.Item>
        {salary ? (
          <Descriptions.Item label={t('jobs.salary')}>
            <span data-testid="job-salary">{salary}</span>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('jobs.contractLabel')}>{t(`jobs.contract.${job.contract}`)}</Descriptions.Item>
        <Descriptions.Item label={t('jobs.working')}>
          {job.working ? t(`jobs.working.${job.working}`) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('jobs.incorporation')}>{date(job.date_incorporation)}</Descriptions.Item>
        <Descriptions.Item label={t('jobs.area')}>{job.area?.title ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('jobs.specialty')}>{job.specialty?.title ?? '—'}</Descriptions.Item>
        {job.workstation ? (
          <Descriptions.Item label={t('jobs.workstation')}>
            {t(`jobs.workstation.${job.workstation}`)}
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('jobs.posted', { date: '' }).replace(/\s*$/, '')}>
          {date(job.cdate)}
        </Descriptions.Item>
        <ExtraFields extra={job.extra ?? {}} />
        <ExtraFields extra={job.company.extra ?? {}} />
      </Descriptions>
      {!job.locked && me?.iss !== 'company' ? <ApplyButton job={job} /> : null}
      <h2>{t('jobs.description')}</h2>
      <p className="job-description">{job.description}</p>
      {job.file ? (
        <p>
          <a href={job.file} download data-testid="job-file">
            <FilePdfOutlined /> {t('jobs.file', { name: job.file_name ?? '' })}
          </a>
        </p>
      ) : null}
      {job.locked ? (
        <Alert
          type="info"
          showIcon
          message={t('jobs.locked.title')}
          description={me ? t('jobs.locked.text') : t('jobs.locked.signIn')}
          action={
            <Link to={me ? profileTab(to, 'membership') : to('login')} data-testid="locked-cta">
              <Button type="primary">{me ? t('jobs.locked.upgrade') : t('nav.login')}</Button>
            </Link>
          }
        />
      ) : null}
    </article>
  );
}
