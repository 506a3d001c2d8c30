import { Col, Row } from '../../../components/light';
import { Card } from '../../../components/Card';
import { usePublicList } from '../../../public/data';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/useLocale';
import { WorldMap } from './WorldMap';

export default function CommunityPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(`${t('community.title')} · Alumni`);
  const countries = usePublicList<{ hash: string; name: string; num_users: number; lat: number; lng: number }>(
    'countries',
    { with_users: true },
  );
  const sections = [
    {
      key: 'ambassadors',
      route: 'community.ambassadors',
      text: t('community.ambassadorsText'),
      title: t('pages.community.ambassadors'),
    },
    {
      key: 'entrepreneurs',
      route: 'community.entrepreneurs',
      text: t('community.entrepreneursText'),
      title: t('pages.community.entrepreneurs'),
    },
    {
      key: 'directory',
      route: 'community.directory',
      text: t('community.directoryText'),
      title: t('pages.community.directory'),
    },
  ];
  return (
    <>
      <header className="page-heading">
        <h1>{t('community.title')}</h1>
        <p>{t('community.subtitle')}</p>
      </header>
      <Row gutter={[16, 16]}>
        {sections.map((s) => (
          <Col key={s.key} xs={24} md={8}>
            <Card className="cta-card">
              <h2 className="card-title">
                <Link to={to(s.route)}>{s.title}</Link>
              </h2>
              <p>{s.text}</p>
            </Card>
          </Col>
        ))}
      </Row>
      <section aria-labelledby="map-title" style={{ marginTop: 32 }}>
        <h2 id="map-title">{t('community.map')}</h2>
        <p className="muted">{t('community.mapText')}</p>
        <WorldMap countries={countries.items} />
      </section>
    </>
  );
}
