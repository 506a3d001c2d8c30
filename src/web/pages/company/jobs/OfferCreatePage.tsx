/** /company/jobs/new: a new offer (POST /com/jobs), sent for the association's review after a preview. */
import { Alert, Card, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useResourceForm } from '../../../forms/useResourceForm';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { OfferForm, toValues } from './components/OfferForm';
import type { Offer } from './types';

export default function OfferCreatePage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  useDocumentTitle(`${t('pages.company.jobs.new')} · Alumni`);
  const form = useResourceForm<Offer>({
    resource: 'com/jobs',
    savedMessage: t('offers.sent'),
    onSaved: (offer) => navigate(to('company.jobs.show', { hash: offer.hash })),
  });
  return (
    <section data-testid="offer-new">
      <Link to={to('company.jobs')}>← {t('pages.company.jobs')}</Link>
      <Typography.Title level={1} className="page-title">
        {t('pages.company.jobs.new')}
      </Typography.Title>
      <Card>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('offers.form.reviewNotice')} />
        <OfferForm
          initial={toValues()}
          submitText={t('offers.form.toPreview')}
          confirmText={t('offers.form.send')}
          saving={form.saving}
          serverErrors={form.serverErrors}
          onSubmit={(values) => void form.save(values as Record<string, unknown>)}
        />
      </Card>
    </section>
  );
}
