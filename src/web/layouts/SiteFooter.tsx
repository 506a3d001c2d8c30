import { FacebookFilled, InstagramFilled, LinkedinFilled, XOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/useLocale';
import { useSiteSettings } from '../hooks/useSiteSettings';
import { FOOTER_INFO_PAGES, INFO_SLUGS } from '../public/infoPages';

/** SPEC §1 footer: address, phone, e-mail, four social networks, the info pages and the school's site. */
export function SiteFooter() {
  const { t } = useTranslation();
  const { lng, to } = useLocale();
  const settings = useSiteSettings();
  const info = FOOTER_INFO_PAGES.map((key) => ({ key, href: to('info', { slug: INFO_SLUGS[key][lng] }) }));
  const social = settings
    ? [
        { key: 'linkedin', href: settings.social.linkedin, icon: <LinkedinFilled />, label: 'LinkedIn' },
        { key: 'instagram', href: settings.social.instagram, icon: <InstagramFilled />, label: 'Instagram' },
        { key: 'facebook', href: settings.social.facebook, icon: <FacebookFilled />, label: 'Facebook' },
        { key: 'x', href: settings.social.x, icon: <XOutlined />, label: 'X' },
      ].filter((s) => s.href)
    : [];
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section>
          <p className="footer-brand">Alumni</p>
          <p>{t('footer.about')}</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('footer.contact')}</h2>
          {settings ? (
            <address>
              {settings.address}
              <br />
              <a href={`tel:${settings.phone.replace(/\s/g, '')}`}>{settings.phone}</a>
              <br />
              <a href={`mailto:${settings.email}`}>{settings.email}</a>
            </address>
          ) : null}
        </section>
        <section aria-labelledby="footer-info">
          <h2 id="footer-info">{t('footer.info')}</h2>
          <ul>
            {info.map((item) => (
              <li key={item.key}>
                <Link to={item.href}>{t(`footer.${item.key}`)}</Link>
              </li>
            ))}
            {settings?.schoolUrl ? (
              <li>
                <a href={settings.schoolUrl} target="_blank" rel="noreferrer">
                  {t('footer.school')}
                </a>
              </li>
            ) : null}
          </ul>
        </section>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow">{t('footer.follow')}</h2>
          <ul className="footer-social">
            {social.map((s) => (
              <li key={s.key}>
                <a href={s.href} target="_blank" rel="noreferrer" aria-label={s.label}>
                  {s.icon}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="footer-rights">
        © {new Date().getFullYear()} {t('footer.rights')}
      </p>
    </footer>
  );
}
