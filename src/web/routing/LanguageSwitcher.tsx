import { Select } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import Cookies from 'js-cookie';
import { useTranslation } from 'react-i18next';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, LOCALES, type Locale } from '../../shared/constants';
import { localizePath, matchPath } from '../../shared/routes';
import { localeFromPath } from '../providers/i18n';

/** Keeps the visitor on the same page in the other language and remembers the choice (SPEC §2). */
export function switchLocalePath(pathname: string, search: string, lng: Locale): string {
  const match = matchPath(pathname);
  return match ? `${localizePath(match.route.name, lng, match.params)}${search}` : `/${lng}`;
}

export function LanguageSwitcher() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const current = localeFromPath(pathname);
  return (
    <Select
      data-testid="lang-switcher"
      aria-label={t('lang.label')}
      value={current}
      size="middle"
      variant="borderless"
      popupMatchSelectWidth={false}
      onChange={(lng: Locale) => {
        Cookies.set(LOCALE_COOKIE, lng, { expires: LOCALE_COOKIE_DAYS, sameSite: 'strict', path: '/' });
        navigate(switchLocalePath(pathname, search, lng));
      }}
      options={LOCALES.map((lng) => ({ value: lng, label: <span data-testid={`lang-${lng}`} lang={lng}>{t(`lang.${lng}`)}</span> }))}
    />
  );
}
