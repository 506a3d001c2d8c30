import { useLocation } from 'react-router';
import { localizePath, type RouteParams } from '../../shared/routes';
import { localeFromPath } from '../providers/i18n';
import type { Locale } from '../../shared/constants';

/** The page's locale (from the URL) and a builder of links in it. */
export function useLocale(): { lng: Locale; to: (name: string, params?: RouteParams) => string } {
  const { pathname } = useLocation();
  const lng = localeFromPath(pathname);
  return { lng, to: (name, params) => localizePath(name, lng, params) };
}
