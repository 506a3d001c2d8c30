/**
 * The 404 and coming-soon pages, and the page of a detail that failed to load; drawn with the unexpected-error page's
 * panel (ErrorPage.tsx). The router loads this file when it shows one of them (routing/AppRoutes).
 */
import { Button } from '../../components/light';
import { ClockCircleOutlined, CompassOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useLocale } from '../../hooks/useLocale';
import { useSiteSettings } from '../../hooks/useSiteSettings';
import { profileTab } from '../../routing/profileTab';
import { StatusPanel, statusOf, UnexpectedErrorPage } from './ErrorPage';

export { UnexpectedErrorPage };

/** The page for a detail whose data failed to load: not found on a 404, the error pages otherwise. */
export function LoadFailedPage({ error }: { error: unknown }) {
  return statusOf(error) === 404 ? <NotFoundPage /> : <UnexpectedErrorPage error={error} />;
}

/** SPEC §2: 'Página no encontrada' / 'Has intentado acceder a una página que no existe.' */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(`${t('errors.notFound.title')} · Alumni`);
  return (
    <StatusPanel
      tone="warning"
      icon={<CompassOutlined />}
      code="404"
      title={t('errors.notFound.title')}
      text={t('errors.notFound.text')}
      action={
        <Link to={to('home')}>
          <Button type="primary">{t('common.goHome')}</Button>
        </Link>
      }
    />
  );
}

/**
 * What a page of a later release will do and what to do meanwhile (issue 10 §4: no dead ends): the member
 * card leads to the profile's membership tab, the member's own groups to the public groups.
 */
function upcomingFor(name: string): { key: string; action: 'membership' | 'groups' | 'mail' | 'home' } {
  if (name === 'user.card') return { key: 'upcoming.card', action: 'membership' };
  return { key: 'common.comingSoonText', action: 'home' };
}

/** A page that a later release fills, shown inside its own layout with its title, saying what will happen. */
export function ComingSoonPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const email = useSiteSettings()?.email ?? '';
  const upcoming = upcomingFor(name);
  useDocumentTitle(`${t(`pages.${name}`)} · Alumni`);
  const href = {
    membership: profileTab(to, 'membership'),
    groups: to('workgroups'),
    mail: `mailto:${email}`,
    home: to('home'),
  }[upcoming.action];
  const label = t(`upcoming.action.${upcoming.action}`);
  return (
    <StatusPanel
      tone="info"
      icon={<ClockCircleOutlined />}
      title={t(`pages.${name}`)}
      text={
        <>
          <strong>{t('common.comingSoon')}.</strong>{' '}
          <span data-testid="upcoming-text">{t(upcoming.key, { email })}</span>
        </>
      }
      action={
        upcoming.action === 'mail' ? (
          <a href={href} data-testid="upcoming-action">
            <Button type="primary">{label}</Button>
          </a>
        ) : (
          <Link to={href} data-testid="upcoming-action">
            <Button type={upcoming.action === 'home' ? 'default' : 'primary'}>{label}</Button>
          </Link>
        )
      }
    />
  );
}
