/**
 * The 404, unexpected-error and coming-soon pages. Drawn here (not antd's <Result>, whose built-in
 * illustrations would weigh on every first visit, since the 404 route is part of the entry chunk).
 */
import type { ReactNode } from 'react';
import { Button } from '../../components/light';
import { ClockCircleOutlined, CompassOutlined, WarningOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useLocale } from '../../hooks/useLocale';
import { useSiteSettings } from '../../hooks/useSiteSettings';
import { profileTab } from '../../routing/profileTab';

function StatusPanel({
  icon,
  code,
  title,
  text,
  action,
  tone,
}: {
  icon: ReactNode;
  code?: string;
  title: string;
  text: ReactNode;
  action: ReactNode;
  tone: 'info' | 'warning' | 'error';
}) {
  return (
    <section className={`status-panel status-${tone}`} aria-labelledby="status-title">
      <div className="status-icon" aria-hidden="true">
        {icon}
        {code ? <span className="status-code">{code}</span> : null}
      </div>
      <h1 id="status-title" className="result-title">
        {title}
      </h1>
      <p className="status-text">{text}</p>
      <div className="status-action">{action}</div>
    </section>
  );
}

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

/** A failed load's status (HttpError of providers/http.ts), or undefined. */
function statusOf(error: unknown): number | undefined {
  return (error as { statusCode?: number } | null | undefined)?.statusCode;
}

/**
 * SPEC §8: 'Error inesperado' / 'Estamos solucionando el problema. vuelve en unos minutos.' When the page's data
 * failed on the server (500, 504), SPEC §8's 'Ha ocurrido un error en el servidor' instead (issue 25 §16).
 */
export function UnexpectedErrorPage({ error }: { error?: unknown } = {}) {
  const { t } = useTranslation();
  const server = (statusOf(error) ?? 0) >= 500;
  return (
    <StatusPanel
      tone="error"
      icon={<WarningOutlined />}
      code={server ? String(statusOf(error)) : undefined}
      title={server ? t('errors.server') : t('errors.unexpected.title')}
      text={t('errors.unexpected.text')}
      action={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
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
