import { Button, Card, Col, Row } from 'antd';
import { useList } from '@refinedev/core';
import { useDocumentTitle } from '@refinedev/react-router';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/useLocale';
import { JobCard } from '../jobs/components/JobCard';
import type { JobSummary } from '../jobs/types';

export default function HomePage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(`${t('home.title')} · Alumni`);
  const { result } = useList<JobSummary>({ resource: 'jobs', pagination: { currentPage: 1, pageSize: 3 } });
  return (
    <>
      <section className="hero">
        <h1>{t('home.title')}</h1>
        <p>{t('home.subtitle')}</p>
        <Link to={to('user.register')}>
          <Button size="large">{t('home.join')}</Button>
        </Link>
      </section>
      <section aria-labelledby="home-jobs" style={{ marginBottom: 32 }}>
        <h2 id="home-jobs">{t('home.latestJobs')}</h2>
        <Row gutter={[16, 16]}>
          {result.data.map((job) => (
            <Col key={job.hash} xs={24} md={12} xl={8}>
              <JobCard job={job} />
            </Col>
          ))}
        </Row>
        <p style={{ marginTop: 16 }}>
          <Link to={to('jobs')}>{t('home.allJobs')} →</Link>
        </p>
      </section>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card className="cta-card">
            <h2>{t('home.joinTitle')}</h2>
            <p>{t('home.joinText')}</p>
            <Link to={to('user.register')}>
              <Button type="primary">{t('home.join')}</Button>
            </Link>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card className="cta-card">
            <h2>{t('home.companyTitle')}</h2>
            <p>{t('home.companyText')}</p>
            <Link to={to('company')}>
              <Button>{t('home.publish')}</Button>
            </Link>
          </Card>
        </Col>
      </Row>
    </>
  );
}
