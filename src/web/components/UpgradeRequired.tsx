import { Alert, Button, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/useLocale';
import { profileTab } from '../routing/profileTab';

/** What a member sees instead of a page their permission list does not grant (a Bold benefit): the way to upgrade. */
export function UpgradeRequired() {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <section data-testid="upgrade-required">
      {/* the page's own title: the place stays a real page (one h1) whose subject is the missing benefit */}
      <Typography.Title level={1} className="page-title">
        {t('prompt.upgrade.title')}
      </Typography.Title>
      {/* the way to upgrade under the text, not beside it: on a phone a side button squeezed the text to a column */}
      <Alert type="info" showIcon message={t('prompt.upgrade.text')} />
      <Link to={profileTab(to, 'membership')} style={{ display: 'inline-block', marginTop: 16 }}>
        <Button type="primary">{t('prompt.upgrade.cta')}</Button>
      </Link>
    </section>
  );
}
