import { useEffect, useId, useRef, useState } from 'react';
import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import Cookies from 'js-cookie';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, LOCALES, type Locale } from '../../shared/constants';
import { localizePath, matchPath } from '../../shared/routes';
import { localeFromPath } from '../providers/i18n';
import { useHydrated } from '../hooks/useHydrated';

type Slugs = Partial<Record<string, string>>;

/**
 * The slug of the same content in `lng`, from what the API already answered for this page (articles and info
 * pages carry `slugs`, one per language: the same source as the page's hreflang links). Undefined when the
 * content has one slug for every language (jobs, groups) or is not in the cache.
 */
function slugIn(client: QueryClient | undefined, slug: string, lng: Locale): string | undefined {
  if (!client) return undefined;
  for (const query of client.getQueryCache().getAll()) {
    if (query.queryKey[0] !== 'data') continue;
    const data = query.state.data as { slugs?: Slugs; items?: Array<{ slug?: string; slugs?: Slugs }> } | undefined;
    if (!data || typeof data !== 'object') continue;
    const candidates = Array.isArray(data.items) ? data.items : [data as { slug?: string; slugs?: Slugs }];
    for (const item of candidates) {
      const slugs = item?.slugs;
      if (!slugs || typeof slugs !== 'object') continue;
      if (item.slug === slug || Object.values(slugs).includes(slug)) {
        const other = slugs[lng];
        if (other) return other;
      }
    }
  }
  return undefined;
}

/** The same page in another language; a content page moves to the content's own slug in that language. */
export function switchLocalePath(pathname: string, search: string, lng: Locale, client?: QueryClient): string {
  const match = matchPath(pathname);
  if (!match) return `/${lng}`;
  const params = { ...match.params };
  if (params['slug']) params['slug'] = slugIn(client, params['slug'], lng) ?? params['slug'];
  return `${localizePath(match.route.name, lng, params)}${search}`;
}

/**
 * Keeps the visitor on the same page in the other language and remembers the choice (SPEC §2).
 * A disclosure button with real links (hreflang), so the other languages are also plain links for
 * crawlers and for opening in a new tab.
 */
export function LanguageSwitcher() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { t } = useTranslation();
  const current = localeFromPath(pathname);
  const [open, setOpen] = useState(false);
  // a server-rendered page: the button works once the scripts have taken over (a click before would be lost)
  const hydrated = useHydrated();
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const away = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        root.current?.querySelector('button')?.focus();
      }
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('focusin', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('focusin', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div className="lang-switcher" ref={root}>
      <button
        type="button"
        className="lang-button"
        data-testid="lang-switcher"
        disabled={!hydrated}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${t('lang.label')}: ${t(`lang.${current}`)}`}
        onClick={() => setOpen((was) => !was)}
      >
        <GlobalOutlined aria-hidden="true" />
        <span className="lang-current">{t(`lang.${current}`)}</span>
        <span className="lang-code" aria-hidden="true">
          {current.toUpperCase()}
        </span>
        <DownOutlined aria-hidden="true" className="lang-caret" />
      </button>
      <ul id={listId} className="lang-list" hidden={!open}>
        {LOCALES.map((lng) => {
          const href = switchLocalePath(pathname, search, lng, client);
          return (
            <li key={lng}>
              <a
                href={href}
                hrefLang={lng}
                lang={lng}
                data-testid={`lang-${lng}`}
                aria-current={lng === current ? 'true' : undefined}
                onClick={(event) => {
                  Cookies.set(LOCALE_COOKIE, lng, { expires: LOCALE_COOKIE_DAYS, sameSite: 'strict', path: '/' });
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  setOpen(false);
                  // read again now: the page's answer may have arrived after this list was drawn
                  navigate(switchLocalePath(pathname, search, lng, client));
                }}
              >
                {t(`lang.${lng}`)}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
