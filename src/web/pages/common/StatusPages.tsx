import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@refinedev/react-router';
import { useLocale } from '../../hooks/useLocale';

/** SPEC §2: 'Página no encontrada' / 'Has intentado acceder a una página que no existe.' */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(`${t('errors.notFound.title')} · Alumni`);
  return (
    <Result
      status="404"
      title={<h1 className="result-title">{t('errors.notFound.title')}</h1>}
      subTitle={t('errors.notFound.text')}
      extra={
        <Link to={to('home')}>
          <Button type="primary">{t('common.goHome')}</Button>
        </Link>
      }
    />
  );
}

/** SPEC §8: 'Error inesperado' / 'Estamos solucionando el problema. vuelve en unos minutos.' */
export function UnexpectedErrorPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="500"
      title={<h1 className="result-title">{t('errors.unexpected.title')}</h1>}
      subTitle={t('errors.unexpected.text')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/** A page that a later release fills, shown inside its own layout with its title. */
export function ComingSoonPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(`${t(`pages.${name}`)} · Alumni`);
  return (
    <Result
      status="info"
      title={<h1 className="result-title">{t(`pages.${name}`)}</h1>}
      subTitle={
        <>
          <strong>{t('common.comingSoon')}.</strong> {t('common.comingSoonText')}
        </>
      }
      extra={
        <Link to={to('home')}>
          <Button>{t('common.goHome')}</Button>
        </Link>
      }
    />
  );
}
