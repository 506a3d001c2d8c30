/** /user/portfolios/new: the project form (POST /usr/portfolios); once saved, its edit page takes the pictures. */
import { Card, Typography } from 'antd';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/useLocale';
import { PortfolioForm, toValues } from './PortfolioForm';
import type { Portfolio } from './types';
import { useResourceForm } from '../../../forms/useResourceForm';

export default function PortfolioCreatePage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  useDocumentTitle(`${t('pages.user.portfolios.new')} · Alumni`);
  const form = useResourceForm<Portfolio>({
    resource: 'usr/portfolios',
    savedMessage: t('portfolios.created'),
    onSaved: (record) => navigate(to('user.portfolios.edit', { hash: record.hash }), { state: { fresh: true } }),
  });
  return (
    <section data-testid="portfolio-new">
      <Link to={to('user.portfolios')}>← {t('pages.user.portfolios')}</Link>
      <Typography.Title level={1} className="page-title">
        {t('pages.user.portfolios.new')}
      </Typography.Title>
      <Card>
        <Typography.Paragraph type="secondary">{t('portfolios.form.intro')}</Typography.Paragraph>
        <PortfolioForm
          initial={toValues()}
          submitText={t('portfolios.form.create')}
          saving={form.saving}
          serverErrors={form.serverErrors}
          onSubmit={(values) => void form.save(values as Record<string, unknown>)}
        />
      </Card>
    </section>
  );
}
