import { Button } from '../../../components/light';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/useLocale';

export default function WorkgroupLandingPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(`${t('workgroups.landing.title')} · Alumni`);
  return (
    <section className="hero">
      <h1>{t('workgroups.landing.title')}</h1>
      <p>{t('workgroups.landing.text')}</p>
      <Link to={to('workgroups')}>
        <Button size="large">{t('workgroups.landing.cta')}</Button>
      </Link>
    </section>
  );
}
