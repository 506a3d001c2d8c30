import { Card, Tag } from 'antd';
import { CalendarOutlined, EnvironmentOutlined, FileTextOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SafeImage } from '../../../../components/SafeImage';
import { useLocale } from '../../../../hooks/useLocale';
import type { JobSummary } from '../types';

export function JobCard({ job }: { job: JobSummary }) {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  return (
    <Card className="job-card" data-testid="job-card">
      <div className="job-company">
        <SafeImage src={job.company.logo ?? undefined} alt={t('jobs.logoAlt', { name: job.company.name })} width={40} height={40} />
        <span>{job.company.name}</span>
      </div>
      <h2>
        <Link to={to('jobs.show', { slug: job.slug })}>{job.title}</Link>
      </h2>
      <div className="job-meta">
        <span>
          <EnvironmentOutlined /> {job.location}
        </span>
        <span>
          <FileTextOutlined /> {t(`jobs.contract.${job.contract}`)}
        </span>
        <span>
          <CalendarOutlined /> {t('jobs.posted', { date: new Date(job.cdate).toLocaleDateString(lng) })}
        </span>
      </div>
      <div>
        {job.tags.map((tag) => (
          <Tag key={tag.hash}>{tag.title}</Tag>
        ))}
      </div>
    </Card>
  );
}
