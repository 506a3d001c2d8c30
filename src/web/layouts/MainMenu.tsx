import { Link, useLocation } from 'react-router';
import { useIdentity } from '../hooks/useIdentity';
import { useTranslation } from 'react-i18next';
import { matchPath } from '../../shared/routes';
import { useLocale } from '../hooks/useLocale';

/**
 * The main menu of SPEC §2: jobs for members and visitors (not companies), community for everyone,
 * the benefits page in its two variants (the page itself adapts to the role). Plain links in a list:
 * crawlable, keyboard friendly, and no menu widget on the first page.
 */
export function MainMenu({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { pathname } = useLocation();
  const me = useIdentity();
  const company = me?.iss === 'company';
  const section = matchPath(pathname)?.route.name.split('.')[0] ?? '';
  const selected = section === 'workgroups-landing' ? 'workgroups' : section;
  const items = [
    ...(company ? [] : [{ key: 'jobs', route: 'jobs', label: t('nav.jobs') }]),
    { key: 'news', route: 'news', label: t('nav.news') },
    { key: 'community', route: 'community', label: t('nav.community') },
    { key: 'workgroups', route: 'workgroups-landing', label: t('nav.workgroups') },
    ...(company ? [] : [{ key: 'alumni', route: 'alumni', label: t('nav.benefits') }]),
    { key: 'company', route: 'company', label: t('nav.companies') },
  ];
  return (
    <nav aria-label={t('nav.mainLabel')} className={vertical ? 'site-nav site-nav-vertical' : 'site-nav'}>
      <ul className="site-menu">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={to(item.route)}
              className={item.key === selected ? 'active' : undefined}
              aria-current={item.key === selected ? 'page' : undefined}
              onClick={onNavigate}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
