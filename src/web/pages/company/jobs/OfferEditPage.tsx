/** /company/jobs/{hash}/edit: the offer's form (PATCH /com/jobs/{hash}); a rejected offer shows why, and is resubmitted from its page. */
import { Alert, Card, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { useResourceForm } from '../../../forms/useResourceForm';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { NotFoundPage, UnexpectedErrorPage } from '../../common/StatusPages';
import { OfferForm, toValues } from './components/OfferForm';
import type { Offer } from './types';

export default function OfferEditPage() {
  const { hash = '' } = useParams();
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  useDocumentTitle(`${t('pages.company.jobs.edit')} · Alumni`);
  const form = useResourceForm<Offer>({
    resource: 'com/jobs',
    id: hash,
    savedMessage: t('offers.saved'),
    onSaved: () => navigate(to('company.jobs.show', { hash })),
  });
  if (form.notFound) return <NotFoundPage />;
  if (form.loadError) return <UnexpectedErrorPage error={form.loadError} />;
  if (form.loading || !form.record) return <Spinner />;
  const offer = form.record;
  return (
    <section data-testid="offer-edit">
      <Link to={to('company.jobs.show', { hash })}>← {offer.title}</Link>
      <Typography.Title level={1} className="page-title">
        {t('pages.company.jobs.edit')}
      </Typography.Title>
      <Card>
        {offer.status === 'REJECTED' && offer.reason ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('offers.rejectedBecause')}
            description={offer.reason}
          />
        ) : null}
        {offer.status === 'CLOSED' ? (
          <Alert type="info" showIcon message={t('offers.closedNoEdit')} />
        ) : (
          <OfferForm
            initial={toValues(offer)}
            submitText={t('offers.form.toPreview')}
            confirmText={t('offers.form.save')}
            saving={form.saving}
            serverErrors={form.serverErrors}
            onSubmit={(values) => void form.save(values as Record<string, unknown>)}
          />
        )}
      </Card>
    </section>
  );
}
