import type { ReactNode } from 'react';
import { Button, Col, Row } from '../../../components/light';
import { Card } from '../../../components/Card';
import { usePublicList } from '../../../public/data';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/useLocale';
import { JobCard } from '../jobs/components/JobCard';
import type { JobSummary } from '../jobs/types';
import { ArticleCard } from '../news/components/ArticleCard';
import type { Article } from '../news/types';
import { WorkgroupCard } from '../workgroups/components/WorkgroupCard';
import type { Workgroup } from '../workgroups/types';

/** Three of the newest items of a resource, as a titled band with a link to the whole list. */
function Highlights<T>({
  resource,
  title,
  more,
  href,
  section,
  render,
}: {
  resource: string;
  title: string;
  more: string;
  href: string;
  section: string;
  render: (item: T, index: number) => ReactNode;
}) {
  const result = usePublicList<T>(resource, { page: 1, size: 3 });
  const id = `home-${resource}`;
  return (
    <section
      aria-labelledby={id}
      className="section-band home-band"
      style={{ ['--section' as string]: `var(--${section})` }}
    >
      <h2 id={id}>{title}</h2>
      <Row gutter={[16, 16]}>
        {result.items.map((item, i) => (
          <Col key={i} xs={24} md={12} xl={8}>
            {render(item, i)}
          </Col>
        ))}
      </Row>
      <p style={{ marginTop: 16 }}>
        <Link to={href}>{more} →</Link>
      </p>
    </section>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(`${t('home.title')} · Alumni`);
  return (
    <>
      <section className="hero">
        <h1>{t('home.title')}</h1>
        <p>{t('home.subtitle')}</p>
        <Link to={to('user.register')}>
          <Button size="large">{t('home.join')}</Button>
        </Link>
      </section>
      <Highlights<Article>
        resource="articles"
        section="article"
        title={t('home.latestNews')}
        more={t('home.allNews')}
        href={to('news')}
        render={(a, index) => <ArticleCard article={a} priority={index === 0} />}
      />
      <Highlights<JobSummary>
        resource="jobs"
        section="job"
        title={t('home.latestJobs')}
        more={t('home.allJobs')}
        href={to('jobs')}
        render={(j) => <JobCard job={j} />}
      />
      <Highlights<Workgroup>
        resource="workgroups"
        section="group"
        title={t('home.groups')}
        more={t('home.allGroups')}
        href={to('workgroups')}
        render={(g) => <WorkgroupCard group={g} />}
      />
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
