import { Tag } from '../../../../components/light';
import {
  CalendarOutlined,
  ClockCircleOutlined,
  EnvironmentOutlined,
  EuroOutlined,
  FileTextOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SafeImage } from '../../../../components/SafeImage';
import { useLocale } from '../../../../hooks/useLocale';
import type { JobSummary } from '../types';
import { formatDate } from '../../../../lib/dates';
import { formatSalary } from '../../../../lib/salary';

/** One offer in the job bank: title, company, location, contract, date and tags. */
export function JobCard({ job }: { job: JobSummary }) {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const salary = formatSalary(job, lng, t);
  return (
    <article className="card job-card" data-testid="job-card">
      <div className="job-company">
        <SafeImage
          src={job.company.logo ?? undefined}
          alt={t('jobs.logoAlt', { name: job.company.name })}
          width={40}
          height={40}
        />
        <span>{job.company.name}</span>
      </div>
      <h2>
        <Link to={to('jobs.show', { slug: job.slug })}>{job.title}</Link>
      </h2>
      <div className="job-meta">
        <span>
          <EnvironmentOutlined aria-hidden="true" /> {job.location}
        </span>
        <span>
          <FileTextOutlined aria-hidden="true" /> {t(`jobs.contract.${job.contract}`)}
        </span>
        {job.working ? (
          <span>
            <ClockCircleOutlined aria-hidden="true" /> {t(`jobs.working.${job.working}`)}
          </span>
        ) : null}
        {salary ? (
          <span data-testid="job-card-salary">
            <EuroOutlined aria-hidden="true" /> {salary}
          </span>
        ) : null}
        <span>
          <CalendarOutlined aria-hidden="true" /> {t('jobs.posted', { date: formatDate(job.cdate, lng) })}
        </span>
      </div>
      <div className="job-tags">
        {job.tags.map((tag) => (
          <Tag key={tag.hash}>{tag.title}</Tag>
        ))}
      </div>
    </article>
  );
}
