/**
 * The cookie notice (SPEC §7 analytics, our cookies page): necessary cookies always, analytics only
 * after consent. The analytics script (ANALYTICS_URL, none by default) is injected once accepted.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { Button } from './light';
import { Link, useLocation } from 'react-router';
import Cookies from 'js-cookie';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/useLocale';
import { useSiteSettings } from '../hooks/useSiteSettings';
import { CONSENT_COOKIE } from '../../shared/constants';

const COOKIE_SLUG = { es: 'cookies', en: 'cookies', ca: 'galetes' } as const;

function loadAnalytics(url: string | null | undefined) {
  if (!url || document.querySelector(`script[src="${url}"]`)) return;
  const script = document.createElement('script');
  script.src = url;
  script.async = true;
  document.head.appendChild(script);
}

export function CookieConsent() {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const { pathname, search } = useLocation();
  const analyticsUrl = useSiteSettings()?.analyticsUrl;
  // the first render shows the banner, on the server too (a first visit paints it with the page, so it
  // neither jumps in late nor becomes the page's largest paint); the server hides it with a class on
  // <html> for a visitor who has chosen (src/server/plugins/spa.ts), and the cookie is read after hydration
  const [choice, setChoice] = useState<string | undefined>(undefined);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the cookie is read after hydration, so the server and the first render agree
  useEffect(() => setChoice(Cookies.get(CONSENT_COOKIE)), []);
  useEffect(() => {
    if (choice === 'all') loadAnalytics(analyticsUrl);
  }, [choice, analyticsUrl]);
  if (choice) return null;
  const decide = (event: MouseEvent, value: 'all' | 'necessary') => {
    event.preventDefault();
    Cookies.set(CONSENT_COOKIE, value, { expires: 365, sameSite: 'strict', path: '/' });
    setChoice(value);
  };
  return (
    <section className="cookie-banner" aria-label={t('cookies.label')} data-testid="cookie-banner">
      <p>
        {t('cookies.text')} <Link to={to('info', { slug: COOKIE_SLUG[lng] })}>{t('cookies.more')}</Link>
      </p>
      {/* a form, so the buttons work before the page's scripts start (src/server/plugins/cookieConsent.ts) */}
      <form className="cookie-actions" method="post" action="/cookie-consent">
        <input type="hidden" name="back" value={pathname + search} />
        <Button htmlType="submit" name="choice" value="necessary" onClick={(event) => decide(event, 'necessary')}>
          {t('cookies.reject')}
        </Button>
        <Button type="primary" htmlType="submit" name="choice" value="all" onClick={(event) => decide(event, 'all')}>
          {t('cookies.accept')}
        </Button>
      </form>
    </section>
  );
}
