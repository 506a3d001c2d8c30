import { useEffect, useId, useRef, useState } from 'react';
import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import Cookies from 'js-cookie';
import { useTranslation } from 'react-i18next';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, LOCALES, type Locale } from '../../shared/constants';
import { localizePath, matchPath } from '../../shared/routes';
import { localeFromPath } from '../providers/i18n';
import { useHydrated } from '../hooks/useHydrated';

/** The same page in another language (content detail pages keep their parameter for now). */
export function switchLocalePath(pathname: string, search: string, lng: Locale): string {
  const match = matchPath(pathname);
  return match ? `${localizePath(match.route.name, lng, match.params)}${search}` : `/${lng}`;
}

/**
 * Keeps the visitor on the same page in the other language and remembers the choice (SPEC §2).
 * A disclosure button with real links (hreflang), so the other languages are also plain links for
 * crawlers and for opening in a new tab.
 */
export function LanguageSwitcher() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
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
      <button type="button" className="lang-button" data-testid="lang-switcher" disabled={!hydrated} aria-expanded={open} aria-controls={listId} aria-label={`${t('lang.label')}: ${t(`lang.${current}`)}`} onClick={() => setOpen((was) => !was)}>
        <GlobalOutlined aria-hidden="true" />
        <span className="lang-current">{t(`lang.${current}`)}</span>
        <span className="lang-code" aria-hidden="true">
          {current.toUpperCase()}
        </span>
        <DownOutlined aria-hidden="true" className="lang-caret" />
      </button>
      <ul id={listId} className="lang-list" hidden={!open}>
        {LOCALES.map((lng) => {
          const href = switchLocalePath(pathname, search, lng);
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
                  navigate(href);
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
