import { Button, Col, Row, Space } from '../../../components/light';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/useLocale';

export default function CompanyLandingPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(`${t('pages.company')} · Alumni`);
  return (
    <>
      <section className="hero">
        <h1>{t('companyLanding.title')}</h1>
        <p>{t('companyLanding.text')}</p>
        <Space wrap>
          <Link to={to('company.register')}>
            <Button size="large">{t('companyLanding.register')}</Button>
          </Link>
          <Link to={to('company.login')}>
            <Button size="large" ghost>
              {t('companyLanding.login')}
            </Button>
          </Link>
        </Space>
      </section>
      <Row gutter={[16, 16]}>
        {['why1', 'why2', 'why3'].map((key) => (
          <Col key={key} xs={24} md={8}>
            <p className="why">
              <CheckCircleOutlined aria-hidden /> {t(`companyLanding.${key}`)}
            </p>
          </Col>
        ))}
      </Row>
    </>
  );
}
